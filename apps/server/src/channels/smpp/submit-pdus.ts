import { createHash } from 'node:crypto';
import type { SmppSettings } from '@switchboard/contract';
import type smpp from 'smpp';
import { countSegments, splitSegments } from '../../lib/sms-segments.js';
import type { OutboundMessage } from '../channel.js';
import { concatenationUdh } from './concatenation.js';
import { encodeText } from './text-coding.js';

const TON_INTERNATIONAL = 1;
const NPI_ISDN = 1;
const ESM_CLASS_UDH_INDICATOR = 0x40;
/** Ask for the final delivery receipt, success or failure (SMPP 3.4 §5.2.17). */
const REGISTERED_DELIVERY_FINAL = 0x01;

/**
 * The submit_sm PDUs that carry one message: one for a text that fits one SMS or goes as
 * message_payload, else one per part with a concatenation UDH, cut where splitSegments cuts.
 */
export function buildSubmitPdus(
  settings: SmppSettings,
  sourceAddress: string,
  message: Pick<OutboundMessage, 'id' | 'to' | 'body'>,
): smpp.PduFields[] {
  const envelope: smpp.PduFields = {
    source_addr_ton: settings.sourceTon,
    source_addr_npi: settings.sourceNpi,
    // A number with TON "international" carries its country code without the "+".
    source_addr: settings.sourceTon === TON_INTERNATIONAL ? sourceAddress.replace(/^\+/, '') : sourceAddress,
    dest_addr_ton: TON_INTERNATIONAL,
    dest_addr_npi: NPI_ISDN,
    destination_addr: message.to.replace(/^\+/, ''),
    registered_delivery: REGISTERED_DELIVERY_FINAL,
  };
  const { encoding, segments } = countSegments(message.body);
  const whole = encodeText(message.body, encoding);
  if (segments <= 1) return [{ ...envelope, data_coding: whole.dataCoding, short_message: whole.bytes }];
  if (settings.longMessages === 'payload') {
    return [
      { ...envelope, data_coding: whole.dataCoding, short_message: Buffer.alloc(0), message_payload: whole.bytes },
    ];
  }
  const parts = splitSegments(message.body);
  const ref = concatenationRef(message.id);
  return parts.map((text, index) => ({
    ...envelope,
    esm_class: ESM_CLASS_UDH_INDICATOR,
    data_coding: whole.dataCoding,
    short_message: Buffer.concat([
      concatenationUdh({ ref, total: parts.length, seq: index + 1 }),
      encodeText(text, encoding).bytes,
    ]),
  }));
}

/**
 * The concatenation reference of a message, derived from its id rather than a counter: a retry
 * of the same message then reuses it, so a phone still holding parts of the first try completes
 * one message instead of showing two broken ones.
 */
export function concatenationRef(messageId: string): number {
  return createHash('sha256').update(messageId).digest()[0]!;
}
