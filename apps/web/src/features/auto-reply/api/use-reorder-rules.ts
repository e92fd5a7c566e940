import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoReplyRule, AutoReplyRuleList } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { orderRules } from './auto-reply-cache';
import { autoReplyKeys } from './auto-reply-keys';

/** Stores a new priority order: every rule's id, first to last. */
export async function reorderRules(ruleIds: string[]): Promise<AutoReplyRule[]> {
  const { rules } = await api<AutoReplyRuleList>('/api/auto-reply/order', { method: 'PUT', body: { ruleIds } });
  return rules;
}

/**
 * A dropped rule stays where it was dropped while the order is saved; a refusal puts the list
 * back as it was (the caller says why).
 */
export function useReorderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderRules,
    onMutate: async (ruleIds) => {
      await queryClient.cancelQueries({ queryKey: autoReplyKeys.rules() });
      const before = queryClient.getQueryData<AutoReplyRule[]>(autoReplyKeys.rules());
      if (before) queryClient.setQueryData(autoReplyKeys.rules(), orderRules(before, ruleIds));
      return { before };
    },
    onSuccess: (rules) => queryClient.setQueryData(autoReplyKeys.rules(), rules),
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(autoReplyKeys.rules(), context.before);
    },
  });
}
