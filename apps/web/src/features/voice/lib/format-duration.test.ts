import { describe, expect, it } from 'vitest';
import { formatDuration, formatLength } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [59.99, '0:59'],
    [60, '1:00'],
    [125, '2:05'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
  ])('shows %s seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it('shows an unknown length as a dash, never NaN', () => {
    for (const unknown of [null, undefined, Number.NaN, -1, Number.POSITIVE_INFINITY]) {
      expect(formatDuration(unknown)).toBe('–:––');
    }
  });
});

describe('formatLength', () => {
  it.each([
    [0, '0:00'],
    [0.4, '0:01'],
    [2.2, '0:02'],
    [2.6, '0:03'],
    [59.6, '1:00'],
  ])('shows a recording of %s seconds as %s', (seconds, expected) => {
    expect(formatLength(seconds)).toBe(expected);
  });

  it('shows an unknown length as a dash', () => {
    expect(formatLength(null)).toBe('–:––');
  });
});
