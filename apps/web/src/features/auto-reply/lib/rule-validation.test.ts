import { describe, expect, it } from 'vitest';
import { autoReply } from '../../../i18n/locales/en/auto-reply';
import type { AutoReplyText } from '../auto-reply-text';
import { newRuleValues, type RuleFormValues } from './rule-form-values';
import { checkCreateRule, checkUpdateRule } from './rule-validation';

/** English texts by key, with {{values}} filled, as the namespace's `t` gives them. */
const t: AutoReplyText = (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], autoReply);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

function values(change: (values: RuleFormValues) => void): RuleFormValues {
  const result = newRuleValues();
  result.name = 'Prices';
  result.trigger.keywords = ['PRICE'];
  result.replyText = 'See example.com';
  change(result);
  return result;
}

const errorsOf = (input: RuleFormValues) => {
  const checked = checkCreateRule(input, t);
  return checked.ok ? {} : checked.errors;
};

describe('checkCreateRule', () => {
  it('accepts a complete keyword rule and fills the defaults', () => {
    const checked = checkCreateRule(
      values(() => {}),
      t,
    );
    expect(checked.ok && checked.data).toMatchObject({ enabled: true, cooldownMinutes: 60 });
  });

  it('names each refused field in the user’s words, on the form’s own paths', () => {
    expect(errorsOf(values((v) => (v.name = ' ')))).toEqual({ name: 'Give the rule a name.' });
    expect(errorsOf(values((v) => (v.trigger.keywords = ['PRICE', ' '])))).toEqual({
      'trigger.keywords.1': 'A keyword cannot be empty.',
    });
    expect(errorsOf(values((v) => (v.cooldownMinutes = '')))).toEqual({
      cooldownMinutes: 'Enter whole minutes from 0 to 10080.',
    });
    expect(errorsOf(values((v) => ((v.allNetworks = false), (v.networkIds = []))))).toEqual({
      networkIds: 'Choose at least one network.',
    });
    expect(errorsOf(values((v) => ((v.activeFrom = '2026-05-01'), (v.activeUntil = '2026-04-01'))))).toEqual({
      activeUntil: 'The end date is before the start date.',
    });
  });

  it('explains why a pattern is refused: invalid, or unsafe', () => {
    const regex = (pattern: string) =>
      values((v) => {
        v.trigger.match = 'regex';
        v.trigger.keywords = [pattern];
      });
    expect(errorsOf(regex('(price'))).toEqual({ 'trigger.keywords.0': 'This is not a valid regular expression.' });
    expect(errorsOf(regex('(a+)+$'))).toEqual({
      'trigger.keywords.0': 'This pattern could take very long on some messages (nested repetition). Simplify it.',
    });
  });

  it('puts business-hours problems on the range or the day concerned', () => {
    const hours = values((v) => {
      v.trigger.type = 'outside-hours';
      v.trigger.schedule[0] = [{ start: '12:00', end: '09:00' }];
      v.trigger.schedule[1] = [
        { start: '09:00', end: '13:00' },
        { start: '12:00', end: '17:00' },
      ];
    });
    expect(errorsOf(hours)).toEqual({
      'trigger.schedule.0.0': 'Closes after it opens (split a night into two days).',
      'trigger.schedule.1': 'These hours overlap.',
    });
  });
});

describe('checkUpdateRule', () => {
  it('checks a change with the PATCH schema', () => {
    const checked = checkUpdateRule(
      values((v) => (v.replyText = 'Hi {first}')),
      t,
    );
    expect(checked.ok ? {} : checked.errors).toEqual({
      // The variable lists are kept left-to-right in Arabic text (isolate marks).
      replyText:
        'Unknown variable \u2066{first}\u2069. Use \u2066{name}, {number}, {keyword}, {network}, {date}\u2069.',
    });
  });
});
