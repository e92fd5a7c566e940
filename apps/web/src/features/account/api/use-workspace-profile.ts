import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteWorkspaceBody, UpdateWorkspaceProfileBody, WorkspaceProfile } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

const path = '/api/workspace/profile';

/** The workspace's profile (`GET /api/workspace/profile`, admins). */
export function useWorkspaceProfile() {
  return useQuery({ queryKey: accountKeys.workspaceProfile(), queryFn: () => api<WorkspaceProfile>(path) });
}

/** Stores a profile answer; one without a profile (204) reloads it. */
function useStoreProfile() {
  const queryClient = useQueryClient();
  return (answer: WorkspaceProfile | undefined) => {
    if (answer?.workspace) queryClient.setQueryData(accountKeys.workspaceProfile(), answer);
    else void queryClient.invalidateQueries({ queryKey: accountKeys.workspaceProfile() });
  };
}

/** `PATCH /api/workspace/profile`. */
export function useUpdateWorkspaceProfile() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceProfileBody) => api<WorkspaceProfile>(path, { method: 'PATCH', body }),
    onSuccess: store,
  });
}

/** `PUT /api/workspace/logo` (multipart `logo`, the cropped square) and `DELETE` it. */
export function useWorkspaceLogo() {
  const store = useStoreProfile();
  const upload = useMutation({
    mutationFn: (image: Blob) => {
      const form = new FormData();
      form.append('logo', image, image.type === 'image/webp' ? 'logo.webp' : 'logo.png');
      return api<WorkspaceProfile | undefined>('/api/workspace/logo', { method: 'PUT', body: form });
    },
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: () => api<WorkspaceProfile | undefined>('/api/workspace/logo', { method: 'DELETE' }),
    onSuccess: store,
  });
  return { upload, remove };
}

/** `DELETE /api/workspace`: everything of the workspace goes, and every session of it ends. */
export function useDeleteWorkspace() {
  return useMutation({
    mutationFn: (body: DeleteWorkspaceBody) => api<unknown>('/api/workspace', { method: 'DELETE', body }),
  });
}
