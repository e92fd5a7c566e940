import { timingSafeEqual } from 'node:crypto';
import { API_KEY_SECRET_PREFIX, type ApiKeyScope } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/secure-token.js';
import { createApiKeyCache, type CachedKey } from './api-key-cache.js';
import type { ApiKeysRepository } from './api-keys.repository.js';
import type { ApiTokens } from './api-tokens.js';
import { isAllowed } from './ip-allow-list.js';

/** Who calls `/api/v1`: an API key, or a token made from one (then with the token's scopes). */
export interface ApiCaller {
  keyId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
  via: 'key' | 'token' | 'basic';
}

/** "Last used" is written at most this often per key (and instance), never once per request. */
const TOUCH_MS = 60_000;
/** `sk_live_` and 43 base64url characters (256 bits). */
const SECRET_SHAPE = new RegExp(`^${API_KEY_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`);

const invalid = () =>
  new AppError('API_KEY_INVALID', 'The API key or token is not valid. Send Authorization: Bearer sk_live_….');

export interface ApiKeyAuthDeps {
  repo: ApiKeysRepository;
  tokens: ApiTokens;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Authentication of `/api/v1`: a request's bearer is an API key (`sk_live_…`, looked up by its
 * SHA-256) or a token made from one. Keys are cached in process by hash and by id, so steady
 * traffic costs no query: a revoke here forgets the key at once (`forget`), an expiry is checked
 * on every request against the cached time.
 */
export function createApiKeyAuth(deps: ApiKeyAuthDeps) {
  const now = deps.now ?? Date.now;
  const { keyByHash, keyById, keyByLogin, forget, forgetAll } = createApiKeyCache(deps.repo, now);

  /** Revoked, expired, or not from an allowed address: throws; otherwise notes the use. */
  function admit(key: CachedKey, ip: string): void {
    if (key.revoked) throw new AppError('API_KEY_REVOKED', 'This API key was revoked.');
    if (key.expiresAt !== null && key.expiresAt <= now())
      throw new AppError('API_KEY_EXPIRED', 'This API key has expired.');
    if (!isAllowed(key.allowList, ip)) throw new AppError('IP_NOT_ALLOWED', `This API key is not accepted from ${ip}.`);
    const at = now();
    if (at - key.touchedAt >= TOUCH_MS) {
      key.touchedAt = at;
      deps.repo.touch(key.id, new Date(at), ip).catch((error: unknown) => {
        deps.log.warn({ err: error, keyId: key.id }, 'could not note the API key’s last use');
      });
    }
  }

  return {
    /** The caller of a request with this bearer from this address; throws the 401/403 to answer. */
    async authenticate(bearer: string | undefined, ip: string): Promise<ApiCaller> {
      if (!bearer) throw new AppError('UNAUTHENTICATED', 'Send Authorization: Bearer sk_live_… (an API key).');
      if (bearer.startsWith(API_KEY_SECRET_PREFIX)) {
        if (!SECRET_SHAPE.test(bearer)) throw invalid();
        const key = await keyByHash(hashToken(bearer));
        if (!key) throw invalid();
        admit(key, ip);
        return { keyId: key.id, workspaceId: key.workspaceId, scopes: key.scopes, via: 'key' };
      }
      const grant = await deps.tokens.verify(bearer);
      if (grant === 'expired') throw new AppError('API_KEY_EXPIRED', 'This token has expired. Exchange the key again.');
      const key = grant ? await keyById(grant.keyId) : null;
      if (!grant || !key || key.workspaceId !== grant.workspaceId) throw invalid();
      admit(key, ip);
      // A token never grants more than its key (the key's scopes cannot change, but stay safe).
      const scopes = grant.scopes.filter((scope) => key.scopes.includes(scope));
      return { keyId: key.id, workspaceId: key.workspaceId, scopes, via: 'token' };
    },

    /**
     * The SMSGate-compatible API's Basic credentials (a key's user name and password): the key's
     * caller, with the same revocation, expiry and IP checks as its secret.
     */
    async authenticateBasic(login: string, password: string, ip: string): Promise<ApiCaller> {
      const key = login.length <= 64 ? await keyByLogin(login) : null;
      const given = Buffer.from(hashToken(password));
      const stored = key?.basicHash ? Buffer.from(key.basicHash) : null;
      if (!key || !stored || stored.length !== given.length || !timingSafeEqual(stored, given)) {
        throw new AppError('API_KEY_INVALID', 'The user name or password is not valid.');
      }
      admit(key, ip);
      return { keyId: key.id, workspaceId: key.workspaceId, scopes: key.scopes, via: 'basic' };
    },

    /**
     * A token of another kind (the SMSGate API's, verified by its issuer) names a key: the key's
     * caller when it still works (revoked, expired, other workspace, other address: throws).
     */
    async authenticateKeyOfToken(keyId: string, workspaceId: string, ip: string): Promise<ApiCaller> {
      const key = await keyById(keyId);
      if (!key || key.workspaceId !== workspaceId) throw invalid();
      admit(key, ip);
      return { keyId: key.id, workspaceId: key.workspaceId, scopes: key.scopes, via: 'token' };
    },

    /**
     * Drops a key from this instance's cache (a revoke or new credentials, here or announced by
     * another instance). The next request reads it again and finds it revoked.
     */
    forget,
    /** Drops every key (a resync of the cluster bus). */
    forgetAll,
  };
}

export type ApiKeyAuth = ReturnType<typeof createApiKeyAuth>;
