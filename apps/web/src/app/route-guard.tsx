import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { decideAccess, loginPathFor } from '../lib/routing/access';
import { usePageHandle } from '../lib/routing/use-page-handle';
import { useSession } from '../lib/session';

export function RouteGuard({ children }: { children: ReactNode }) {
  const handle = usePageHandle();
  const state = useSession();
  const location = useLocation();
  const access = handle ? decideAccess(handle, state) : 'allow';
  if (access === 'wait') return <PageLoader />;
  if (access === 'login') return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (access === 'not-authorized') return <Navigate to="/pages/not-authorized" replace />;
  return children;
}
