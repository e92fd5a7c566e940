import Bowser from 'bowser';
import type { AccountSession } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { UsersService } from '../users/users.service.js';
import type { OwnSessionsRepository } from './own-sessions.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionCache } from './session-cache.js';

export interface OwnSessionsDeps {
  db: Db;
  repo: OwnSessionsRepository;
  sessionCache: SessionCache;
  users: UsersService;
}

/** "Chrome 131", "Android 14", "mobile": what the sessions list shows of a user agent (bowser). */
function deviceOf(userAgent: string | null): Pick<AccountSession, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: null, os: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const named = (part: { name?: string; version?: string }, major: boolean) =>
    part.name ? [part.name, major ? part.version?.split('.')[0] : part.version].filter(Boolean).join(' ') : null;
  const type = parsed.platform.type;
  return {
    browser: named(parsed.browser, true),
    os: named(parsed.os, false),
    device: type === 'mobile' || type === 'tablet' ? type : null,
  };
}

/**
 * What a signed-in user does with their own sessions and password (account settings): the live
 * sessions with device, address and last use; signing one or all others out; changing the
 * password, which signs every other session out. Revoked ids are answered for the caller to
 * announce (`session.revoked`) after the commit.
 */
export function createOwnSessions(deps: OwnSessionsDeps) {
  const { db, repo, sessionCache, users } = deps;

  return {
    async list(userId: string, currentSessionId: string): Promise<AccountSession[]> {
      const rows = await repo.listLiveSessions(userId);
      const sessions = rows.map((row) => ({
        id: row.id,
        current: row.id === currentSessionId,
        ...deviceOf(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
      }));
      return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
    },

    /** Signs one of the user's own sessions out (404 for any other). */
    async signOut(userId: string, sessionId: string): Promise<void> {
      if (!(await repo.revokeOwnSession(userId, sessionId, 'logout'))) {
        throw new AppError('NOT_FOUND', 'No such session of yours is signed in.');
      }
      await sessionCache.revoked({ sessionIds: [sessionId] });
    },

    /** Every session of the user but the caller's; answers the ids signed out. */
    async signOutOthers(userId: string, currentSessionId: string): Promise<string[]> {
      const ids = await repo.revokeSessionsOfUser(userId, 'logout', currentSessionId);
      if (ids.length > 0) await sessionCache.revoked({ sessionIds: ids });
      return ids;
    },

    /**
     * Needs the current password (WRONG_PASSWORD); the new one takes effect at once and every
     * other session is signed out (a thief holding one loses it). Answers the ids signed out.
     */
    async changePassword(userId: string, currentSessionId: string, current: string, next: string): Promise<string[]> {
      const user = await users.findById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, current))) {
        throw new AppError('WRONG_PASSWORD', 'The current password is wrong.');
      }
      const passwordHash = await hashPassword(next);
      const ids = await db.transaction(async (tx) => {
        await users.setPasswordHash(userId, passwordHash, tx);
        const revoked = await repo.revokeSessionsOfUser(userId, 'password-changed', currentSessionId, tx);
        if (revoked.length > 0) await sessionCache.revoked({ sessionIds: revoked }, tx);
        return revoked;
      });
      sessionCache.forget({ sessionIds: ids });
      return ids;
    },

    /** Checks the signed-in user's password (e-mail change, two-factor changes, deleting the workspace). */
    async checkPassword(userId: string, password: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('WRONG_PASSWORD', 'Wrong password.');
      }
    },
  };
}

export type OwnSessions = ReturnType<typeof createOwnSessions>;
