import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { randomToken } from '../../lib/secure-token.js';
import { createSmsgateSigningKeysRepository } from './smsgate-signing-keys.repository.js';

/** How long a key is trusted in process (a safety net: a rotation on another instance arrives as a 'webhooks.changed' notice). */
const KEY_TTL_MS = 60_000;

/**
 * The workspace's SMSGate signing key (one for all its SMSGate-format webhooks, like the phone's
 * `webhooks.signing_key`): made on first use, sealed in the database, cached in process for the
 * dispatcher (no query per delivery), rotated by an admin (the old key stops signing at once:
 * SMSGate's X-Signature carries one signature).
 */
export function createSmsgateSigningKeys(db: Db, secretBox: SecretBox) {
  const cache = new Map<string, { at: number; key: Promise<string> }>();

  const repo = createSmsgateSigningKeysRepository(db);

  async function load(workspaceId: string): Promise<string> {
    const sealed = await repo.find(workspaceId);
    if (sealed) return secretBox.open(sealed);
    await repo.insertIfMissing(workspaceId, secretBox.seal(randomToken()));
    return load(workspaceId);
  }

  return {
    get(workspaceId: string): Promise<string> {
      const hit = cache.get(workspaceId);
      if (hit && Date.now() - hit.at < KEY_TTL_MS) return hit.key;
      const key = load(workspaceId);
      key.catch(() => cache.delete(workspaceId));
      if (cache.size > 10_000) cache.clear();
      cache.set(workspaceId, { at: Date.now(), key });
      return key;
    },
    /** A new random key, or the one given (SMSGate's `webhooks.signing_key` setting), from now on. */
    async set(workspaceId: string, key: string = randomToken()): Promise<string> {
      await repo.replace(workspaceId, secretBox.seal(key));
      cache.set(workspaceId, { at: Date.now(), key: Promise.resolve(key) });
      return key;
    },
    /** Drops a workspace's cached key (rotated on another instance). */
    forget: (workspaceId: string) => void cache.delete(workspaceId),
    /** Drops every cached key (the cluster bus lost notices). */
    forgetAll: () => cache.clear(),
  };
}

export type SmsgateSigningKeys = ReturnType<typeof createSmsgateSigningKeys>;
