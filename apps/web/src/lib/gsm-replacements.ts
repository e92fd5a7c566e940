/**
 * Look-alikes of GSM-7 characters that phones and word processors put into texts (curly quotes,
 * dashes, the ellipsis, special spaces). Any one of them switches a whole SMS to UCS-2, which
 * holds 70 characters instead of 160, so the composer offers to replace them.
 */
export const GSM7_REPLACEMENTS: Readonly<Record<string, string>> = {
  // Single quotes, apostrophes and primes.
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u2039': "'",
  '\u203A': "'",
  '\u00B4': "'",
  '\u02BC': "'",
  '`': "'",
  // Double quotes and guillemets.
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  // Hyphens, dashes and the minus sign.
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  // Ellipsis and bullets.
  '\u2026': '...',
  '\u2022': '-',
  '\u00B7': '-',
  // Spaces of other widths, and invisible characters.
  '\u00A0': ' ',
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
  '\u200B': '',
  '\u200C': '',
  '\u200D': '',
  '\u2060': '',
  '\uFEFF': '',
  // Fraction slash, full-width punctuation people paste from other keyboards.
  '\u2044': '/',
  '\uFF0C': ',',
  '\uFF0E': '.',
  '\uFF1A': ':',
  '\uFF1B': ';',
  '\uFF01': '!',
  '\uFF1F': '?',
};

/** Whether the composer can replace this character with a GSM-7 one. */
export function hasGsm7Replacement(char: string): boolean {
  return Object.hasOwn(GSM7_REPLACEMENTS, char);
}

/** The text with every replaceable character replaced, and how many were. */
export function replaceWithGsm7(text: string): { text: string; replaced: number } {
  let replaced = 0;
  let result = '';
  for (const char of text) {
    if (hasGsm7Replacement(char)) {
      result += GSM7_REPLACEMENTS[char];
      replaced += 1;
    } else {
      result += char;
    }
  }
  return { text: result, replaced };
}
