import type { BlockList } from 'node:net';
import type { ApiKeyScope } from '@switchboard/contract';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';
import { allowListOf } from './ip-allow-list.js';

/** A key as authentication needs it, kept in memory. */
export interface CachedKey {
  id: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
  expiresAt: number | null;
  revoked: boolean;
  allowList: BlockList | null;
  /** SHA-256 of its Basic password (SMSGate-compatible API); null for keys made before. */
  basicHash: string | null;
  /** When it was read from the database; re-read after RELOAD_MS. */
  loadedAt: number;
  /** When its last use was written (at most once per TOUCH_MS). */
  touchedAt: number;
}

/**
 * A cached key is read again after this long anyway (a safety net: a revoke takes effect at once
 * on the instance that made it, `forget`, and on the others through an 'api-keys.changed' notice).
 */
const RELOAD_MS = 60_000;
/** Bearers that name no key are remembered this long, so a flood of made-up keys costs no queries. */
const UNKNOWN_MS = 60_000;
/** Most keys (and unknown bearers) kept in memory; the oldest entries go first. */
const MAX_ENTRIES = 10_000;

function setBounded<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

/**
 * The keys authentication reads, cached in process by secret hash, by id and by Basic user name,
 * so steady traffic costs no query (see api-key-auth.ts); concurrent misses share one query.
 */
export function createApiKeyCache(
  repo: Pick<ApiKeysRepository, 'findByHash' | 'findById' | 'findByLogin'>,
  now: () => number,
) {
  const byHash = new Map<string, CachedKey>();
  const byId = new Map<string, CachedKey>();
  const byLogin = new Map<string, CachedKey>();
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
      basicHash: row.basicPasswordHash,
      loadedAt: now(),
      touchedAt: previous?.touchedAt ?? 0,
    };
    if (!cache) return entry;
    setBounded(byId, row.id, entry);
    setBounded(byHash, row.secretHash, entry);
    if (row.basicLogin) setBounded(byLogin, row.basicLogin, entry);
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
    const entry = await load(`hash:${hash}`, () => repo.findByHash(hash));
    if (!entry) setBounded(unknown, hash, now());
    return entry;
  }

  async function keyById(id: string): Promise<CachedKey | null> {
    const cached = byId.get(id);
    if (cached && now() - cached.loadedAt < RELOAD_MS) return cached;
    return load(`id:${id}`, () => repo.findById(id));
  }

  async function keyByLogin(login: string): Promise<CachedKey | null> {
    const cached = byLogin.get(login);
    if (cached && now() - cached.loadedAt < RELOAD_MS) return cached;
    const missedAt = unknown.get(`login:${login}`);
    if (missedAt !== undefined && now() - missedAt < UNKNOWN_MS) return null;
    const entry = await load(`login:${login}`, () => repo.findByLogin(login));
    if (!entry) setBounded(unknown, `login:${login}`, now());
    return entry;
  }

  /** Drops a key (a revoke): a read that started before does not cache what it read. */
  function forget(keyId: string): void {
    revocations += 1;
    const entry = byId.get(keyId);
    byId.delete(keyId);
    if (!entry) return;
    for (const [hash, cached] of byHash) if (cached.id === keyId) byHash.delete(hash);
    for (const [login, cached] of byLogin) if (cached.id === keyId) byLogin.delete(login);
  }

  return {
    keyByHash,
    keyById,
    keyByLogin,
    forget,
    /** Drops every key (after a lost cluster connection: notices of the gap may be lost). */
    forgetAll(): void {
      revocations += 1;
      byId.clear();
      byHash.clear();
      byLogin.clear();
    },
  };
}
