import { describe, expect, it } from 'vitest';
import { customRangeProblem, datesOfRange, daysBetween, rangeFromParams, rangeQuery } from './analytics-range';

describe('custom ranges', () => {
  it('counts both days', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(31);
  });

  it('refuses dates that are not on the calendar, a start after the end, and more than 366 days', () => {
    expect(customRangeProblem('2026-02-31', '2026-03-02')).toBe('invalid');
    expect(customRangeProblem('', '2026-03-02')).toBe('invalid');
    expect(customRangeProblem('2026-03-02', '2026-03-01')).toBe('order');
    expect(customRangeProblem('2025-01-01', '2026-01-02')).toBe('tooLong');
    expect(customRangeProblem('2025-01-02', '2026-01-02')).toBeNull();
  });
});

describe('the range in the address', () => {
  it('reads a preset, a valid custom range, or else the last 7 days', () => {
    expect(rangeFromParams(new URLSearchParams('preset=30d'))).toEqual({ preset: '30d' });
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01&to=2026-01-10'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-10',
    });
    expect(rangeFromParams(new URLSearchParams('preset=1y'))).toEqual({ preset: '7d' });
    expect(rangeFromParams(new URLSearchParams('from=2026-01-10&to=2026-01-01'))).toEqual({ preset: '7d' });
  });

  it('asks the API with either form, never both', () => {
    expect(rangeQuery({ preset: 'today' })).toBe('preset=today');
    expect(rangeQuery({ from: '2026-01-01', to: '2026-01-10' })).toBe('from=2026-01-01&to=2026-01-10');
  });
});

describe('datesOfRange', () => {
  it('gives the local first and last day of a range whose end is exclusive', () => {
    expect(
      datesOfRange({ from: '2026-03-01T05:00:00Z', to: '2026-03-08T05:00:00Z', timeZone: 'America/New_York' }),
    ).toEqual({ from: '2026-03-01', to: '2026-03-07' });
  });
});
