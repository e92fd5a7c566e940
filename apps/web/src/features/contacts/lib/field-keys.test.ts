import { describe, expect, it } from 'vitest';
import { t } from '../test/text';
import { checkFieldKeys } from './field-keys';

describe('custom field keys', () => {
  it('ignores blank inputs and keeps the order', () => {
    expect(checkFieldKeys([' city ', '', 'plan'], t)).toEqual({
      ok: true,
      data: { fields: [{ key: 'city' }, { key: 'plan' }] },
    });
  });

  it('says on each input what is wrong with it', () => {
    const checked = checkFieldKeys(['city', 'City', 'name', '', 'city'], t);
    expect(checked).toEqual({
      ok: false,
      errors: {
        'keys.1': 'Lower-case letters, digits and _, starting with a letter; at most 32 characters.',
        'keys.2': '“name” is reserved: campaigns already use it.',
        'keys.4': 'This key is already used.',
      },
    });
  });

  it('refuses more keys than a workspace may have', () => {
    const keys = Array.from({ length: 21 }, (_, i) => `field_${i}`);
    expect(checkFieldKeys(keys, t)).toEqual({ ok: false, errors: { keys: 'At most 20 fields.' } });
  });
});
