import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse, FieldError } from '@switchboard/contract';
import { AppError } from '../lib/app-error.js';

/** Fastify's own client-error codes and the answer each gets. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MALFORMED_JSON',
    message: 'The request body is empty but Content-Type says JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This Content-Type is not accepted here.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_FAILED',
    message: 'Content-Length does not match the body.',
  },
};

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * PostgreSQL refuses text it cannot store: a NUL character in a text column (22021) or in jsonb
 * (22P05). Only a client can send such a value, so it is a 400, not a 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return UNSTORABLE_TEXT_CODES.has(e?.cause?.code ?? '') || UNSTORABLE_TEXT_CODES.has(e?.code ?? '');
}

/**
 * Fastify's `frameworkErrors`: errors raised while routing (a malformed URL such as `/api/%E0`),
 * before the error handler is in reach. Answered in the same `{ error, code }` shape.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (status >= 500) return send(reply, 500, { error: 'Internal server error.', code: 'INTERNAL' });
  return send(reply, status, { error: 'The request URL is not valid.', code: 'VALIDATION_FAILED' });
}

/**
 * The one place errors become answers: always JSON `{ error, code }` with the right status.
 * Anything unexpected is logged with its stack and answered as a plain 500 without details.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.statusCode, {
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return {
          path: [error.validationContext, where].filter(Boolean).join('.'),
          message: issue.message ?? 'is invalid',
        };
      });
      return send(reply, 400, { error: fields[0]?.message ?? 'Invalid request.', code: 'VALIDATION_FAILED', fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, { error: 'Internal server error.', code: 'INTERNAL' });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(reply, error.statusCode ?? 400, { error: known.message, code: known.code });
    if (error.statusCode === 429) {
      return send(reply, 429, { error: 'Too many requests. Please wait and try again.', code: 'RATE_LIMITED' });
    }
    if (isUnstorableText(error)) {
      request.log.info({ err: error }, 'client sent text the database cannot store');
      return send(reply, 400, {
        error: 'The request contains characters that cannot be stored.',
        code: 'VALIDATION_FAILED',
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, { error: error.message, code: 'VALIDATION_FAILED' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { error: 'Internal server error.', code: 'INTERNAL' });
  });
});
