import {
  CONTACT_OPTIONS,
  DEPARTMENTS,
  GENDERS,
  ROLE_PERMISSIONS,
  type PublicUser,
  type TeamUser,
} from '@switchboard/contract';
import type { TeamUserRow } from './team-users.repository.js';

/** A stored text that must be one of `allowed` (the columns are plain text): anything else reads as null. */
function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** A user's record with every §3 field, as admins (and the user themselves) see it. */
export function toTeamUser(row: TeamUserRow): TeamUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    photoURL: row.photoUrl,
    dob: row.dob,
    gender: oneOf(GENDERS, row.gender),
    country: row.country,
    company: row.company,
    mobile: row.mobile,
    website: row.website,
    languagesKnown: row.languagesKnown ?? [],
    contactOptions: (row.contactOptions ?? []).filter((o): o is TeamUser['contactOptions'][number] =>
      (CONTACT_OPTIONS as readonly string[]).includes(o),
    ),
    location: row.location ?? {},
    socialLinks: row.socialLinks ?? {},
    department: oneOf(DEPARTMENTS, row.department),
    isVerified: row.emailVerifiedAt !== null,
    role: row.role,
    status: row.status,
    permissions: ROLE_PERMISSIONS[row.role],
    twoFactorEnabled: row.twoFactorEnabled,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What any member of the workspace sees of a colleague (`GET /api/users/{id}`). */
export function toPublicUser(row: TeamUserRow): PublicUser {
  const user = toTeamUser(row);
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    photoURL: user.photoURL,
    role: user.role,
    status: user.status,
    department: user.department,
    company: user.company,
  };
}
