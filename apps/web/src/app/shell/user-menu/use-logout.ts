import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { SITE_ROOT_PAGE } from '../../route-table';

/** Spec §4: logout ends the session on the server, clears it here and returns to the site root. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch (error) {
      // Signing out here must not depend on the server answering.
      console.warn('Logout request failed', error);
    }
    // The navigation to the site root's page is under way (its loading state rendered at once,
    // not as a transition) before the session ends, so the page being left waits for it instead
    // of its guard sending the visitor to the login page (RouteGuard). The root's own page is the
    // target, not `/`: a redirect inside this synchronous navigation would lose its URL change.
    await navigate(SITE_ROOT_PAGE, { flushSync: true });
    session.signOut('signed-out');
    queryClient.clear();
  }, [queryClient, navigate]);
}
