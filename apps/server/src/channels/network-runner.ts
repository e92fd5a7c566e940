import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MessagingService } from '../modules/messaging/messaging.service.js';
import type { NetworksService } from '../modules/networks/networks.service.js';
import type { ChannelAdapter, NetworkRuntime } from './channel.js';
import { startNetworkDispatcher, type NetworkDispatcher } from './dispatcher.js';

export interface NetworkRunnerOptions {
  networks: NetworksService;
  messaging: MessagingService;
  adapterFor(kind: NetworkRuntime['kind']): ChannelAdapter;
  /** Embedded database: this is the only process, so leases left behind are a dead process's. */
  soleInstance: boolean;
  messageLeaseSeconds: number;
  /** The campaigns' in-memory gate, asked before each campaign message is submitted. */
  campaignSending?(campaignId: string): boolean;
  /** How long a network lease lasts without renewal; renewed every third of it. */
  networkLeaseSeconds?: number;
  log: FastifyBaseLogger;
}

interface Running {
  runtime: NetworkRuntime;
  dispatcher: NetworkDispatcher | null;
}

/**
 * Runs the channels of the networks this instance holds the lease of: one instance at a time
 * per network holds the SMPP bind and dispatches its messages, so throughput limits hold across
 * instances. Leases are taken, renewed and given up through the database.
 */
export function createNetworkRunner(options: NetworkRunnerOptions) {
  const holder = randomUUID();
  const leaseSeconds = options.networkLeaseSeconds ?? 15;
  const running = new Map<string, Running>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> = Promise.resolve();
  let closed = false;

  async function startNetwork(id: string) {
    const runtime = await options.networks.runtime(id);
    if (!runtime || !runtime.enabled || closed) return;
    const adapter = options.adapterFor(runtime.kind);
    running.set(id, { runtime, dispatcher: null });
    await adapter.start?.(runtime);
    const dispatcher = adapter.pulledByDevice
      ? null
      : startNetworkDispatcher(runtime, adapter, {
          queue: options.messaging.outboundQueue,
          leaseSeconds: options.messageLeaseSeconds,
          published: (row) => options.messaging.publishMessage(row.workspaceId, 'message.updated', row),
          campaignSending: options.campaignSending,
          log: options.log,
        });
    const entry = running.get(id);
    if (entry) entry.dispatcher = dispatcher;
    else await dispatcher?.stop();
  }

  async function stopNetwork(id: string) {
    const entry = running.get(id);
    if (!entry) return;
    running.delete(id);
    await entry.dispatcher?.stop();
    await options.adapterFor(entry.runtime.kind).stop?.(id);
  }

  async function tick() {
    if (closed) return;
    const held = new Set(await options.networks.claimLeases(holder, leaseSeconds));
    for (const id of [...running.keys()]) if (!held.has(id)) await stopNetwork(id);
    for (const id of held) {
      if (running.has(id)) continue;
      await startNetwork(id).catch((error: unknown) =>
        options.log.error({ err: error, networkId: id }, 'could not start the network’s channel'),
      );
    }
  }

  /** Serialises ticks and restarts, so a network is never started twice at once. */
  function schedule(work: () => Promise<void>) {
    ticking = ticking.then(work).catch((error: unknown) => options.log.error({ err: error }, 'network runner failed'));
    return ticking;
  }

  options.networks.onChange((id, change) => {
    void schedule(async () => {
      await stopNetwork(id);
      if (change === 'changed') await tick();
    });
  });
  options.messaging.onQueued((id, origin) => {
    const entry = running.get(id);
    if (entry) entry.dispatcher?.wake();
    // A network nobody may run yet (e.g. just created): try to take its lease now. Another
    // instance's queue is no reason: its holder wakes, and a new network's lease is found by the
    // next tick.
    else if (origin === 'here') void schedule(tick);
  });

  return {
    async start() {
      if (options.soleInstance) {
        await options.networks.clearAllLeases();
        await options.messaging.outboundQueue.expireAllLeases();
      }
      await schedule(tick);
      timer = setInterval(() => void schedule(tick), (leaseSeconds * 1000) / 3);
      timer.unref();
    },
    /** Whether this instance runs the network now (tests, health). */
    isRunning: (id: string) => running.has(id),
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await ticking;
      for (const id of [...running.keys()]) await stopNetwork(id);
      await options.networks.releaseLeases(holder).catch(() => {});
    },
  };
}

export type NetworkRunner = ReturnType<typeof createNetworkRunner>;
