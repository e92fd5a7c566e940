import { AuthMessages, type LoginBody, type RegisterBody, type UserData, type UserRole } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';

import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { toUserData } from '../users/user-data.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { AccessTokens } from './access-token.js';
import { createAuthRepository } from './auth.repository.js';
import { hashPassword, verifyPassword } from './password.js';

/** Per-account sign-in limit: this many failures within the window block further attempts. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 5 * 60_000;
const RESET_LINK_TTL_MS = 60 * 60_000;

export interface AuthServiceDeps {
  db: Db;
  accessTokens: AccessTokens;
  refreshTokenTtlSeconds: number;
  publicUrl: string;
  mailer: Mailer;
  workspaces: WorkspacesService;
  users: UsersService;
  log: FastifyBaseLogger;
}

/** The signed-in caller as every route sees it. */
export interface AuthContext {
  userId: string;
  workspaceId: string;
  role: UserRole;
  sessionId: string;
  email: string;
}

export interface IssuedSession {
  userData: UserData;
  accessToken: string;
  refreshToken: string;
  rememberMe: boolean;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, accessTokens, mailer, log } = deps;
  const { users } = deps;
  const repo = createAuthRepository(db);

  const refreshExpiry = () => new Date(Date.now() + deps.refreshTokenTtlSeconds * 1000);

  async function startSession(user: UserRow, rememberMe: boolean, userAgent?: string): Promise<IssuedSession> {
    const refreshToken = randomToken();
    const sessionId = await db.transaction(async (tx) => {
      const id = await repo.createSession(user.id, rememberMe, userAgent, tx);
      await repo.insertRefreshToken(id, hashToken(refreshToken), refreshExpiry(), tx);
      return id;
    });
    const accessToken = await accessTokens.sign({ sub: user.id, sid: sessionId });
    return { userData: toUserData(user), accessToken, refreshToken, rememberMe };
  }

  return {
    async register(body: RegisterBody, userAgent?: string): Promise<IssuedSession> {
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
      return startSession(user, true, userAgent);
    },

    /** Returns null for a wrong e-mail or password (the spec answers that with 200 and an error). */
    async login(body: LoginBody, ip: string | undefined, userAgent?: string): Promise<IssuedSession | null> {
      const since = new Date(Date.now() - ACCOUNT_FAILURE_WINDOW_MS);
      if ((await repo.countRecentLoginFailures(body.email, since)) >= ACCOUNT_FAILURE_LIMIT) {
        throw new AppError('RATE_LIMITED', 'Too many failed sign-ins for this account. Try again in a few minutes.');
      }
      const user = await users.findByEmail(body.email);
      const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !valid) {
        await repo.recordLoginFailure(body.email, ip);
        return null;
      }
      if (user.status !== 'active') {
        throw new AppError('ACCOUNT_DISABLED', `This account is ${user.status}. Ask your workspace admin.`);
      }
      return startSession(user, body.rememberMe ?? true, userAgent);
    },

    /**
     * Rotates a refresh token. A token presented a second time means it was stolen or replayed:
     * the whole session (token family) is revoked, so the other holder is signed out too.
     */
    async refresh(refreshToken: string | undefined): Promise<Omit<IssuedSession, 'userData'>> {
      const invalid = () => new AppError('INVALID_REFRESH_TOKEN', 'Your session has expired. Please sign in again.');
      if (!refreshToken) throw invalid();
      const tokenHash = hashToken(refreshToken);
      const next = randomToken();
      const result = await db.transaction(async (tx) => {
        const consumed = await repo.consumeRefreshToken(tokenHash, tx);
        if (!consumed) {
          const known = await repo.findRefreshToken(tokenHash, tx);
          if (known) await repo.revokeSession(known.sessionId, 'reuse', tx);
          return { ok: false as const, reused: Boolean(known) };
        }
        if (consumed.expiresAt.getTime() <= Date.now()) return { ok: false as const, reused: false };
        const caller = await repo.findSessionCaller(consumed.sessionId, tx);
        if (!caller || caller.revokedAt || caller.status !== 'active') return { ok: false as const, reused: false };
        await repo.insertRefreshToken(caller.sessionId, hashToken(next), refreshExpiry(), tx);
        return { ok: true as const, caller };
      });
      if (!result.ok) {
        if (result.reused) log.warn('refresh token reused: its session was revoked');
        throw invalid();
      }
      const { caller } = result;
      const accessToken = await accessTokens.sign({ sub: caller.userId, sid: caller.sessionId });
      return { accessToken, refreshToken: next, rememberMe: caller.rememberMe };
    },

    /** Revokes the session of the refresh cookie and/or of the access token; never fails. */
    async logout(refreshToken: string | undefined, sessionId: string | undefined): Promise<void> {
      if (refreshToken) {
        const known = await repo.findRefreshToken(hashToken(refreshToken));
        if (known) await repo.revokeSession(known.sessionId, 'logout');
      }
      if (sessionId) await repo.revokeSession(sessionId, 'logout');
    },

    /** Resolves a bearer token to the caller; null when missing, invalid, revoked or disabled. */
    async authenticate(accessToken: string): Promise<AuthContext | null> {
      const claims = await accessTokens.verify(accessToken);
      if (!claims) return null;
      const caller = await repo.findSessionCaller(claims.sid);
      if (!caller || caller.revokedAt || caller.userId !== claims.sub || caller.status !== 'active') return null;
      const { userId, workspaceId, role, sessionId, email } = caller;
      return { userId, workspaceId, role, sessionId, email };
    },

    async me(userId: string): Promise<UserData> {
      const user = await users.findPublicById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
      return toUserData(user);
    },

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
      const done = await db.transaction(async (tx) => {
        const reset = await repo.consumePasswordReset(hashToken(token), tx);
        if (!reset) return false;
        await users.setPasswordHash(reset.userId, passwordHash, tx);
        await repo.expireOtherPasswordResets(reset.userId, tx);
        await repo.revokeAllSessionsOfUser(reset.userId, 'password-reset', tx);
        return true;
      });
      if (!done)
        throw new AppError('INVALID_RESET_TOKEN', 'This reset link is invalid, used or expired. Ask for a new one.');
    },

    /** Lock screen: checks the signed-in user's password. */
    async unlock(userId: string, password: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('WRONG_PASSWORD', 'Wrong password.');
      }
    },

    pruneLoginFailures: () => repo.pruneLoginFailures(new Date(Date.now() - ACCOUNT_FAILURE_WINDOW_MS)),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
