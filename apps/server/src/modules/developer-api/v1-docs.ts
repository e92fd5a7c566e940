import { ErrorResponseSchema } from '@switchboard/contract';
import { z } from 'zod';

/** The OpenAPI security scheme every guarded `/api/v1` route names. */
export const V1_SECURITY_SCHEME = 'apiKey';

export const V1_SECURITY_SCHEMES = {
  [V1_SECURITY_SCHEME]: {
    type: 'http' as const,
    scheme: 'bearer',
    description:
      'An API key (`sk_live_…`, created by an admin on the developer page) or a token made from one by `POST /api/v1/auth/token`.',
  },
};

/** Error answers every guarded v1 route may give, in the documented `{ error, code }` shape. */
export const v1Errors = {
  400: ErrorResponseSchema.describe('The request failed validation (`VALIDATION_FAILED` with `fields`).'),
  401: ErrorResponseSchema.describe(
    'No key or token, or one that is unknown (`API_KEY_INVALID`), revoked (`API_KEY_REVOKED`) or expired (`API_KEY_EXPIRED`).',
  ),
  403: ErrorResponseSchema.describe(
    'The key lacks the scope (`INSUFFICIENT_SCOPE`) or is not accepted from this address (`IP_NOT_ALLOWED`).',
  ),
  429: ErrorResponseSchema.describe('Over the key’s rate limit (`RATE_LIMITED`); see `Retry-After`.'),
};

/** The `Idempotency-Key` header of the v1 POSTs that take one (idempotency.ts). */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Any unique string (e.g. a UUID): a retry with the same key within 24 h gets the first answer.'),
});

/** Tags, summary and security of a v1 route's OpenAPI entry. */
export function v1Route(tag: string, summary: string) {
  return { tags: [`v1 ${tag}`], summary, security: [{ [V1_SECURITY_SCHEME]: [] }] };
}

interface OpenApiDocument {
  openapi?: string;
  paths?: Record<string, unknown>;
  components?: Record<string, unknown>;
  [field: string]: unknown;
}

const V1_PREFIX = '/api/v1/';

/**
 * The OpenAPI 3.1 document of `/api/v1` alone, cut from the app's document: @fastify/swagger
 * builds that from the very zod schemas the routes validate and serialise with (through
 * fastify-type-provider-zod's transform), so the published contract cannot drift from the code.
 */
export function v1Document(whole: OpenApiDocument, publicUrl: string): OpenApiDocument {
  const paths = Object.fromEntries(Object.entries(whole.paths ?? {}).filter(([path]) => path.startsWith(V1_PREFIX)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard developer API',
      version: '1',
      description:
        'Send and track SMS with an API key (`Authorization: Bearer sk_live_…`). Dates are ISO 8601 in UTC, ids are strings, errors are `{ error, code }` with a stable `code`. Each key has a rate limit per minute (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; 429 with `Retry-After`). POSTs accept an `Idempotency-Key` header (24 hours).',
    },
    servers: [{ url: publicUrl }],
    security: [{ [V1_SECURITY_SCHEME]: [] }],
    paths,
    components: { securitySchemes: V1_SECURITY_SCHEMES },
  };
}
