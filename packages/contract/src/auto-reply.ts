import safeRegex from 'safe-regex2';
import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, MessageEncoding } from './messages.js';

/** Variables a reply may use; anything else in braces is refused when the rule is saved. */
export const REPLY_VARIABLES = ['name', 'number', 'keyword', 'network', 'date'] as const;
export type ReplyVariable = (typeof REPLY_VARIABLES)[number];

/** How many auto-replies one contact may get per hour unless the workspace sets another limit. */
export const DEFAULT_AUTO_REPLY_HOURLY_LIMIT = 5;
export const MAX_RULE_KEYWORDS = 50;
export const MAX_KEYWORD_LENGTH = 100;
/** Longer patterns are refused: they are slow to check and rarely what a person means. */
export const MAX_REGEX_LENGTH = 200;
/** A week. */
export const MAX_COOLDOWN_MINUTES = 7 * 24 * 60;
export const MAX_RULES_PER_WORKSPACE = 200;

/** `{name}`-style placeholders in a reply text, in order of appearance. */
export function replyVariablesOf(text: string): string[] {
  return [...text.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1]!);
}

/** What each variable stands for in one reply. */
export type ReplyValues = Record<ReplyVariable, string>;

/**
 * The reply as the contact reads it (the server sends it, the form previews it): variables filled,
 * a run of spaces an empty variable leaves made one, the ends trimmed. Saving refused any other
 * placeholder, so in a saved rule none is left unfilled.
 */
export function renderReply(template: string, values: ReplyValues): string {
  return template
    .replace(/\{(name|number|keyword|network|date)\}/g, (_, variable: ReplyVariable) => values[variable])
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** The placeholders of a reply text that are not variables (what saving refuses). */
export function unknownReplyVariables(text: string): string[] {
  return [...new Set(replyVariablesOf(text).filter((v) => !(REPLY_VARIABLES as readonly string[]).includes(v)))];
}

/** Why a pattern cannot be used, or null when it can: it must compile and not backtrack catastrophically. */
export function regexProblem(pattern: string, caseSensitive = false): string | null {
  if (pattern.length > MAX_REGEX_LENGTH) return `A pattern has at most ${MAX_REGEX_LENGTH} characters.`;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, caseSensitive ? 'u' : 'iu');
  } catch (error) {
    return `Not a valid regular expression: ${(error as Error).message}`;
  }
  if (!safeRegex(regex)) return 'This pattern could take very long on some messages (nested repetition). Simplify it.';
  return null;
}

/** True when `zone` is an IANA time zone this runtime knows (e.g. Europe/Berlin, UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const clock = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:MM (00:00 to 24:00).')
  .describe('Local time HH:MM; 24:00 means the end of the day.');

/** Open from `start` (inclusive) to `end` (exclusive), local time of the rule's time zone. */
export const OpeningRangeSchema = z
  .object({ start: clock, end: clock })
  .refine((r) => r.start < r.end, { message: 'A range ends after it starts (split a night into two days).' });
export type OpeningRange = z.infer<typeof OpeningRangeSchema>;

const isoDate = z.iso.date().describe('A calendar date, YYYY-MM-DD.');

/** Business hours: seven days, Monday first; an empty day is closed all day. */
export const WeeklyScheduleSchema = z
  .array(z.array(OpeningRangeSchema).max(6, 'At most 6 ranges a day.'))
  .length(7, 'One entry per day, Monday first.')
  .describe('Opening ranges per weekday, Monday (index 0) to Sunday (index 6).')
  .refine((days) => days.every((ranges) => !overlaps(ranges)), { message: 'Ranges of one day overlap.' });
export type WeeklySchedule = z.infer<typeof WeeklyScheduleSchema>;

function overlaps(ranges: OpeningRange[]): boolean {
  const sorted = [...ranges].sort((a, b) => a.start.localeCompare(b.start));
  return sorted.some((r, i) => i > 0 && r.start < sorted[i - 1]!.end);
}

export const KeywordMatchSchema = z.enum(['exact', 'first-word', 'contains', 'regex']);
export type KeywordMatch = z.infer<typeof KeywordMatchSchema>;

const keyword = z
  .string()
  .trim()
  .min(1, 'A keyword cannot be empty.')
  .max(MAX_REGEX_LENGTH, `At most ${MAX_REGEX_LENGTH} characters.`);

export const KeywordTriggerSchema = z
  .object({
    type: z.literal('keyword'),
    match: KeywordMatchSchema.describe(
      'exact: the whole message (surrounding spaces and punctuation ignored); first-word: the message starts ' +
        'with it; contains: it appears as whole words; regex: the pattern matches somewhere.',
    ),
    keywords: z
      .array(keyword)
      .min(1, 'Add at least one keyword.')
      .max(MAX_RULE_KEYWORDS, `At most ${MAX_RULE_KEYWORDS} keywords.`),
    caseSensitive: z.boolean().default(false),
  })
  .superRefine((trigger, ctx) => {
    trigger.keywords.forEach((text, i) => {
      const problem =
        trigger.match === 'regex'
          ? regexProblem(text, trigger.caseSensitive)
          : text.length > MAX_KEYWORD_LENGTH
            ? `A keyword has at most ${MAX_KEYWORD_LENGTH} characters.`
            : /^[\s\p{P}]*$/u.test(text)
              ? 'A keyword needs a letter, a digit or an emoji (punctuation around words is ignored).'
              : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['keywords', i], message: problem });
    });
  });

export const TriggerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('any') }).describe('Every message.'),
  z.object({ type: z.literal('first-message') }).describe('The first message a contact ever sends the workspace.'),
  KeywordTriggerSchema,
  z
    .object({
      type: z.literal('outside-hours'),
      schedule: WeeklyScheduleSchema,
      holidays: z.array(isoDate).max(366).default([]).describe('Dates closed all day.'),
    })
    .describe('Messages that arrive outside business hours (in the rule’s time zone) or on a holiday.'),
]);
export type Trigger = z.infer<typeof TriggerSchema>;
export type TriggerInput = z.input<typeof TriggerSchema>;
export type TriggerType = Trigger['type'];

const replyText = z
  .string()
  .trim()
  .min(1, 'Write the reply.')
  .max(MAX_MESSAGE_LENGTH, `A reply has at most ${MAX_MESSAGE_LENGTH} characters.`)
  .superRefine((text, ctx) => {
    const unknown = unknownReplyVariables(text);
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: `Unknown variable ${unknown.map((v) => `{${v}}`).join(', ')}. Use ${REPLY_VARIABLES.map((v) => `{${v}}`).join(', ')}.`,
      });
  });

const ruleFields = {
  name: z.string().trim().min(1, 'Give the rule a name.').max(100),
  enabled: z.boolean(),
  allNetworks: z.boolean().describe('True: every network of the workspace, now and later.'),
  networkIds: z.array(z.uuid()).max(100).describe('The networks it answers on when `allNetworks` is false.'),
  trigger: TriggerSchema,
  replyText: replyText.describe(`The reply; may use ${REPLY_VARIABLES.map((v) => `{${v}}`).join(' ')}.`),
  cooldownMinutes: z
    .number()
    .int()
    .min(0)
    .max(MAX_COOLDOWN_MINUTES)
    .describe('After answering a contact, this rule stays silent to them for this long.'),
  timeZone: z
    .string()
    .refine(isTimeZone, 'Unknown time zone.')
    .describe('IANA time zone of the business hours, the active dates and {date}.'),
  activeFrom: isoDate.nullable().describe('First day the rule answers (inclusive); null: no start.'),
  activeUntil: isoDate.nullable().describe('Last day the rule answers (inclusive); null: no end.'),
};

/** A rule's active dates do not end before they start (also checked on a rule merged with a patch). */
export const periodInOrder = (r: { activeFrom?: string | null; activeUntil?: string | null }) =>
  !r.activeFrom || !r.activeUntil || r.activeFrom <= r.activeUntil;
/** A rule answers on all networks or on at least one chosen network. */
export const networksChosen = (r: { allNetworks?: boolean; networkIds?: string[] }) =>
  r.allNetworks !== false || (r.networkIds?.length ?? 0) > 0;
export const PERIOD_OUT_OF_ORDER = 'The end date is before the start date.';
export const NO_NETWORK_CHOSEN = 'Choose at least one network.';

/** POST /api/auto-reply/rules: a new rule goes last in the order. */
export const CreateAutoReplyRuleBodySchema = z
  .object({
    ...ruleFields,
    enabled: ruleFields.enabled.default(true),
    allNetworks: ruleFields.allNetworks.default(true),
    networkIds: ruleFields.networkIds.default([]),
    cooldownMinutes: ruleFields.cooldownMinutes.default(60),
    timeZone: ruleFields.timeZone.default('UTC'),
    activeFrom: ruleFields.activeFrom.default(null),
    activeUntil: ruleFields.activeUntil.default(null),
  })
  .refine(periodInOrder, { path: ['activeUntil'], message: PERIOD_OUT_OF_ORDER })
  .refine(networksChosen, { path: ['networkIds'], message: NO_NETWORK_CHOSEN });
export type CreateAutoReplyRuleBody = z.input<typeof CreateAutoReplyRuleBodySchema>;

/** PATCH /api/auto-reply/rules/:id: any subset of the fields (the switch sends only `enabled`). */
export const UpdateAutoReplyRuleBodySchema = z
  .object(ruleFields)
  .partial()
  .refine(periodInOrder, { path: ['activeUntil'], message: PERIOD_OUT_OF_ORDER })
  .refine(networksChosen, { path: ['networkIds'], message: NO_NETWORK_CHOSEN });
export type UpdateAutoReplyRuleBody = z.input<typeof UpdateAutoReplyRuleBodySchema>;

export const AutoReplyRuleSchema = z.object({
  id: z.uuid(),
  ...ruleFields,
  replyText: z.string(),
  timeZone: z.string(),
  priority: z.number().int().describe('Position in the order, 1 first; the first matching rule answers.'),
  firedCount: z.number().int(),
  lastFiredAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AutoReplyRule = z.infer<typeof AutoReplyRuleSchema>;

export const AutoReplyRuleParamsSchema = z.object({ id: z.uuid() });
export const AutoReplyRuleListSchema = z.object({ rules: z.array(AutoReplyRuleSchema).describe('In priority order.') });
export type AutoReplyRuleList = z.infer<typeof AutoReplyRuleListSchema>;

/** PUT /api/auto-reply/order: every rule of the workspace, first to last. */
export const ReorderAutoReplyRulesBodySchema = z.object({
  ruleIds: z.array(z.uuid()).max(MAX_RULES_PER_WORKSPACE),
});
export type ReorderAutoReplyRulesBody = z.infer<typeof ReorderAutoReplyRulesBodySchema>;

/** The workspace's guard that keeps auto-replies from looping. */
export const AutoReplySettingsSchema = z.object({
  hourlyLimit: z.number().int().min(1).max(100).describe('At most this many auto-replies to one contact in any hour.'),
});
export type AutoReplySettings = z.infer<typeof AutoReplySettingsSchema>;

/** POST /api/auto-reply/try: what would happen to this message; nothing is stored or sent. */
export const TryAutoReplyBodySchema = z.object({
  networkId: z.uuid(),
  from: z.string().trim().min(1, 'Enter the sender’s number.').max(32),
  text: z.string().max(MAX_MESSAGE_LENGTH),
});
export type TryAutoReplyBody = z.infer<typeof TryAutoReplyBodySchema>;

/**
 * Why no rule answers. `opt-out-keyword`: STOP/START/HELP are compliance keywords, answered by the
 * compliance replies and never by a rule; `opted-out`: nothing goes to an opted-out contact;
 * `own-number`: the sender is one of the workspace's own numbers; `short-code`: 3–6 digit senders
 * (services, other robots); `not-a-number`: a named sender (e.g. "BANK") that cannot be answered; `hourly-limit`: the contact had the workspace's limit of auto-replies
 * in the last hour; `cooldown`: the matching rule answered this contact less than its cooldown
 * ago; `no-match`: no enabled rule of the network matches.
 */
export const NoReplyReasonSchema = z.enum([
  'opt-out-keyword',
  'opted-out',
  'own-number',
  'short-code',
  'not-a-number',
  'hourly-limit',
  'cooldown',
  'no-match',
]);
export type NoReplyReason = z.infer<typeof NoReplyReasonSchema>;

const ruleRef = z.object({ id: z.uuid(), name: z.string() });

export const TryAutoReplyResultSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('reply'),
    rule: ruleRef,
    reply: z.string(),
    encoding: MessageEncoding,
    segments: z.number().int(),
  }),
  z.object({
    outcome: z.literal('none'),
    reason: NoReplyReasonSchema,
    /** The rule that matched but was held back (cooldown). */
    rule: ruleRef.nullable(),
    /** When the contact may be answered again (cooldown and hourly limit). */
    retryAt: z.iso.datetime({ offset: true }).nullable(),
  }),
]);
export type TryAutoReplyResult = z.infer<typeof TryAutoReplyResultSchema>;

/** A rule answered a message: its new count (workspace room). */
export const AutoReplyFiredSchema = z.object({
  ruleId: z.uuid(),
  firedCount: z.number().int(),
  lastFiredAt: z.iso.datetime({ offset: true }),
});
export type AutoReplyFired = z.infer<typeof AutoReplyFiredSchema>;
