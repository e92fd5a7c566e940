import type { ApiKeyScope } from '@switchboard/contract';

/** SMSGate's scopes (smsgate.md §4 "Tokens"): what its tokens carry and each route needs. */
export const SMSGATE_SCOPES = [
  'messages:send',
  'messages:read',
  'messages:list',
  'messages:cancel',
  'messages:export',
  'devices:list',
  'devices:delete',
  'webhooks:list',
  'webhooks:write',
  'webhooks:delete',
  'settings:read',
  'settings:write',
  'inbox:list',
  'inbox:refresh',
  'logs:read',
  'tokens:manage',
] as const;
export type SmsgateScope = (typeof SMSGATE_SCOPES)[number];

/**
 * Which of an API key's scopes grants each SMSGate scope (any one of them). The reference gives
 * Basic credentials every scope (`all:any`); ours are a key's, so they do what the key may:
 * sending (and cancelling) needs messages:send; reading, listing and the inbox messages:read;
 * the phones' list either; the integration's configuration (webhooks, device settings, unpairing
 * a phone) webhooks:manage. Every key may make tokens, with at most its own SMSGate scopes.
 */
const GRANTED_BY: Record<SmsgateScope, readonly ApiKeyScope[] | 'any key'> = {
  'messages:send': ['messages:send'],
  'messages:cancel': ['messages:send'],
  'messages:read': ['messages:read'],
  'messages:list': ['messages:read'],
  'messages:export': ['messages:read'],
  'inbox:list': ['messages:read'],
  'inbox:refresh': ['messages:read'],
  'logs:read': ['messages:read'],
  'devices:list': ['messages:send', 'messages:read'],
  'devices:delete': ['webhooks:manage'],
  'webhooks:list': ['webhooks:manage'],
  'webhooks:write': ['webhooks:manage'],
  'webhooks:delete': ['webhooks:manage'],
  'settings:read': ['webhooks:manage'],
  'settings:write': ['webhooks:manage'],
  'tokens:manage': 'any key',
};

/** The SMSGate scopes a key with these scopes holds. */
export function smsgateScopesOf(keyScopes: readonly ApiKeyScope[]): Set<SmsgateScope> {
  const held = new Set<SmsgateScope>();
  for (const scope of SMSGATE_SCOPES) {
    const grantedBy = GRANTED_BY[scope];
    if (grantedBy === 'any key' || grantedBy.some((keyScope) => keyScopes.includes(keyScope))) held.add(scope);
  }
  return held;
}

export const isSmsgateScope = (value: unknown): value is SmsgateScope =>
  typeof value === 'string' && (SMSGATE_SCOPES as readonly string[]).includes(value);
