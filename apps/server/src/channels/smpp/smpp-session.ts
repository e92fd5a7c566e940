import type { NetworkStatus, SmppSettings } from '@switchboard/contract';
import smpp from 'smpp';
import { ChannelError } from '../channel.js';
import { closeSession, requestOn } from './smpp-request.js';
import { describeStatus, SmppStatus } from './smpp-status.js';
import { SubmitWindow } from './submit-window.js';

export interface SmppTiming {
  /** How often we ask the centre whether the link is alive. */
  enquireLinkMs: number;
  /** How long we wait for any answer (connect, bind, submit_sm, enquire_link) before giving up. */
  responseTimeoutMs: number;
  /** Delay before the next bind attempt: starts at initialMs, doubles on every failure up to maxMs. */
  reconnect: { initialMs: number; maxMs: number };
}

export interface SmppSessionEvents {
  /** The bind came up, was refused, or went down; `detail` is the centre's or the socket's words. */
  onStatus(status: NetworkStatus, detail: string | null): void;
  /** A sign of life: the bind succeeded or an enquire_link was answered. */
  onAlive(): void;
  /** A deliver_sm from the centre; resolves to the command_status of our deliver_sm_resp. */
  onDeliver(pdu: smpp.PDU): Promise<number>;
}

/** What one connection attempt learned, for the report when it closes. */
interface Attempt {
  socketError: string | null;
  /** Set once the failure was reported (a refused bind), so the close does not report again. */
  reported: boolean;
}

const GRACEFUL_CLOSE_MS = 1_000;

/**
 * One transceiver bind to an SMS centre, kept up until `stop`: reconnects with exponential
 * backoff, keeps the link alive with enquire_link, answers the centre's requests, and bounds the
 * submit_sm awaiting a response by the window.
 */
export class SmppSession {
  readonly window: SubmitWindow;
  #session: smpp.Session | null = null;
  #bound = false;
  #stopped = false;
  #retryDelayMs: number;
  #retryTimer: NodeJS.Timeout | null = null;
  #keepaliveTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly settings: SmppSettings,
    private readonly timing: SmppTiming,
    private readonly events: SmppSessionEvents,
  ) {
    this.window = new SubmitWindow(settings.windowSize);
    this.#retryDelayMs = timing.reconnect.initialMs;
  }

  get isBound(): boolean {
    return this.#bound;
  }

  start(): void {
    this.#connect();
  }

  /** Sends one submit_sm through the window; resolves with the centre's answer, whatever its status. */
  async submit(fields: smpp.PduFields): Promise<smpp.PDU> {
    await this.window.acquire();
    try {
      const session = this.#session;
      if (!this.#bound || !session) throw notBound();
      return await requestOn(session, 'submit_sm', fields, this.timing.responseTimeoutMs);
    } finally {
      this.window.release();
    }
  }

  /** No new submits for a while, after the centre said it is overwhelmed. */
  pauseSubmits(ms: number): void {
    this.window.pauseFor(ms);
  }

  /** Unbinds and closes for good: no reconnect, no status report. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.window.rejectWaiting(notBound());
    const session = this.#session;
    if (!session) return;
    if (this.#bound) await requestOn(session, 'unbind', {}, GRACEFUL_CLOSE_MS).catch(() => undefined);
    await closeSession(session, GRACEFUL_CLOSE_MS);
  }

  #connect(): void {
    this.#retryTimer = null;
    if (this.#stopped) return;
    const { host, port } = this.settings;
    const session = smpp.connect({ host, port });
    const attempt: Attempt = { socketError: null, reported: false };
    this.#session = session;
    const connectTimer = setTimeout(() => {
      attempt.socketError = `connect ${host}:${port} timed out after ${this.timing.responseTimeoutMs} ms`;
      session.destroy();
    }, this.timing.responseTimeoutMs);
    session.on('connect', () => {
      clearTimeout(connectTimer);
      if (this.#stopped) session.destroy();
      else this.#bind(session, attempt);
    });
    session.on('error', (error) => {
      attempt.socketError ??= error.message;
      // The library stops reading after a malformed PDU, so the connection is of no further use.
      session.destroy();
    });
    session.on('close', () => {
      clearTimeout(connectTimer);
      this.#onClose(session, attempt);
    });
    session.on('pdu', (pdu) => this.#onRequest(session, pdu));
  }

  #bind(session: smpp.Session, attempt: Attempt): void {
    const { systemId, password, systemType, sourceTon, sourceNpi } = this.settings;
    const fields = { system_id: systemId, password, system_type: systemType, addr_ton: sourceTon, addr_npi: sourceNpi };
    requestOn(session, 'bind_transceiver', fields, this.timing.responseTimeoutMs).then(
      (response) => {
        if (session !== this.#session || this.#stopped) return;
        if (response.command_status !== SmppStatus.OK) {
          attempt.reported = true;
          this.events.onStatus('error', describeStatus(response.command_status));
          session.destroy();
          return;
        }
        this.#bound = true;
        this.#retryDelayMs = this.timing.reconnect.initialMs;
        this.#startKeepalive(session, attempt);
        this.events.onStatus('connected', null);
        this.events.onAlive();
      },
      (error: Error) => {
        attempt.socketError ??= `bind_transceiver: ${error.message}`;
        session.destroy();
      },
    );
  }

  #onClose(session: smpp.Session, attempt: Attempt): void {
    if (session !== this.#session) return;
    this.#session = null;
    const wasBound = this.#bound;
    this.#bound = false;
    if (this.#keepaliveTimer) clearInterval(this.#keepaliveTimer);
    if (this.#stopped) return;
    if (wasBound) {
      this.events.onStatus('disconnected', attempt.socketError ?? 'The SMS centre closed the connection');
    } else if (!attempt.reported) {
      this.events.onStatus(
        'error',
        attempt.socketError ?? 'The SMS centre closed the connection before the bind completed',
      );
    }
    const delay = this.#retryDelayMs;
    this.#retryDelayMs = Math.min(delay * 2, this.timing.reconnect.maxMs);
    this.#retryTimer = setTimeout(() => this.#connect(), delay);
  }

  /** Answers what the centre asks of us; responses to our own requests are matched by the library. */
  #onRequest(session: smpp.Session, pdu: smpp.PDU): void {
    if (pdu.isResponse()) return;
    switch (pdu.command) {
      case 'enquire_link':
        session.send(pdu.response());
        return;
      case 'deliver_sm':
        this.events.onDeliver(pdu).then(
          (status) => session.send(pdu.response(status ? { command_status: status } : {})),
          () => session.send(pdu.response({ command_status: SmppStatus.SYSTEM_ERROR })),
        );
        return;
      case 'unbind':
        session.send(pdu.response(), () => session.close());
        return;
      case 'alert_notification':
        return; // has no response
      default:
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVCMDID }));
    }
  }

  /** A link that stops answering enquire_link is dead even if TCP has not noticed: drop it. */
  #startKeepalive(session: smpp.Session, attempt: Attempt): void {
    let awaiting = false;
    this.#keepaliveTimer = setInterval(() => {
      if (awaiting) return;
      awaiting = true;
      requestOn(session, 'enquire_link', {}, this.timing.responseTimeoutMs).then(
        () => {
          awaiting = false;
          this.events.onAlive();
        },
        (error: Error) => {
          attempt.socketError ??= `The SMS centre stopped answering enquire_link (${error.message})`;
          session.destroy();
        },
      );
    }, this.timing.enquireLinkMs);
  }
}

function notBound(): ChannelError {
  return new ChannelError('The SMPP bind is not up', { transient: true, code: 'SMPP_NOT_BOUND' });
}
