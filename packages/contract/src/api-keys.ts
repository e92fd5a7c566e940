import { z } from 'zod';

/** What an API key may do on `/api/v1`; each route names the scope it needs. */
export const API_KEY_SCOPES = [
  'messages:send',
  'messages:read',
  'contacts:read',
  'contacts:write',
  'campaigns:read',
  'campaigns:write',
  'webhooks:manage',
  'usage:read',
] as const;
export const ApiKeyScope = z
  .enum(API_KEY_SCOPES)
  .describe(
    'messages:send (send and cancel messages), messages:read, contacts:read, contacts:write, campaigns:read, campaigns:write, webhooks:manage, usage:read.',
  );
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Every key's secret starts with this; the web shows it with the key's visible prefix. */
export const API_KEY_SECRET_PREFIX = 'sk_live_';

/** An IPv4 or IPv6 range in CIDR notation, or a single address (read as /32 or /128). */
export const IpRangeSchema = z
  .union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], {
    error: 'Not an IP address or CIDR range (e.g. 203.0.113.0/24 or 2001:db8::/32).',
  })
  .describe('An IP address or CIDR range, e.g. 203.0.113.0/24 or 2001:db8::/32.');

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string().describe('What the key is for, as its creator named it.'),
  prefix: z
    .string()
    .describe('The start of the secret (`sk_live_` and 8 characters): enough to recognise the key, not to use it.'),
  scopes: z.array(ApiKeyScope).describe('What the key may do.'),
  allowedIps: z.array(z.string()).describe('The addresses (CIDR) the key is accepted from; empty: from anywhere.'),
  expiresAt: z.iso.datetime().nullable().describe('When the key stops working; null: never.'),
  createdAt: z.iso.datetime(),
  createdBy: z
    .object({ id: z.uuid(), displayName: z.string() })
    .nullable()
    .describe('The admin who created it; null when that account was deleted.'),
  lastUsedAt: z.iso
    .datetime()
    .nullable()
    .describe('When it was last used (updated at most once a minute); null: never.'),
  lastUsedIp: z.string().nullable().describe('The client address of that use.'),
  revokedAt: z.iso.datetime().nullable().describe('When it was revoked; a revoked key never works again.'),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** POST /api/api-keys (admins). */
export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'The key needs a name.').max(100).describe('What the key is for.'),
  scopes: z
    .array(ApiKeyScope)
    .min(1, 'Choose at least one scope.')
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice.')
    .describe('What the key may do.'),
  expiresAt: z.iso
    .datetime({ offset: true })
    .optional()
    .refine((value) => value === undefined || Date.parse(value) > Date.now(), 'The expiry must be in the future.')
    .describe('When the key stops working (ISO 8601); omitted: never.'),
  allowedIps: z
    .array(IpRangeSchema)
    .max(50)
    .default([])
    .describe('Accept the key only from these addresses or CIDR ranges; empty or omitted: from anywhere.'),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBodySchema>;

export const BasicAuthSchema = z
  .object({
    username: z.string().describe('6 upper-case letters and digits, unique on the server.'),
    password: z.string().describe('24 random characters. Shown this once, like the secret.'),
  })
  .describe(
    'Basic credentials of the same key for the SMSGate-compatible API (`/api/3rdparty/v1`), e.g. for the `android-sms-gateway` npm client; they carry the key’s scopes, expiry, IP ranges and revocation.',
  );

export const CreatedApiKeyResponseSchema = z.object({
  apiKey: ApiKeySchema,
  secret: z
    .string()
    .describe('The whole secret (`sk_live_…`). Shown this once: only its hash is stored, it cannot be shown again.'),
  basicAuth: BasicAuthSchema,
});
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponseSchema>;

export const ApiKeyResponseSchema = z.object({ apiKey: ApiKeySchema });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponseSchema>;
export const ApiKeysResponseSchema = z.object({
  apiKeys: z.array(ApiKeySchema).describe('The workspace’s keys, newest first, revoked ones included.'),
});
export type ApiKeysResponse = z.infer<typeof ApiKeysResponseSchema>;
export const ApiKeyParamsSchema = z.object({ id: z.uuid() });

/** POST /api/api-keys/:id/basic-auth (admins): new SMSGate credentials for a key, shown this once. */
export const ApiKeyBasicAuthResponseSchema = z.object({ apiKey: ApiKeySchema, basicAuth: BasicAuthSchema });
export type ApiKeyBasicAuthResponse = z.infer<typeof ApiKeyBasicAuthResponseSchema>;
