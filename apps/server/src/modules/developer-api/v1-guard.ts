import type { ApiKeyScope } from '@switchboard/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { createKeyRateLimit } from '../../lib/key-rate-limit.js';
import { bearerToken } from '../../plugins/auth-guard.js';
import type { ApiCaller } from './api-key-auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key (or token) calling `/api/v1`; set by the v1 guard, null elsewhere. */
    apiCaller: ApiCaller | null;
  }
}

export interface V1Guard {
  /** Authenticates the key or token (401/403) and counts the request against the key's rate limit (429). */
  authenticate: onRequestAsyncHookHandler;
  /** 403 `INSUFFICIENT_SCOPE` unless the caller has one of these scopes. */
  requireScope(...anyOf: ApiKeyScope[]): onRequestAsyncHookHandler;
}

/** The caller of a v1 route (throws if a route forgot the guard). */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new AppError('UNAUTHENTICATED', 'Send Authorization: Bearer sk_live_… (an API key).');
  return request.apiCaller;
}

/**
 * The guard of `/api/v1`. The rate limit is @fastify/rate-limit's counter keyed by the API key
 * (a token counts against its key), with the IETF draft's `RateLimit-Limit`, `-Remaining` and
 * `-Reset` headers on every answer and `Retry-After` on a 429.
 */
export function createV1Guard(app: FastifyInstance, perMinute: number): V1Guard {
  const limit = createKeyRateLimit(app, perMinute, (request) => `api-key:${apiCallerOf(request).keyId}`);
  return {
    async authenticate(request, reply) {
      request.apiCaller = await app.services.developerApi.authenticate(bearerToken(request), request.ip);
      await limit(request, reply);
    },
    requireScope(...anyOf) {
      return async (request) => {
        const { scopes } = apiCallerOf(request);
        if (anyOf.some((scope) => scopes.includes(scope))) return;
        throw new AppError('INSUFFICIENT_SCOPE', `This call needs the scope ${anyOf.join(' or ')}.`);
      };
    },
  };
}
