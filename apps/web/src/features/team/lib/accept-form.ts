import type { FormErrors } from '@mantine/form';
import { AcceptInvitationBodySchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@switchboard/contract';
import type { TeamText } from '../team-text';

export interface AcceptValues {
  displayName: string;
  password: string;
  confirmPassword: string;
}

/**
 * The accept form checked with the very schema the server uses (the token comes from the link),
 * plus the confirmation; the first problem of each field, translated.
 */
export function acceptFormErrors(values: AcceptValues, token: string, t: TeamText): FormErrors {
  const errors: FormErrors = {};
  const parsed = AcceptInvitationBodySchema.safeParse({
    token,
    displayName: values.displayName,
    password: values.password,
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [field] = issue.path;
    if (field === 'displayName') {
      errors.displayName ??=
        issue.code === 'too_big' ? t('edit.validation.tooLong', { max: 100 }) : t('edit.validation.nameRequired');
    } else if (field === 'password') {
      errors.password ??=
        issue.code === 'too_big'
          ? t('accept.passwordTooLong', { max: PASSWORD_MAX_LENGTH })
          : t('accept.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
    }
  }
  if (values.confirmPassword !== values.password) errors.confirmPassword = t('accept.passwordMismatch');
  return errors;
}
