import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthRepository } from './auth.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionCache } from './session-cache.js';

const RESET_LINK_TTL_MS = 60 * 60_000;

export interface PasswordsDeps {
  db: Db;
  repo: AuthRepository;
  sessionCache: SessionCache;
  publicUrl: string;
  mailer: Mailer;
  users: UsersService;
  log: FastifyBaseLogger;
}

/**
 * What a user does with their password besides signing in: asks for a reset link, sets a new
 * password from it, and unlocks the lock screen. (Hashing itself is in password.ts.)
 */
export function createPasswords(deps: PasswordsDeps) {
  const { db, repo, mailer, users, log } = deps;

  return {
    /** Always succeeds, whether or not the address exists; the mail goes out in the background. */
    async forgotPassword(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user || user.status !== 'active') return;
      const token = randomToken();
      await repo.insertPasswordReset(user.id, hashToken(token), new Date(Date.now() + RESET_LINK_TTL_MS));
      const link = `${deps.publicUrl}/pages/reset-password?token=${encodeURIComponent(token)}`;
      mailer
        .send({
          to: user.email,
          subject: 'Reset your Switchboard password',
          text: `Hello ${user.displayName},\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
        })
        .catch((error: unknown) => log.error({ err: error }, 'could not send the password reset mail'));
    },

    /** Sets a new password from a single-use link and signs the user out everywhere. */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const reset = await repo.consumePasswordReset(hashToken(token), tx);
        if (!reset) return null;
        await users.setPasswordHash(reset.userId, passwordHash, tx);
        await repo.expireOtherPasswordResets(reset.userId, tx);
        await repo.revokeAllSessionsOfUser(reset.userId, 'password-reset', tx);
        await deps.sessionCache.revoked({ userId: reset.userId }, tx);
        return reset.userId;
      });
      if (!userId)
        throw new AppError('INVALID_RESET_TOKEN', 'This reset link is invalid, used or expired. Ask for a new one.');
      deps.sessionCache.forget({ userId });
    },

    /** Lock screen: checks the signed-in user's password. */
    async unlock(userId: string, password: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('WRONG_PASSWORD', 'Wrong password.');
      }
    },
  };
}
