import type { ReplyVariable } from '@switchboard/contract';

export type ReplyValues = Record<ReplyVariable, string>;

/**
 * The reply as a contact would read it: variables filled as the server fills them
 * (apps/server/src/modules/auto-reply/reply-text.ts), runs of spaces left by an empty variable
 * made one, the ends trimmed. Unknown placeholders stay as written (saving refuses them).
 */
export function renderReply(template: string, values: ReplyValues): string {
  return template
    .replace(/\{(name|number|keyword|network|date)\}/g, (_, variable: ReplyVariable) => values[variable])
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

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
