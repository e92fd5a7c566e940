import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** Deeper JSON than any route needs; far deeper values overflow the stack when stored (a 500). */
const MAX_JSON_DEPTH = 64;

/** True when objects/arrays nest deeper than `limit` (iterative: the check itself cannot overflow). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * The API speaks JSON only: Fastify's default JSON parser (with its prototype-poisoning checks)
 * plus a nesting limit, and no text/plain parser, so any other Content-Type gets a 415.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    parseJson(request, body, (error, value) => {
      if (error) return done(error);
      if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
        return done(new AppError('VALIDATION_FAILED', 'The request body is nested too deeply.'));
      }
      done(null, value);
    });
  });
});
