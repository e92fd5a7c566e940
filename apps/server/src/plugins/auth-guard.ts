import { roleSatisfies, type UserRole } from '@switchboard/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { AuthContext } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by `requireRole` hooks, null on public routes. */
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Route guard: authenticates the bearer token (401 if missing or invalid) and checks the role
 * rule of the spec (403): `admin` allows admins only, `editor` allows editors and admins.
 */
export function requireRole(rule: UserRole): onRequestAsyncHookHandler {
  return async function guard(request) {
    const token = bearerToken(request);
    const auth = token ? await request.server.services.auth.authenticate(token) : null;
    if (!auth) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    if (!roleSatisfies(auth.role, rule)) {
      throw new AppError('FORBIDDEN', 'Your role does not allow this. Ask a workspace admin.');
    }
    request.auth = auth;
  };
}

/**
 * Route guard for routes open to visitors: no bearer token means an anonymous caller
 * (`request.auth` stays null); a token must be valid (401) and satisfy `rule` (403).
 */
export function optionalRole(rule: UserRole): onRequestAsyncHookHandler {
  const required = requireRole(rule);
  return async function guard(request, reply) {
    if (!bearerToken(request)) return;
    await required.call(this, request, reply);
  };
}

/** The caller of a guarded route (throws if a route forgot its guard). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return request.auth;
}
