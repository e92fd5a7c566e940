import { AuthMessages, type RegisterBody } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { hashPassword } from './password.js';
import type { IssuedSession, Sessions } from './sessions.js';

export interface SignUpDeps {
  db: Db;
  workspaces: WorkspacesService;
  users: UsersService;
  /** Signs the new admin in. */
  startSession: Sessions['start'];
}

/** Sign-up: a new workspace with its first user, an admin, signed in at once. */
export function createSignUp(deps: SignUpDeps) {
  const { db, users } = deps;

  return {
    async register(body: RegisterBody, userAgent?: string, ip?: string): Promise<IssuedSession> {
      if (await users.findByEmail(body.email)) throw new AppError('EMAIL_IN_USE', AuthMessages.emailInUse);
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const workspace = await deps.workspaces.create(body.displayName, tx);
          return users.insert(
            {
              workspaceId: workspace.id,
              email: body.email,
              displayName: body.displayName,
              passwordHash,
              role: 'admin',
            },
            tx,
          );
        });
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE', AuthMessages.emailInUse);
        throw error;
      }
      return deps.startSession(user, true, userAgent, ip);
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
