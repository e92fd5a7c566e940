import { inflateSync } from 'node:zlib';

/** Windows-1252's 0x80–0x9F (the rest of its codes are Latin-1's). */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeWinAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80_9F[b - 0x80] : String.fromCharCode(b))).join('');

/**
 * The text shown by a PDF made with pdfkit's standard fonts, enough for a test to find words and
 * amounts: each page stream (inflated when compressed), its TJ/Tj strings decoded (pdfkit writes
 * them as hex of WinAnsi codes), one shown run per line.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n([^]*?)\r?\nendstream/g)) {
    const [, dictionary, body] = match;
    let content = body!;
    if (/\/Filter\s*\/FlateDecode/.test(dictionary!)) {
      try {
        content = inflateSync(Buffer.from(body!, 'latin1')).toString('latin1');
      } catch {
        continue; // a font or an image, not a page's text
      }
    }
    for (const shown of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = shown[1] ? [...shown[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : shown[2]!;
      runs.push(decodeWinAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return runs.join('\n');
}
