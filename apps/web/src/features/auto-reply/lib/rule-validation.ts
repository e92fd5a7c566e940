import type { FormErrors } from '@mantine/form';
import {
  CreateAutoReplyRuleBodySchema,
  MAX_COOLDOWN_MINUTES,
  MAX_REGEX_LENGTH,
  REPLY_VARIABLES,
  UpdateAutoReplyRuleBodySchema,
  unknownReplyVariables,
  type CreateAutoReplyRuleBody,
  type UpdateAutoReplyRuleBody,
} from '@switchboard/contract';
import type { z } from 'zod';
import type { AutoReplyText } from '../auto-reply-text';
import { isolateLtr } from '../../../lib/isolate';
import { ruleBodyOf, type RuleFormValues } from './rule-form-values';
import { overlappingDays } from './schedule';

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

const braces = (names: readonly string[]) => names.map((name) => `{${name}}`).join(', ');

/** Why the contract refused a pattern (its own text is English): the same checks in order. */
function regexMessage(pattern: string, caseSensitive: boolean, t: AutoReplyText): string {
  if (pattern.length > MAX_REGEX_LENGTH) return t('validation.regexTooLong', { max: MAX_REGEX_LENGTH });
  try {
    new RegExp(pattern, caseSensitive ? 'u' : 'iu');
  } catch {
    return t('validation.regexInvalid');
  }
  return t('validation.regexUnsafe');
}

const maxOf = (issue: z.core.$ZodIssue) => ('maximum' in issue ? Number(issue.maximum) : 0);

/** One issue of the rule's schema in the user's language, by field and kind (zod's own texts are English). */
export function ruleIssueMessage(issue: z.core.$ZodIssue, values: RuleFormValues, t: AutoReplyText): string {
  const [field, part, index] = issue.path;
  switch (field) {
    case 'name':
      return issue.code === 'too_big' ? t('validation.nameTooLong', { max: maxOf(issue) }) : t('validation.name');
    case 'replyText':
      if (issue.code === 'custom')
        return t('validation.unknownVariables', {
          variables: isolateLtr(braces(unknownReplyVariables(values.replyText))),
          allowed: isolateLtr(braces(REPLY_VARIABLES)),
        });
      return issue.code === 'too_big' ? t('validation.replyTooLong', { max: maxOf(issue) }) : t('validation.reply');
    case 'networkIds':
      return t('validation.networks');
    case 'cooldownMinutes':
      return t('validation.cooldown', { max: MAX_COOLDOWN_MINUTES });
    case 'timeZone':
      return t('validation.timeZone');
    case 'activeFrom':
    case 'activeUntil':
      return issue.code === 'custom' ? t('validation.periodOrder') : t('validation.date');
  }
  if (field !== 'trigger') return t('validation.invalid');
  if (part === 'keywords') {
    if (index === undefined)
      return issue.code === 'too_big'
        ? t('validation.tooManyKeywords', { max: maxOf(issue) })
        : t('validation.keywords');
    if (issue.code === 'custom')
      return regexMessage(values.trigger.keywords[Number(index)] ?? '', values.trigger.caseSensitive, t);
    return issue.code === 'too_big' ? t('validation.keywordTooLong', { max: maxOf(issue) }) : t('validation.keyword');
  }
  if (part === 'schedule') {
    if (issue.code === 'too_big') return t('validation.tooManyRanges', { max: maxOf(issue) });
    if (issue.code === 'custom') return issue.path.length > 2 ? t('validation.rangeOrder') : t('validation.overlap');
    return t('validation.clock');
  }
  if (part === 'holidays') return t('validation.date');
  return t('validation.invalid');
}

/** The first issue of each field, on the form's paths (which mirror the body's). */
function formErrors(issues: z.core.$ZodIssue[], values: RuleFormValues, t: AutoReplyText): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.join('.');
    // "Ranges of one day overlap" is said of the whole week: show it on the days concerned.
    if (path === 'trigger.schedule' && issue.code === 'custom') {
      for (const day of overlappingDays(values.trigger.schedule))
        errors[`trigger.schedule.${day}`] ??= t('validation.overlap');
      continue;
    }
    errors[path] ??= ruleIssueMessage(issue, values, t);
  }
  return errors;
}

function check<T>(schema: z.ZodType<T>, values: RuleFormValues, t: AutoReplyText): Checked<T> {
  const parsed = schema.safeParse(ruleBodyOf(values));
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: formErrors(parsed.error.issues, values, t) };
}

/** A new rule checked with the very schema the server uses (trimmed, defaults filled). */
export function checkCreateRule(values: RuleFormValues, t: AutoReplyText): Checked<CreateAutoReplyRuleBody> {
  return check(CreateAutoReplyRuleBodySchema, values, t);
}

/** A change of a rule: every field of the form is sent, checked with the PATCH schema. */
export function checkUpdateRule(values: RuleFormValues, t: AutoReplyText): Checked<UpdateAutoReplyRuleBody> {
  return check(UpdateAutoReplyRuleBodySchema, values, t);
}
