import { describe, expect, it } from 'vitest';
import { formatDateTime, kFormat } from './format';

describe('kFormat', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1549, '1.5k'],
    [1550, '1.6k'],
    [12345, '12.3k'],
    [-2500, '-2.5k'],
  ])('formats %d as %s', (value, expected) => {
    expect(kFormat(value)).toBe(expected);
  });

  it('uses the locale’s decimal separator', () => {
    expect(kFormat(1500, 'de')).toBe('1,5k');
  });
});

describe('formatDateTime', () => {
  it('formats as MM/DD/YYYY hh:mm with leading zeros', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7))).toBe('01/05/2026 09:07');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59))).toBe('12/31/2026 23:59');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
