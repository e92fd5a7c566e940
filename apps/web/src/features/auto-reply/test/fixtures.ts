import type { AutoReplyRule } from '@switchboard/contract';

let sequence = 0;
const uuid = () => `00000000-0000-4000-9000-${String(++sequence).padStart(12, '0')}`;

/** A rule as the API answers it; `overrides` shape the case under test. */
export function aRule(overrides: Partial<AutoReplyRule> = {}): AutoReplyRule {
  return {
    id: uuid(),
    name: 'Prices',
    enabled: true,
    allNetworks: true,
    networkIds: [],
    trigger: { type: 'keyword', match: 'exact', keywords: ['PRICE'], caseSensitive: false },
    replyText: 'Our prices: example.com/prices',
    cooldownMinutes: 60,
    timeZone: 'Europe/Berlin',
    activeFrom: null,
    activeUntil: null,
    priority: 1,
    firedCount: 0,
    lastFiredAt: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

/** Rules in priority order (1 first), named as given. */
export function rulesNamed(...names: string[]): AutoReplyRule[] {
  return names.map((name, index) => aRule({ name, priority: index + 1 }));
}

export { stubFetch, type SentRequest } from '../../../test/stub-fetch';
