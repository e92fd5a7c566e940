import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoReplySettings } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { autoReplyKeys } from './auto-reply-keys';

export function fetchAutoReplySettings(): Promise<AutoReplySettings> {
  return api<AutoReplySettings>('/api/auto-reply/settings');
}

/** The workspace's loop guard (auto-replies per contact per hour). */
export function useAutoReplySettings() {
  return useQuery({ queryKey: autoReplyKeys.settings(), queryFn: fetchAutoReplySettings });
}

export function updateAutoReplySettings(body: AutoReplySettings): Promise<AutoReplySettings> {
  return api<AutoReplySettings>('/api/auto-reply/settings', { method: 'PATCH', body });
}

export function useUpdateAutoReplySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutoReplySettings,
    onSuccess: (settings) => queryClient.setQueryData(autoReplyKeys.settings(), settings),
  });
}
