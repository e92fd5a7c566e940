import type { FormErrors } from '@mantine/form';
import { CheckoutAccountSchema, PASSWORD_MIN_LENGTH, type CheckoutAccount } from '@switchboard/contract';
import type { z } from 'zod';
import type { CheckoutText } from '../checkout-text';

export type AccountValues = Record<keyof CheckoutAccount, string>;

export const EMPTY_ACCOUNT: AccountValues = {
  firstName: '',
  lastName: '',
  company: '',
  mobile: '',
  email: '',
  password: '',
};

/** A translated message for one issue of the contract schema (zod's own texts are English). */
function issueMessage(field: string, issue: z.core.$ZodIssue, t: CheckoutText): string {
  if (issue.code === 'too_big') return t('validation.tooLong', { max: Number(issue.maximum) });
  switch (field) {
    case 'firstName':
    case 'lastName':
    case 'company':
    case 'mobile':
    case 'email':
      return t(`validation.${field}`);
    case 'password':
      return issue.code === 'too_small' && Number(issue.minimum) > 1
        ? t('validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH })
        : t('validation.passwordRequired');
    default:
      return t('validation.firstName');
  }
}

/**
 * The sign-up fields checked with the very schema the server uses; the first problem of each field,
 * translated. `data` is the account as the server will read it (trimmed, e-mail in lower case).
 */
export function validateAccount(
  values: AccountValues,
  t: CheckoutText,
): { data: CheckoutAccount; errors?: undefined } | { data?: undefined; errors: FormErrors } {
  const parsed = CheckoutAccountSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= issueMessage(field, issue, t);
  }
  // An empty password is missing rather than short.
  if (errors.password && values.password === '') errors.password = t('validation.passwordRequired');
  return { errors };
}
