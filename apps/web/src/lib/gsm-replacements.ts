import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * Look-alikes of GSM-7 characters that phones and word processors put into texts (curly quotes,
 * dashes, the ellipsis, special spaces, full-width forms). Any one of them switches a whole SMS
 * to UCS-2, which holds 70 characters instead of 160, so the composer offers to replace them.
 *
 * The table is sms-segments-calculator's smart encoding (Twilio's, some 270 characters), the
 * library that also counts the parts. These are ours only where that table is missing or worse
 * (gsm-replacements.test.ts shows each difference):
 * - a special space becomes one space (the library's table makes it two);
 * - the quotation marks ‚ ‹ › stay quotes (the library's make them a comma and angle brackets);
 * - primes, the minus sign, the non-breaking and figure dashes, the middle dot and the
 *   zero-width joiner are not in the library's table at all.
 */
export const GSM7_REPLACEMENTS: Readonly<Record<string, string>> = {
  // Quotation marks and primes.
  '\u201A': "'",
  '\u2039': "'",
  '\u203A': "'",
  '\u2032': "'",
  '\u2033': '"',
  // Dashes, the minus sign and the middle dot.
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u00B7': '-',
  // Spaces of other widths, and the invisible joiner.
  '\u00A0': ' ',
  '\u2000': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2004': ' ',
  '\u2005': ' ',
  '\u2006': ' ',
  '\u2007': ' ',
  '\u2008': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u202F': ' ',
  '\u205F': ' ',
  '\u3000': ' ',
  '\u200D': '',
};

const smartEncoded = new Map<string, string>();

/** The library's smart-encoding replacement of one character (the character itself if none). */
function smartEncode(char: string): string {
  let result = smartEncoded.get(char);
  if (result === undefined) {
    result = new SegmentedMessage(char, 'auto', true).graphemes.join('');
    smartEncoded.set(char, result);
  }
  return result;
}

function replacementOf(char: string): string | undefined {
  if (Object.hasOwn(GSM7_REPLACEMENTS, char)) return GSM7_REPLACEMENTS[char];
  const smart = smartEncode(char);
  return smart === char ? undefined : smart;
}

/** Whether the composer can replace this character with a GSM-7 one. */
export function hasGsm7Replacement(char: string): boolean {
  return replacementOf(char) !== undefined;
}

/** The text with every replaceable character replaced, and how many were. */
export function replaceWithGsm7(text: string): { text: string; replaced: number } {
  let replaced = 0;
  let result = '';
  for (const char of text) {
    const replacement = replacementOf(char);
    if (replacement === undefined) {
      result += char;
    } else {
      result += replacement;
      replaced += 1;
    }
  }
  return { text: result, replaced };
}
