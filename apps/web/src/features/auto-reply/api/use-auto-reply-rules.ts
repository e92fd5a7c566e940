import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoReplyRule, AutoReplyRuleList } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { autoReplyKeys } from './auto-reply-keys';

export async function fetchAutoReplyRules(): Promise<AutoReplyRule[]> {
  const { rules } = await api<AutoReplyRuleList>('/api/auto-reply/rules');
  return rules;
}

export const autoReplyRulesQuery = queryOptions({ queryKey: autoReplyKeys.rules(), queryFn: fetchAutoReplyRules });

/** The workspace's rules in priority order, kept live by useAutoReplyEvents. */
export function useAutoReplyRules() {
  return useQuery(autoReplyRulesQuery);
}
