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

/**
 * Scheduled sends and callbacks, with the receiver's check: a callback is a webhook delivery
 * (webhook-sender.ts signs `t.body`) under the key's callback secret.
 */
const CALLBACKS_DESCRIPTION = [
  '## Scheduled sends and callbacks',
  '`sendAt` on `POST /api/v1/messages` and `/api/v1/messages/batch` queues now (the quota is booked now) and sends no earlier than that time, at most 30 days ahead; until then the message is `queued` and `DELETE /api/v1/messages/{id}` cancels it.',
  '`callbackUrl` (https) receives the message’s `message.sent`, `message.delivered` and `message.failed` as `POST { id, type, createdAt, data: { message } }`, retried with backoff for about a day; the event `id` is the same on every retry. Each carries `Switchboard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` signed with your key’s callback secret (`GET /api/v1/callback-secret`). Verify it over the raw body:',
  '```js',
  "import { createHmac, timingSafeEqual } from 'node:crypto';",
  '',
  'export function verifySwitchboardSignature(rawBody, header, secret, toleranceSeconds = 300) {',
  "  const parts = header.split(',').map((part) => part.split('='));",
  "  const t = Number(parts.find(([key]) => key === 't')?.[1]);",
  '  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;',
  "  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();",
  '  return parts.some(',
  "    ([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected),",
  '  );',
  '}',
  '```',
].join('\n');

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
      description: [
        'Send and track SMS with an API key (`Authorization: Bearer sk_live_…`). Dates are ISO 8601 in UTC, ids are strings, errors are `{ error, code }` with a stable `code`. Each key has a rate limit per minute (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; 429 with `Retry-After`). POSTs accept an `Idempotency-Key` header (24 hours).',
        CALLBACKS_DESCRIPTION,
      ].join('\n\n'),
    },
    servers: [{ url: publicUrl }],
    security: [{ [V1_SECURITY_SCHEME]: [] }],
    paths,
    components: { securitySchemes: V1_SECURITY_SCHEMES },
  };
}
