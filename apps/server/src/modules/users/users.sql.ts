import { users, type UserRow } from '../../db/schema/index.js';

export type { UserRow };

/**
 * The users module's piece of auth's per-request statement: authenticating a request reads its
 * session and the session's user in one indexed query (the hottest query of the API), so auth's
 * repository joins the users table through this instead of asking the users service in a second
 * round trip. Only the columns listed here are read. Import only from a `*.repository.ts`.
 */
export const sessionUser = {
  table: users,
  id: users.id,
  columns: {
    userId: users.id,
    workspaceId: users.workspaceId,
    role: users.role,
    status: users.status,
    email: users.email,
  },
};
