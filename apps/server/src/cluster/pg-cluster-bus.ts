import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/database.js';
import { pgArray } from '../lib/pg-array.js';
import { createListeners, type ClusterBus, type ClusterNotice } from './cluster-bus.js';

/** The one NOTIFY channel every instance listens on (topics are inside the payload). */
export const CLUSTER_CHANNEL = 'switchboard_cluster';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const MAX_PAYLOAD = 7_900;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export interface PgClusterBusOptions {
  url: string;
  /** Sends the notices (the app's pool); the listening connection is the bus's own. */
  db: Db;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The bus of instances sharing one PostgreSQL: LISTEN on a connection of its own, NOTIFY through
 * the app's pool (or the caller's transaction). When the listening connection drops it comes back
 * with backoff, and then tells every `onResync` listener, since notices sent in the gap are lost.
 *
 * Written here rather than taken from pg-listen: that package is unmaintained, and what we need
 * (one channel, reconnect, resync) is a page of code over pg's own client.
 */
export async function createPgClusterBus(options: PgClusterBusOptions): Promise<ClusterBus> {
  const instanceId = randomUUID();
  const listeners = createListeners();
  const logError = (error: unknown) => options.log.error({ err: error }, 'a cluster notice listener failed');
  let client: pg.Client | null = null;
  let closed = false;
  let pending = new Set<string>();
  let flushing: Promise<void> | null = null;

  function receive(message: pg.Notification) {
    if (message.channel !== CLUSTER_CHANNEL || !message.payload) return;
    let notice: ClusterNotice;
    try {
      notice = JSON.parse(message.payload) as ClusterNotice;
    } catch {
      return;
    }
    if (notice.from === instanceId) return;
    listeners.deliver(notice.topic, notice.payload, logError);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', receive);
    next.on('error', (error) => {
      options.log.warn({ err: error }, 'the cluster bus lost its connection; reconnecting');
      void reconnect(next);
    });
    next.on('end', () => void reconnect(next));
    await next.connect();
    await next.query(`listen ${CLUSTER_CHANNEL}`);
    client = next;
  }

  let reconnecting = false;
  async function reconnect(lost: pg.Client) {
    if (closed || reconnecting || client !== lost) return;
    reconnecting = true;
    client = null;
    lost.removeAllListeners('end');
    await lost.end().catch(() => {});
    let wait = RECONNECT_MIN_MS;
    while (!closed) {
      try {
        await connect();
        break;
      } catch (error) {
        options.log.warn({ err: error }, 'the cluster bus could not reconnect yet');
        await sleep(wait);
        wait = Math.min(wait * 2, RECONNECT_MAX_MS);
      }
    }
    reconnecting = false;
    if (!closed) listeners.resync(logError);
  }

  function encode(topic: string, payload: unknown): string {
    const text = JSON.stringify({ from: instanceId, topic, payload });
    if (Buffer.byteLength(text) > MAX_PAYLOAD) throw new Error(`cluster notice ${topic} is too long for NOTIFY`);
    return text;
  }

  /** Every notice of this turn in one statement. */
  async function flush() {
    await new Promise((resolve) => setImmediate(resolve));
    const notices = [...pending];
    pending = new Set();
    flushing = null;
    try {
      await options.db.execute(sql`select pg_notify(${CLUSTER_CHANNEL}, n) from unnest(${pgArray(notices, 'text')}) n`);
    } catch (error) {
      // The others miss a hint; their own polls and time-outs still find the work.
      options.log.warn({ err: error }, 'could not send cluster notices');
    }
  }

  await connect();

  return {
    instanceId,
    shared: true,
    async broadcast(topic, payload, tx) {
      const text = encode(topic, payload);
      if (tx) {
        await tx.execute(sql`select pg_notify(${CLUSTER_CHANNEL}, ${text})`);
        return;
      }
      pending.add(text);
      flushing ??= flush();
      await flushing;
    },
    on: listeners.on,
    onResync: listeners.onResync,
    async close() {
      closed = true;
      await flushing;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
