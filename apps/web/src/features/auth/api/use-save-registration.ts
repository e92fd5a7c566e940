import { useMutation } from '@tanstack/react-query';
import type { RegistrationDetails, Workspace } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** Spec §7 live call after a successful sign-up: stores the details on the new workspace. */
export function saveRegistration(payload: RegistrationDetails): Promise<{ workspace: Workspace }> {
  return api<{ workspace: Workspace }>('/api/new_user', { method: 'POST', body: { payload } });
}

export function useSaveRegistration() {
  return useMutation({ mutationFn: saveRegistration });
}
