import { SignJWT, jwtVerify, errors } from 'jose';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session (refresh-token family) id; revoking the session invalidates the token at once. */
  sid: string;
}

const ISSUER = 'switchboard';

/** Short-lived HS256 access tokens. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or null for a missing, forged, malformed or expired one. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { sub: payload.sub, sid: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
