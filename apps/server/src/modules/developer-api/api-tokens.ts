import { API_KEY_SCOPES, type ApiKeyScope } from '@switchboard/contract';
import { SignJWT, errors, jwtVerify } from 'jose';

/** What a token made from an API key (`POST /api/v1/auth/token`) grants. */
export interface ApiTokenGrant {
  keyId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
}

const ISSUER = 'switchboard';
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
    async sign(grant: ApiTokenGrant, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date((Math.floor(Date.now() / 1000) + ttlSeconds) * 1000);
      const token = await new SignJWT({ ws: grant.workspaceId, scope: grant.scopes.join(' ') })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(grant.keyId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },

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
