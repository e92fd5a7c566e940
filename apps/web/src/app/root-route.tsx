import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRealtimeConnection } from '../lib/realtime';
import { usePageHandle } from '../lib/routing/use-page-handle';
import { useRouteTitle } from '../lib/routing/use-route-title';

/** Above every page: document title, scroll to top on navigation, the socket while signed in. */
export function RootRoute() {
  const { t } = useTranslation();
  const routeTitle = useRouteTitle();
  const handle = usePageHandle();
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    const app = t('appName');
    document.title = handle ? `${routeTitle(handle.id)} | ${app}` : app;
  }, [handle, t, routeTitle]);

  useRealtimeConnection();
  return <Outlet />;
}
