import { API_KEY_SCOPES, type ApiKeyScope } from '@switchboard/contract';
import { errors, jwtVerify } from 'jose';
import { GRANT_ISSUER as ISSUER, signGrantToken } from '../../lib/grant-token.js';

/** What a token made from an API key (`POST /api/v1/auth/token`) grants. */
export interface ApiTokenGrant {
  keyId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
}

/**
 * Distinct from the browser's access tokens (no audience, a session id) and recording links
 * (audience `voice-recording`): none of them passes for another.
 */
const AUDIENCE = 'switchboard-api';

const isScope = (value: unknown): value is ApiKeyScope =>
  typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);

/**
 * Short-lived HS256 tokens (the server's JWT secret, like the access tokens) for clients that
 * must not hold the key itself: they carry the key's id, its workspace and a subset of its scopes.
 */
export function createApiTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (grant: ApiTokenGrant, ttlSeconds: number) =>
      signGrantToken(key, {
        audience: AUDIENCE,
        subject: grant.keyId,
        claims: { ws: grant.workspaceId, scope: grant.scopes.join(' ') },
        ttlSeconds,
      }),

    /** The grant of a valid token; 'expired' for one past its time; null for a forged, malformed or foreign one. */
    async verify(token: string): Promise<ApiTokenGrant | 'expired' | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.ws !== 'string' || typeof payload.scope !== 'string')
          return null;
        return { keyId: payload.sub, workspaceId: payload.ws, scopes: payload.scope.split(' ').filter(isScope) };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return 'expired';
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
