import { z } from 'zod';
import { LoginBodySchema, PASSWORD_MAX_LENGTH, RegisterBodySchema, SessionResponseSchema } from './auth.js';
import { TimeZoneSchema } from './contacts.js';
import { UiPreferencesSchema } from './preferences.js';
import { TeamUserSchema, UserLocationSchema, UserProfileFieldsSchema } from './team.js';
import { WorkspaceSchema } from './workspaces.js';

/**
 * Account settings: the caller's own account (`/pages/user-settings/UserSettings`, everyone) and
 * the workspace's profile (`/profile-settings`, admins). Routes under `/api/account` and
 * `/api/workspace`.
 */

const currentPassword = z.string().min(1).max(PASSWORD_MAX_LENGTH).describe('The account’s current password.');

/** `GET /api/account` → the caller's full record (TeamUser) plus what only they see. */
export const AccountSchema = TeamUserSchema.extend({
  pendingEmail: z.string().nullable().describe('A new address waiting for its verification link.'),
  recoveryCodesLeft: z.number().int().nonnegative().describe('Unused two-factor recovery codes.'),
  ui: UiPreferencesSchema.describe('Language and theme (the stored preferences).'),
});
export type Account = z.infer<typeof AccountSchema>;
export const AccountResponseSchema = z.object({ account: AccountSchema });
export type AccountResponse = z.infer<typeof AccountResponseSchema>;

/** `PATCH /api/account`: own profile fields (a taken username → 409 `USERNAME_TAKEN`). */
export const UpdateAccountBodySchema = UserProfileFieldsSchema;
export type UpdateAccountBody = z.infer<typeof UpdateAccountBodySchema>;

/**
 * `PUT /api/account/avatar`: multipart, one file `avatar` (PNG, JPEG or WebP by its bytes, at most
 * AVATAR_MAX_BYTES; the browser crops it square first). Answers the account; `photoURL` becomes
 * `/api/avatars/{userId}/{version}`, served with a year's immutable caching. `DELETE` removes it.
 */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** `POST /api/account/email`: a verification link goes to the new address; nothing changes until it is opened. */
export const ChangeEmailBodySchema = z.object({ email: LoginBodySchema.shape.email, password: currentPassword });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;
/** `POST /api/account/email/verify` (public; the link's page `/pages/verify-email?token=`). */
export const VerifyEmailBodySchema = z.object({ token: z.string().min(10).max(500) });

/** `POST /api/account/password`: every other session of the user is signed out. */
export const ChangePasswordBodySchema = z.object({
  currentPassword,
  newPassword: RegisterBodySchema.shape.password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** `GET /api/account/sessions`: the caller's live sessions, current first. */
export const AccountSessionSchema = z.object({
  id: z.uuid(),
  current: z.boolean(),
  browser: z.string().nullable().describe('e.g. "Chrome 131" (from the user agent).'),
  os: z.string().nullable().describe('e.g. "Android 14".'),
  device: z.string().nullable().describe('mobile, tablet, or null for a computer.'),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionsSchema = z.object({ sessions: z.array(AccountSessionSchema) });
export type AccountSessions = z.infer<typeof AccountSessionsSchema>;
/** `DELETE /api/account/sessions/{id}` signs one out; `POST /api/account/sessions/sign-out-others` the rest. */
export const SessionIdParamsSchema = z.object({ id: z.uuid() });

// Two-factor authentication (TOTP, RFC 6238: 6 digits, 30 s) --------------------------------------

export const RECOVERY_CODE_COUNT = 10;
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app.' });

/** `POST /api/account/two-factor/setup`: a new secret, not on until confirmed with a code. */
export const TwoFactorSetupBodySchema = z.object({ password: currentPassword });
export const TwoFactorSetupSchema = z.object({
  secret: z.string().describe('Base32, for typing into the app.'),
  otpauthUrl: z.string().describe('otpauth://totp/… for the QR code.'),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
/** `POST /api/account/two-factor/enable`: turns it on; answers the recovery codes, shown once. */
export const TwoFactorEnableBodySchema = z.object({ code: totpCode });
export const RecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT).describe('Each works once instead of a code.'),
});
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
/** `POST /api/account/two-factor/disable` and `…/recovery-codes` (new codes): password and a current code. */
export const TwoFactorConfirmBodySchema = z.object({ password: currentPassword, code: totpCode });

export const TwoFactorLoginBodySchema = z
  .object({
    challenge: z.string().min(10).max(2000),
    code: totpCode.optional(),
    recoveryCode: z.string().trim().min(6).max(40).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    error: 'Give either a code or a recovery code.',
  });
export type TwoFactorLoginBody = z.infer<typeof TwoFactorLoginBodySchema>;
export const TwoFactorLoginResponseSchema = SessionResponseSchema;

// The workspace's profile (`/profile-settings`) ----------------------------------------------------

export const WorkspaceProfileSchema = z.object({
  workspace: WorkspaceSchema,
  company: z.string().nullable(),
  address: UserLocationSchema,
  logoURL: z
    .string()
    .nullable()
    .describe('`/api/workspace-logos/{workspaceId}/{version}` (public), cached a year; null: none.'),
  defaultNetworkId: z
    .uuid()
    .nullable()
    .describe('The network a send that names none goes through; null: the oldest enabled real network.'),
});
export type WorkspaceProfile = z.infer<typeof WorkspaceProfileSchema>;

/** `GET`/`PATCH /api/workspace/profile` (admins); the logo is `PUT`/`DELETE /api/workspace/logo` (multipart `logo`, as the avatar). */
export const UpdateWorkspaceProfileBodySchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  company: z.string().trim().max(200).nullable().optional(),
  address: UserLocationSchema.optional(),
  timeZone: TimeZoneSchema.optional(),
  defaultNetworkId: z.uuid().nullable().optional(),
});
export type UpdateWorkspaceProfileBody = z.infer<typeof UpdateWorkspaceProfileBodySchema>;

/**
 * `DELETE /api/workspace` (admins): `confirm` must equal the workspace's name exactly
 * (`CONFIRMATION_MISMATCH` otherwise). Everything goes — users, networks, messages, contacts,
 * files — and every session of the workspace ends (`session.revoked`, reason workspace-deleted).
 */
export const DeleteWorkspaceBodySchema = z.object({ confirm: z.string().max(200), password: currentPassword });
export type DeleteWorkspaceBody = z.infer<typeof DeleteWorkspaceBodySchema>;
