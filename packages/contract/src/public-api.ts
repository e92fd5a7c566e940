import { z } from 'zod';
import { ApiKeyScope } from './api-keys.js';

/**
 * The public REST API under `/api/v1` (DESIGN §2 "Developer API"): stable shapes for developers,
 * authenticated by an API key (`Authorization: Bearer sk_live_…`) or a token made from one.
 * Dates are ISO 8601 in UTC, ids are strings, errors are `{ error, code }`; no workspace ids.
 */

/** Default lifetime of a token made from a key. */
export const API_TOKEN_TTL_SECONDS = 900;

/** POST /api/v1/auth/token (the body may be left out: all the key's scopes for 15 minutes). */
export const ApiTokenBodySchema = z
  .object({
    scopes: z
      .array(ApiKeyScope)
      .min(1)
      .optional()
      .describe('The scopes the token carries, each one the key has; omitted: all of the key’s.'),
    ttlSeconds: z
      .number()
      .int()
      .min(60)
      .max(3600)
      .optional()
      .describe('How long the token is valid, 60 to 3600 seconds (default 900).'),
  })
  .nullish();
export type ApiTokenBody = z.input<typeof ApiTokenBodySchema>;

export const ApiTokenResponseSchema = z.object({
  accessToken: z.string().describe('Send it as `Authorization: Bearer <accessToken>` to `/api/v1`.'),
  tokenType: z.literal('Bearer'),
  expiresAt: z.iso.datetime().describe('When the token stops working.'),
  scopes: z.array(ApiKeyScope).describe('What the token may do.'),
});
export type ApiTokenResponse = z.infer<typeof ApiTokenResponseSchema>;
