import {
  MAX_MESSAGE_LENGTH,
  parseTemplate,
  personalise,
  type ApiBatchRecipient,
  type ApiBatchRefusal,
} from '@switchboard/contract';
import { toE164 } from '../../lib/phone-number.js';

/** A recipient the batch may queue: its place in the request, the number as given and in E.164, its text. */
export interface AcceptedRecipient {
  index: number;
  given: string;
  to: string;
  body: string;
}

export interface BatchPlan {
  accepted: AcceptedRecipient[];
  /** Refused before the database is asked (opt-outs are known only there). */
  refusals: ApiBatchRefusal[];
}

/**
 * A batch's recipients read in one pure pass: each number in E.164 (else `invalid_number`), a
 * number seen earlier refused as `duplicate`, the template personalised with the recipient's
 * variables and `{number}` (the campaigns' personalisation: `{key}`, `{key|default}`), a
 * variable without value or default refused as `missing_variable`, a text past the length limit
 * as `too_long`, an empty one as `empty_text`.
 */
export function planBatch(template: string, recipients: ApiBatchRecipient[]): BatchPlan {
  const parts = parseTemplate(template);
  const seen = new Set<string>();
  const accepted: AcceptedRecipient[] = [];
  const refusals: ApiBatchRefusal[] = [];
  recipients.forEach((recipient, index) => {
    const refuse = (reason: ApiBatchRefusal['reason']) => refusals.push({ index, to: recipient.to, reason });
    const to = toE164(recipient.to);
    if (!to) return refuse('invalid_number');
    if (seen.has(to)) return refuse('duplicate');
    seen.add(to);
    const { text, missing } = personalise(parts, { ...recipient.variables, number: to });
    if (missing.length > 0) return refuse('missing_variable');
    if (text.trim().length === 0) return refuse('empty_text');
    if (text.length > MAX_MESSAGE_LENGTH) return refuse('too_long');
    accepted.push({ index, given: recipient.to, to, body: text });
  });
  return { accepted, refusals };
}
