import { CARD_NAMES, type DispatchedOrder } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import {
  cardValue,
  changeRatio,
  deliveryRate,
  emptyTally,
  kpiOf,
  talliesByBucket,
  valuesByBucket,
  type Figures,
} from '../../src/modules/analytics/analytics-figures.js';
import { checkpointOf, nextMilestone } from '../../src/modules/analytics/checkpoint.js';
import { mergeOrders } from '../../src/modules/analytics/dispatched-orders.js';

const cell = (bucket: number, direction: 'in' | 'out', state: string, origin: string, messages: number) => ({
  bucket,
  direction,
  state,
  origin,
  messages,
});

describe('talliesByBucket', () => {
  it('sums the roll-up’s cells into each bucket by the contract’s definitions', () => {
    const tallies = talliesByBucket(
      [
        cell(1, 'in', 'received', '', 4),
        cell(1, 'out', 'delivered', 'reply', 2),
        cell(1, 'out', 'sent', 'campaign', 3),
        cell(1, 'out', 'failed', 'auto-reply', 1),
        cell(1, 'out', 'queued', 'api', 5),
        cell(2, 'out', 'cancelled', 'campaign', 7),
        cell(3, 'out', 'delivered', 'reply', 9), // outside the 2 buckets: ignored
        cell(0, 'in', 'received', '', 9),
      ],
      2,
    );
    expect(tallies).toEqual([
      { inbound: 4, outbound: 11, sent: 5, delivered: 2, failed: 1, replies: 2, autoReplies: 1 },
      { ...emptyTally(), outbound: 7 },
    ]);
  });
});

describe('valuesByBucket', () => {
  it('puts each row’s value in its bucket and `empty` elsewhere', () => {
    expect(valuesByBucket([{ bucket: 2, value: 5 }], 3, 0)).toEqual([0, 5, 0]);
    expect(
      valuesByBucket(
        [
          { bucket: 1, value: 12.5 },
          { bucket: 9, value: 1 },
        ],
        2,
        null,
      ),
    ).toEqual([12.5, null]);
  });
});

describe('cardValue and the changes', () => {
  const figures: Figures = {
    inbound: 10,
    outbound: 20,
    sent: 15,
    delivered: 12,
    failed: 3,
    replies: 4,
    autoReplies: 2,
    optOuts: 1,
    voiceMessages: 6,
    campaignsSent: 2,
    responseTime: 90,
  };

  it('answers every card name', () => {
    expect(Object.fromEntries(CARD_NAMES.map((name) => [name, cardValue(name, figures)]))).toEqual({
      'messages-sent': 15,
      'messages-delivered': 12,
      'delivery-rate': 0.8,
      'messages-failed': 3,
      'messages-received': 10,
      replies: 4,
      'response-time': 90,
      'opt-outs': 1,
      'auto-replies': 2,
      'voice-messages': 6,
      'campaigns-sent': 2,
    });
  });

  it('has no delivery rate without delivered or failed messages', () => {
    expect(deliveryRate({ delivered: 0, failed: 0 })).toBeNull();
    expect(deliveryRate({ delivered: 0, failed: 2 })).toBe(0);
  });

  it('computes the change against the previous period, null when that was 0 or unknown', () => {
    expect(changeRatio(15, 10)).toBe(0.5);
    expect(changeRatio(5, 10)).toBe(-0.5);
    expect(changeRatio(5, 0)).toBeNull();
    expect(changeRatio(null, 3)).toBeNull();
    expect(changeRatio(3, null)).toBeNull();
    expect(kpiOf(0, 4)).toEqual({ value: 0, previous: 4, change: -1 });
  });
});

describe('checkpoint milestones', () => {
  it('names the next round number above the value', () => {
    const pairs = [
      [0, 10],
      [9, 10],
      [10, 25],
      [24, 25],
      [25, 50],
      [99, 100],
      [100, 250],
      [499, 500],
      [999, 1_000],
      [2_500, 5_000],
    ];
    for (const [value, next] of pairs) expect(nextMilestone(value!), String(value)).toBe(next);
  });

  it('is reached when this month’s replies are at least last month’s and more than none', () => {
    expect(checkpointOf('2026-11', 12, 10)).toEqual({
      month: '2026-11',
      metric: 'messages-answered',
      value: 12,
      lastMonth: 10,
      change: 0.2,
      reached: true,
      nextMilestone: 25,
    });
    expect(checkpointOf('2026-11', 0, 0)).toMatchObject({ reached: false, change: null, nextMilestone: 10 });
    expect(checkpointOf('2026-11', 3, 0)).toMatchObject({ reached: true, change: null });
    expect(checkpointOf('2026-11', 9, 10)).toMatchObject({ reached: false, change: -0.1 });
  });
});

describe('mergeOrders', () => {
  const order = (kind: 'message' | 'campaign', id: string, at: string): DispatchedOrder => ({
    kind,
    id,
    title: id,
    networkName: null,
    state: 'sent',
    count: 1,
    at,
  });

  it('merges messages and campaigns newest first, the id breaking ties, up to the limit', () => {
    const merged = mergeOrders(
      [order('message', 'a', '2026-01-01T10:00:00.000Z'), order('message', 'c', '2026-01-01T08:00:00.000Z')],
      [order('campaign', 'b', '2026-01-01T09:00:00.000Z'), order('campaign', 'd', '2026-01-01T10:00:00.000Z')],
      3,
    );
    expect(merged.map((o) => o.id)).toEqual(['d', 'a', 'b']);
  });
});
