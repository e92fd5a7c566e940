import { describe, expect, it } from 'vitest';
import { instantToZoned, zonedToInstant } from './zoned-time';

describe('zonedToInstant', () => {
  it('reads a wall-clock time in the chosen zone, not the browser’s', () => {
    expect(zonedToInstant({ date: '2026-07-01', time: '09:30' }, 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
    expect(zonedToInstant({ date: '2026-01-15', time: '09:30' }, 'Europe/Berlin')).toBe('2026-01-15T08:30:00.000Z');
    expect(zonedToInstant({ date: '2026-01-15', time: '09:30' }, 'UTC')).toBe('2026-01-15T09:30:00.000Z');
  });

  it('follows daylight saving on both sides of a change', () => {
    expect(zonedToInstant({ date: '2026-03-28', time: '12:00' }, 'Europe/Berlin')).toBe('2026-03-28T11:00:00.000Z');
    expect(zonedToInstant({ date: '2026-03-30', time: '12:00' }, 'Europe/Berlin')).toBe('2026-03-30T10:00:00.000Z');
  });

  it('refuses what is not a date and a time', () => {
    expect(zonedToInstant({ date: '', time: '09:00' }, 'UTC')).toBeNull();
    expect(zonedToInstant({ date: '2026-01-01', time: '9' }, 'UTC')).toBeNull();
  });

  it('round-trips through instantToZoned', () => {
    const zoned = { date: '2026-10-25', time: '18:45' };
    expect(instantToZoned(zonedToInstant(zoned, 'Australia/Sydney')!, 'Australia/Sydney')).toEqual(zoned);
  });
});
