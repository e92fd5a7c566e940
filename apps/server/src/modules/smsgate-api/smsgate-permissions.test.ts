import { describe, expect, it } from 'vitest';
import { SMSGATE_SCOPES, smsgateScopesOf } from './smsgate-permissions.js';

describe('smsgateScopesOf', () => {
  it.each([
    [['messages:send'], ['messages:send', 'messages:cancel', 'devices:list', 'tokens:manage']],
    [
      ['messages:read'],
      [
        'messages:read',
        'messages:list',
        'messages:export',
        'devices:list',
        'inbox:list',
        'inbox:refresh',
        'logs:read',
        'tokens:manage',
      ],
    ],
    [
      ['webhooks:manage'],
      [
        'devices:delete',
        'webhooks:list',
        'webhooks:write',
        'webhooks:delete',
        'settings:read',
        'settings:write',
        'tokens:manage',
      ],
    ],
    [['contacts:read', 'usage:read'], ['tokens:manage']],
  ] as const)('a key with %j holds %j', (keyScopes, expected) => {
    expect([...smsgateScopesOf(keyScopes)].sort()).toEqual([...expected].sort());
  });

  it('gives a key with the three scopes every SMSGate scope (what the reference’s Basic credentials hold)', () => {
    expect(smsgateScopesOf(['messages:send', 'messages:read', 'webhooks:manage']).size).toBe(SMSGATE_SCOPES.length);
  });
});
