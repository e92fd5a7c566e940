/** Puts `insert` in place of the selection of `text` and says where the cursor goes after it. */
export function insertAt(
  text: string,
  insert: string,
  selection: { start: number; end: number },
): { text: string; cursor: number } {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  return { text: text.slice(0, start) + insert + text.slice(end), cursor: start + insert.length };
}
