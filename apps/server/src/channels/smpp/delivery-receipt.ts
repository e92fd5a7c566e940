import type smpp from 'smpp';
import type { StatusReport } from '../channel.js';
import { DataCoding, gsmTextAsAscii, messageText } from './text-coding.js';

/** A delivery receipt: which submitted message, and where it stands. */
export interface DeliveryReceipt {
  /** The message_id the centre gave in submit_sm_resp. */
  messageId: string;
  /** Upper-case stat word, e.g. DELIVRD, UNDELIV. */
  stat: string;
  err: string | null;
}

export type ReceiptReading = DeliveryReceipt | { unreadable: string } | null;

/** esm_class message type "SMSC delivery receipt" (SMPP 3.4 §5.2.12). */
const RECEIPT_ESM_BIT = 0x04;

/** message_state TLV values (SMPP 3.4 §5.2.28) as the stat words of the receipt text. */
const STAT_BY_MESSAGE_STATE: Record<number, string> = {
  0: 'SCHEDULED',
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
  9: 'SKIPPED',
};

const FAILURE_TEXT: Record<string, string> = {
  UNDELIV: 'Undeliverable',
  EXPIRED: 'Expired before it could be delivered',
  DELETED: 'Deleted by the SMS centre',
  REJECTD: 'Rejected by the SMS centre',
  UNKNOWN: 'The SMS centre does not know the outcome',
  SKIPPED: 'Skipped by the SMS centre',
  FAILED: 'Failed',
};

/**
 * Reads the receipt text of SMPP 3.4 Appendix B:
 * `id:… sub:… dlvrd:… submit date:… done date:… stat:DELIVRD err:… text:…`.
 */
export function parseReceiptText(text: string): DeliveryReceipt | null {
  const id = /^\s*id:\s*(\S+)/i.exec(text)?.[1];
  const stat = /\bstat:\s*([A-Za-z]+)/i.exec(text)?.[1];
  if (!id || !stat) return null;
  const err = /\berr:\s*(\w+)/i.exec(text)?.[1] ?? null;
  return { messageId: id, stat: stat.toUpperCase(), err };
}

/**
 * Whether a deliver_sm is a receipt (the esm_class receipt bit, receipt TLVs or receipt text) and
 * what it says. The TLVs win over the text: centres that send both mean the TLVs literally.
 */
export function readReceipt(pdu: smpp.PduFields): ReceiptReading {
  const raw = messageText(pdu.short_message) || messageText(pdu.message_payload);
  const text = (pdu.data_coding ?? 0) === DataCoding.GSM7 ? gsmTextAsAscii(raw) : raw;
  const parsed = parseReceiptText(text);
  const flagged =
    ((pdu.esm_class ?? 0) & RECEIPT_ESM_BIT) !== 0 ||
    pdu.receipted_message_id !== undefined ||
    pdu.message_state !== undefined;
  if (!flagged && !parsed) return null;

  const messageId = pdu.receipted_message_id || parsed?.messageId;
  const stat = (pdu.message_state !== undefined ? STAT_BY_MESSAGE_STATE[pdu.message_state] : undefined) ?? parsed?.stat;
  if (!messageId || !stat) return { unreadable: text };
  return { messageId, stat, err: parsed?.err ?? null };
}

/** The message state a receipt means for us. Unknown stat words count as still on the way. */
export function receiptOutcome(receipt: DeliveryReceipt): Pick<StatusReport, 'state' | 'errorCode' | 'errorText'> {
  if (receipt.stat === 'DELIVRD') return { state: 'delivered' };
  const failure = FAILURE_TEXT[receipt.stat];
  if (!failure) return { state: 'sent' };
  const err = receipt.err && !/^0+$/.test(receipt.err) ? `, error ${receipt.err}` : '';
  return {
    state: 'failed',
    errorCode: `SMPP_STAT_${receipt.stat}`,
    errorText: `${failure} (stat ${receipt.stat}${err})`,
  };
}
