import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWorkspaceBody, Workspace, WorkspaceResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { usageKey } from './use-usage';

export async function updateWorkspace(body: UpdateWorkspaceBody): Promise<Workspace> {
  const { workspace } = await api<WorkspaceResponse>('/api/workspace', { method: 'PATCH', body });
  return workspace;
}

/**
 * Changes the workspace's settings (admins; today its time zone). The usage is read again: its
 * month may begin at another hour now (other tabs hear workspace.updated).
 */
export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usageKey }),
  });
}
