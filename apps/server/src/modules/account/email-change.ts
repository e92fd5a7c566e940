import type { ChangeEmailBody } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/pg-errors.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import { toUserData } from '../users/user-data.js';
import type { AccountDeps } from './account-deps.js';

export const EMAIL_LINK_TTL_MS = 24 * 60 * 60_000;

const emailInUse = () =>
  new AppError('EMAIL_IN_USE', 'This e-mail address belongs to another account.', [
    { path: 'body.email', message: 'In use.' },
  ]);

/**
 * Changing the sign-in address: nothing changes until the link sent to the new address is opened
 * (24 hours, single use); then the old address gets a notice, so a hijacked session cannot move
 * the account away unnoticed.
 */
export function createEmailChange(deps: AccountDeps) {
  const { users, mailer, log } = deps;
  const send = (to: string, subject: string, text: string) =>
    mailer
      .send({ to, subject, text })
      .catch((error: unknown) => log.error({ err: error }, `could not send: ${subject}`));

  return {
    async start(userId: string, body: ChangeEmailBody): Promise<void> {
      await deps.auth.own.checkPassword(userId, body.password);
      const user = await users.findById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
      if (user.email.toLowerCase() === body.email) {
        throw new AppError('VALIDATION_FAILED', 'This is your address already.', [
          { path: 'body.email', message: 'Unchanged.' },
        ]);
      }
      if (await users.findByEmail(body.email)) throw emailInUse();
      const token = randomToken();
      await users.ownAccount.startEmailChange(
        userId,
        body.email,
        hashToken(token),
        new Date(Date.now() + EMAIL_LINK_TTL_MS),
      );
      const link = `${deps.publicUrl}/pages/verify-email?token=${encodeURIComponent(token)}`;
      await send(
        body.email,
        'Confirm your new Switchboard e-mail address',
        `Hello ${user.displayName},\n\nOpen this link within 24 hours to sign in with this address from now on:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
      );
    },

    /** Applies a link (public: the verify page may be opened signed out). */
    async verify(token: string): Promise<void> {
      let changed: Awaited<ReturnType<typeof users.ownAccount.applyEmailChange>>;
      try {
        changed = await users.ownAccount.applyEmailChange(hashToken(token));
      } catch (error) {
        if (uniqueViolation(error) !== undefined) throw emailInUse();
        throw error;
      }
      if (!changed) {
        throw new AppError('INVALID_VERIFICATION_TOKEN', 'This link is invalid, used or expired. Ask for a new one.');
      }
      // Sessions' cached look-ups carry the address.
      await deps.auth.userChanged(changed.userId, deps.db);
      deps.auth.forgetUser(changed.userId);
      const user = await users.findPublicById(changed.userId);
      if (user) deps.events.toUser(changed.userId, 'user.updated', { userData: toUserData(user) });
      await send(
        changed.previousEmail,
        'Your Switchboard e-mail address was changed',
        `Hello ${changed.displayName},\n\nYour account now signs in with ${changed.email} instead of this address.\n\nIf you did not do this, reset your password and contact your workspace admin at once.`,
      );
    },
  };
}
