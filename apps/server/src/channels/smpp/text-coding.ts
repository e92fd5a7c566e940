import type { MessageEncoding } from '@switchboard/contract';
import smpp from 'smpp';

/** data_coding values (SMPP 3.4 §5.2.19) the adapter sends. */
export const DataCoding = { GSM7: 0x00, UCS2: 0x08 } as const;

/**
 * The bytes of a text in the SMS encoding chosen for it: GSM 03.38 unpacked (one septet per byte,
 * extension characters escaped) under data_coding 0, or UCS-2 (UTF-16BE) under data_coding 8.
 * The caller decides GSM-7 only for texts made of GSM characters (sms-segments.ts).
 */
export function encodeText(text: string, encoding: MessageEncoding): { dataCoding: number; bytes: Buffer } {
  if (encoding === 'UCS-2') return { dataCoding: DataCoding.UCS2, bytes: Buffer.from(text, 'utf16le').swap16() };
  return { dataCoding: DataCoding.GSM7, bytes: smpp.encodings.ASCII.encode(text) };
}

/**
 * The text of a decoded short_message or message_payload. The library decodes by data_coding;
 * what it cannot (binary, unknown codings) stays a Buffer and is read as Latin-1 so nothing is lost.
 */
export function messageText(value: smpp.PduFields['short_message']): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  return typeof value.message === 'string' ? value.message : value.message.toString('latin1');
}

/**
 * The bytes a GSM-decoded text came from, as ASCII. Centres write receipts in ASCII under
 * data_coding 0; decoding them as GSM turns e.g. "_" into "§", so receipts are read from these.
 */
export function gsmTextAsAscii(text: string): string {
  return smpp.encodings.ASCII.encode(text).toString('latin1');
}
