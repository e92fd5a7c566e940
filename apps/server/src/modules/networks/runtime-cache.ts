import type { NetworkRuntime } from '../../channels/channel.js';
import type { Db } from '../../db/database.js';
import type { NetworkRow } from './networks.repository.js';

const RUNTIME_CACHE_MS = 5_000;
const RUNTIME_CACHE_SIZE = 10_000;
/** A network's last sign of life is written at most this often (networks.repository `touch`). */
const TOUCH_EVERY_MS = 10_000;

export interface RuntimeCacheDeps {
  findById(id: string, tx?: Db): Promise<NetworkRow | undefined>;
  runtimeOf(row: NetworkRow): NetworkRuntime;
  touch(ids: string[], tx?: Db): Promise<void>;
}

/**
 * Opened networks for the message path (every inbound and outbound message needs one), kept for
 * a few seconds. A change drops the entry at once (`forget`): one made on this instance directly,
 * one made on another through its cluster notice (networks.service.ts); RUNTIME_CACHE_MS bounds
 * what a lost notice could leave. Also remembers which networks this
 * instance recorded a sign of life for, so a burst of messages writes it once.
 */
export function createRuntimeCache(deps: RuntimeCacheDeps) {
  const runtimes = new Map<string, { runtime: NetworkRuntime; until: number }>();
  const recentlyTouched = new Map<string, number>();
  // Counts `forget` calls: a read that was under way when a change dropped its entry may have
  // read the old row, so it is returned but not kept (changes are rare, reads are not).
  let forgotten = 0;

  return {
    async get(id: string, tx?: Db): Promise<NetworkRuntime | undefined> {
      const hit = runtimes.get(id);
      if (hit && hit.until > Date.now()) return hit.runtime;
      const forgottenBefore = forgotten;
      const row = await deps.findById(id, tx);
      if (!row) {
        runtimes.delete(id);
        return undefined;
      }
      const runtime = deps.runtimeOf(row);
      if (forgotten !== forgottenBefore) return runtime;
      if (runtimes.size >= RUNTIME_CACHE_SIZE) runtimes.clear();
      runtimes.set(id, { runtime, until: Date.now() + RUNTIME_CACHE_MS });
      return runtime;
    },

    /** The networks held now (a resync forgets and re-reads them all). */
    ids: () => [...runtimes.keys()],

    forget(id: string) {
      forgotten += 1;
      runtimes.delete(id);
    },

    /**
     * Sign of life of the networks of an inbound batch, in its transaction; skipped for networks
     * this instance recorded within the last 10 s (the statement would change nothing).
     */
    async touchMany(ids: string[], tx?: Db): Promise<void> {
      const now = Date.now();
      const due = ids.filter((id) => now - (recentlyTouched.get(id) ?? 0) >= TOUCH_EVERY_MS);
      if (due.length === 0) return;
      for (const id of due) recentlyTouched.set(id, now);
      if (recentlyTouched.size > RUNTIME_CACHE_SIZE) recentlyTouched.clear();
      await deps.touch(due, tx);
    },
  };
}
