/**
 * How amounts and dates read on the PDF: en-US, whatever the buyer's language (the web's invoice
 * page formats per locale itself). Amounts are integer cents, dates are shown as UTC calendar days.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 123456 → "$1,234.56"; -20000 → "-$200.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** An ISO-like calendar day, "2026-11-27" (UTC). */
export function formatDay(iso: string | Date): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** 0 → "0%", 19 → "19%", 7.5 → "7.5%". */
export function formatPercent(value: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value)}%`;
}

/** Windows-1252's characters above Latin-1's range: what Helvetica shows besides Latin-1. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const isWinAnsi = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
};

/**
 * Text the PDF's built-in Helvetica can show (Windows-1252): a letter outside it loses its accents
 * when that makes it one ("ő" → "o"), anything else becomes "?". pdfkit would otherwise print
 * other letters in its place.
 */
export function helveticaText(text: string): string {
  let shown = '';
  for (const char of text.normalize('NFC')) {
    if (isWinAnsi(char)) shown += char;
    else if (/\s/.test(char)) shown += ' ';
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      shown += base.length > 0 && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return shown;
}
