import type { UserData } from '@switchboard/contract';
import type { UserRow } from './users.sql.js';

/** The public view of a user: nothing secret ever leaves through here. */
export type PublicUserFields = Pick<
  UserRow,
  'id' | 'displayName' | 'email' | 'photoUrl' | 'providerId' | 'role' | 'workspaceId'
>;

export function toUserData(user: PublicUserFields): UserData {
  return {
    id: user.id,
    uid: user.id,
    displayName: user.displayName,
    email: user.email,
    photoURL: user.photoUrl,
    providerId: user.providerId,
    userRole: user.role,
    workspaceId: user.workspaceId,
  };
}
