import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

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
    session.signOut('signed-out');
    queryClient.clear();
    await navigate('/');
  }, [queryClient, navigate]);
}
