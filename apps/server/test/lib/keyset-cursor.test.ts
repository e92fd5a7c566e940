import { describe, expect, it } from 'vitest';
import { containsPattern, decodeCursor, encodeCursor } from '../../src/lib/keyset-cursor.js';

const id = '0b9c3a4e-5f60-4d7a-8b9c-0d1e2f3a4b5c';

describe('keyset cursors', () => {
  it('reads back what it wrote, microseconds included', () => {
    const keyset = { at: '2026-03-09T13:30:00.123456Z', id };
    expect(decodeCursor(encodeCursor(keyset))).toEqual(keyset);
  });

  it.each([
    ['not base64 of anything', 'not-a-cursor'],
    ['an id that is not a uuid', Buffer.from('2020-01-01T00:00:00Z|x').toString('base64url')],
    ['a time that is not UTC', Buffer.from(`2020-01-01T00:00:00+02:00|${id}`).toString('base64url')],
    ['a third part', Buffer.from(`2020-01-01T00:00:00Z|${id}|more`).toString('base64url')],
    ['nothing', ''],
  ])('refuses a cursor it did not give out: %s', (_, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('takes the wildcards of a search literally', () => {
    expect(containsPattern('5% off_now\\')).toBe('%5\\% off\\_now\\\\%');
  });
});
