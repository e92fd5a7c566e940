import type { FormErrors } from '@mantine/form';
import { BillingProfileSchema, type BillingProfile } from '@switchboard/contract';
import type { BillingText } from '../billing-text';

/** The form's fields: the address as the text of a textarea, optional fields as '' when empty. */
export interface ProfileFormValues {
  name: string;
  company: string;
  email: string;
  address: string;
  vatId: string;
}

export const emptyProfileForm: ProfileFormValues = { name: '', company: '', email: '', address: '', vatId: '' };

export function toProfileForm(profile: BillingProfile): ProfileFormValues {
  return {
    name: profile.name,
    company: profile.company ?? '',
    email: profile.email ?? '',
    address: profile.addressLines.join('\n'),
    vatId: profile.vatId ?? '',
  };
}

/** What the form sends: blank optional fields as null, the address's non-empty lines. */
export function toProfileBody(values: ProfileFormValues): BillingProfile {
  const optional = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    company: optional(values.company),
    email: optional(values.email),
    addressLines: values.address
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    vatId: optional(values.vatId),
  };
}

const FIELD_OF: Record<string, keyof ProfileFormValues> = {
  name: 'name',
  company: 'company',
  email: 'email',
  addressLines: 'address',
  vatId: 'vatId',
};

/**
 * The form checked with the contract's schema (the one the server uses), its issues in the user's
 * language on the fields (zod's own texts are English).
 */
export function checkProfileForm(
  values: ProfileFormValues,
  t: BillingText,
): { ok: true; body: BillingProfile } | { ok: false; errors: FormErrors } {
  const body = toProfileBody(values);
  const parsed = BillingProfileSchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (!field || errors[field]) continue;
    errors[field] =
      field === 'name' && issue.code !== 'too_big'
        ? t('profile.validation.name')
        : field === 'email' && issue.code !== 'too_big'
          ? t('profile.validation.email')
          : field === 'address'
            ? t('profile.validation.address')
            : t('profile.validation.tooLong');
  }
  return { ok: false, errors };
}
