import type { BlockList } from 'node:net';
import { API_KEY_SECRET_PREFIX, type ApiKeyScope } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/secure-token.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';
import type { ApiTokens } from './api-tokens.js';
import { allowListOf, isAllowed } from './ip-allow-list.js';

/** Who calls `/api/v1`: an API key, or a token made from one (then with the token's scopes). */
export interface ApiCaller {
  keyId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
  via: 'key' | 'token';
}

/** A key as authentication needs it, kept in memory. */
interface CachedKey {
  id: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
  expiresAt: number | null;
  revoked: boolean;
  allowList: BlockList | null;
  /** When it was read from the database; re-read after RELOAD_MS. */
  loadedAt: number;
  /** When its last use was written (at most once per TOUCH_MS). */
  touchedAt: number;
}

/**
 * Until revocations are broadcast between instances (PostgreSQL NOTIFY, a later issue: its
 * listener calls `forget`), another instance's cache re-reads a key after this long, so a
 * revoke made elsewhere takes effect within it. On this instance it takes effect at once.
 */
const RELOAD_MS = 60_000;
/** Bearers that name no key are remembered this long, so a flood of made-up keys costs no queries. */
const UNKNOWN_MS = 60_000;
/** "Last used" is written at most this often per key (and instance), never once per request. */
const TOUCH_MS = 60_000;
/** Most keys (and unknown bearers) kept in memory; the oldest entries go first. */
const MAX_ENTRIES = 10_000;
/** `sk_live_` and 43 base64url characters (256 bits). */
const SECRET_SHAPE = new RegExp(`^${API_KEY_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`);

const invalid = () =>
  new AppError('API_KEY_INVALID', 'The API key or token is not valid. Send Authorization: Bearer sk_live_….');

function setBounded<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

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
  const byHash = new Map<string, CachedKey>();
  const byId = new Map<string, CachedKey>();
  const unknown = new Map<string, number>();
  const loading = new Map<string, Promise<CachedKey | null>>();
  /** Counts revokes: a read that started before one does not cache what it read. */
  let revocations = 0;

  function remember(row: ApiKeyRow, cache: boolean): CachedKey {
    const previous = byId.get(row.id);
    const entry: CachedKey = {
      id: row.id,
      workspaceId: row.workspaceId,
      scopes: row.scopes as ApiKeyScope[],
      expiresAt: row.expiresAt?.getTime() ?? null,
      revoked: row.revokedAt !== null,
      allowList: allowListOf(row.allowedIps),
      loadedAt: now(),
      touchedAt: previous?.touchedAt ?? 0,
    };
    if (!cache) return entry;
    setBounded(byId, row.id, entry);
    setBounded(byHash, row.secretHash, entry);
    return entry;
  }

  /** One query for concurrent misses of the same key. */
  function load(cacheKey: string, read: () => Promise<ApiKeyRow | undefined>): Promise<CachedKey | null> {
    let pending = loading.get(cacheKey);
    if (!pending) {
      const started = revocations;
      pending = read()
        .then((row) => (row ? remember(row, started === revocations) : null))
        .finally(() => loading.delete(cacheKey));
      loading.set(cacheKey, pending);
    }
    return pending;
  }

  async function keyByHash(hash: string): Promise<CachedKey | null> {
    const cached = byHash.get(hash);
    if (cached && now() - cached.loadedAt < RELOAD_MS) return cached;
    const missedAt = unknown.get(hash);
    if (missedAt !== undefined && now() - missedAt < UNKNOWN_MS) return null;
    const entry = await load(`hash:${hash}`, () => deps.repo.findByHash(hash));
    if (!entry) setBounded(unknown, hash, now());
    return entry;
  }

  async function keyById(id: string): Promise<CachedKey | null> {
    const cached = byId.get(id);
    if (cached && now() - cached.loadedAt < RELOAD_MS) return cached;
    return load(`id:${id}`, () => deps.repo.findById(id));
  }

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
     * Drops a key from this instance's cache (called on revoke; the seam for a cross-instance
     * notification). The next request reads it again and finds it revoked.
     */
    forget(keyId: string): void {
      revocations += 1;
      const entry = byId.get(keyId);
      byId.delete(keyId);
      if (!entry) return;
      for (const [hash, cached] of byHash) if (cached.id === keyId) byHash.delete(hash);
    },
  };
}

export type ApiKeyAuth = ReturnType<typeof createApiKeyAuth>;
