import type { FormErrors } from '@mantine/form';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  UnlockBodySchema,
} from '@switchboard/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The server's own request schemas. This module (and zod with it) loads on demand, see validation.ts. */
const schemas = {
  login: LoginBodySchema,
  register: RegisterBodySchema,
  forgotPassword: ForgotPasswordBodySchema,
  // The token comes from the link, not from the user: the form checks only what was typed.
  resetPassword: ResetPasswordBodySchema.pick({ password: true }),
  unlock: UnlockBodySchema,
};

export type AuthForm = keyof typeof schemas;
type AuthT = TFunction<'auth'>;

/** A translated message for one issue, chosen by field and kind (zod's own texts are English). */
function issueMessage(field: string, issue: z.core.$ZodIssue, t: AuthT): string {
  const tooBig = issue.code === 'too_big';
  switch (field) {
    case 'email':
      return t('validation.invalidEmail');
    case 'displayName':
      return tooBig ? t('validation.nameTooLong', { max: Number(issue.maximum) }) : t('validation.nameRequired');
    case 'password':
      if (tooBig) return t('validation.passwordTooLong', { max: PASSWORD_MAX_LENGTH });
      if (issue.code === 'too_small' && Number(issue.minimum) > 1) {
        return t('validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
      }
      return t('validation.passwordRequired');
    default:
      return t('validation.invalid');
  }
}

/** The form's values checked against the contract schema; the first problem of each field, translated. */
export function contractErrors(form: AuthForm, values: unknown, t: AuthT): FormErrors {
  const parsed = schemas[form].safeParse(values);
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= issueMessage(field, issue, t);
  }
  return errors;
}
