import { SignJWT, jwtVerify, errors } from 'jose';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session (refresh-token family) id; revoking the session invalidates the token at once. */
  sid: string;
}

const ISSUER = 'switchboard';
/** Verified tokens remembered (the oldest go first): a browser sends the same one for 15 minutes. */
const MAX_VERIFIED = 10_000;

/**
 * Short-lived HS256 access tokens. A token that verified once is remembered with its expiry, so
 * the same token on the next request costs a map look-up instead of an HMAC and a JSON parse
 * (a token cannot change; revoking its session is the session look-up's business).
 */
export function createAccessTokens(secret: string, ttlSeconds: number, now: () => number = Date.now) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
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
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const claims = { sub: payload.sub, sid: payload.sid };
        if (typeof payload.exp === 'number') {
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
          if (verified.size > MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        }
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
