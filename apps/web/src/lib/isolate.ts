/**
 * Keeps a left-to-right value (a date, a time, a phone number) in one piece inside a translated
 * sentence: in Arabic the bidi algorithm would otherwise reorder its digit groups ("2026-01-01"
 * shown as "01-01-2026"). First-strong isolate … pop directional isolate, as plain text.
 */
export function isolateLtr(value: string): string {
  return `\u2066${value}\u2069`;
}

/**
 * Keeps a value of either direction (a file name, a cell as typed) in one piece inside a
 * translated sentence: first-strong isolate, its direction taken from its own first letter.
 */
export function isolateText(value: string): string {
  return `\u2068${value}\u2069`;
}
