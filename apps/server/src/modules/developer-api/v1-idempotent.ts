import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TxContext } from '../messaging/messaging.service.js';
import type { Idempotency, IdempotentRequest } from './idempotency.js';
import { apiCallerOf } from './v1-guard.js';

/** What idempotency.ts keys a POST by (the header was validated by IdempotencyHeadersSchema). */
export function idempotentRequest(request: FastifyRequest): IdempotentRequest {
  const key = request.headers['idempotency-key'];
  return {
    workspaceId: apiCallerOf(request).workspaceId,
    key: typeof key === 'string' ? key : undefined,
    method: request.method,
    path: request.url.split('?')[0]!,
    body: request.body,
  };
}

/**
 * Runs a v1 POST's work under its `Idempotency-Key` (in the key's transaction when it has one)
 * and answers with `statusCode`; a repeat gets the first answer and `Idempotent-Replayed: true`.
 */
export async function answerIdempotently<T>(
  idempotency: Idempotency,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  work: (within?: TxContext) => Promise<T>,
): Promise<FastifyReply> {
  const answer = await idempotency.run(idempotentRequest(request), statusCode, work);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(statusCode).send(answer.body);
}
