import { ANALYTICS_MAX_DAYS } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.js';
import { bucketStarts, periodStarts, rangeView, resolveRange } from '../../src/modules/analytics/analytics-range.js';

const at = (iso: string) => new Date(iso);
const isoList = (dates: Date[]) => dates.map((d) => d.toISOString());

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('resolveRange', () => {
  it('takes the last 7 days, today included, by default, counted by day with the 7 days before', () => {
    const range = resolveRange({}, 'UTC', at('2026-03-10T12:34:00Z'));
    expect(rangeView(range)).toEqual({
      from: '2026-03-04T00:00:00.000Z',
      to: '2026-03-11T00:00:00.000Z',
      previousFrom: '2026-02-25T00:00:00.000Z',
      previousTo: '2026-03-04T00:00:00.000Z',
      timeZone: 'UTC',
      granularity: 'day',
    });
    expect(isoList(bucketStarts(range))).toHaveLength(7);
    expect(isoList(periodStarts(range))).toEqual(['2026-02-25T00:00:00.000Z', '2026-03-04T00:00:00.000Z']);
  });

  it('reads "today" in the workspace’s zone: its midnight, to the next one, by hour', () => {
    // 03:00 UTC on the 10th is still the 9th in Los Angeles (UTC−8 in winter… −7 from 8 March).
    const range = resolveRange({ preset: 'today' }, 'America/Los_Angeles', at('2026-03-10T03:00:00Z'));
    expect(range.from.toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(range.previousFrom.toISOString()).toBe('2026-03-08T08:00:00.000Z'); // the 8th began in PST
    expect(range.granularity).toBe('hour');
    expect(bucketStarts(range)).toHaveLength(24);
  });

  it('gives a day of 23 hours 23 hour buckets (daylight saving begins in New York on 8 March 2026)', () => {
    const range = resolveRange(
      { from: '2026-03-08', to: '2026-03-08' },
      'America/New_York',
      at('2026-04-01T00:00:00Z'),
    );
    expect(range.from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const starts = bucketStarts(range);
    expect(starts).toHaveLength(23);
    expect(starts[0]!.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(starts.at(-1)!.toISOString()).toBe('2026-03-09T03:00:00.000Z');
  });

  it('starts each day bucket at the local midnight, across a change of offset', () => {
    const range = resolveRange({ from: '2026-10-24', to: '2026-10-27' }, 'Europe/Berlin', at('2026-11-01T00:00:00Z'));
    expect(range.granularity).toBe('day');
    expect(isoList(bucketStarts(range))).toEqual([
      '2026-10-23T22:00:00.000Z',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z', // summer time ended on the 25th: that day had 25 hours
      '2026-10-26T23:00:00.000Z',
    ]);
    expect(range.to.toISOString()).toBe('2026-10-27T23:00:00.000Z');
    expect(range.previousFrom.toISOString()).toBe('2026-10-19T22:00:00.000Z'); // 4 local days earlier
  });

  it('counts by hour up to 2 days and by day from 3', () => {
    const now = at('2026-06-30T00:00:00Z');
    expect(resolveRange({ from: '2026-06-01', to: '2026-06-02' }, 'UTC', now).granularity).toBe('hour');
    expect(bucketStarts(resolveRange({ from: '2026-06-01', to: '2026-06-02' }, 'UTC', now))).toHaveLength(48);
    expect(resolveRange({ from: '2026-06-01', to: '2026-06-03' }, 'UTC', now).granularity).toBe('day');
  });

  it('uses the UTC hours that start in the range in a zone off by half an hour (Kolkata, UTC+5:30)', () => {
    const range = resolveRange({ from: '2026-01-01', to: '2026-01-01' }, 'Asia/Kolkata', at('2026-02-01T00:00:00Z'));
    expect(range.from.toISOString()).toBe('2025-12-31T18:30:00.000Z');
    const starts = bucketStarts(range);
    expect(starts[0]!.toISOString()).toBe('2025-12-31T19:00:00.000Z');
    expect(starts.at(-1)!.toISOString()).toBe('2026-01-01T18:00:00.000Z');
    expect(starts).toHaveLength(24);
  });

  it('takes the presets of 30 and 90 days', () => {
    const now = at('2026-06-30T10:00:00Z');
    expect(resolveRange({ preset: '30d' }, 'UTC', now).from.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(bucketStarts(resolveRange({ preset: '90d' }, 'UTC', now))).toHaveLength(90);
  });

  it('refuses a preset with from/to, half a custom range, from after to, and a range too long', () => {
    const now = at('2026-06-30T10:00:00Z');
    const cases = [
      { preset: '7d' as const, from: '2026-06-01', to: '2026-06-02' },
      { preset: 'today' as const, to: '2026-06-02' },
      { from: '2026-06-01' },
      { to: '2026-06-01' },
      { from: '2026-06-03', to: '2026-06-02' },
    ];
    for (const query of cases) {
      const error = refusal(() => resolveRange(query, 'UTC', now));
      expect(error.code, JSON.stringify(query)).toBe('VALIDATION_FAILED');
      expect(error.statusCode).toBe(400);
    }
    const longest = resolveRange({ from: '2025-01-01', to: '2026-01-01' }, 'UTC', now);
    expect(longest.days).toBe(366);
    expect(ANALYTICS_MAX_DAYS).toBe(366);
    const tooLong = refusal(() => resolveRange({ from: '2025-01-01', to: '2026-01-02' }, 'UTC', now));
    expect(tooLong.message).toContain(String(ANALYTICS_MAX_DAYS));
  });
});
