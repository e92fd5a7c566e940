import type { LoginBody, TwoFactorChallenge, TwoFactorLoginBody, UserData, UserRole } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import { toUserData } from '../users/user-data.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import type { AccessTokens } from './access-token.js';
import type { AuthRepository } from './auth.repository.js';
import { verifyPassword } from './password.js';
import type { SessionCache } from './session-cache.js';
import type { TwoFactorLogin } from './two-factor-login.js';

/** Per-account sign-in limit: this many failures within the window block further attempts. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 5 * 60_000;

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

export interface SessionsDeps {
  db: Db;
  repo: AuthRepository;
  /** The per-request look-up, cached; revocations here forget in it (everywhere). */
  sessionCache: SessionCache;
  accessTokens: AccessTokens;
  refreshTokenTtlSeconds: number;
  users: UsersService;
  log: FastifyBaseLogger;
  /** The second step of a sign-in with two-factor on. */
  twoFactorLogin: TwoFactorLogin;
}

/** The per-account sign-in limit (passwords and two-factor codes alike): RATE_LIMITED once reached. */
function accountLimit(repo: AuthRepository) {
  return async (email: string) => {
    const since = new Date(Date.now() - ACCOUNT_FAILURE_WINDOW_MS);
    if ((await repo.countRecentLoginFailures(email, since)) >= ACCOUNT_FAILURE_LIMIT) {
      throw new AppError('RATE_LIMITED', 'Too many failed sign-ins for this account. Try again in a few minutes.');
    }
  };
}

/**
 * Sessions: signing in (with the per-account failure limit), starting a session (one refresh-token
 * family), rotating its refresh token, signing out, and resolving a bearer token to the caller.
 */
export function createSessions(deps: SessionsDeps) {
  const { db, repo, sessionCache, accessTokens, users, log } = deps;
  const refreshExpiry = () => new Date(Date.now() + deps.refreshTokenTtlSeconds * 1000);

  /** `ip`: the client's address, shown in the user's sessions list. */
  async function start(user: UserRow, rememberMe: boolean, userAgent?: string, ip?: string): Promise<IssuedSession> {
    const refreshToken = randomToken();
    const sessionId = await db.transaction(async (tx) => {
      const id = await repo.createSession(user.id, rememberMe, userAgent, tx, ip);
      await repo.insertRefreshToken(id, hashToken(refreshToken), refreshExpiry(), tx);
      return id;
    });
    const accessToken = await accessTokens.sign({ sub: user.id, sid: sessionId });
    return { userData: toUserData(user), accessToken, refreshToken, rememberMe };
  }

  const refuseWhenLimited = accountLimit(repo);

  return {
    start,

    /**
     * Returns null for a wrong e-mail or password (the spec answers that with 200 and an error);
     * with two-factor on, a challenge for the second step instead of a session.
     */
    async login(
      body: LoginBody,
      ip: string | undefined,
      userAgent?: string,
    ): Promise<IssuedSession | TwoFactorChallenge | null> {
      await refuseWhenLimited(body.email);
      const user = await users.findByEmail(body.email);
      const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !valid) {
        await repo.recordLoginFailure(body.email, ip);
        return null;
      }
      if (user.status !== 'active') {
        throw new AppError('ACCOUNT_DISABLED', `This account is ${user.status}. Ask your workspace admin.`);
      }
      const rememberMe = body.rememberMe ?? true;
      if (user.twoFactorSecret) {
        return {
          twoFactorRequired: true,
          challenge: await deps.twoFactorLogin.challenge({ userId: user.id, rememberMe }),
        };
      }
      return start(user, rememberMe, userAgent, ip);
    },

    loginTwoFactor: twoFactorStep(deps, start, refuseWhenLimited),

    /**
     * Rotates a refresh token. A token presented a second time means it was stolen or replayed:
     * the whole session (token family) is revoked, so the other holder is signed out too.
     */
    async refresh(refreshToken: string | undefined, ip?: string): Promise<Omit<IssuedSession, 'userData'>> {
      const invalid = () => new AppError('INVALID_REFRESH_TOKEN', 'Your session has expired. Please sign in again.');
      if (!refreshToken) throw invalid();
      const tokenHash = hashToken(refreshToken);
      const next = randomToken();
      const result = await db.transaction(async (tx) => {
        const consumed = await repo.consumeRefreshToken(tokenHash, tx);
        if (!consumed) {
          const known = await repo.findRefreshToken(tokenHash, tx);
          if (!known) return { ok: false as const };
          await repo.revokeSession(known.sessionId, 'reuse', tx);
          await sessionCache.revoked({ sessionIds: [known.sessionId] }, tx);
          return { ok: false as const, revokedSession: known.sessionId };
        }
        if (consumed.expiresAt.getTime() <= Date.now()) return { ok: false as const };
        const caller = await repo.findSessionCaller(consumed.sessionId, tx);
        if (!caller || caller.revokedAt || caller.status !== 'active') return { ok: false as const };
        await repo.insertRefreshToken(caller.sessionId, hashToken(next), refreshExpiry(), tx);
        await repo.touchSession(caller.sessionId, ip, tx);
        return { ok: true as const, caller };
      });
      if (!result.ok) {
        if (result.revokedSession) {
          sessionCache.forget({ sessionIds: [result.revokedSession] });
          log.warn('refresh token reused: its session was revoked');
        }
        throw invalid();
      }
      const { caller } = result;
      const accessToken = await accessTokens.sign({ sub: caller.userId, sid: caller.sessionId });
      return { accessToken, refreshToken: next, rememberMe: caller.rememberMe };
    },

    /** Revokes the session of the refresh cookie and/or of the access token; never fails. */
    async logout(refreshToken: string | undefined, sessionId: string | undefined): Promise<void> {
      const revoked: string[] = [];
      if (refreshToken) {
        const known = await repo.findRefreshToken(hashToken(refreshToken));
        if (known) revoked.push(known.sessionId);
      }
      if (sessionId && !revoked.includes(sessionId)) revoked.push(sessionId);
      for (const id of revoked) await repo.revokeSession(id, 'logout');
      if (revoked.length > 0) await sessionCache.revoked({ sessionIds: revoked });
    },

    /** Resolves a bearer token to the caller; null when missing, invalid, revoked or disabled. */
    async authenticate(accessToken: string): Promise<AuthContext | null> {
      const claims = await accessTokens.verify(accessToken);
      if (!claims) return null;
      const caller = await sessionCache.find(claims.sid);
      if (!caller || caller.revokedAt || caller.userId !== claims.sub || caller.status !== 'active') return null;
      const { userId, workspaceId, role, sessionId, email } = caller;
      return { userId, workspaceId, role, sessionId, email };
    },

    async me(userId: string): Promise<UserData> {
      const user = await users.findPublicById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
      return toUserData(user);
    },

    pruneLoginFailures: () => repo.pruneLoginFailures(new Date(Date.now() - ACCOUNT_FAILURE_WINDOW_MS)),
  };
}

/**
 * The second step: a wrong or reused code counts as a failed sign-in of the account (the same
 * per-account limit as passwords, so codes cannot be tried one by one).
 */
function twoFactorStep(
  deps: SessionsDeps,
  start: (user: UserRow, rememberMe: boolean, userAgent?: string, ip?: string) => Promise<IssuedSession>,
  refuseWhenLimited: (email: string) => Promise<void>,
) {
  const { repo, users } = deps;
  return async (body: TwoFactorLoginBody, ip: string | undefined, userAgent?: string): Promise<IssuedSession> => {
    const grant = await deps.twoFactorLogin.readChallenge(body.challenge);
    const user = await users.findById(grant.userId);
    if (!user) throw new AppError('TWO_FACTOR_INVALID', 'This sign-in has expired. Enter your password again.');
    await refuseWhenLimited(user.email);
    try {
      await deps.twoFactorLogin.check(grant.userId, body);
    } catch (error) {
      if (error instanceof AppError && error.code === 'TWO_FACTOR_INVALID')
        await repo.recordLoginFailure(user.email, ip);
      throw error;
    }
    if (user.status !== 'active') {
      throw new AppError('ACCOUNT_DISABLED', `This account is ${user.status}. Ask your workspace admin.`);
    }
    return start(user, grant.rememberMe, userAgent, ip);
  };
}

export type Sessions = ReturnType<typeof createSessions>;
