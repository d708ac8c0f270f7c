// The route table as data (conventions §9): its shape and the public pages; console pages load with the console (console-routes).
import type { ComponentType } from 'react';
import type { ConsolePage, PublicPath } from '@/lib/paths';
// The sign-in page ships in the entry chunk: it is the first screen and must not wait for a second request.
import SignInPage from '@/features/session/pages/SignInPage';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface RouteDef extends Partial<ConsolePage> {
  path: string;
  page: PageLoader;
  /** Set for pages bundled in the entry chunk; the router renders them without a lazy boundary. */
  component?: ComponentType;
  /** No login needed; the error interceptor is skipped (SPEC §2). */
  public?: boolean;
  /** The side menu's icon of a console page. */
  icon?: ComponentType;
}

export const PUBLIC_ROUTES = [
  { path: '/home', public: true, component: SignInPage, page: () => Promise.resolve({ default: SignInPage }) },
  { path: '/findback/account', public: true, page: () => import('@/features/recovery/pages/FindAccountPage') },
  { path: '/findback/choice', public: true, page: () => import('@/features/recovery/pages/ChoicePage') },
  { path: '/findback/code', public: true, page: () => import('@/features/recovery/pages/CodePage') },
  { path: '/findback/reset', public: true, page: () => import('@/features/recovery/pages/ResetPage') },
  { path: '/401', public: true, page: () => import('@/features/errors/pages/UnauthorizedPage') },
  { path: '/404', public: true, page: () => import('@/features/errors/pages/NotFoundPage') },
  { path: '/500', public: true, page: () => import('@/features/errors/pages/ServerErrorPage') },
] satisfies readonly (RouteDef & { path: PublicPath })[];
