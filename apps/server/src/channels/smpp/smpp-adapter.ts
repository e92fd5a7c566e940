import type { NetworkStatus, SmppSettings } from '@switchboard/contract';
import { type ChannelAdapter, type ChannelHost, ChannelError } from '../channel.js';
import { BoundedMap } from './bounded-map.js';
import { DeliverHandler } from './deliver-handler.js';
import { SmppSession, type SmppTiming } from './smpp-session.js';
import { readSmppSettings, sameSmppSettings } from './smpp-settings.js';
import { buildSubmitPdus } from './submit-pdus.js';
import { submitMessage } from './submit-message.js';
import { testSmppConnection } from './test-connection.js';

export interface SmppAdapterOptions {
  /** enquire_link period; default 30 s. */
  enquireLinkMs?: number;
  /** Wait for connect, bind_resp, submit_sm_resp and enquire_link_resp; default 10 s. */
  responseTimeoutMs?: number;
  /** Bind retry backoff; default 1 s doubling to 60 s. */
  reconnect?: { initialMs: number; maxMs: number };
  /** How long a bind sends nothing after the centre answered throttled / queue full; default 1 s. */
  throttlePauseMs?: number;
  /** testConnection's limit; default 5 s. */
  testTimeoutMs?: number;
  /** Retries of a receipt whose message id is not stored yet; default about 10 s in all. */
  receiptRetryDelaysMs?: number[];
}

interface RunningBind {
  settings: SmppSettings;
  session: SmppSession;
  deliveries: DeliverHandler;
}

/** Ids of the later parts of long messages, to resolve their receipts; lost on restart (best effort). */
const REMEMBERED_PART_IDS = 100_000;
const DEFAULT_WINDOW = 10;

/** The SMPP adapter has every optional part of a channel adapter. */
export type SmppAdapter = ChannelAdapter &
  Required<Pick<ChannelAdapter, 'start' | 'stop' | 'isReady' | 'concurrency' | 'close'>>;

/** The SMPP 3.4 channel: one transceiver bind per network this instance runs. */
export function createSmppAdapter(host: ChannelHost, options: SmppAdapterOptions = {}): SmppAdapter {
  const timing: SmppTiming = {
    enquireLinkMs: options.enquireLinkMs ?? 30_000,
    responseTimeoutMs: options.responseTimeoutMs ?? 10_000,
    reconnect: options.reconnect ?? { initialMs: 1_000, maxMs: 60_000 },
  };
  const throttlePauseMs = options.throttlePauseMs ?? 1_000;
  const receiptRetryDelaysMs = options.receiptRetryDelaysMs ?? [500, 1_000, 2_000, 3_000, 4_000];
  const binds = new Map<string, RunningBind>();
  const partIds = new BoundedMap<string, string>(REMEMBERED_PART_IDS);
  const hostCalls = new Map<string, Promise<void>>();

  /** Calls the host one after another per network, so status reports never overtake each other. */
  function inOrder(networkId: string, call: () => Promise<void>): void {
    const next = (hostCalls.get(networkId) ?? Promise.resolve()).then(call).catch((error: unknown) => {
      host.logger.error({ err: error, networkId }, 'SMPP adapter could not report to the pipeline');
    });
    hostCalls.set(networkId, next);
  }

  /** The last log line per network: a bind retried every minute with the same refusal logs it once. */
  const lastLogged = new Map<string, string>();

  function reportStatus(networkId: string, settings: SmppSettings, status: NetworkStatus, detail: string | null): void {
    inOrder(networkId, () => host.setNetworkStatus(networkId, status, status === 'error' ? detail : null));
    const where = `${settings.host}:${settings.port}`;
    const entry =
      status === 'connected'
        ? ({ kind: 'info', message: `Bound to ${where} as ${settings.systemId}` } as const)
        : ({
            kind: 'error',
            message: `${status === 'error' ? 'Bind failed' : 'Connection lost'} (${where}): ${detail}`,
          } as const);
    if (lastLogged.get(networkId) === entry.message) return;
    lastLogged.set(networkId, entry.message);
    inOrder(networkId, () => host.log(networkId, entry));
  }

  async function stop(networkId: string): Promise<void> {
    const bind = binds.get(networkId);
    if (!bind) return;
    binds.delete(networkId);
    lastLogged.delete(networkId);
    bind.deliveries.close();
    // No status report: another instance may hold the network by now and have reported its own.
    await bind.session.stop();
  }

  return {
    kind: 'smpp',

    async send(network, message) {
      const bind = binds.get(network.id);
      if (!bind?.session.isBound) {
        throw new ChannelError('The SMPP bind is not up', { transient: true, code: 'SMPP_NOT_BOUND' });
      }
      const pdus = buildSubmitPdus(bind.settings, network.address, message);
      const providerMessageId = await submitMessage(bind.session, pdus, throttlePauseMs, (partId, firstId) =>
        partIds.set(`${network.id}:${partId}`, firstId),
      );
      return { providerMessageId, state: 'sent' };
    },

    async testConnection(network) {
      let settings: SmppSettings;
      try {
        settings = readSmppSettings(network);
      } catch (error) {
        return { ok: false, error: (error as Error).message };
      }
      return testSmppConnection(settings, options.testTimeoutMs ?? 5_000);
    },

    async start(network) {
      let settings: SmppSettings;
      try {
        settings = readSmppSettings(network);
      } catch (error) {
        await stop(network.id);
        inOrder(network.id, () => host.setNetworkStatus(network.id, 'error', (error as Error).message));
        return;
      }
      const running = binds.get(network.id);
      if (running && sameSmppSettings(running.settings, settings)) return;
      await stop(network.id);
      const deliveries = new DeliverHandler({ networkId: network.id, host, partIds, receiptRetryDelaysMs });
      const session = new SmppSession(settings, timing, {
        onStatus: (status, detail) => reportStatus(network.id, settings, status, detail),
        onAlive: () => inOrder(network.id, () => host.touchNetwork(network.id)),
        onDeliver: (pdu) => deliveries.handle(pdu),
      });
      binds.set(network.id, { settings, session, deliveries });
      session.start();
    },

    stop,

    isReady(networkId) {
      return binds.get(networkId)?.session.isBound ?? false;
    },

    concurrency(network) {
      const configured = network.settings.windowSize;
      return (
        binds.get(network.id)?.settings.windowSize ?? (typeof configured === 'number' ? configured : DEFAULT_WINDOW)
      );
    },

    async close() {
      await Promise.all([...binds.keys()].map(stop));
      await Promise.all(hostCalls.values());
    },
  };
}
