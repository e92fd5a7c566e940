import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './sessions.js';
import { setRefreshCookie } from './refresh-cookie.js';

/** The refresh endpoint allows this many times the credential endpoints' per-IP rate. */
export const REFRESH_LIMIT_FACTOR = 10;

/** What every auth route plugin (sign-up, sessions, passwords) is registered with. */
export interface AuthRoutesOptions {
  refreshTokenTtl: number;
  secureCookies: boolean;
  /** Requests per minute per IP on the credential endpoints. */
  rateLimitPerMinute: number;
}

export const AUTH_TAGS = ['auth'];

/** Route config of the credential endpoints (sign-up, sign-in, password links, unlock). */
export const credentialRateLimit = (options: AuthRoutesOptions) => ({
  rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' },
});

/** Every page load refreshes once; refresh tokens are 256-bit random, so guessing is no concern. */
export const refreshRateLimit = (options: AuthRoutesOptions) => ({
  rateLimit: { max: options.rateLimitPerMinute * REFRESH_LIMIT_FACTOR, timeWindow: '1 minute' },
});

/** Hands a new or rotated session's refresh token to the browser (the cookie, never the body). */
export function setSessionCookie(
  reply: FastifyReply,
  session: Omit<IssuedSession, 'userData'>,
  options: AuthRoutesOptions,
) {
  setRefreshCookie(reply, session.refreshToken, {
    rememberMe: session.rememberMe,
    ttlSeconds: options.refreshTokenTtl,
    secure: options.secureCookies,
  });
}
