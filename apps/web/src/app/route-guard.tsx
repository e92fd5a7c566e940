import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session';
import { decideAccess, loginPathFor } from './access';
import type { PageHandle } from './route-table';

/** The handle of the deepest matched page route. */
export function usePageHandle(): PageHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (handle?.id) return handle;
  }
  return undefined;
}

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
