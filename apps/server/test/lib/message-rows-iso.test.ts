import { describe, expect, it } from 'vitest';
import { iso } from '../../src/modules/messaging/message-rows.js';

describe('iso: times as the API writes them', () => {
  it('gives what toISOString gives for every form PostgreSQL and drivers hand over', () => {
    const forms = [
      '2026-11-26T22:11:55.123456+00:00', // json_agg in UTC, six digits (the fast path)
      '2026-11-26T22:11:55.999999+00:00',
      '2026-11-26T22:11:55.12+00:00', // trailing zeros dropped
      '2026-11-26T22:11:55+00:00', // whole seconds
      '2026-11-26T23:11:55.123456+01:00', // a session in another zone
      '2026-11-26T22:11:55.123Z',
      new Date('2026-01-02T03:04:05.678Z'),
    ];
    for (const form of forms) expect(iso(form)).toBe(new Date(form).toISOString());
    expect(iso(null)).toBeNull();
    expect(iso(undefined)).toBeNull();
  });
});
