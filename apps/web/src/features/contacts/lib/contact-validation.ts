import type { FormErrors } from '@mantine/form';
import {
  CreateContactBodySchema,
  MAX_CONTACT_TAGS,
  MAX_CUSTOM_FIELD_VALUE_LENGTH,
  MAX_TAG_LENGTH,
  UpdateContactBodySchema,
  type CreateContactBody,
  type FieldError,
  type UpdateContactBody,
} from '@switchboard/contract';
import type { z } from 'zod';
import { looksInternational } from '../../../lib/phone-number';
import type { ContactsText } from '../contacts-text';
import { createBodyOf, updateBodyOf, type ContactFormValues } from './contact-form-values';

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

const NAME_MAX = 100;

/** One issue of the contact's schema in the user's language, by field (zod's own texts are English). */
export function contactIssueMessage(issue: z.core.$ZodIssue, t: ContactsText): string {
  const [field, index] = issue.path;
  switch (field) {
    case 'phoneNumber':
      return t('validation.number');
    case 'name':
      return t('validation.nameTooLong', { max: NAME_MAX });
    case 'tags':
      return index === undefined
        ? t('validation.tooManyTags', { max: MAX_CONTACT_TAGS })
        : t('validation.tag', { max: MAX_TAG_LENGTH });
    case 'customFields':
      return t('validation.fieldTooLong', { max: MAX_CUSTOM_FIELD_VALUE_LENGTH });
    case 'timeZone':
      return t('validation.timeZone');
    default:
      return t('validation.invalid');
  }
}

/** The first issue of each field, on the form's paths (`customFields.city`…, tags as one field). */
function formErrors(issues: z.core.$ZodIssue[], t: ContactsText): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const [field, key] = issue.path;
    const path = field === 'customFields' ? `customFields.${String(key)}` : String(field);
    errors[path] ??= contactIssueMessage(issue, t);
  }
  return errors;
}

function check<T>(schema: z.ZodType<T>, body: unknown, t: ContactsText): Checked<T> {
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: formErrors(parsed.error.issues, t) };
}

/**
 * A new contact checked with the very schema the server uses. The number is also checked for
 * the international form here (the schema only bounds its length; the server parses it).
 */
export function checkNewContact(values: ContactFormValues, t: ContactsText): Checked<CreateContactBody> {
  const checked = check(CreateContactBodySchema, createBodyOf(values), t);
  if (looksInternational(values.phoneNumber)) return checked;
  return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), phoneNumber: t('validation.number') } };
}

/** A change of a contact: what differs from `initial`, checked with the PATCH schema. */
export function checkContactChange(
  values: ContactFormValues,
  initial: ContactFormValues,
  t: ContactsText,
): Checked<UpdateContactBody> {
  return check(UpdateContactBodySchema, updateBodyOf(values, initial), t);
}

/**
 * The server's field errors (`body.customFields.city`…) on the form's fields. `translated` (the
 * error code's text) replaces the server's English text when the code says more than "invalid".
 */
export function serverFieldErrors(fields: FieldError[] | undefined, translated?: string): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of fields ?? []) {
    const parts = path.replace(/^body\./, '').split('.');
    const field = parts[0] === 'customFields' && parts[1] ? `customFields.${parts[1]}` : (parts[0] ?? path);
    errors[field] ??= translated ?? message;
  }
  return errors;
}
