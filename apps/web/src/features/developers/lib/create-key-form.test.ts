import { describe, expect, it } from 'vitest';
import type { DevelopersText } from '../developers-text';
import { checkCreateKeyForm, endOfDay, ipLines, toCreateBody } from './create-key-form';
import { firstCurlCommand, newestActiveKey } from './first-call';
import { keyState } from './key-state';

/** The text key and its values, so the tests read which message was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as DevelopersText;

describe('the create-key form', () => {
  it('sends the end of the chosen day in the browser’s zone, and no expiry when none is chosen', () => {
    const end = new Date(endOfDay('2027-03-04')!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2027, 2, 4, 23, 59,
    ]);
    expect(toCreateBody({ name: 'A', scopes: ['usage:read'], expiresOn: '', allowedIps: '' })).toEqual({
      name: 'A',
      scopes: ['usage:read'],
      allowedIps: [],
    });
  });

  it('reads one range per line, ignoring blank lines and spaces', () => {
    expect(ipLines(' 203.0.113.0/24 \r\n\n2001:db8::/32\n  \n')).toEqual(['203.0.113.0/24', '2001:db8::/32']);
  });

  it('checks with the contract’s schema and words each field’s first problem', () => {
    const checked = checkCreateKeyForm(
      { name: ' ', scopes: [], expiresOn: '2020-01-01', allowedIps: '10.0.0.1\nnot-an-ip' },
      t,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'validation.name',
        scopes: 'validation.scopes',
        expiresOn: 'validation.expiry',
        allowedIps: 'validation.ip {"value":"not-an-ip"}',
      },
    });
    expect(
      checkCreateKeyForm({ name: 'CRM', scopes: ['messages:send'], expiresOn: '', allowedIps: '' }, t),
    ).toMatchObject({
      ok: true,
    });
  });
});

describe('key state and the first call', () => {
  const key = {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'k',
    prefix: 'sk_live_AAAAAAAA',
    scopes: ['usage:read' as const],
    allowedIps: [],
    expiresAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    createdBy: null,
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
  };
  const now = Date.parse('2026-11-26T12:00:00.000Z');

  it('calls a revoked key revoked even after its expiry, and a key past its expiry expired', () => {
    expect(keyState(key, now)).toBe('active');
    expect(keyState({ ...key, expiresAt: '2026-11-26T11:59:59.000Z' }, now)).toBe('expired');
    expect(
      keyState({ ...key, expiresAt: '2026-11-01T00:00:00.000Z', revokedAt: '2026-11-02T00:00:00.000Z' }, now),
    ).toBe('revoked');
  });

  it('shows the newest working key’s prefix in the first call, or the bare secret prefix', () => {
    const newer = {
      ...key,
      id: '00000000-0000-4000-8000-0000000000a2',
      prefix: 'sk_live_BBBBBBBB',
      createdAt: '2026-11-20T00:00:00.000Z',
    };
    const revoked = {
      ...newer,
      id: '00000000-0000-4000-8000-0000000000a3',
      prefix: 'sk_live_CCCCCCCC',
      createdAt: '2026-11-25T00:00:00.000Z',
      revokedAt: '2026-11-25T01:00:00.000Z',
    };
    expect(newestActiveKey([key, revoked, newer], now)?.prefix).toBe('sk_live_BBBBBBBB');
    expect(firstCurlCommand('https://sms.example.com/api/v1', 'sk_live_BBBBBBBB')).toContain(
      '-H "Authorization: Bearer sk_live_BBBBBBBB…"',
    );
    expect(firstCurlCommand('https://sms.example.com/api/v1', undefined)).toContain('Bearer sk_live_…');
  });
});
