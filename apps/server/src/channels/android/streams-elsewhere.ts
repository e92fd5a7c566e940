import type { ClusterBus } from '../../cluster/cluster-bus.js';

/** How often an instance repeats which phones stream to it, while any does. */
const HEARTBEAT_MS = 10_000;
/** An instance not heard of for this long (killed, cut off) is taken to hold no streams. */
const EXPIRE_MS = 3 * HEARTBEAT_MS;

/**
 * Which networks' phones hold their event stream on the *other* instances, from their
 * 'device.streams' notices: each instance tells its whole list when it changes and every 10 s
 * while it holds any, and on close its empty list. A new instance announces its empty list at
 * start, and whoever holds streams answers with theirs, so it knows at once. A killed instance's
 * streams are forgotten 30 s after its last word.
 */
export function createStreamsElsewhere(bus: ClusterBus, localIds: () => string[]) {
  // Only for a shared bus (device-streams.ts): the embedded database has no other instance.
  const byInstance = new Map<string, { networkIds: Set<string>; heardAt: number }>();
  let scheduled = false;
  let closed = false;

  function tell() {
    if (scheduled || closed) return;
    scheduled = true;
    // One notice for all the opens and closes of one event-loop turn.
    setImmediate(() => {
      scheduled = false;
      void bus.broadcast('device.streams', { instanceId: bus.instanceId, networkIds: localIds() });
    });
  }

  bus.on('device.streams', ({ instanceId, networkIds }) => {
    const known = byInstance.has(instanceId);
    if (networkIds.length === 0) byInstance.delete(instanceId);
    else byInstance.set(instanceId, { networkIds: new Set(networkIds), heardAt: Date.now() });
    // An instance we had not heard of (just started): it learns our streams now, not at the next heartbeat.
    if (!known && localIds().length > 0) tell();
  });
  bus.onResync(tell);
  tell();

  const heartbeat = setInterval(() => {
    if (localIds().length > 0) tell();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** This instance's streams opened or closed. */
    changed: tell,
    isStreaming(networkId: string): boolean {
      const now = Date.now();
      for (const [instanceId, entry] of byInstance) {
        if (now - entry.heardAt > EXPIRE_MS) byInstance.delete(instanceId);
        else if (entry.networkIds.has(networkId)) return true;
      }
      return false;
    },
    /** The others forget this instance's streams now. */
    async close(): Promise<void> {
      clearInterval(heartbeat);
      closed = true;
      await bus.broadcast('device.streams', { instanceId: bus.instanceId, networkIds: [] });
    },
  };
}
