import { randomBytes, randomInt } from 'node:crypto';
import {
  API_KEY_SECRET_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBodySchema,
} from '@switchboard/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/secure-token.js';
import type { UsersService } from '../users/users.service.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';

/** `sk_live_` and the first 8 characters of the random part: shown in lists, useless to an attacker. */
const VISIBLE_PREFIX_LENGTH = API_KEY_SECRET_PREFIX.length + 8;

/**
 * A new secret: 256 random bits (crypto.randomBytes), base64url, after `sk_live_`.
 *
 * Stored as its SHA-256 only. A fast hash is right here, unlike for passwords: a slow hash
 * (argon2) protects low-entropy secrets people choose against guessing, but 256 random bits
 * cannot be guessed however fast the hash, and a deterministic hash lets a request's key be
 * found by one indexed lookup (or the in-process cache) instead of ~17 ms of argon2 per request.
 */
export function newSecret(): { secret: string; secretHash: string; prefix: string } {
  const secret = `${API_KEY_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, secretHash: hashToken(secret), prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH) };
}

const LOGIN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Basic credentials for the SMSGate-compatible API, in SMSGate's style: a 6-character upper-case
 * user name (not secret; unique) and a password of 144 random bits (base64url, 24 characters).
 * Like the secret, the password is stored as its SHA-256: 144 random bits cannot be guessed
 * however fast the hash, and Basic auth is checked on every request (argon2 would cost ~17 ms each).
 */
export function newBasicCredentials(): { username: string; password: string; passwordHash: string } {
  const username = Array.from({ length: 6 }, () => LOGIN_ALPHABET[randomInt(LOGIN_ALPHABET.length)]).join('');
  const password = randomBytes(18).toString('base64url');
  return { username, password, passwordHash: hashToken(password) };
}

/** 23505 on the user name's unique index: 36⁶ names, so a retry with a new one all but always works. */
const isLoginTaken = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  const code = e.cause?.code ?? e.code;
  const constraint = e.cause?.constraint ?? e.constraint ?? '';
  return code === '23505' && constraint.includes('basic_login');
};

export function toApiKey(row: ApiKeyRow, names: Map<string, string>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    allowedIps: row.allowedIps,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ? { id: row.createdBy, displayName: names.get(row.createdBy) ?? '' } : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export interface ApiKeysDeps {
  repo: ApiKeysRepository;
  users: Pick<UsersService, 'members'>;
  /** Called after a revoke or new credentials: the authentication cache forgets the key (api-key-auth.ts). */
  onRevoked(keyId: string): void;
}

/** The admins' side of API keys: create (the secret shown once), list, revoke. */
export function createApiKeys(deps: ApiKeysDeps) {
  const { repo } = deps;
  async function memberNames(workspaceId: string): Promise<Map<string, string>> {
    const members = await deps.users.members.list(workspaceId);
    return new Map(members.map((member) => [member.id, member.displayName]));
  }
  const notFound = () => new AppError('NOT_FOUND', 'No such API key in this workspace.');

  return {
    async create(
      workspaceId: string,
      createdBy: string,
      body: z.output<typeof CreateApiKeyBodySchema>,
    ): Promise<{ apiKey: ApiKey; secret: string; basicAuth: { username: string; password: string } }> {
      const { secret, secretHash, prefix } = newSecret();
      for (let attempt = 1; ; attempt += 1) {
        const basic = newBasicCredentials();
        try {
          const row = await repo.insert({
            workspaceId,
            createdBy,
            name: body.name,
            prefix,
            secretHash,
            scopes: body.scopes,
            allowedIps: body.allowedIps,
            expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
            basicLogin: basic.username,
            basicPasswordHash: basic.passwordHash,
          });
          const basicAuth = { username: basic.username, password: basic.password };
          return { apiKey: toApiKey(row, await memberNames(workspaceId)), secret, basicAuth };
        } catch (error) {
          if (attempt >= 5 || !isLoginTaken(error)) throw error;
        }
      }
    },

    async list(workspaceId: string): Promise<ApiKey[]> {
      const [rows, names] = await Promise.all([repo.list(workspaceId), memberNames(workspaceId)]);
      return rows.map((row) => toApiKey(row, names));
    },

    /**
     * New SMSGate Basic credentials for a working key (one made before that API had none; or a
     * password to replace): the old ones stop working at once on this instance (the cache
     * forgets the key) and within a second on the others (a notice), as a revoke does.
     */
    async issueBasicCredentials(
      workspaceId: string,
      id: string,
    ): Promise<{ apiKey: ApiKey; basicAuth: { username: string; password: string } }> {
      for (let attempt = 1; ; attempt += 1) {
        const basic = newBasicCredentials();
        try {
          const row = await repo.setBasicCredentials(workspaceId, id, {
            basicLogin: basic.username,
            basicPasswordHash: basic.passwordHash,
          });
          if (!row) {
            if (await repo.find(workspaceId, id))
              throw new AppError('VALIDATION_FAILED', 'This API key was revoked; create a new one.');
            throw notFound();
          }
          deps.onRevoked(row.id);
          const basicAuth = { username: basic.username, password: basic.password };
          return { apiKey: toApiKey(row, await memberNames(workspaceId)), basicAuth };
        } catch (error) {
          if (attempt >= 5 || !isLoginTaken(error)) throw error;
        }
      }
    },

    async revoke(workspaceId: string, id: string): Promise<ApiKey> {
      const row = await repo.revoke(workspaceId, id);
      if (!row) throw notFound();
      deps.onRevoked(row.id);
      return toApiKey(row, await memberNames(workspaceId));
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
