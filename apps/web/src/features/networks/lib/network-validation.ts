import type { FormErrors } from '@mantine/form';
import {
  CreateNetworkBodySchema,
  HttpSettingsSchema,
  SandboxInboundBodySchema,
  SmppSettingsSchema,
  TestMessageBodySchema,
  UpdateNetworkBodySchema,
  type CreateNetworkBody,
  type FieldError,
  type NetworkKind,
  type UpdateNetworkBody,
} from '@switchboard/contract';
import type { z } from 'zod';
import type { NetworksText } from '../networks-text';
import { formField } from './network-form';

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

/** One issue in the user's language, by its kind (zod's own texts are English). */
export function issueMessage(issue: z.core.$ZodIssue, t: NetworksText): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number' && issue.input !== undefined) return t('validation.wholeNumber');
      return t('validation.required');
    case 'too_small':
      if (issue.origin === 'string') return t('validation.required');
      return t('validation.tooSmall', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('validation.tooLong', { max: Number(issue.maximum) });
      return t('validation.tooBig', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'url' ? t('validation.url') : t('validation.invalid');
    case 'custom':
      // The contract's refinements (e.g. a message of only spaces) mean "nothing there".
      return t('validation.required');
    default:
      return t('validation.invalid');
  }
}

/** The first issue of each field, on the form's field names. */
function formErrors(issues: z.core.$ZodIssue[], t: NetworksText, field = (path: string) => path): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[field(issue.path.join('.'))] ??= issueMessage(issue, t);
  return errors;
}

function check<T>(schema: z.ZodType<T>, value: unknown, t: NetworksText, field?: (path: string) => string): Checked<T> {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: formErrors(parsed.error.issues, t, field) };
}

/** The wizard's body checked with the very schema the server uses (trimmed, defaults filled). */
export function checkCreateBody(body: CreateNetworkBody, t: NetworksText): Checked<CreateNetworkBody> {
  return check(CreateNetworkBodySchema, body, t, (path) => formField(body.kind, path));
}

/**
 * A settings change. The settings part is checked against the kind's own schema (the contract's
 * union of SMPP and HTTP settings would only say "invalid" for a wrong field).
 */
export function checkUpdateBody(
  kind: NetworkKind,
  body: UpdateNetworkBody,
  t: NetworksText,
): Checked<UpdateNetworkBody> {
  const { settings, ...rest } = body;
  const top = check(UpdateNetworkBodySchema.omit({ settings: true }), rest, t);
  const settingsSchema: z.ZodType<unknown> =
    kind === 'smpp' ? SmppSettingsSchema.partial() : HttpSettingsSchema.partial();
  const kindSettings = settings
    ? check(settingsSchema, settings, t, (path) => formField(kind, `settings.${path}`))
    : ({ ok: true, data: undefined } as const);
  if (top.ok && kindSettings.ok) return { ok: true, data: body };
  return { ok: false, errors: { ...(top.ok ? {} : top.errors), ...(kindSettings.ok ? {} : kindSettings.errors) } };
}

export function checkTestMessage(value: { to: string; body: string }, t: NetworksText) {
  return check(TestMessageBodySchema, value, t);
}

export function checkSandboxMessage(value: { from: string; body: string }, t: NetworksText) {
  return check(SandboxInboundBodySchema, value, t);
}

/**
 * The server's field errors (`body.settings.host` …) on the form's fields. `translated` (the
 * error code's text) replaces the server's English text when the code is more than "validation".
 */
export function serverFieldErrors(
  kind: NetworkKind | null,
  fields: FieldError[] | undefined,
  translated?: string,
): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of fields ?? []) {
    const field = path.replace(/^(body|query)\./, '');
    errors[kind ? formField(kind, field) : field] ??= translated ?? message;
  }
  return errors;
}
