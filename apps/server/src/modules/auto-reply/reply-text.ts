import type { ReplyVariable } from '@switchboard/contract';

export type ReplyValues = Record<ReplyVariable, string>;

/** Fills `{name}`-style variables; saving refused any other placeholder, so none is left unfilled. */
export function renderReply(template: string, values: ReplyValues): string {
  return template
    .replace(/\{(name|number|keyword|network|date)\}/g, (_, variable: ReplyVariable) => values[variable])
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
