import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@switchboard/contract';
import { useCallback } from 'react';
import { session } from '../../../lib/session';
import { claimCheckoutSession } from '../api/checkout';
import { forgetClaimToken } from '../lib/claim-token-storage';

/**
 * After a paid order: a visitor's order signs its new admin in (the server keeps the session like
 * "Remember me", as after a sign-up), then everything cached is read again (plan, quota, quote).
 * True when this call signed someone in.
 */
export function useFinishOrder() {
  const queryClient = useQueryClient();
  return useCallback(
    async (order: Order, claimToken: string | undefined): Promise<boolean> => {
      let signedIn = false;
      if (claimToken && session.get().status !== 'authenticated') {
        const { userData, accessToken } = await claimCheckoutSession(order.id, claimToken);
        session.signIn(userData, accessToken, true);
        signedIn = true;
      }
      forgetClaimToken(order.id);
      await queryClient.invalidateQueries();
      return signedIn;
    },
    [queryClient],
  );
}
