import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { createKeyRateLimit } from '../../lib/key-rate-limit.js';
import type { SmsgateCaller } from './smsgate-auth.js';
import type { SmsgateScope } from './smsgate-permissions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key (or SMSGate token) calling `/api/3rdparty/v1`; set by its guard, null elsewhere. */
    smsgateCaller: SmsgateCaller | null;
  }
}

/**
 * The guard of `/api/3rdparty/v1`, handed to every route plugin registered under it (the
 * webhooks' too): `authenticate`, then `requireScope` with the route's SMSGate scope.
 */
export interface SmsgateGuard {
  /** Basic or Bearer (401), the key's rate limit (429, shared with nothing else: its own counter). */
  authenticate: onRequestAsyncHookHandler;
  /** 403 `{"message": "scope required: <scope>"}` unless the caller holds it. */
  requireScope(scope: SmsgateScope): onRequestAsyncHookHandler;
  /** `POST /auth/token/refresh`: a refresh token instead (its jti is then in `refreshedJti`). */
  authenticateRefresh: onRequestAsyncHookHandler;
}

/** The caller of a guarded route (throws if a route forgot the guard). */
export function smsgateCallerOf(request: FastifyRequest): SmsgateCaller {
  if (!request.smsgateCaller) throw new AppError('UNAUTHENTICATED', 'Send Authorization: Basic or Bearer.');
  return request.smsgateCaller;
}

const refreshedJtis = new WeakMap<FastifyRequest, string>();
/** The jti of the refresh token a `POST /auth/token/refresh` presented. */
export const refreshedJtiOf = (request: FastifyRequest) => refreshedJtis.get(request);

export function createSmsgateGuard(app: FastifyInstance, perMinute: number): SmsgateGuard {
  const auth = app.services.smsgateApi.auth;
  const limit = createKeyRateLimit(app, perMinute, (request) => `smsgate-key:${smsgateCallerOf(request).keyId}`);

  return {
    async authenticate(request, reply) {
      reply.header('www-authenticate', 'Basic realm="SMSGate-compatible API"');
      request.smsgateCaller = await auth.authenticate(request.headers.authorization, request.ip);
      reply.removeHeader('www-authenticate');
      await limit(request, reply);
    },
    async authenticateRefresh(request, reply) {
      const { caller, jti } = await auth.authenticateRefresh(request.headers.authorization, request.ip);
      request.smsgateCaller = caller;
      refreshedJtis.set(request, jti);
      await limit(request, reply);
    },
    requireScope(scope) {
      return async (request) => {
        if (smsgateCallerOf(request).scopes.has(scope)) return;
        throw new AppError('INSUFFICIENT_SCOPE', `scope required: ${scope}`);
      };
    },
  };
}
