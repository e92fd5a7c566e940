import type { MessageEncoding, NetworkKind, NetworkStatus } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';

/** A network as a channel adapter sees it: settings and secrets merged and opened. */
export interface NetworkRuntime {
  id: string;
  workspaceId: string;
  kind: NetworkKind;
  name: string;
  address: string;
  throughput: number;
  enabled: boolean;
  /** Kind settings with their secrets (e.g. SMPP `password`, HTTP `authToken`). */
  settings: Record<string, unknown>;
}

/** One outbound message handed to an adapter by the dispatcher. */
export interface OutboundMessage {
  id: string;
  networkId: string;
  /** E.164 recipient. */
  to: string;
  body: string;
  encoding: MessageEncoding;
  segments: number;
  /** 1 on the first try. */
  attempt: number;
}

export interface SendResult {
  providerMessageId: string;
  /** Where the message stands once the adapter returns (`sent` for most channels). */
  state: 'sent' | 'delivered';
}

/**
 * A failed send. `transient` failures (throttling, queue full, timeouts, 5xx) are retried with
 * backoff; the others fail the message at once with `code` and the message as the reason.
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly options: { transient: boolean; code?: string; retryAfterMs?: number },
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

/** What a channel reports about an inbound SMS; the pipeline normalises and stores it. */
export interface InboundInput {
  networkId: string;
  /** Sender as the channel gives it (E.164 preferred). */
  from: string;
  body: string;
  /** The channel's id of the message; a retry with the same id is stored once. */
  providerMessageId: string;
  receivedAt?: Date;
}

export interface InboundResult {
  messageId: string;
  /** True when this provider id was already stored (a retry): nothing new happened. */
  duplicate: boolean;
}

/** A delivery report or state callback for an outbound message. */
export interface StatusReport {
  networkId: string;
  /** Find the message by the channel's id... */
  providerMessageId?: string;
  /** ...or by ours (channels that carry our id, e.g. the Android phone). */
  messageId?: string;
  state: 'sending' | 'sent' | 'delivered' | 'failed';
  errorCode?: string;
  errorText?: string;
  at?: Date;
}

export interface NetworkLogInput {
  kind: 'webhook-rejected' | 'error' | 'info';
  message: string;
  details?: Record<string, unknown>;
}

/**
 * What the pipeline offers to channels: every channel delivers inbound messages and status
 * reports through here, so storage, dedupe and real-time events are the same for all of them.
 */
export interface ChannelHost {
  receiveInbound(input: InboundInput): Promise<InboundResult>;
  /** Returns false when no such message exists on the network (unknown ids are ignored). */
  applyStatus(report: StatusReport): Promise<boolean>;
  setNetworkStatus(networkId: string, status: NetworkStatus, lastError?: string | null): Promise<void>;
  /** Records a sign of life (poll, bind, webhook) without changing the status text. */
  touchNetwork(networkId: string): Promise<void>;
  log(networkId: string, entry: NetworkLogInput): Promise<void>;
  logger: FastifyBaseLogger;
}

/** One adapter per network kind (DESIGN §2): send, receive, delivery reports, health. */
export interface ChannelAdapter {
  readonly kind: NetworkKind;
  /**
   * True when the channel pulls its messages itself (the Android phone polls GET /message); the
   * dispatcher then leaves its queued messages alone.
   */
  readonly pulledByDevice?: boolean;
  /** Sends one message; throws ChannelError on failure. */
  send(network: NetworkRuntime, message: OutboundMessage): Promise<SendResult>;
  /** Checks settings against the real peer (bind, credentials) without sending anything. */
  testConnection(network: NetworkRuntime): Promise<{ ok: true } | { ok: false; error: string }>;
  /**
   * Starts long-lived work for a network this instance now runs (an SMPP bind). Called when the
   * instance takes the network's lease, and again after its settings change.
   */
  start?(network: NetworkRuntime): Promise<void>;
  stop?(networkId: string): Promise<void>;
  /** Whether sends can go out now (e.g. the SMPP bind is up); the dispatcher waits otherwise. */
  isReady?(networkId: string): boolean;
  /** Most sends in flight at once for this network (the SMPP window). Default 10. */
  concurrency?(network: NetworkRuntime): number;
  close?(): Promise<void>;
}
