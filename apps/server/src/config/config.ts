import { join } from 'node:path';
import { z } from 'zod';

const boolFlag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0, 1, true or false' })
  .transform((value) => value === '1' || value === 'true');

const url = (protocols: string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(', ')})` })
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const seconds = z.coerce
  .number({ error: 'must be a whole number of seconds' })
  .int({ error: 'must be a whole number of seconds' })
  .positive({ error: 'must be greater than 0' });

/** Every environment variable the server reads. `.env.example` and README list the same. */
export const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number (1-65535)' })
    .int({ error: 'must be a port number (1-65535)' })
    .min(0, { error: 'must be a port number (1-65535)' })
    .max(65535, { error: 'must be a port number (1-65535)' })
    .default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  FILES_DIR: z.string().min(1).optional(),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL: seconds.default(900),
  REFRESH_TOKEN_TTL: seconds.default(30 * 24 * 3600),
  DEMO_SEED: boolFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Switchboard <no-reply@localhost>'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: boolFlag.default(false),
  SECRETS_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  MESSAGE_LEASE_SECONDS: seconds.default(30),
  SANDBOX_DELIVERY_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must be 0 or more' })
    .default(400),
  AUTH_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number of requests per minute' })
    .int({ error: 'must be a whole number of requests per minute' })
    .positive({ error: 'must be greater than 0' })
    .default(20),
  API_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number of requests per minute' })
    .int({ error: 'must be a whole number of requests per minute' })
    .positive({ error: 'must be greater than 0' })
    .default(6000),
  ALLOW_INSECURE_WEBHOOKS: boolFlag.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(100, { error: 'must be at least 100' })
    .max(60_000, { error: 'must be at most 60000' })
    .default(10_000),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_API_BASE: url(['http', 'https']).default('https://api.stripe.com'),
  PAYPAL_CLIENT_ID: z.string().min(4).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(4).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(4).optional(),
  PAYPAL_API_BASE: url(['http', 'https']).default('https://api-m.sandbox.paypal.com'),
  TAX_RATE_PERCENT: z.coerce
    .number({ error: 'must be a percentage (0-100)' })
    .min(0, { error: 'must be a percentage (0-100)' })
    .max(100, { error: 'must be a percentage (0-100)' })
    .default(0),
  INVOICE_SELLER: z.string().min(3).default('Switchboard|Switchboard Messaging Ltd.|billing@switchboard.local'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded and downloaded files (voice recordings) live; default DATA_DIR/files. */
  filesDir: string;
  databaseUrl: string | undefined;
  /** The external base URL, without a trailing slash. */
  publicUrl: string;
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  demoSeed: boolean;
  logLevel: Env['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Directory with the built web app; unset = not served. */
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** Encrypts network secrets at rest; unset = generated once into DATA_DIR/secrets-key. */
  secretsKey: string | undefined;
  /** How long a dispatcher holds a claimed message before another may retry it. */
  messageLeaseSeconds: number;
  /** Delay of each step (sent, delivered) of the sandbox's virtual phone. */
  sandboxDeliveryMs: number;
  /** Requests per minute per client IP on the credential endpoints (login, register, reset...). */
  authRateLimit: number;
  /** Requests per minute one developer API key may make on /api/v1 (its tokens included). */
  apiRateLimit: number;
  /** Development only: webhooks may go to loopback addresses over http (never to other private ones). */
  allowInsecureWebhooks: boolean;
  /** How long a webhook receiver has to answer. */
  webhookTimeoutMs: number;
  /** Payment providers (issue 16): Stripe and PayPal when their keys are set, else the test provider. */
  billing: BillingConfig;
}

export interface BillingConfig {
  stripe: { secretKey: string; webhookSecret: string; apiBase: string } | null;
  /** `webhookId`: PayPal's id of our webhook registration, which its signature check names. */
  paypal: { clientId: string; clientSecret: string; webhookId: string | null; apiBase: string } | null;
  taxRatePercent: number;
  /** The seller printed on invoices: `name|company|e-mail|address line|…` (INVOICE_SELLER). */
  seller: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Treat empty strings as unset so `FOO=` in a .env file means "default".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    filesDir: e.FILES_DIR ?? join(e.DATA_DIR, 'files'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    demoSeed: e.DEMO_SEED,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    secretsKey: e.SECRETS_KEY,
    messageLeaseSeconds: e.MESSAGE_LEASE_SECONDS,
    sandboxDeliveryMs: e.SANDBOX_DELIVERY_MS,
    allowInsecureWebhooks: e.ALLOW_INSECURE_WEBHOOKS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    billing: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
          : null,
      paypal:
        e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
          ? {
              clientId: e.PAYPAL_CLIENT_ID,
              clientSecret: e.PAYPAL_CLIENT_SECRET,
              webhookId: e.PAYPAL_WEBHOOK_ID ?? null,
              apiBase: e.PAYPAL_API_BASE.replace(/\/+$/, ''),
            }
          : null,
      taxRatePercent: e.TAX_RATE_PERCENT,
      seller: e.INVOICE_SELLER,
    },
  };
}
