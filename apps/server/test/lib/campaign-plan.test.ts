import { describe, expect, it } from 'vitest';
import { planCampaign, rateShares } from '../../src/modules/campaigns/campaign-plan.js';
import type { AudienceContact } from '../../src/modules/contacts/contacts.service.js';

const contact = (n: number, extra: Partial<AudienceContact> = {}): AudienceContact => ({
  id: `c${n}`,
  phoneNumber: `+4915123${String(n).padStart(6, '0')}`,
  name: `Name ${n}`,
  customFields: null,
  timeZone: null,
  optedOut: false,
  extraHits: 0,
  ...extra,
});

const START = Date.parse('2026-06-01T10:00:00Z');

describe('rateShares', () => {
  it('fills networks in turn up to each one’s limit', () => {
    const networks = [
      { id: 'a', throughput: 5 },
      { id: 'b', throughput: 10 },
      { id: 'c', throughput: 10 },
    ];
    expect([...rateShares(12, networks)]).toEqual([
      ['a', 5],
      ['b', 7],
    ]);
    expect([...rateShares(3, networks)]).toEqual([['a', 3]]);
    expect([...rateShares(100, networks)]).toEqual([
      ['a', 5],
      ['b', 10],
      ['c', 10],
    ]);
  });
});

describe('planCampaign', () => {
  it('leaves out and counts opted-out, invalid, duplicate and missing-variable recipients', () => {
    const plan = planCampaign({
      body: 'Hi {name}, {city|friend}',
      contacts: [
        contact(1),
        contact(2, { optedOut: true }),
        contact(3, { phoneNumber: '12345' }),
        contact(4, { name: '  ' }),
        contact(5, { extraHits: 2, customFields: { city: 'Paris' } }),
      ],
      shares: new Map([['n', 10]]),
      start: START,
      quietHours: null,
      workspaceZone: 'UTC',
    });
    expect(plan.exclusions).toEqual({ optedOut: 1, invalid: 1, duplicate: 2, missingVariable: 1 });
    expect(plan.bodies).toEqual(['Hi Name 1, friend', 'Hi Name 5, Paris']);
    expect(plan.totalSegments).toBe(2);
  });

  it('spreads recipients over networks by share, each at its own pace', () => {
    const plan = planCampaign({
      body: 'Hi',
      contacts: Array.from({ length: 9 }, (_, i) => contact(i)),
      shares: new Map([
        ['a', 2],
        ['b', 1],
      ]),
      start: START,
      quietHours: null,
      workspaceZone: 'UTC',
    });
    expect(plan.networkIds.filter((id) => id === 'a')).toHaveLength(6);
    const dues = (network: string) =>
      plan.dues.filter((_, i) => plan.networkIds[i] === network).map((due) => (due - START) / 1000);
    expect(dues('a')).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(dues('b')).toEqual([0, 1, 2]);
  });

  it('moves messages due in the recipient’s quiet hours to their end, in the recipient’s zone', () => {
    // 10:00 UTC is 20:00 in Sydney (AEST, +10): a 20:00–08:00 window holds it until 08:00 there.
    const plan = planCampaign({
      body: 'Hi',
      contacts: [contact(1, { timeZone: 'Australia/Sydney' }), contact(2, { timeZone: 'Europe/Berlin' })],
      shares: new Map([['n', 1]]),
      start: START,
      quietHours: { start: '20:00', end: '08:00' },
      workspaceZone: 'UTC',
    });
    expect(new Date(plan.dues[0]!).toISOString()).toBe('2026-06-01T22:00:00.000Z');
    expect(plan.dues[1]).toBe(START + 1000);
  });
});
