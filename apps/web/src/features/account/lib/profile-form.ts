import type { FormErrors } from '@mantine/form';
import {
  CONTACT_OPTIONS,
  DEPARTMENTS,
  GENDERS,
  SOCIAL_NETWORKS,
  UpdateAccountBodySchema,
  type Account,
  type UpdateAccountBody,
} from '@switchboard/contract';

type Location = keyof Account['location'];
type Social = (typeof SOCIAL_NETWORKS)[number];

export const LOCATION_FIELDS = [
  'addLine1',
  'addLine2',
  'postCode',
  'city',
  'state',
  'country',
] as const satisfies readonly Location[];

/** The form's fields: text inputs hold '' for an empty field. */
export interface ProfileFormValues {
  displayName: string;
  username: string;
  dob: string;
  gender: string;
  country: string;
  company: string;
  mobile: string;
  website: string;
  department: string;
  languagesKnown: string[];
  contactOptions: string[];
  location: Record<Location, string>;
  socialLinks: Record<Social, string>;
}

export { CONTACT_OPTIONS, DEPARTMENTS, GENDERS, SOCIAL_NETWORKS };

export function toProfileForm(account: Account): ProfileFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    displayName: account.displayName,
    username: text(account.username),
    dob: text(account.dob),
    gender: text(account.gender),
    country: text(account.country),
    company: text(account.company),
    mobile: text(account.mobile),
    website: text(account.website),
    department: text(account.department),
    languagesKnown: [...account.languagesKnown],
    contactOptions: [...account.contactOptions],
    location: Object.fromEntries(LOCATION_FIELDS.map((f) => [f, text(account.location[f])])) as Record<
      Location,
      string
    >,
    socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, text(account.socialLinks[n])])) as Record<
      Social,
      string
    >,
  };
}

/** Every field as the API takes it: blank text as null (a cleared field). */
function toFullBody(values: ProfileFormValues): Record<string, unknown> {
  const optional = (value: string) => value.trim() || null;
  return {
    displayName: values.displayName.trim(),
    username: optional(values.username),
    dob: optional(values.dob),
    gender: optional(values.gender),
    country: optional(values.country),
    company: optional(values.company),
    mobile: optional(values.mobile),
    website: optional(values.website),
    department: optional(values.department),
    languagesKnown: values.languagesKnown.map((l) => l.trim()).filter(Boolean),
    contactOptions: values.contactOptions,
    location: Object.fromEntries(LOCATION_FIELDS.map((f) => [f, optional(values.location[f])])),
    // A cleared link is sent as '' (the schema's "none"), so the stored one goes.
    socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, values.socialLinks[n].trim()])),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed from the saved account: a PATCH that leaves the rest (and the username) alone. */
export function changedProfile(values: ProfileFormValues, saved: ProfileFormValues): Record<string, unknown> {
  const now = toFullBody(values);
  const before = toFullBody(saved);
  return Object.fromEntries(Object.entries(now).filter(([key, value]) => !same(value, before[key])));
}

export type ProfileProblem = 'name' | 'username' | 'date' | 'url' | 'tooLong' | 'invalid';

/**
 * The changes checked with the contract's schema (the one the server uses). Problems are named
 * per field (dotted paths of the form, e.g. `location.city`) for the page to translate.
 */
export function checkProfile(
  changes: Record<string, unknown>,
): { ok: true; body: UpdateAccountBody } | { ok: false; problems: Record<string, ProfileProblem> } {
  const parsed = UpdateAccountBodySchema.safeParse(changes);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Record<string, ProfileProblem> = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path.map(String);
    const field = first === 'location' || first === 'socialLinks' ? `${first}.${second}` : (first ?? '');
    if (problems[field]) continue;
    problems[field] =
      issue.code === 'too_big'
        ? 'tooLong'
        : first === 'displayName'
          ? 'name'
          : first === 'username'
            ? 'username'
            : first === 'dob'
              ? 'date'
              : first === 'website' || first === 'socialLinks'
                ? 'url'
                : 'invalid';
  }
  return { ok: false, problems };
}

export function problemsToErrors(
  problems: Record<string, ProfileProblem>,
  message: (p: ProfileProblem) => string,
): FormErrors {
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, message(problem)]));
}
