// Every page's path as plain data: the public ones, and what each console page needs (privilege, section, project panel).
import { matchPath } from 'react-router';
import { PLATFORM_OPERATOR, type PageAccess } from './access';

/** Top-menu sections; the side menu lists the pages of the active one. */
export type Section = 'project' | 'user' | 'platform';

/** A console page as the menus, the guard and linking features see it; app/console-routes adds its view. */
export interface ConsolePage extends PageAccess {
  path: string;
  /** Tab and menu title, a key of the `console` namespace. */
  titleKey: string;
  /** Remount on every visit instead of keeping the page alive in its tab (SPEC §2 "no-cache"). */
  noCache?: boolean;
  /** Listed in the side menu of this section. */
  section?: Section;
  /** Pages with the project-tree panel on the left (SPEC §2 Layout). */
  projectPanel?: boolean;
}

/** The home tab: always open and always first (SPEC §2). */
export const HOME_PATH = '/project/index';
export const SIGN_IN_PATH = '/home';

/** No login needed; the error interceptor is skipped (SPEC §2). */
export const PUBLIC_PATHS = [
  SIGN_IN_PATH,
  '/findback/account',
  '/findback/choice',
  '/findback/code',
  '/findback/reset',
  '/401',
  '/404',
  '/500',
] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

/**
 * Console pages that exist today, in menu order. Later issues append theirs (SPEC §2 main app); a page is
 * listed only once it is real, so menus never lead to a placeholder.
 */
export const CONSOLE_PAGES = [
  {
    path: HOME_PATH,
    titleKey: 'menu.projectOverview',
    privilege: 'project',
    section: 'project',
    projectPanel: true,
  },
  {
    path: '/project/device',
    titleKey: 'menu.deviceList',
    privilege: 'device',
    section: 'project',
    projectPanel: true,
  },
  {
    // SPEC §2 alarm messages: part of the device area (privilege `device`), with the project tree.
    path: '/project/device/alarmlist',
    titleKey: 'menu.alarmList',
    privilege: 'device',
    section: 'project',
    projectPanel: true,
  },
  {
    // SPEC §3: live view is the `preview` area (submenu of project, url /project/live).
    path: '/project/live',
    titleKey: 'menu.live',
    privilege: 'preview',
    section: 'project',
    projectPanel: true,
  },
  {
    path: '/user/role-employee',
    titleKey: 'menu.roleEmployee',
    privilege: 'user',
    section: 'user',
  },
  {
    path: '/platform/info',
    titleKey: 'menu.enterpriseInfo',
    privilege: 'info',
    section: 'platform',
  },
  {
    path: '/platform/basic',
    titleKey: 'menu.personalInfo',
    privilege: 'account',
    section: 'platform',
    hiddenForCloudAccount: true,
  },
  {
    path: '/platform/enterprise',
    titleKey: 'menu.enterprises',
    privilege: PLATFORM_OPERATOR,
    section: 'platform',
  },
  {
    path: '/download/home',
    titleKey: 'menu.download',
    privilege: 'download',
    noCache: true,
  },
] as const satisfies readonly ConsolePage[];
export type ConsolePath = (typeof CONSOLE_PAGES)[number]['path'];

export function findConsolePage(pathname: string): ConsolePage | undefined {
  return CONSOLE_PAGES.find((p) => matchPath({ path: p.path, end: true }, pathname));
}

/**
 * A path is public when a public page matches it or no console page does: unknown paths show the
 * public 404 page, so they skip the interceptor as well.
 */
export function isPublicPath(pathname: string): boolean {
  if (PUBLIC_PATHS.some((path) => matchPath({ path, end: true }, pathname))) return true;
  if (pathname === '/' || pathname === '/project') return false;
  return !findConsolePage(pathname);
}
