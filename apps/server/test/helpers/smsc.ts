import type { AddressInfo } from 'node:net';
import smpp from 'smpp';

/**
 * A local SMS centre: a real SMPP 3.4 peer on a free loopback port for tests and benchmarks. It
 * checks credentials, answers enquire_link, accepts submit_sm with unique message ids, sends
 * receipts and inbound SMS as deliver_sm, and re-sends a deliver_sm the client refused or left
 * unanswered (the way centres store and forward). It shares no code with the adapter on purpose.
 */

export interface SmscOptions {
  systemId: string;
  password: string;
  /** Send a receipt deliver_sm after each submit_sm_resp (DELIVRD unless `stat` says otherwise). */
  autoDeliveryReceipt?: boolean | { delayMs?: number; stat?: string };
  /** Hold every submit_sm_resp this long, so a client's window fills up. */
  responseDelayMs?: number;
  /** Wait before re-sending a deliver_sm that was refused or never answered; default 100 ms. */
  redeliveryDelayMs?: number;
}

export interface SubmitRecord {
  messageId: string;
  /** When the centre received it (performance.now() of this process), for rate checks. */
  at: number;
  systemId: string;
  source: string;
  sourceTon: number;
  sourceNpi: number;
  destination: string;
  destTon: number;
  destNpi: number;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  /** The decoded text of this PDU, without its UDH. */
  text: string;
  /** Length of `text` in its coding: GSM septets (escapes count 2) or UCS-2 code units. */
  length: number;
  /** The part's concatenation header, if it has one. */
  concat: { ref: number; total: number; seq: number } | null;
  /** True when the text came in message_payload. */
  viaPayload: boolean;
}

/** One inbound SMS or receipt handed to the client as deliver_sm (several for a long text). */
export interface DeliveryRecord {
  parts: { sequence: number; statuses: number[] }[];
  /** Resolves when the client answered every part with ESME_ROK. */
  done: Promise<void>;
}

export interface Smsc {
  port: number;
  submits: SubmitRecord[];
  bindAttempts: { systemId: string; ok: boolean; at: number }[];
  /** The most submit_sm one session had waiting for their response at once. */
  readonly maxInFlight: number;
  /** Sessions bound now. */
  readonly sessions: number;
  enquireLinksReceived: number;
  /** While true, enquire_link goes unanswered (a dead link TCP has not noticed). */
  ignoreEnquireLinks: boolean;
  /** Sends an SMS from `from` (E.164 or a sender id) to `to`; long texts as concatenated parts. */
  sendInbound(from: string, to: string, text: string): DeliveryRecord;
  /** Sends a receipt for a message id this centre gave; TLVs add receipted_message_id and message_state. */
  sendReceipt(messageId: string, stat?: string, options?: { tlvs?: boolean; err?: string }): DeliveryRecord;
  /** Sends the same PDUs again, with their sequence numbers, as a centre does after a lost response. */
  resend(delivery: DeliveryRecord): Promise<void>;
  /** Asks the bound client whether it is alive; resolves with the command_status of its answer. */
  enquireLink(timeoutMs?: number): Promise<number>;
  /** Answers the next `count` submit_sm with `status` (ESME_RTHROTTLED unless told). */
  throttleNext(count: number, status?: number): void;
  /** Cuts every client connection without an unbind. */
  dropConnections(): void;
  waitForSubmits(count: number, timeoutMs?: number): Promise<SubmitRecord[]>;
  waitForSessions(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const STATE_BY_STAT: Record<string, number> = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
};

interface SessionState {
  systemId: string;
  bound: boolean;
  inFlight: number;
  unanswered: Set<Outgoing>;
}

interface Outgoing {
  fields: smpp.PduFields;
  sequence: number;
  statuses: number[];
  settle: () => void;
}

export async function startSmsc(options: SmscOptions): Promise<Smsc> {
  const states = new Map<smpp.Session, SessionState>();
  const queue: Outgoing[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const refusals: number[] = [];
  const submitsById = new Map<string, SubmitRecord>();
  let nextMessageId = 0x1000;
  let nextSequence = 1;
  let nextRef = 0;
  let maxInFlight = 0;
  let closed = false;
  const receipt = options.autoDeliveryReceipt;
  const receiptDelayMs = typeof receipt === 'object' ? (receipt.delayMs ?? 0) : 0;
  const receiptStat = typeof receipt === 'object' ? (receipt.stat ?? 'DELIVRD') : 'DELIVRD';

  const later = (ms: number, run: () => void) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const server = smpp.createServer({}, (session) => {
    const state: SessionState = { systemId: '', bound: false, inFlight: 0, unanswered: new Set() };
    states.set(session, state);
    session.on('error', () => session.destroy());
    session.on('close', () => {
      states.delete(session);
      // What the client never answered goes to the next bind, as a real centre keeps it.
      for (const item of state.unanswered) queue.push(item);
      state.unanswered.clear();
      later(options.redeliveryDelayMs ?? 100, flush);
    });
    session.on('pdu', (pdu) => {
      if (pdu.isResponse()) return;
      switch (pdu.command) {
        case 'bind_transceiver': {
          const ok = pdu.system_id === options.systemId && pdu.password === options.password;
          smsc.bindAttempts.push({ systemId: pdu.system_id ?? '', ok, at: Date.now() });
          if (!ok) return void session.send(pdu.response({ command_status: smpp.errors.ESME_RINVPASWD }));
          Object.assign(state, { systemId: pdu.system_id, bound: true });
          session.send(pdu.response({ system_id: 'local-smsc' }));
          return flush();
        }
        case 'submit_sm':
          return onSubmit(session, state, pdu);
        case 'enquire_link':
          smsc.enquireLinksReceived++;
          if (!smsc.ignoreEnquireLinks) session.send(pdu.response());
          return;
        case 'unbind':
          state.bound = false;
          return void session.send(pdu.response(), () => session.close());
        default:
          session.send(pdu.response({ command_status: smpp.errors.ESME_RINVCMDID }));
      }
    });
  });

  function onSubmit(session: smpp.Session, state: SessionState, pdu: smpp.PDU): void {
    if (!state.bound) return void session.send(pdu.response({ command_status: smpp.errors.ESME_RINVBNDSTS }));
    state.inFlight++;
    maxInFlight = Math.max(maxInFlight, state.inFlight);
    const refusal = refusals.shift();
    let record: SubmitRecord | null = null;
    if (refusal === undefined) {
      record = recordOf(pdu, (nextMessageId++).toString(16), state.systemId);
      smsc.submits.push(record);
      submitsById.set(record.messageId, record);
    }
    const answer = () => {
      state.inFlight--;
      if (!record) return void session.send(pdu.response({ command_status: refusal }));
      session.send(pdu.response({ message_id: record.messageId }));
      if (receipt) later(receiptDelayMs, () => smsc.sendReceipt(record.messageId, receiptStat));
    };
    if (options.responseDelayMs) later(options.responseDelayMs, answer);
    else answer();
  }

  function deliver(fieldsList: smpp.PduFields[]): DeliveryRecord {
    const items = fieldsList.map((fields) => ({ fields, sequence: nextSequence++, statuses: [] as number[] }));
    const outgoing: Outgoing[] = [];
    const done = Promise.all(
      items.map((item) => new Promise<void>((settle) => outgoing.push({ ...item, settle }))),
    ).then(() => undefined);
    queue.push(...outgoing);
    flush();
    return { parts: outgoing, done };
  }

  /** The first bound session and its state: deliver_sm go there. */
  function boundSession(): [smpp.Session, SessionState] | undefined {
    return [...states].find(([, state]) => state.bound);
  }

  function flush(): void {
    const bound = boundSession();
    if (!bound) return;
    const [session, state] = bound;
    for (const item of queue.splice(0)) {
      state.unanswered.add(item);
      const pdu = new smpp.PDU('deliver_sm', { ...item.fields, sequence_number: item.sequence });
      session.send(pdu, (response) => {
        state.unanswered.delete(item);
        item.statuses.push(response.command_status);
        if (response.command_status === 0) return item.settle();
        later(options.redeliveryDelayMs ?? 100, () => {
          queue.push(item);
          flush();
        });
      });
    }
  }

  const smsc: Smsc = {
    port: 0,
    submits: [],
    bindAttempts: [],
    get maxInFlight() {
      return maxInFlight;
    },
    get sessions() {
      return [...states.values()].filter((state) => state.bound).length;
    },
    enquireLinksReceived: 0,
    ignoreEnquireLinks: false,

    sendInbound(from, to, text) {
      const source = addressOf(from);
      const envelope = { ...source, dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: to.replace(/^\+/, '') };
      const { dataCoding, parts } = splitText(text);
      if (parts.length === 1) return deliver([{ ...envelope, data_coding: dataCoding, short_message: parts[0]! }]);
      const ref = nextRef++ & 0xff;
      return deliver(
        parts.map((bytes, index) => ({
          ...envelope,
          esm_class: 0x40,
          data_coding: dataCoding,
          short_message: Buffer.concat([Buffer.from([5, 0, 3, ref, parts.length, index + 1]), bytes]),
        })),
      );
    },

    sendReceipt(messageId, stat = 'DELIVRD', receiptOptions = {}) {
      const submit = submitsById.get(messageId);
      const date = new Date().toISOString().replace(/\D/g, '').slice(2, 12);
      const err = receiptOptions.err ?? (stat === 'DELIVRD' ? '000' : '001');
      const excerpt = (submit?.text ?? '').replace(/[^\x20-\x7e]/g, '.').slice(0, 20);
      const text = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:${date} done date:${date} stat:${stat} err:${err} text:${excerpt}`;
      const fields: smpp.PduFields = {
        ...addressOf(submit ? `+${submit.destination}` : '+10000000000'),
        destination_addr: submit?.source ?? '',
        esm_class: 0x04,
        data_coding: 0,
        short_message: Buffer.from(text, 'latin1'),
      };
      if (receiptOptions.tlvs)
        Object.assign(fields, { receipted_message_id: messageId, message_state: STATE_BY_STAT[stat] ?? 7 });
      return deliver([fields]);
    },

    async resend(delivery) {
      const items = delivery.parts as Outgoing[];
      const answered = items.map((item) => new Promise<void>((settle) => queue.push({ ...item, settle })));
      flush();
      await Promise.all(answered);
    },

    enquireLink(timeoutMs = 2_000) {
      const session = boundSession()?.[0];
      if (!session) return Promise.reject(new Error('SMSC: no bound session to ask'));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('SMSC: no enquire_link_resp')), timeoutMs);
        session.send(new smpp.PDU('enquire_link'), (response) => {
          clearTimeout(timer);
          resolve(response.command_status);
        });
      });
    },

    throttleNext(count, status = smpp.errors.ESME_RTHROTTLED!) {
      for (let i = 0; i < count; i++) refusals.push(status);
    },

    dropConnections() {
      for (const session of states.keys()) session.destroy();
    },

    async waitForSubmits(count, timeoutMs = 5_000) {
      await waitUntil(
        () => smsc.submits.length >= count,
        timeoutMs,
        () => `${count} submits (have ${smsc.submits.length})`,
      );
      return smsc.submits;
    },

    waitForSessions(count, timeoutMs = 5_000) {
      return waitUntil(
        () => smsc.sessions >= count,
        timeoutMs,
        () => `${count} bound sessions (have ${smsc.sessions})`,
      );
    },

    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      for (const session of states.keys()) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smsc.port = (server.address() as AddressInfo).port;
  return smsc;
}

/** Source fields for a sender: a number (TON international) or an alphanumeric id. */
function addressOf(sender: string): smpp.PduFields {
  const digits = /^\+?(\d+)$/.exec(sender)?.[1];
  if (digits) return { source_addr_ton: 1, source_addr_npi: 1, source_addr: digits };
  return { source_addr_ton: 5, source_addr_npi: 0, source_addr: sender };
}

function recordOf(pdu: smpp.PDU, messageId: string, systemId: string): SubmitRecord {
  const payload = decoded(pdu.message_payload);
  const short = decoded(pdu.short_message);
  const { message, udh } = payload.message ? payload : short;
  const concatElement = udh.find((element) => element[0] === 0x00 && element[1] === 0x03);
  const dataCoding = pdu.data_coding ?? 0;
  return {
    messageId,
    at: performance.now(),
    systemId,
    source: pdu.source_addr ?? '',
    sourceTon: pdu.source_addr_ton ?? 0,
    sourceNpi: pdu.source_addr_npi ?? 0,
    destination: pdu.destination_addr ?? '',
    destTon: pdu.dest_addr_ton ?? 0,
    destNpi: pdu.dest_addr_npi ?? 0,
    dataCoding,
    esmClass: pdu.esm_class ?? 0,
    registeredDelivery: pdu.registered_delivery ?? 0,
    text: message,
    length: dataCoding === 8 ? message.length : smpp.encodings.ASCII.encode(message).length,
    concat: concatElement ? { ref: concatElement[2]!, total: concatElement[3]!, seq: concatElement[4]! } : null,
    viaPayload: Boolean(payload.message),
  };
}

function decoded(value: smpp.PduFields['short_message']): { message: string; udh: Buffer[] } {
  if (!value || typeof value === 'string' || Buffer.isBuffer(value))
    return { message: value ? String(value) : '', udh: [] };
  return { message: String(value.message), udh: value.udh ?? [] };
}

/**
 * The parts of an inbound text as a phone would send them: GSM 03.38 when every character has a
 * GSM code (160 septets alone, 153 per part), else UCS-2 (70 / 67 units), never splitting an
 * escape sequence or a surrogate pair.
 */
function splitText(text: string): { dataCoding: number; parts: Buffer[] } {
  const gsm = smpp.encodings.ASCII;
  const isGsm = gsm.decode(gsm.encode(text)) === text;
  const units = isGsm
    ? [...text].map((char) => gsm.encode(char))
    : [...text].map((char) => Buffer.from(char, 'utf16le').swap16());
  const unitSize = isGsm ? 1 : 2;
  const total = units.reduce((sum, unit) => sum + unit.length / unitSize, 0);
  const single = isGsm ? 160 : 70;
  const perPart = isGsm ? 153 : 67;
  const parts: Buffer[][] = [[]];
  let used = 0;
  for (const unit of units) {
    if (total > single && used + unit.length / unitSize > perPart) {
      parts.push([]);
      used = 0;
    }
    parts.at(-1)!.push(unit);
    used += unit.length / unitSize;
  }
  return { dataCoding: isGsm ? 0 : 8, parts: parts.map((part) => Buffer.concat(part)) };
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`SMSC: no ${what()} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
