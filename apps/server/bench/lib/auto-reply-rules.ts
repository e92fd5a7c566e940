import type { CreateAutoReplyRuleBody } from '@switchboard/contract';

/** The share of benchmark messages that ask for the price (and get the last rule's reply). */
export const KEYWORD_SHARE = 0.1;

const always = [0, 1, 2, 3, 4, 5, 6].map(() => [{ start: '00:00', end: '24:00' }]);

/**
 * Fifty enabled rules on one network, of every kind a workspace writes: exact, first-word and
 * contains keyword lists, regular expressions, business hours (open all week, so they are
 * evaluated and never match). The benchmark's ordinary message matches none of them, so each is
 * asked of all fifty; the last rule answers "price?" messages.
 */
export function benchRules(networkId: string): CreateAutoReplyRuleBody[] {
  const on = { allNetworks: false, networkIds: [networkId], cooldownMinutes: 60 };
  const rules: CreateAutoReplyRuleBody[] = [];
  const modes = ['exact', 'first-word', 'contains'] as const;
  for (let i = 0; i < 36; i++)
    rules.push({
      ...on,
      name: `Keywords ${i}`,
      trigger: {
        type: 'keyword',
        match: modes[i % 3]!,
        keywords: [`offer${i}`, `code ${i}`, `café${i}`, `سعر${i}`, `hours${i}`],
        caseSensitive: i % 2 === 0,
      },
      replyText: `Reply ${i} to {name} on {network}`,
    });
  for (let i = 0; i < 9; i++)
    rules.push({
      ...on,
      name: `Pattern ${i}`,
      trigger: { type: 'keyword', match: 'regex', keywords: [`\\border\\s*#?${i}\\d{4}\\b`, `^track(ing)?\\s+${i}`] },
      replyText: `Pattern ${i}: {keyword}`,
    });
  for (let i = 0; i < 4; i++)
    rules.push({
      ...on,
      name: `Hours ${i}`,
      trigger: { type: 'outside-hours', schedule: always, holidays: [] },
      timeZone: ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Asia/Dubai'][i]!,
      replyText: 'We are closed.',
    });
  rules.push({
    ...on,
    name: 'Prices',
    trigger: { type: 'keyword', match: 'contains', keywords: ['price', 'prices', 'cost'] },
    replyText: 'Hi {name}, prices are at example.com/prices ({date})',
  });
  return rules;
}
