import { describe, expect, it } from 'vitest';
import { compactPhoneNumber, looksInternational } from './phone-number';

describe('compactPhoneNumber', () => {
  it('removes what people type between digits and reads 00 as +', () => {
    expect(compactPhoneNumber('+1 (202) 555-0142')).toBe('+12025550142');
    expect(compactPhoneNumber('0049 151.234')).toBe('+49151234');
  });
});

describe('looksInternational', () => {
  it('accepts + and 7 to 15 digits', () => {
    expect(looksInternational('+1 202 555 0142')).toBe(true);
    expect(looksInternational('2025550142')).toBe(false);
    expect(looksInternational('+0123456789')).toBe(false);
    expect(looksInternational('+12')).toBe(false);
  });
});
