import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { AccessTokens } from './access-token.js';
import { createAuthRepository, type RevokeReason } from './auth.repository.js';
import { createOwnSessions } from './own-sessions.js';
import { createOwnSessionsRepository } from './own-sessions.repository.js';
import { createPasswords } from './passwords.js';
import { createSessionCache } from './session-cache.js';
import { createSessions } from './sessions.js';
import { createSignUp } from './sign-up.js';
import { createTwoFactorLogin } from './two-factor-login.js';

export type { AuthContext, IssuedSession } from './sessions.js';

export interface AuthServiceDeps {
  db: Db;
  accessTokens: AccessTokens;
  refreshTokenTtlSeconds: number;
  publicUrl: string;
  mailer: Mailer;
  workspaces: WorkspacesService;
  users: UsersService;
  log: FastifyBaseLogger;
  /** Revocations reach the other instances' session caches through it. */
  bus: ClusterBus;
  /** Signs two-factor sign-in challenges (grant tokens). */
  jwtSecret: string;
  /** Opens the users' sealed two-factor secrets. */
  secretBox: SecretBox;
}

/**
 * Authentication, composed of its use cases over one repository: sign-up (sign-up.ts), sessions
 * (sessions.ts: sign in, refresh, sign out, who is calling) and passwords (passwords.ts: reset
 * links, the lock screen).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const repo = createAuthRepository(deps.db);
  const sessionCache = createSessionCache(deps.bus, (id) => repo.findSessionCaller(id));
  const twoFactorLogin = createTwoFactorLogin(deps);
  const sessions = createSessions({ ...deps, repo, sessionCache, twoFactorLogin });
  const own = createOwnSessions({ ...deps, repo: createOwnSessionsRepository(deps.db), sessionCache });
  const passwords = createPasswords({ ...deps, repo, sessionCache });
  const signUp = createSignUp({ ...deps, startSession: sessions.start });

  return {
    register: signUp.register,
    /** Signs a user in (a new session), as register does: billing's paid anonymous checkout. */
    startSession: sessions.start,
    login: sessions.login,
    loginTwoFactor: sessions.loginTwoFactor,
    refresh: sessions.refresh,
    logout: sessions.logout,
    authenticate: sessions.authenticate,
    me: sessions.me,
    pruneLoginFailures: sessions.pruneLoginFailures,
    forgotPassword: passwords.forgotPassword,
    resetPassword: passwords.resetPassword,
    unlock: passwords.unlock,
    /**
     * A change to a user that their sessions' cached look-ups carry (role, status): call
     * `userChanged` in the change's transaction (the other instances hear of it on commit), then
     * `forgetUser` after the commit (this instance).
     */
    userChanged: (userId: string, tx: Db) => sessionCache.revoked({ userId }, tx),
    /**
     * Ends every session of a user (an admin blocked or deactivated them), in the change's
     * transaction: access tokens stop working and refreshes fail. Call `forgetUser` after the commit.
     */
    async revokeAllSessions(userId: string, reason: RevokeReason, tx: Db): Promise<void> {
      await repo.revokeAllSessionsOfUser(userId, reason, tx);
      await sessionCache.revoked({ userId }, tx);
    },
    forgetUser: (userId: string) => sessionCache.forget({ userId }),
    /** A signed-in user's own sessions and password (account settings; own-sessions.ts). */
    own,
    /** Checks (and uses up) a user's two-factor code or recovery code: TWO_FACTOR_INVALID otherwise. */
    checkTwoFactor: twoFactorLogin.check,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
