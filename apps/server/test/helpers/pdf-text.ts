import { inflateSync } from 'node:zlib';

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
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs.join('\n');
}
