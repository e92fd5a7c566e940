import { describe, expect, it } from 'vitest';
import {
  changeTone,
  formatCardValue,
  formatChange,
  formatDateIn,
  formatDateTimeIn,
  formatDuration,
  pointLabel,
  tickLabel,
} from './analytics-format';

describe('formatDateTimeIn', () => {
  it('writes MM/DD/YYYY hh:mm (24-hour) in the workspace’s time zone, not the browser’s', () => {
    expect(formatDateTimeIn('2026-01-05T14:07:00Z', 'America/New_York')).toBe('01/05/2026 09:07');
    expect(formatDateTimeIn('2026-12-31T23:59:00Z', 'UTC')).toBe('12/31/2026 23:59');
    expect(formatDateTimeIn('2026-12-31T23:30:00Z', 'Asia/Kolkata')).toBe('01/01/2027 05:00');
  });

  it('writes midnight as 00:00 and an invalid instant as nothing', () => {
    expect(formatDateTimeIn('2026-03-01T00:00:00Z', 'UTC')).toBe('03/01/2026 00:00');
    expect(formatDateTimeIn('not a date', 'UTC')).toBe('');
  });

  it('has a date-only form', () => {
    expect(formatDateIn('2026-07-04T03:00:00Z', 'America/Los_Angeles')).toBe('07/03/2026');
  });
});

describe('chart labels', () => {
  it('labels a day by its date and an hour by its date and time, ticks short', () => {
    const day = pointLabel('2026-05-01T04:00:00Z', 'day', 'America/New_York');
    expect(day).toBe('05/01/2026');
    expect(tickLabel(day, 'day')).toBe('05/01');
    const hour = pointLabel('2026-05-01T13:00:00Z', 'hour', 'Europe/Berlin');
    expect(hour).toBe('05/01/2026 15:00');
    expect(tickLabel(hour, 'hour')).toBe('15:00');
  });
});

describe('changeTone', () => {
  it('is good when a figure that should grow grows, and bad when it shrinks', () => {
    expect(changeTone('messages-sent', 0.2)).toBe('good');
    expect(changeTone('delivery-rate', -0.01)).toBe('bad');
  });

  it('is bad when failures, opt-outs or the response time grow', () => {
    expect(changeTone('messages-failed', 0.5)).toBe('bad');
    expect(changeTone('opt-outs', 1)).toBe('bad');
    expect(changeTone('response-time', -0.3)).toBe('good');
  });

  it('is flat without a change or without a previous figure', () => {
    expect(changeTone('replies', 0)).toBe('flat');
    expect(changeTone('replies', null)).toBe('flat');
  });
});

describe('formatChange', () => {
  it('signs the percentage with one decimal at most', () => {
    expect(formatChange(0.125)).toBe('+12.5%');
    expect(formatChange(-0.03)).toBe('-3%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(2.5, 'de')).toBe('+250\u00a0%');
  });
});

describe('formatCardValue', () => {
  it('writes counts over 999 in k-format with one decimal (spec §9)', () => {
    expect(formatCardValue('messages-sent', 999)).toBe('999');
    expect(formatCardValue('messages-sent', 12_345)).toBe('12.3k');
    expect(formatCardValue('messages-received', 1_500, 'de')).toBe('1,5k');
  });

  it('writes the delivery rate in percent and the response time as a duration', () => {
    expect(formatCardValue('delivery-rate', 0.9753)).toBe('97.5%');
    expect(formatCardValue('response-time', 42)).toBe(formatDuration(42));
    expect(formatDuration(42)).toBe('42 sec');
    expect(formatDuration(750)).toBe('12.5 min');
    expect(formatDuration(3 * 3600)).toBe('3 hr');
    expect(formatDuration(2 * 86_400)).toBe('2 days');
  });

  it('writes a figure that cannot be computed as a dash', () => {
    expect(formatCardValue('delivery-rate', null)).toBe('—');
  });
});
