import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { decideAccess, loginPathFor } from '../lib/routing/access';
import { usePageHandle } from '../lib/routing/use-page-handle';
import { useSession } from '../lib/session';

export function RouteGuard({ children }: { children: ReactNode }) {
  const handle = usePageHandle();
  const state = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const access = handle ? decideAccess(handle, state) : 'allow';
  if (access === 'wait') return <PageLoader />;
  // The page being left never redirects: the page being opened decides. (Logout ends the session
  // while the site root loads; the page it leaves must not send the visitor to the login page.)
  if (access !== 'allow' && navigation.state !== 'idle') return <PageLoader />;
  if (access === 'login') return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (access === 'not-authorized') return <Navigate to="/pages/not-authorized" replace />;
  return children;
}
