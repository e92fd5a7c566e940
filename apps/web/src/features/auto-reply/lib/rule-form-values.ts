import type { UseFormReturnType } from '@mantine/form';
import type { AutoReplyRule, KeywordMatch, OpeningRange, TriggerType } from '@switchboard/contract';
import { browserTimeZone } from '../../../lib/time-zones';

/**
 * The form's values. The trigger keeps the fields of every type, so switching the type back and
 * forth loses nothing; only the chosen type's fields are sent. Paths mirror the request body
 * (`trigger.keywords.0`), so the contract's and the server's field errors land on their input.
 */
export interface RuleFormValues {
  name: string;
  enabled: boolean;
  allNetworks: boolean;
  networkIds: string[];
  trigger: {
    type: TriggerType;
    match: KeywordMatch;
    keywords: string[];
    caseSensitive: boolean;
    schedule: OpeningRange[][];
    holidays: string[];
  };
  replyText: string;
  /** NumberInput's value: '' while the field is empty. */
  cooldownMinutes: number | string;
  timeZone: string;
  /** '' for "no date" (the native date input's empty value). */
  activeFrom: string;
  activeUntil: string;
}

const OFFICE_HOURS: OpeningRange = { start: '09:00', end: '17:00' };

/** A starting point that fits most businesses: Monday to Friday 9 to 5. */
export function officeWeek(): OpeningRange[][] {
  return Array.from({ length: 7 }, (_, day) => (day < 5 ? [{ ...OFFICE_HOURS }] : []));
}

/** A new rule: a keyword rule with one empty keyword, on every network, in the browser's zone. */
export function newRuleValues(): RuleFormValues {
  return {
    name: '',
    enabled: true,
    allNetworks: true,
    networkIds: [],
    trigger: {
      type: 'keyword',
      match: 'exact',
      keywords: [''],
      caseSensitive: false,
      schedule: officeWeek(),
      holidays: [],
    },
    replyText: '',
    cooldownMinutes: 60,
    timeZone: browserTimeZone(),
    activeFrom: '',
    activeUntil: '',
  };
}

/** A stored rule as the form edits it. */
export function ruleValues(rule: AutoReplyRule): RuleFormValues {
  const base = newRuleValues();
  const trigger = rule.trigger;
  return {
    name: rule.name,
    enabled: rule.enabled,
    allNetworks: rule.allNetworks,
    networkIds: rule.networkIds,
    trigger: {
      ...base.trigger,
      type: trigger.type,
      ...(trigger.type === 'keyword' && {
        match: trigger.match,
        keywords: trigger.keywords,
        caseSensitive: trigger.caseSensitive,
      }),
      ...(trigger.type === 'outside-hours' && { schedule: trigger.schedule, holidays: trigger.holidays }),
    },
    replyText: rule.replyText,
    cooldownMinutes: rule.cooldownMinutes,
    timeZone: rule.timeZone,
    activeFrom: rule.activeFrom ?? '',
    activeUntil: rule.activeUntil ?? '',
  };
}

function triggerBody(trigger: RuleFormValues['trigger']) {
  switch (trigger.type) {
    case 'keyword':
      return {
        type: trigger.type,
        match: trigger.match,
        keywords: trigger.keywords,
        caseSensitive: trigger.caseSensitive,
      };
    case 'outside-hours':
      return { type: trigger.type, schedule: trigger.schedule, holidays: trigger.holidays };
    default:
      return { type: trigger.type };
  }
}

/**
 * The request body, before the contract's schema checks it (hence `unknown` values such as an
 * empty cooldown, which the schema then names).
 */
export function ruleBodyOf(values: RuleFormValues): Record<string, unknown> {
  return {
    name: values.name,
    enabled: values.enabled,
    allNetworks: values.allNetworks,
    networkIds: values.allNetworks ? [] : values.networkIds,
    trigger: triggerBody(values.trigger),
    replyText: values.replyText,
    cooldownMinutes: values.cooldownMinutes === '' ? null : Number(values.cooldownMinutes),
    timeZone: values.timeZone,
    activeFrom: values.activeFrom || null,
    activeUntil: values.activeUntil || null,
  };
}

/** The form as its sections receive it. */
export type RuleForm = UseFormReturnType<RuleFormValues>;
