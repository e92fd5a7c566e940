import { describe, expect, it } from 'vitest';
import { defaultPhoneNumber } from './phone-number';

describe('defaultPhoneNumber', () => {
  it('is a fictional +1 202 555 01xx number other than the sandbox’s own 0100', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `7f1c2d9e-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const id of ids) {
      expect(defaultPhoneNumber(id)).toMatch(/^\+120255501\d\d$/);
      expect(defaultPhoneNumber(id)).not.toBe('+12025550100');
    }
  });

  it('stays the same for a network, so its thread survives a reload', () => {
    expect(defaultPhoneNumber('network-1')).toBe(defaultPhoneNumber('network-1'));
  });
});
