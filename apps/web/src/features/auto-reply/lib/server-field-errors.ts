import type { FormErrors } from '@mantine/form';
import type { FieldError } from '@switchboard/contract';

/** The server's field errors (`body.trigger.keywords.0` …) on the form's inputs, in its words. */
export function serverFieldErrors(fields: FieldError[] | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of fields ?? []) errors[path.replace(/^body\./, '')] ??= message;
  return errors;
}
