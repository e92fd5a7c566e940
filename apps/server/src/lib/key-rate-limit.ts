import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * A per-API-key limit of requests a minute (@fastify/rate-limit's counter, keyed by `keyOf`),
 * shared by the developer API and the SMSGate-compatible API: the IETF draft's `RateLimit-Limit`,
 * `-Remaining` and `-Reset` headers on every answer, past the limit 429 `RATE_LIMITED` with
 * `Retry-After`. (`isAllowed` is the limiter's allow-list, which has no entries here.)
 */
export function createKeyRateLimit(
  app: FastifyInstance,
  perMinute: number,
  keyOf: (request: FastifyRequest) => string,
) {
  const limiter = app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: keyOf });
  return async function enforce(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await limiter(request);
    if (result.isAllowed) return;
    reply.header('RateLimit-Limit', result.max);
    reply.header('RateLimit-Remaining', result.remaining);
    reply.header('RateLimit-Reset', result.ttlInSeconds);
    if (result.isExceeded) {
      reply.header('Retry-After', result.ttlInSeconds);
      throw new AppError(
        'RATE_LIMITED',
        `This API key made more than ${result.max} requests in a minute. Retry after ${result.ttlInSeconds} s.`,
      );
    }
  };
}
