import type { FormErrors } from '@mantine/form';
import { CreateApiKeyBodySchema, type ApiKeyScope, type CreateApiKeyBody } from '@switchboard/contract';
import type { z } from 'zod';
import type { DevelopersText } from '../developers-text';

export interface CreateKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  /** `YYYY-MM-DD` from the date input, or empty for no expiry. */
  expiresOn: string;
  /** One address or CIDR range per line. */
  allowedIps: string;
}

export const emptyCreateKeyForm: CreateKeyFormValues = { name: '', scopes: [], expiresOn: '', allowedIps: '' };

/** The end of the chosen day in the browser's zone: "expires on the 3rd" works all of the 3rd. */
export function endOfDay(day: string): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date, 23, 59, 59, 999).toISOString();
}

/** The lines of the allowed-IP box that hold something, trimmed. */
export function ipLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function toCreateBody(values: CreateKeyFormValues): CreateApiKeyBody {
  const expiresAt = values.expiresOn ? endOfDay(values.expiresOn) : undefined;
  return {
    name: values.name,
    scopes: values.scopes,
    allowedIps: ipLines(values.allowedIps),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

/** One issue in the user's language, on the form's field (zod's own texts are English). */
function issueError(issue: z.core.$ZodIssue, body: CreateApiKeyBody, t: DevelopersText): [string, string] {
  const [field, index] = issue.path;
  switch (field) {
    case 'name':
      return ['name', issue.code === 'too_big' ? t('validation.nameTooLong', { max: 100 }) : t('validation.name')];
    case 'scopes':
      return ['scopes', t('validation.scopes')];
    case 'expiresAt':
      return ['expiresOn', t('validation.expiry')];
    case 'allowedIps': {
      if (typeof index !== 'number') return ['allowedIps', t('validation.tooManyIps', { max: 50 })];
      return ['allowedIps', t('validation.ip', { value: body.allowedIps?.[index] ?? '' })];
    }
    default:
      return [String(field ?? 'name'), t('validation.name')];
  }
}

export type CheckedBody = { ok: true; body: CreateApiKeyBody } | { ok: false; errors: FormErrors };

/** The form's values checked with the very schema the server uses; the first issue per field. */
export function checkCreateKeyForm(values: CreateKeyFormValues, t: DevelopersText): CheckedBody {
  const body = toCreateBody(values);
  const parsed = CreateApiKeyBodySchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, message] = issueError(issue, body, t);
    errors[field] ??= message;
  }
  return { ok: false, errors };
}
