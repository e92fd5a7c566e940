import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoReplyRule, UpdateAutoReplyRuleBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { storeRule } from './auto-reply-cache';

export interface UpdateRuleInput {
  id: string;
  body: UpdateAutoReplyRuleBody;
}

/** Changes a rule; absent fields keep their value (the list's switch sends only `enabled`). */
export function updateRule({ id, body }: UpdateRuleInput): Promise<AutoReplyRule> {
  return api<AutoReplyRule>(`/api/auto-reply/rules/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRule, onSuccess: (rule) => storeRule(queryClient, rule) });
}
