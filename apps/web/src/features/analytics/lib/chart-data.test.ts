import type { AnalyticsBreakdown, AnalyticsRange, AnalyticsSeries } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { activeNetworks, campaignRows, hasMessages, seriesRows } from './chart-data';

const range: AnalyticsRange = {
  from: '2026-03-01T05:00:00.000Z',
  to: '2026-03-03T05:00:00.000Z',
  previousFrom: '2026-02-27T05:00:00.000Z',
  previousTo: '2026-03-01T05:00:00.000Z',
  timeZone: 'America/New_York',
  granularity: 'day',
};
const zero = { inbound: 0, outbound: 0, delivered: 0, failed: 0 };

describe('seriesRows', () => {
  it('labels each day in the workspace’s time zone', () => {
    const series: AnalyticsSeries = {
      range,
      points: [
        { at: '2026-03-01T05:00:00.000Z', ...zero, inbound: 3 },
        { at: '2026-03-02T05:00:00.000Z', ...zero, outbound: 1_200, delivered: 1_100, failed: 20 },
      ],
    };
    expect(seriesRows(series)).toEqual([
      { label: '03/01/2026', inbound: 3, outbound: 0, delivered: 0, failed: 0 },
      { label: '03/02/2026', inbound: 0, outbound: 1_200, delivered: 1_100, failed: 20 },
    ]);
    expect(hasMessages(series)).toBe(true);
  });

  it('labels hours with their time, and knows an empty range', () => {
    const series: AnalyticsSeries = {
      range: { ...range, granularity: 'hour' },
      points: [{ at: '2026-03-01T14:00:00.000Z', ...zero }],
    };
    expect(seriesRows(series)[0]!.label).toBe('03/01/2026 09:00');
    expect(hasMessages(series)).toBe(false);
  });
});

describe('breakdown rows', () => {
  const breakdown: AnalyticsBreakdown = {
    range,
    networks: [
      {
        networkId: crypto.randomUUID(),
        name: 'Sandbox',
        kind: 'sandbox',
        inbound: 2,
        outbound: 5,
        sent: 5,
        delivered: 4,
        failed: 1,
      },
      {
        networkId: crypto.randomUUID(),
        name: 'Idle',
        kind: 'smpp',
        inbound: 0,
        outbound: 0,
        sent: 0,
        delivered: 0,
        failed: 0,
      },
    ],
    campaigns: [
      { campaignId: crypto.randomUUID(), name: 'Spring sale', outbound: 100, sent: 90, delivered: 80, failed: 5 },
    ],
  };

  it('stacks a campaign’s delivered, failed and still pending messages', () => {
    expect(campaignRows(breakdown)).toEqual([{ name: 'Spring sale', delivered: 80, failed: 5, pending: 15 }]);
  });

  it('leaves out networks without messages in the range', () => {
    expect(activeNetworks(breakdown).map((network) => network.name)).toEqual(['Sandbox']);
  });
});
