/** The recovery codes as a text file to keep: a heading naming the account, then one code a line. */
export function recoveryCodesFile(heading: string, codes: readonly string[]): Blob {
  return new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
}

/** A 6-digit code as typed: spaces and dashes some apps show go. */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}
