import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { FieldError } from '@switchboard/contract';
import type { TFunction } from 'i18next';
import type { AuthForm } from './contract-validation';

type AuthT = TFunction<'auth'>;

// The contract schemas bring zod (~34 kB gzip): loaded when a form is first used, not with the
// page, so a first visit of /pages/login stays within its JavaScript budget.
const loadContractValidation = () => import('./contract-validation');

/** Starts loading the schemas early (on the first focus of a form), so submitting does not wait. */
export function preloadValidation() {
  void loadContractValidation();
}

/**
 * Checks the form with the very schema the server uses, plus `extra` (checks the schema cannot
 * know, like the confirmation); shows the translated errors. True when the form may be sent.
 */
export async function checkForm<V>(
  form: UseFormReturnType<V>,
  name: AuthForm,
  t: AuthT,
  extra?: (values: V) => FormErrors,
): Promise<boolean> {
  const values = form.getValues();
  const { contractErrors } = await loadContractValidation();
  const errors = { ...contractErrors(name, values, t), ...extra?.(values) };
  form.setErrors(errors);
  return Object.keys(errors).length === 0;
}

/** Spec §5: password and confirmation must match, checked before any server call. */
export function passwordsMatch(t: AuthT) {
  return (values: { password: string; confirmPassword: string }): FormErrors =>
    values.confirmPassword !== values.password ? { confirmPassword: t('validation.passwordMismatch') } : {};
}

/**
 * The server's field errors (`body.email` …) on the form's fields. They only appear when the
 * server's rules moved ahead of this page, so its (English) message is shown as it is.
 */
export function serverFieldErrors(fields: FieldError[] | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of fields ?? []) errors[path.replace(/^body\./, '')] ??= message;
  return errors;
}
