import { SegmentedMessage } from 'sms-segments-calculator';
import type { MessageEncoding } from '@switchboard/contract';

export interface SegmentCount {
  encoding: MessageEncoding;
  /** SMS parts: GSM-7 160 alone / 153 each when split; UCS-2 70 / 67. */
  segments: number;
}

/** Encoding and part count of a text, as the SMS network will send it. */
export function countSegments(body: string): SegmentCount {
  const message = new SegmentedMessage(body, 'auto');
  return {
    encoding: message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    segments: Math.max(1, message.segmentsCount),
  };
}

/**
 * Splits a text into the parts that go out as concatenated SMS (without the UDH itself), so a
 * channel that sends parts itself (SMPP with UDH) cuts exactly where the count said: at most 153
 * GSM-7 septets or 67 UCS-2 code units each, never inside a character.
 */
export function splitSegments(body: string): string[] {
  const message = new SegmentedMessage(body, 'auto');
  if (message.segmentsCount <= 1) return [body];
  // A segment is an Array subclass whose constructor adds six header slots; Array methods that
  // build a new array through it (map, filter) would add them again, so read it with for…of.
  return message.segments.map((segment) => {
    let text = '';
    for (const char of segment as Iterable<{ raw?: string; isUserDataHeader?: boolean }>) {
      if (!char.isUserDataHeader) text += char.raw ?? '';
    }
    return text;
  });
}
