import { z } from 'zod';
import { USER_ROLES } from './constants.js';

export const UserRole = z.enum(USER_ROLES).describe('`admin` owns the workspace; `editor` uses the apps.');
export type UserRole = z.infer<typeof UserRole>;

export const UserStatus = z.enum(['active', 'blocked', 'deactivated']).describe('Only `active` users can sign in.');
export type UserStatus = z.infer<typeof UserStatus>;

/** What the browser keeps about the signed-in user (spec §3 "stored user info"). Nothing secret. */
export const UserDataSchema = z.object({
  id: z.uuid().describe('User id.'),
  uid: z.string().describe('Same as `id`; kept for the spec’s stored user info.'),
  displayName: z.string().describe('Name shown in the app.'),
  email: z.email().describe('Sign-in e-mail address (lower case).'),
  photoURL: z.string().nullable().describe('Avatar URL, or null.'),
  providerId: z.string().describe('How the user signs in: `password` for e-mail and password.'),
  userRole: UserRole,
  workspaceId: z.uuid().describe('The workspace (customer account) the user belongs to.'),
});
export type UserData = z.infer<typeof UserDataSchema>;
