import { ROLE_PERMISSIONS, type Account } from '@switchboard/contract';

/** A contract-shaped account for page tests. */
export function anAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: '0b7c6c5e-2f1a-4d4b-9c3e-5a6b7c8d9e0f',
    username: 'ada',
    displayName: 'Ada Lovelace',
    email: 'ada@example.com',
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
    role: 'admin',
    status: 'active',
    permissions: ROLE_PERMISSIONS.admin,
    twoFactorEnabled: false,
    lastActiveAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    pendingEmail: null,
    recoveryCodesLeft: 0,
    ui: {},
    ...overrides,
  };
}
