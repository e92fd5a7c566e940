import type { FormErrors } from '@mantine/form';
import {
  ContactFieldsBodySchema,
  MAX_CUSTOM_FIELDS,
  RESERVED_FIELD_KEYS,
  type ContactFieldsBody,
} from '@switchboard/contract';
import type { ContactsText } from '../contacts-text';

export type CheckedKeys = { ok: true; data: ContactFieldsBody } | { ok: false; errors: FormErrors };

const KEY_MAX = 32;

/**
 * The custom field keys as typed (one input each, blanks ignored) checked with the PUT schema;
 * errors land on the inputs (`keys.<index>`), translated by what is wrong.
 */
export function checkFieldKeys(keys: readonly string[], t: ContactsText): CheckedKeys {
  const typed = keys.map((key, index) => ({ key: key.trim(), index })).filter(({ key }) => key !== '');
  const parsed = ContactFieldsBodySchema.safeParse({ fields: typed.map(({ key }) => ({ key })) });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FormErrors = {};
  const seen = new Map<string, number>();
  for (const { key, index } of typed) {
    if (seen.has(key)) errors[`keys.${index}`] = t('fields.duplicate');
    seen.set(key, index);
  }
  for (const issue of parsed.error.issues) {
    const [, position] = issue.path;
    if (typeof position !== 'number') {
      if (issue.code === 'too_big') errors.keys = t('fields.limit', { max: MAX_CUSTOM_FIELDS });
      continue;
    }
    const { key, index } = typed[position]!;
    errors[`keys.${index}`] ??= (RESERVED_FIELD_KEYS as readonly string[]).includes(key)
      ? t('fields.reserved', { key })
      : t('fields.invalid', { max: KEY_MAX });
  }
  return { ok: false, errors };
}
