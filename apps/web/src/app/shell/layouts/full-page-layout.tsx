import { Outlet } from 'react-router';
import { RouteGuard } from '../../route-guard';

/** Pages outside the main layout: sign-in and error pages. */
export function FullPageLayout() {
  return (
    <RouteGuard>
      <Outlet />
    </RouteGuard>
  );
}
