import { randomBytes } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import { GRANT_ISSUER, signGrantToken } from '../../lib/grant-token.js';
import type { SmsgateTokensRepository } from './smsgate-tokens.repository.js';
import { isSmsgateScope, type SmsgateScope } from './smsgate-permissions.js';

/** What an SMSGate API token carries: its key, the key's workspace, SMSGate scopes, its id. */
export interface SmsgateGrant {
  keyId: string;
  workspaceId: string;
  scopes: SmsgateScope[];
  jti: string;
  expiresAt: Date;
}

/** Distinct from every other token of the server (lib/grant-token.ts): none passes for another. */
const ACCESS = 'smsgate-api';
const REFRESH = 'smsgate-api-refresh';
export const DEFAULT_TTL_SECONDS = 3600;
export const MAX_TTL_SECONDS = 86_400;
const REFRESH_TTL_SECONDS = 7 * 86_400;
/**
 * A "not revoked" answer is kept this long: a safety net, since a revocation made on another
 * instance arrives as an 'smsgate-tokens.revoked' notice within a second.
 */
const CHECKED_MS = 60_000;
const MAX_CHECKED = 10_000;

/**
 * SMSGate's JWTs (`POST /api/3rdparty/v1/auth/token`): an access token and a refresh token that
 * share one `jti`, HS256 with the server's JWT secret. `DELETE /auth/token/:jti` revokes both:
 * at once on this instance, on the others when its notice arrives (their "not revoked" answers
 * are cached).
 */
export function createSmsgateTokens(secret: string, repo: SmsgateTokensRepository, bus: ClusterBus) {
  const key = new TextEncoder().encode(secret);
  const revoked = new Set<string>();
  const checked = new Map<string, number>();

  function markRevoked(jti: string) {
    revoked.add(jti);
    // The database has them all; memory keeps the newest (an older one costs a query, once a minute).
    if (revoked.size > MAX_CHECKED) revoked.delete(revoked.values().next().value!);
    checked.delete(jti);
  }
  bus.on('smsgate-tokens.revoked', ({ jti }) => markRevoked(jti));
  bus.onResync(() => checked.clear());

  async function isRevoked(jti: string): Promise<boolean> {
    if (revoked.has(jti)) return true;
    const at = checked.get(jti);
    if (at !== undefined && Date.now() - at < CHECKED_MS) return false;
    if (await repo.isRevoked(jti)) {
      revoked.add(jti);
      return true;
    }
    checked.delete(jti);
    checked.set(jti, Date.now());
    if (checked.size > MAX_CHECKED) checked.delete(checked.keys().next().value!);
    return false;
  }

  async function verify(token: string, audience: string): Promise<SmsgateGrant | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: GRANT_ISSUER, audience, algorithms: ['HS256'] });
      const { sub, ws, scope, jti, exp } = payload;
      if (typeof sub !== 'string' || typeof ws !== 'string' || typeof scope !== 'string' || typeof jti !== 'string')
        return null;
      if (await isRevoked(jti)) return null;
      const scopes = scope.split(' ').filter(isSmsgateScope);
      return { keyId: sub, workspaceId: ws, scopes, jti, expiresAt: new Date((exp ?? 0) * 1000) };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return 'expired';
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  return {
    /** A new pair; `ttlSeconds` is the access token's life. */
    async issue(grant: Omit<SmsgateGrant, 'jti' | 'expiresAt'>, ttlSeconds: number) {
      const jti = randomBytes(16).toString('base64url');
      const claims = { ws: grant.workspaceId, scope: grant.scopes.join(' '), jti };
      const common = { subject: grant.keyId, claims };
      const access = await signGrantToken(key, { ...common, audience: ACCESS, ttlSeconds });
      const refresh = await signGrantToken(key, { ...common, audience: REFRESH, ttlSeconds: REFRESH_TTL_SECONDS });
      return { jti, accessToken: access.token, refreshToken: refresh.token, expiresAt: access.expiresAt };
    },

    verifyAccess: (token: string) => verify(token, ACCESS),
    verifyRefresh: (token: string) => verify(token, REFRESH),

    /** Revokes the pair with this id (kept until the refresh token would have expired). */
    async revoke(jti: string, workspaceId: string): Promise<void> {
      markRevoked(jti);
      await repo.revoke(jti, workspaceId, new Date(Date.now() + REFRESH_TTL_SECONDS * 1000));
      await bus.broadcast('smsgate-tokens.revoked', { jti });
    },
  };
}

export type SmsgateTokens = ReturnType<typeof createSmsgateTokens>;
