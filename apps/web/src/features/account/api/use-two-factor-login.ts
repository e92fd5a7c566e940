import { useMutation } from '@tanstack/react-query';
import type { SessionResponse, TwoFactorLoginBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/login/two-factor`: the login's challenge with a code or a recovery code → a session. */
export function useTwoFactorLogin() {
  return useMutation({
    mutationFn: (body: TwoFactorLoginBody) =>
      api<SessionResponse>('/api/auth/login/two-factor', { method: 'POST', body }),
  });
}
