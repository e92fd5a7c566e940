import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';

/**
 * What one instance tells the others (DESIGN §4 "Scale-out"): every notice names something that
 * changed or was queued in the shared database, so each instance can wake, forget or re-read its
 * own copy. Notices are hints, never data: whoever receives one reads the database.
 *
 * A module that needs a new notice adds its topic here, with the smallest payload that says what
 * changed (PostgreSQL's NOTIFY payload is at most 8,000 bytes).
 */
export interface ClusterTopics {
  /** Messages were queued on a network: its dispatcher (or its phone's event stream) wakes. */
  'outbound.queued': { networkId: string };
  /** A network's settings changed or it was deleted: runtimes re-read, runners restart it. */
  'network.changed': { networkId: string; change: 'changed' | 'removed' };
  /** A workspace chose another default network (its profile): the cached default goes. */
  'network.default-changed': { workspaceId: string };
  /** An event for a network's phone: the instance holding its event stream sends it. */
  'device.event': { networkId: string; event: string; data: unknown };
  /** A network's phone was replaced (registered anew): whoever holds its old streams ends them. */
  'device.streams.end': { networkId: string };
  /** The networks whose phones hold an event stream on `instanceId` (on change and as a heartbeat). */
  'device.streams': { instanceId: string; networkIds: string[] };
  /** Webhook deliveries were stored: every instance's dispatcher looks for due ones. */
  'webhooks.due': Record<string, never>;
  /** Sessions were revoked (by id, or every session of a user, or its role changed): cached look-ups go. */
  'sessions.revoked': { sessionIds?: string[]; userId?: string };
  /** An API key was revoked or its expiry changed: cached copies go. */
  'api-keys.changed': { keyId: string };
  /** An SMSGate token pair was revoked (by its jti). */
  'smsgate-tokens.revoked': { jti: string };
  /** A workspace's auto-reply rules changed: its cached rules go. */
  'auto-reply.changed': { workspaceId: string };
  /** A workspace's webhook subscriptions changed: its cached endpoints go. */
  'webhooks.changed': { workspaceId: string };
  /** A campaign's state changed (paused, cancelled, resumed…): the dispatchers' gate re-reads it. */
  'campaign.changed': { campaignId: string };
}

export type ClusterTopic = keyof ClusterTopics;
export type ClusterListener<T extends ClusterTopic> = (payload: ClusterTopics[T]) => void;

export interface ClusterBus {
  /** This instance's id (notices it sent itself are not handed back to it). */
  readonly instanceId: string;
  /** False on the embedded database: this process is the only instance, nobody listens. */
  readonly shared: boolean;
  /**
   * Tells every *other* instance; this one reacts through its own in-process listeners. Inside a
   * transaction (`tx`) the notice leaves when it commits and is dropped if it rolls back (NOTIFY's
   * own rule), so nobody acts on a row that may never exist. Outside one, notices of one
   * event-loop turn go out together in one statement; identical ones are sent once.
   */
  broadcast<T extends ClusterTopic>(topic: T, payload: ClusterTopics[T], tx?: Db): Promise<void>;
  /** Notices from the other instances. Returns the unsubscribe function. */
  on<T extends ClusterTopic>(topic: T, listener: ClusterListener<T>): () => void;
  /**
   * After the connection that listens was lost and is back: notices of the gap may be lost, so
   * every cache forgets everything and every waiter looks again.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The wire form of a notice: the sender, the topic, the payload. */
export interface ClusterNotice {
  from: string;
  topic: ClusterTopic;
  payload: unknown;
}

/** Listeners by topic, and the resync listeners: the part both buses share. */
export function createListeners() {
  const byTopic = new Map<ClusterTopic, Set<(payload: unknown) => void>>();
  const resync = new Set<() => void>();
  return {
    on<T extends ClusterTopic>(topic: T, listener: ClusterListener<T>) {
      const set = byTopic.get(topic) ?? new Set();
      byTopic.set(topic, set);
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      return () => void set.delete(untyped);
    },
    onResync(listener: () => void) {
      resync.add(listener);
      return () => void resync.delete(listener);
    },
    deliver(topic: ClusterTopic, payload: unknown, onError: (error: unknown) => void) {
      for (const listener of byTopic.get(topic) ?? []) {
        try {
          listener(payload);
        } catch (error) {
          onError(error);
        }
      }
    },
    resync(onError: (error: unknown) => void) {
      for (const listener of resync) {
        try {
          listener();
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

/**
 * The embedded database's bus: one process, nobody else to tell. Listeners are kept so code is
 * the same on both databases, and tests can `simulate` a notice from another instance.
 */
export function createSoleInstanceBus(): ClusterBus & {
  simulate<T extends ClusterTopic>(topic: T, payload: ClusterTopics[T]): void;
} {
  const listeners = createListeners();
  return {
    instanceId: randomUUID(),
    shared: false,
    broadcast: () => Promise.resolve(),
    on: listeners.on,
    onResync: listeners.onResync,
    simulate: (topic, payload) =>
      listeners.deliver(topic, payload, (error) => {
        throw error;
      }),
    close: () => Promise.resolve(),
  };
}
