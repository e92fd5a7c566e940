import { z } from 'zod';
import { RegisterBodySchema } from './auth.js';
import { UserRole, UserStatus } from './users.js';

/**
 * The team (spec §1 user management, §3 "mock user" fields, §6 roles): the users of the caller's
 * workspace, invitations, and the spec's sample permissions made true for our two roles.
 *
 * The spec's mock roles map onto ours: `admin` → admin; `staff` and `user` → editor (a workspace
 * has owners, who manage the team, networks and billing, and people who use the apps).
 */
export const SPEC_ROLE_ALIASES = { admin: 'admin', staff: 'editor', user: 'editor' } as const satisfies Record<
  string,
  UserRole
>;

export const PERMISSION_SUBJECTS = ['users', 'posts', 'comments'] as const;
export const PERMISSION_ACTIONS = ['read', 'write', 'create', 'delete'] as const;
export type PermissionSubject = (typeof PERMISSION_SUBJECTS)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export type Permissions = Record<PermissionSubject, Record<PermissionAction, boolean>>;

const all = { read: true, write: true, create: true, delete: true };
/**
 * What each role allows, in the spec's matrix. `users` = the team (editors read their colleagues'
 * public profiles and write only their own); `posts` = what is sent (campaigns, messages);
 * `comments` = conversation replies and notes. Shown on the user view; the server's route guards
 * are what enforce it.
 */
export const ROLE_PERMISSIONS: Record<UserRole, Permissions> = {
  admin: { users: all, posts: all, comments: all },
  editor: {
    users: { read: true, write: false, create: false, delete: false },
    posts: { read: true, write: true, create: true, delete: false },
    comments: all,
  },
};

export const GENDERS = ['male', 'female', 'other'] as const;
export const DEPARTMENTS = ['sales', 'development', 'management'] as const;
export const CONTACT_OPTIONS = ['email', 'message', 'phone'] as const;
export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'instagram', 'github', 'codepen', 'slack'] as const;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

/** Lower-case letters, digits, dot, dash and underscore; unique across Switchboard (case-insensitive). */
export const UsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,30}$/, { error: 'A username is 3–30 letters, digits, dots, dashes or underscores.' });

export const UserLocationSchema = z.object({
  addLine1: optionalText(200),
  addLine2: optionalText(200),
  postCode: optionalText(20),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
});
export type UserLocation = z.infer<typeof UserLocationSchema>;

export const SocialLinksSchema = z.partialRecord(z.enum(SOCIAL_NETWORKS), z.url().max(300).or(z.literal('')));

/** The §3 profile fields a user (or an admin, for any member) can edit. Null clears a field. */
export const UserProfileFieldsSchema = z.object({
  displayName: text(100).min(1, { error: 'Please enter your name.' }).optional(),
  username: UsernameSchema.nullable().optional(),
  dob: z.iso.date().nullable().optional().describe('Date of birth, YYYY-MM-DD.'),
  gender: z.enum(GENDERS).nullable().optional(),
  country: optionalText(100),
  company: optionalText(200),
  mobile: optionalText(40),
  website: z.url().max(300).nullable().optional().or(z.literal('')),
  languagesKnown: z.array(text(40).min(1)).max(20).optional(),
  contactOptions: z.array(z.enum(CONTACT_OPTIONS)).max(3).optional(),
  location: UserLocationSchema.optional(),
  socialLinks: SocialLinksSchema.optional(),
  department: z.enum(DEPARTMENTS).nullable().optional(),
});
export type UserProfileFields = z.infer<typeof UserProfileFieldsSchema>;

/** A user of the workspace with every §3 field (admins; and anyone for their own record). */
export const TeamUserSchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  displayName: z.string().describe('The spec’s `name`.'),
  email: z.string(),
  photoURL: z.string().nullable().describe('The spec’s `avatar`.'),
  dob: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  country: z.string().nullable(),
  company: z.string().nullable(),
  mobile: z.string().nullable(),
  website: z.string().nullable(),
  languagesKnown: z.array(z.string()),
  contactOptions: z.array(z.enum(CONTACT_OPTIONS)),
  location: UserLocationSchema,
  socialLinks: SocialLinksSchema,
  department: z.enum(DEPARTMENTS).nullable(),
  isVerified: z.boolean().describe('The e-mail address was verified (spec `is_verified`).'),
  role: UserRole,
  status: UserStatus,
  permissions: z.custom<Permissions>().describe('ROLE_PERMISSIONS of the role (spec `permissions`).'),
  twoFactorEnabled: z.boolean(),
  lastActiveAt: z.iso.datetime().nullable().describe('Last use of any of the user’s sessions.'),
  createdAt: z.iso.datetime(),
});
export type TeamUser = z.infer<typeof TeamUserSchema>;

/** `GET /api/users/{id}` (any signed-in member): a colleague's public profile; 404 when unknown. */
export const PublicUserSchema = TeamUserSchema.pick({
  id: true,
  username: true,
  displayName: true,
  photoURL: true,
  role: true,
  status: true,
  department: true,
  company: true,
});
export type PublicUser = z.infer<typeof PublicUserSchema>;
export const PublicUserResponseSchema = z.object({ user: PublicUserSchema });
export type PublicUserResponse = z.infer<typeof PublicUserResponseSchema>;

export const USERS_PER_PAGE = [10, 25, 50, 100] as const;
/** `GET /api/user-management/users` (admins). */
export const UsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional().describe('Part of the name, e-mail or username.'),
  role: UserRole.optional(),
  status: UserStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (USERS_PER_PAGE as readonly number[]).includes(n), { error: 'perPage is 10, 25, 50 or 100.' })
    .default(10),
});
export type UsersQuery = z.infer<typeof UsersQuerySchema>;
export const UsersPageSchema = z.object({
  users: z.array(TeamUserSchema).describe('By name.'),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type UsersPage = z.infer<typeof UsersPageSchema>;

export const UserIdParamsSchema = z.object({ id: z.uuid() });

/**
 * `PATCH /api/user-management/users/{id}` (admins): profile fields, role and status. A role or
 * status change acts at once on the user's open sessions (`user.updated`; blocked or deactivated:
 * every session revoked, `session.revoked`); the last active admin can't be demoted or disabled
 * (`LAST_ADMIN`).
 */
export const UpdateTeamUserBodySchema = UserProfileFieldsSchema.extend({
  role: UserRole.optional(),
  status: UserStatus.optional(),
});
export type UpdateTeamUserBody = z.infer<typeof UpdateTeamUserBodySchema>;
export const TeamUserResponseSchema = z.object({ user: TeamUserSchema });
export type TeamUserResponse = z.infer<typeof TeamUserResponseSchema>;

// Invitations ----------------------------------------------------------------------------------

export const INVITATION_TTL_DAYS = 7;
export const InvitationStateSchema = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InvitationState = z.infer<typeof InvitationStateSchema>;

export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: UserRole,
  state: InvitationStateSchema,
  invitedBy: z.string().nullable().describe('Name of the admin who sent it.'),
  expiresAt: z.iso.datetime(),
  sentAt: z.iso.datetime().describe('Last time the e-mail was sent (a resend moves it and the expiry).'),
  createdAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** `POST /api/user-management/invitations` (admins): e-mails a signed link valid 7 days. */
export const CreateInvitationBodySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid e-mail address.' }).max(254)),
  role: UserRole,
});
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;
/**
 * Admins' calls on one invitation, answering `{ invitation }`: `POST …/invitations/{id}/resend` (a
 * new link and expiry, mailed again; accepted or revoked → `INVITATION_INVALID`) and
 * `DELETE …/invitations/{id}` (revoke; an accepted one → `INVITATION_INVALID`). `GET
 * /api/user-management/invitations` lists them.
 */
export const InvitationIdParamsSchema = z.object({ id: z.uuid() });
export const InvitationResponseSchema = z.object({ invitation: InvitationSchema });
export const InvitationsResponseSchema = z.object({
  invitations: z.array(InvitationSchema).describe('Pending and recently ended ones, newest first.'),
});
export type InvitationsResponse = z.infer<typeof InvitationsResponseSchema>;

/** `GET /api/invitations/{token}` (public): what the accept page shows. */
export const InvitationTokenParamsSchema = z.object({ token: z.string().min(10).max(500) });
export const InvitationPreviewSchema = z.object({
  workspaceName: z.string(),
  email: z.string(),
  role: UserRole,
  invitedBy: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/**
 * `POST /api/invitations/accept` (public): creates the account inside the inviting workspace with
 * the invited e-mail (verified) and role, and signs in (answer and cookie as `POST /api/auth/register`).
 */
export const AcceptInvitationBodySchema = z.object({
  token: z.string().min(10).max(500),
  displayName: RegisterBodySchema.shape.displayName,
  password: RegisterBodySchema.shape.password,
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;

/** Socket `session.revoked` to a user's own sockets: this session no longer works; sign out now. */
export const SessionRevokedSchema = z.object({
  reason: z.enum(['blocked', 'deactivated', 'removed', 'signed-out', 'password-changed', 'workspace-deleted']),
  /** The revoked session; absent when all of the user's sessions were revoked. */
  sessionId: z.uuid().optional(),
});
export type SessionRevoked = z.infer<typeof SessionRevokedSchema>;
