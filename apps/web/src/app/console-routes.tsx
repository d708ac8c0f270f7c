// The console's pages with their views (lazy page, menu icon): only the console chunk loads this, so icons stay out of sign-in.
import {
  AlertOutlined,
  AppstoreOutlined,
  BankOutlined,
  CloudDownloadOutlined,
  IdcardOutlined,
  PlaySquareOutlined,
  ProfileOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { matchPath } from 'react-router';
import { CONSOLE_PAGES, type ConsolePath, type Section } from '@/lib/paths';
import type { RouteDef } from './routes';

/** What each console page shows: every page of CONSOLE_PAGES has one, so a page never lands without its view. */
const VIEWS: Record<ConsolePath, Required<Pick<RouteDef, 'icon' | 'page'>>> = {
  '/project/index': { icon: AppstoreOutlined, page: () => import('@/features/project/pages/ProjectOverviewPage') },
  '/project/device': { icon: VideoCameraOutlined, page: () => import('@/features/device/pages/DeviceListPage') },
  '/project/device/alarmlist': { icon: AlertOutlined, page: () => import('@/features/alarm/pages/AlarmListPage') },
  '/project/live': { icon: PlaySquareOutlined, page: () => import('@/features/live/pages/LivePage') },
  '/user/role-employee': { icon: TeamOutlined, page: () => import('@/features/employee/pages/RoleEmployeePage') },
  '/platform/info': { icon: ProfileOutlined, page: () => import('@/features/platform/pages/EnterpriseInfoPage') },
  '/platform/basic': { icon: IdcardOutlined, page: () => import('@/features/platform/pages/PersonalInfoPage') },
  '/platform/enterprise': { icon: BankOutlined, page: () => import('@/features/enterprise/pages/EnterprisesPage') },
  '/download/home': { icon: CloudDownloadOutlined, page: () => import('@/features/download/pages/DownloadPage') },
};

export const CONSOLE_ROUTES: readonly RouteDef[] = CONSOLE_PAGES.map((page) => ({ ...page, ...VIEWS[page.path] }));

/** Section → where its top-menu item leads and its title key. */
export const SECTIONS: readonly { key: Section; titleKey: string }[] = [
  { key: 'project', titleKey: 'section.project' },
  { key: 'user', titleKey: 'section.user' },
  { key: 'platform', titleKey: 'section.platform' },
];

export function findConsoleRoute(pathname: string): RouteDef | undefined {
  return CONSOLE_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
}
