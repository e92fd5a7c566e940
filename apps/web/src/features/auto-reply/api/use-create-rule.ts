import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoReplyRule, CreateAutoReplyRuleBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { storeRule } from './auto-reply-cache';

/** Creates a rule; it goes last in the order. */
export function createRule(body: CreateAutoReplyRuleBody): Promise<AutoReplyRule> {
  return api<AutoReplyRule>('/api/auto-reply/rules', { method: 'POST', body });
}

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRule, onSuccess: (rule) => storeRule(queryClient, rule) });
}
