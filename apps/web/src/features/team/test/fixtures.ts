import { ROLE_PERMISSIONS, type Invitation, type TeamUser } from '@switchboard/contract';

let serial = 0;

/** A user as the team API answers it: an active editor with no profile filled in, unless changed. */
export function aTeamUser(change: Partial<TeamUser> = {}): TeamUser {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  const role = change.role ?? 'editor';
  return {
    id: `00000000-0000-4000-8000-00000000${n}`,
    username: null,
    displayName: `User ${n}`,
    email: `user-${n}@example.com`,
    photoURL: null,
    dob: null,
    gender: null,
    country: null,
    company: null,
    mobile: null,
    website: null,
    languagesKnown: [],
    contactOptions: [],
    location: {},
    socialLinks: {},
    department: null,
    isVerified: true,
    role,
    status: 'active',
    permissions: ROLE_PERMISSIONS[role],
    twoFactorEnabled: false,
    lastActiveAt: null,
    createdAt: '2026-03-10T12:34:00.000Z',
    ...change,
  };
}

/** A pending invitation as the API answers it. */
export function anInvitation(change: Partial<Invitation> = {}): Invitation {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    id: `00000000-0000-4000-9000-00000000${n}`,
    email: `invited-${n}@example.com`,
    role: 'editor',
    state: 'pending',
    invitedBy: 'Demo Admin',
    expiresAt: '2026-03-17T12:00:00.000Z',
    sentAt: '2026-03-10T12:00:00.000Z',
    createdAt: '2026-03-10T12:00:00.000Z',
    ...change,
  };
}

export { stubFetch, type SentRequest } from '../../../test/stub-fetch';
