import { z } from 'zod';
import { UserRole, UserStatus } from './users.js';

/** A user of the caller's workspace, as the members list shows it. Nothing secret. */
export const MemberSchema = z.object({
  id: z.uuid().describe('User id.'),
  displayName: z.string().describe('Name shown in the app.'),
  email: z.email().describe('Sign-in e-mail address (lower case).'),
  role: UserRole,
  status: UserStatus,
  photoURL: z.string().nullable().describe('Avatar URL, or null.'),
});
export type Member = z.infer<typeof MemberSchema>;

export const MembersResponseSchema = z.object({
  members: z.array(MemberSchema).describe('Every user of the caller’s workspace, by name.'),
});
export type MembersResponse = z.infer<typeof MembersResponseSchema>;

export const MemberParamsSchema = z.object({ id: z.uuid().describe('The member’s user id.') });
export type MemberParams = z.infer<typeof MemberParamsSchema>;

/** PATCH body: the new role. The workspace must keep at least one active admin (`LAST_ADMIN`). */
export const UpdateMemberBodySchema = z.object({ role: UserRole });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

export const MemberResponseSchema = z.object({ member: MemberSchema });
export type MemberResponse = z.infer<typeof MemberResponseSchema>;
