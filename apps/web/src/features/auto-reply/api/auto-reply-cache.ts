import type { QueryClient } from '@tanstack/react-query';
import type { AutoReplyFired, AutoReplyRule } from '@switchboard/contract';
import { autoReplyKeys } from './auto-reply-keys';

const byPriority = (a: AutoReplyRule, b: AutoReplyRule) => a.priority - b.priority;

/** A new or changed rule in the list, which stays in priority order. */
export function storeRule(queryClient: QueryClient, rule: AutoReplyRule) {
  queryClient.setQueryData<AutoReplyRule[]>(autoReplyKeys.rules(), (rules) => {
    if (!rules) return rules;
    const others = rules.filter((item) => item.id !== rule.id);
    return [...others, rule].sort(byPriority);
  });
}

/** A deleted rule leaves the list; the ones after it move up. */
export function forgetRule(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<AutoReplyRule[]>(autoReplyKeys.rules(), (rules) =>
    rules?.filter((item) => item.id !== id).map((item, index) => ({ ...item, priority: index + 1 })),
  );
}

/** The rules in the given order, renumbered (what the server will store). */
export function orderRules(rules: AutoReplyRule[], ids: string[]): AutoReplyRule[] {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return ids.flatMap((id, index) => {
    const rule = byId.get(id);
    return rule ? [{ ...rule, priority: index + 1 }] : [];
  });
}

/**
 * A rule answered: its count and time. Events can overtake each other, so a lower count than
 * the one shown is an older event and changes nothing.
 */
export function applyFiring(queryClient: QueryClient, fired: AutoReplyFired) {
  queryClient.setQueryData<AutoReplyRule[]>(autoReplyKeys.rules(), (rules) =>
    rules?.map((rule) =>
      rule.id === fired.ruleId && fired.firedCount >= rule.firedCount
        ? { ...rule, firedCount: fired.firedCount, lastFiredAt: fired.lastFiredAt }
        : rule,
    ),
  );
}
