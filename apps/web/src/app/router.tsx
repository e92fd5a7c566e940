import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { FullPageLayout } from './shell/layouts/full-page-layout';
import { MainLayout } from './shell/layouts/main-layout';
import { RootRoute } from './root-route';
import { RouteErrorPage } from './route-error-page';
import { fullPageRoutes, layoutRoutes, redirects, type PageRoute } from './route-table';

/** Each page is its own chunk, loaded when first visited. */
function toRouteObject(route: PageRoute): RouteObject {
  return {
    path: route.path,
    handle: route.handle,
    lazy: async () => ({ Component: (await route.load()).default }),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      ...redirects.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
      { element: <MainLayout />, children: layoutRoutes.map(toRouteObject) },
      { element: <FullPageLayout />, children: fullPageRoutes.map(toRouteObject) },
      { path: '*', element: <Navigate to="/pages/error-404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
