// Builds the router from the route table: public pages, the guarded console (antd loads only there), 404 for the rest.
import { Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireToken } from './guard';
import { lazyPage } from './lazy-page';
import { RouteError } from './RouteError';
import { CONSOLE_PAGES, HOME_PATH } from '@/lib/paths';
import { PUBLIC_ROUTES, type RouteDef } from './routes';

const ConsoleRoot = lazyPage(() => import('./layout/ConsoleRoot'));
const NotFoundPage = lazyPage(() => import('@/features/errors/pages/NotFoundPage'));

function Splash() {
  return <div className="pub-splash" aria-busy="true" />;
}

function PublicRoute({ route }: { route: RouteDef }) {
  const Page = route.component ?? lazyPage(route.page);
  return (
    <Suspense fallback={<Splash />}>
      <Page />
    </Suspense>
  );
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <Navigate to="/project" replace /> },
        { path: '/project', element: <Navigate to={HOME_PATH} replace /> },
        ...PUBLIC_ROUTES.map((route) => ({ path: route.path, element: <PublicRoute route={route} /> })),
        {
          // The console renders its pages itself (kept alive in tabs): its child routes only match, and
          // say so with a null element (no element at all reads to the router as a forgotten one).
          element: (
            <RequireToken>
              <Suspense fallback={<Splash />}>
                <ConsoleRoot />
              </Suspense>
            </RequireToken>
          ),
          children: CONSOLE_PAGES.map((page) => ({ path: page.path, element: null })),
        },
        {
          path: '*',
          element: (
            <Suspense fallback={<Splash />}>
              <NotFoundPage />
            </Suspense>
          ),
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
