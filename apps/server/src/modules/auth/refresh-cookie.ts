import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'sb_refresh';
/**
 * A value-less marker readable by the page: "a refresh cookie exists". The app tries a silent
 * refresh at start only when it is present, so anonymous visits make no failing request.
 */
export const SESSION_MARKER_COOKIE = 'sb_session';
const COOKIE_PATH = '/api/auth';

/** httpOnly, SameSite=Lax, scoped to /api/auth; a session cookie when "remember me" is off. */
export function setRefreshCookie(
  reply: FastifyReply,
  token: string,
  options: { rememberMe: boolean; ttlSeconds: number; secure: boolean },
) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    ...(options.rememberMe ? { maxAge: options.ttlSeconds } : {}),
  });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: options.secure,
    ...(options.rememberMe ? { maxAge: options.ttlSeconds } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/', sameSite: 'lax', secure });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
