import { createHash } from 'node:crypto';
import type smpp from 'smpp';
import type { ChannelHost, StatusReport } from '../channel.js';
import type { BoundedMap } from './bounded-map.js';
import { PartAssembler, readConcatenation } from './concatenation.js';
import { type DeliveryReceipt, readReceipt, receiptOutcome } from './delivery-receipt.js';
import { SmppStatus } from './smpp-status.js';
import { messageText } from './text-coding.js';

export interface DeliverHandlerOptions {
  networkId: string;
  host: ChannelHost;
  /** `<networkId>:<part message id>` → the first part's id, which is the message's provider id. */
  partIds: BoundedMap<string, string>;
  /**
   * Waits before asking the pipeline again about a receipt for an id it does not know yet (the
   * receipt can overtake the dispatcher's write of the provider id); dropped after the last.
   */
  receiptRetryDelaysMs: number[];
}

const TON_INTERNATIONAL = 1;
/** Receipts waiting for their message at once; beyond that new ones are dropped at once. */
const MAX_WAITING_RECEIPTS = 10_000;

/**
 * Hands the centre's deliver_sm to the pipeline: delivery receipts as status reports, anything
 * else as an inbound SMS (concatenated parts joined first). Resolves to the command_status of the
 * deliver_sm_resp: OK once the pipeline has it, ESME_RSYSERR when it failed so the centre retries.
 */
export class DeliverHandler {
  readonly #assembler = new PartAssembler({ maxGroups: 1_000, maxAgeMs: 10 * 60_000 });
  readonly #retryTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: DeliverHandlerOptions) {}

  async handle(pdu: smpp.PDU): Promise<number> {
    try {
      const receipt = readReceipt(pdu);
      if (receipt === null) await this.#receiveInbound(pdu);
      else if ('unreadable' in receipt) this.#log('error', `Unreadable delivery receipt: ${receipt.unreadable}`);
      else await this.#applyReceipt(receipt);
      return SmppStatus.OK;
    } catch (error) {
      this.options.host.logger.error(
        { err: error, networkId: this.options.networkId },
        'SMPP deliver_sm not taken by the pipeline; answered ESME_RSYSERR so the centre retries',
      );
      return SmppStatus.SYSTEM_ERROR;
    }
  }

  /** Stops the receipt retries still waiting. */
  close(): void {
    for (const timer of this.#retryTimers) clearTimeout(timer);
    this.#retryTimers.clear();
  }

  async #receiveInbound(pdu: smpp.PDU): Promise<void> {
    const { host, networkId } = this.options;
    const source = pdu.source_addr ?? '';
    const from = pdu.source_addr_ton === TON_INTERNATIONAL && /^\d+$/.test(source) ? `+${source}` : source;
    const to = pdu.destination_addr ?? '';
    const text = messageText(pdu.short_message) || messageText(pdu.message_payload);
    const part = readConcatenation(pdu);
    if (!part) {
      // SMPP gives an inbound SMS no id. The sequence number tells two equal texts apart while a
      // centre re-sending the same PDU (after a lost deliver_sm_resp) keeps it.
      const providerMessageId = inboundId([from, to, text, pdu.sequence_number]);
      await host.receiveInbound({ networkId, from, body: text, providerMessageId });
      return;
    }
    const key = [from, to, part.ref, part.total].join('|');
    const body = this.#assembler.add(key, part, text);
    if (body === null) return;
    // Parts of a re-sent message get new sequence numbers, so the id rests on what they share.
    const providerMessageId = inboundId([from, to, part.ref, part.total, body]);
    await host.receiveInbound({ networkId, from, body, providerMessageId });
    this.#assembler.forget(key);
  }

  async #applyReceipt(receipt: DeliveryReceipt, attempt = 0): Promise<void> {
    const { host, networkId, partIds, receiptRetryDelaysMs } = this.options;
    const providerMessageId = partIds.get(`${networkId}:${receipt.messageId}`) ?? receipt.messageId;
    const report: StatusReport = { networkId, providerMessageId, ...receiptOutcome(receipt) };
    if (await host.applyStatus(report)) return;

    const delay = receiptRetryDelaysMs[attempt];
    if (delay === undefined || this.#retryTimers.size >= MAX_WAITING_RECEIPTS) {
      this.#log('info', `Delivery receipt (stat ${receipt.stat}) for unknown message id ${receipt.messageId} dropped`);
      return;
    }
    const timer = setTimeout(() => {
      this.#retryTimers.delete(timer);
      this.#applyReceipt(receipt, attempt + 1).catch((error: unknown) => {
        host.logger.error({ err: error, networkId }, 'SMPP delivery receipt could not be applied');
      });
    }, delay);
    this.#retryTimers.add(timer);
  }

  #log(kind: 'info' | 'error', message: string): void {
    const { host, networkId } = this.options;
    host.log(networkId, { kind, message }).catch((error: unknown) => {
      host.logger.error({ err: error, networkId }, 'SMPP network log entry not written');
    });
  }
}

/** A stable provider id for an inbound SMS from what identifies it. */
function inboundId(parts: (string | number)[]): string {
  return `smpp-in-${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)}`;
}
