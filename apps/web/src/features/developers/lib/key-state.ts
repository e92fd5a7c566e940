import type { ApiKey, ApiKeyScope } from '@switchboard/contract';

export type KeyState = 'active' | 'expired' | 'revoked';

/** Whether a key still works: a revoke wins over an expiry that passed before or after it. */
export function keyState(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now = Date.now()): KeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}

/** The text key of each scope's explanation (i18next reads `:` as a namespace separator). */
export const SCOPE_TEXT = {
  'messages:send': 'scopes.messagesSend',
  'messages:read': 'scopes.messagesRead',
  'contacts:read': 'scopes.contactsRead',
  'contacts:write': 'scopes.contactsWrite',
  'campaigns:read': 'scopes.campaignsRead',
  'campaigns:write': 'scopes.campaignsWrite',
  'webhooks:manage': 'scopes.webhooksManage',
  'usage:read': 'scopes.usageRead',
} as const satisfies Record<ApiKeyScope, `scopes.${string}`>;
