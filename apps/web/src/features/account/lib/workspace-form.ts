import {
  UpdateWorkspaceProfileBodySchema,
  type UpdateWorkspaceProfileBody,
  type WorkspaceProfile,
} from '@switchboard/contract';
import { LOCATION_FIELDS } from './profile-form';

type Location = (typeof LOCATION_FIELDS)[number];

/** The form's fields; '' for an empty one (and for "no default network"). */
export interface WorkspaceFormValues {
  name: string;
  company: string;
  timeZone: string;
  defaultNetworkId: string;
  address: Record<Location, string>;
}

export function toWorkspaceForm(profile: WorkspaceProfile): WorkspaceFormValues {
  return {
    name: profile.workspace.name,
    company: profile.company ?? '',
    timeZone: profile.workspace.timeZone,
    defaultNetworkId: profile.defaultNetworkId ?? '',
    address: Object.fromEntries(LOCATION_FIELDS.map((f) => [f, profile.address[f] ?? ''])) as Record<Location, string>,
  };
}

export type WorkspaceProblem = 'name' | 'timeZone' | 'tooLong' | 'invalid';

/** The form as the PATCH body, checked with the contract's schema; problems per form field. */
export function checkWorkspaceForm(
  values: WorkspaceFormValues,
): { ok: true; body: UpdateWorkspaceProfileBody } | { ok: false; problems: Record<string, WorkspaceProblem> } {
  const optional = (value: string) => value.trim() || null;
  const parsed = UpdateWorkspaceProfileBodySchema.safeParse({
    name: values.name,
    company: optional(values.company),
    timeZone: values.timeZone,
    defaultNetworkId: values.defaultNetworkId || null,
    address: Object.fromEntries(LOCATION_FIELDS.map((f) => [f, optional(values.address[f])])),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Record<string, WorkspaceProblem> = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path.map(String);
    const field = first === 'address' ? `address.${second}` : (first ?? '');
    problems[field] ??=
      issue.code === 'too_big' ? 'tooLong' : first === 'name' ? 'name' : first === 'timeZone' ? 'timeZone' : 'invalid';
  }
  return { ok: false, problems };
}
