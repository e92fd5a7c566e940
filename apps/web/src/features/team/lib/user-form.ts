import type { FormErrors } from '@mantine/form';
import {
  SOCIAL_NETWORKS,
  UpdateTeamUserBodySchema,
  type TeamUser,
  type UpdateTeamUserBody,
  type UserLocation,
  type UserRole,
  type UserStatus,
} from '@switchboard/contract';
import type { z } from 'zod';
import type { TeamText } from '../team-text';

type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
type LocationValues = { [K in keyof UserLocation]-?: string };

/** The edit form's values: every text field a string ('' = not set), the lists as arrays. */
export interface UserFormValues {
  displayName: string;
  username: string;
  dob: string;
  gender: string;
  country: string;
  company: string;
  mobile: string;
  website: string;
  languagesKnown: string[];
  contactOptions: string[];
  department: string;
  location: LocationValues;
  socialLinks: Record<SocialNetwork, string>;
  role: UserRole;
  status: UserStatus;
}

const NULLABLE_TEXT = ['username', 'dob', 'gender', 'country', 'company', 'mobile', 'website', 'department'] as const;
const LOCATION_KEYS = ['addLine1', 'addLine2', 'postCode', 'city', 'state', 'country'] as const;

export function userFormValues(user: TeamUser): UserFormValues {
  const location = Object.fromEntries(LOCATION_KEYS.map((key) => [key, user.location[key] ?? ''])) as LocationValues;
  const socialLinks = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, user.socialLinks[network] ?? '']),
  ) as Record<SocialNetwork, string>;
  return {
    displayName: user.displayName,
    username: user.username ?? '',
    dob: user.dob ?? '',
    gender: user.gender ?? '',
    country: user.country ?? '',
    company: user.company ?? '',
    mobile: user.mobile ?? '',
    website: user.website ?? '',
    languagesKnown: [...user.languagesKnown],
    contactOptions: [...user.contactOptions],
    department: user.department ?? '',
    location,
    socialLinks,
    role: user.role,
    status: user.status,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * What differs from `initial`, as the PATCH body: an emptied field is sent as null (cleared); the
 * address and the social links go whole when any of their parts changed.
 */
export function updateBodyOf(values: UserFormValues, initial: UserFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (values.displayName !== initial.displayName) body.displayName = values.displayName;
  for (const key of NULLABLE_TEXT) if (values[key] !== initial[key]) body[key] = orNull(values[key]);
  if (!same(values.languagesKnown, initial.languagesKnown)) body.languagesKnown = values.languagesKnown;
  if (!same(values.contactOptions, initial.contactOptions)) body.contactOptions = values.contactOptions;
  if (!same(values.location, initial.location)) {
    body.location = Object.fromEntries(LOCATION_KEYS.map((key) => [key, orNull(values.location[key])]));
  }
  if (!same(values.socialLinks, initial.socialLinks)) {
    body.socialLinks = Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, values.socialLinks[network].trim()]),
    );
  }
  if (values.role !== initial.role) body.role = values.role;
  if (values.status !== initial.status) body.status = values.status;
  return body;
}

/** One issue in the user's language, chosen by field (zod's own texts are English). */
function issueMessage(issue: z.core.$ZodIssue, t: TeamText): string {
  const [field] = issue.path;
  const tooLong = issue.code === 'too_big' && typeof issue.maximum === 'number' && field !== 'languagesKnown';
  if (field === 'displayName') {
    return tooLong ? t('edit.validation.tooLong', { max: Number(issue.maximum) }) : t('edit.validation.nameRequired');
  }
  if (tooLong) return t('edit.validation.tooLong', { max: Number(issue.maximum) });
  switch (field) {
    case 'username':
      return t('edit.validation.username');
    case 'website':
    case 'socialLinks':
      return t('edit.validation.url');
    case 'dob':
      return t('edit.validation.date');
    case 'languagesKnown':
      return t('edit.validation.languages');
    default:
      return t('edit.validation.invalid');
  }
}

/** The form field an issue belongs to: `location.city`, `socialLinks.github`; a list's item → the list. */
function fieldOf(path: PropertyKey[]): string {
  const [field, key] = path;
  return (field === 'location' || field === 'socialLinks') && key !== undefined
    ? `${field}.${String(key)}`
    : String(field);
}

export type CheckedUserChange = { ok: true; body: UpdateTeamUserBody } | { ok: false; errors: FormErrors };

/** The change checked with the very schema the server uses; the first issue per field, translated. */
export function checkUserChange(values: UserFormValues, initial: UserFormValues, t: TeamText): CheckedUserChange {
  const parsed = UpdateTeamUserBodySchema.safeParse(updateBodyOf(values, initial));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issueMessage(issue, t);
  return { ok: false, errors };
}

/** The server's field errors (`body.location.city`…) on the form's fields, as the server wrote them. */
export function serverFieldErrors(fields: Array<{ path: string; message: string }> | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of fields ?? []) {
    errors[fieldOf(path.replace(/^body\./, '').split('.'))] ??= message;
  }
  return errors;
}
