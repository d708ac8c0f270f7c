// The route table as data (CONVENTIONS 9): it drives the router, the menus, the guard, the tabs and the interceptor.
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { PLATFORM_OPERATOR } from './access';
// The sign-in page ships in the entry chunk: it is the first screen and must not wait for a second request.
import SignInPage from '../features/session/pages/SignInPage';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;
/** Top-menu sections; the side menu lists the pages of the active one. */
export type Section = 'project' | 'user' | 'platform';

export interface RouteDef {
  path: string;
  page: PageLoader;
  /** Set for pages bundled in the entry chunk; the router renders them without a lazy boundary. */
  component?: ComponentType;
  /** Tab and menu title, a key of the `console` namespace (public pages set their own titles). */
  titleKey?: string;
  /** No login needed; the error interceptor is skipped (SPEC §2). */
  public?: boolean;
  /** Remount on every visit instead of keeping the page alive in its tab (SPEC §2 "no-cache"). */
  noCache?: boolean;
  /**
   * Privilege key of SPEC §3 the user needs; super administrators and cloud accounts bypass it (SPEC §6).
   * PLATFORM_OPERATOR marks pages of the platform's super administrators only.
   */
  privilege?: string;
  /** Listed in the side menu of this section. */
  section?: Section;
  /** Pages with the project-tree panel on the left (SPEC §2 Layout). */
  projectPanel?: boolean;
  /** SPEC §2: cloud-account users do not see the personal info page. */
  hiddenForCloudAccount?: boolean;
}

/** The home tab: always open and always first (SPEC §2). */
export const HOME_PATH = '/project/index';
export const SIGN_IN_PATH = '/home';

export const PUBLIC_ROUTES: readonly RouteDef[] = [
  { path: SIGN_IN_PATH, public: true, component: SignInPage, page: () => Promise.resolve({ default: SignInPage }) },
  { path: '/findback/account', public: true, page: () => import('../features/recovery/pages/FindAccountPage') },
  { path: '/findback/choice', public: true, page: () => import('../features/recovery/pages/ChoicePage') },
  { path: '/findback/code', public: true, page: () => import('../features/recovery/pages/CodePage') },
  { path: '/findback/reset', public: true, page: () => import('../features/recovery/pages/ResetPage') },
  { path: '/401', public: true, page: () => import('../features/errors/pages/UnauthorizedPage') },
  { path: '/404', public: true, page: () => import('../features/errors/pages/NotFoundPage') },
  { path: '/500', public: true, page: () => import('../features/errors/pages/ServerErrorPage') },
];

/**
 * Console pages that exist today. Later issues append theirs (SPEC §2 main app); a route is listed
 * only once its page is real, so menus never lead to a placeholder.
 */
export const CONSOLE_ROUTES: readonly RouteDef[] = [
  {
    path: HOME_PATH,
    titleKey: 'menu.projectOverview',
    privilege: 'project',
    section: 'project',
    projectPanel: true,
    page: () => import('../features/project/pages/ProjectOverviewPage'),
  },
  {
    path: '/project/device',
    titleKey: 'menu.deviceList',
    privilege: 'device',
    section: 'project',
    projectPanel: true,
    page: () => import('../features/device/pages/DeviceListPage'),
  },
  {
    // SPEC §2 alarm messages: part of the device area (privilege `device`), with the project tree.
    path: '/project/device/alarmlist',
    titleKey: 'menu.alarmList',
    privilege: 'device',
    section: 'project',
    projectPanel: true,
    page: () => import('../features/alarm/pages/AlarmListPage'),
  },
  {
    // SPEC §3: live view is the `preview` area (submenu of project, url /project/live).
    path: '/project/live',
    titleKey: 'menu.live',
    privilege: 'preview',
    section: 'project',
    projectPanel: true,
    page: () => import('../features/live/pages/LivePage'),
  },
  {
    path: '/user/role-employee',
    titleKey: 'menu.roleEmployee',
    privilege: 'user',
    section: 'user',
    page: () => import('../features/employee/pages/RoleEmployeePage'),
  },
  {
    path: '/platform/info',
    titleKey: 'menu.enterpriseInfo',
    privilege: 'info',
    section: 'platform',
    page: () => import('../features/platform/pages/EnterpriseInfoPage'),
  },
  {
    path: '/platform/basic',
    titleKey: 'menu.personalInfo',
    privilege: 'account',
    section: 'platform',
    hiddenForCloudAccount: true,
    page: () => import('../features/platform/pages/PersonalInfoPage'),
  },
  {
    path: '/platform/enterprise',
    titleKey: 'menu.enterprises',
    privilege: PLATFORM_OPERATOR,
    section: 'platform',
    page: () => import('../features/enterprise/pages/EnterprisesPage'),
  },
  {
    path: '/download/home',
    titleKey: 'menu.download',
    privilege: 'download',
    noCache: true,
    page: () => import('../features/download/pages/DownloadPage'),
  },
];

/** Section → where its top-menu item leads and its title key. */
export const SECTIONS: readonly { key: Section; titleKey: string }[] = [
  { key: 'project', titleKey: 'section.project' },
  { key: 'user', titleKey: 'section.user' },
  { key: 'platform', titleKey: 'section.platform' },
];

export function findConsoleRoute(pathname: string): RouteDef | undefined {
  return CONSOLE_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
}

/**
 * A path is public when a public route matches it or no console route does: unknown paths show the
 * public 404 page, so they skip the interceptor as well.
 */
export function isPublicPath(pathname: string): boolean {
  if (PUBLIC_ROUTES.some((r) => matchPath({ path: r.path, end: true }, pathname))) return true;
  if (pathname === '/' || pathname === '/project') return false;
  return !findConsoleRoute(pathname);
}
