import type { MessageEncoding } from '@switchboard/contract';
import { SegmentedMessage } from 'sms-segments-calculator';
import { hasGsm7Replacement } from './gsm-replacements';

export interface SmsCount {
  /** Characters as a person counts them. */
  characters: number;
  encoding: MessageEncoding;
  /** SMS parts (0 for an empty text): GSM-7 160 alone / 153 each when split; UCS-2 70 / 67. */
  segments: number;
  /** Room left in the last part, in the encoding's units (GSM-7 extension characters take two). */
  left: number;
  /** The distinct characters that force UCS-2, in order of appearance. */
  ucs2Characters: string[];
  /** Those of them the composer can replace with GSM-7 equivalents. */
  replaceable: string[];
}

const SINGLE = { 'GSM-7': 160, 'UCS-2': 70 } as const;
const MULTI = { 'GSM-7': 153, 'UCS-2': 67 } as const;

/**
 * How a text goes out: the same library as the server's count (apps/server/src/lib/sms-segments.ts),
 * so the composer and the auto-reply preview promise exactly what a message will cost.
 */
export function countSms(text: string): SmsCount {
  if (!text) {
    return {
      characters: 0,
      encoding: 'GSM-7',
      segments: 0,
      left: SINGLE['GSM-7'],
      ucs2Characters: [],
      replaceable: [],
    };
  }
  const message = new SegmentedMessage(text, 'auto');
  const encoding: MessageEncoding = message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  const segments = Math.max(1, message.segmentsCount);
  const units = message.messageSize / (encoding === 'GSM-7' ? 7 : 16);
  const capacity = segments === 1 ? SINGLE[encoding] : segments * MULTI[encoding];
  const ucs2Characters = [...new Set(message.getNonGsmCharacters())];
  return {
    characters: message.graphemes.length,
    encoding,
    segments,
    left: Math.max(0, capacity - units),
    ucs2Characters,
    replaceable: ucs2Characters.filter(hasGsm7Replacement),
  };
}
