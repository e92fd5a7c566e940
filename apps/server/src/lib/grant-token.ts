import { SignJWT } from 'jose';

/**
 * A short-lived HS256 token (the server's JWT secret) for one purpose, told apart by its
 * audience: recording links (`voice-recording`), API tokens (`switchboard-api`); the browser's
 * access tokens have none, so no kind passes for another.
 */
export async function signGrantToken(
  key: Uint8Array,
  grant: { audience: string; subject: string; claims: Record<string, string>; ttlSeconds: number },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date((Math.floor(Date.now() / 1000) + grant.ttlSeconds) * 1000);
  const token = await new SignJWT(grant.claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(grant.subject)
    .setIssuer(GRANT_ISSUER)
    .setAudience(grant.audience)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt };
}

export const GRANT_ISSUER = 'switchboard';
