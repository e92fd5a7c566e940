import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/secure-token.js';
import type { AndroidContext } from './android-context.js';
import type { Pairing } from '../../modules/networks/android-pairings.js';
import { isUuid } from './phone-states.js';
import { WebhookEnvelopeSchema } from './smsgate-schemas.js';
import { checkWebhookSignature, type SignatureCheck } from './webhook-signature.js';
import { applyWebhookEvent } from './webhook-events.js';

/** Far above any SMS webhook (a long text is ~70 kB as JSON); MMS payloads are not subscribed. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** A phone with a key other than ours gets nudged to fetch our settings at most this often. */
const SETTINGS_NUDGE_MS = 60_000;

const WebhookParamsSchema = z.object({
  networkId: z.string().max(64).describe('The Android network.'),
  webhookToken: z.string().max(128).describe('The network’s webhook path token.'),
});

const REJECTIONS: Record<Exclude<SignatureCheck, { ok: true }>['reason'], string> = {
  'missing-signature': 'Webhook rejected: no valid X-Signature / X-Timestamp headers',
  'stale-timestamp': 'Webhook rejected: X-Timestamp is more than 5 minutes off',
  'signature-mismatch': 'Webhook rejected: the signature does not match the signing key',
};

/** Constant-time equality of two strings of any length (compares their hashes). */
const sameSecret = (a: string, b: string) =>
  timingSafeEqual(Buffer.from(hashToken(a), 'base64url'), Buffer.from(hashToken(b), 'base64url'));

/**
 * Where the SMSGate phone posts its events (§3). Encapsulated with its own body parser: the
 * signature covers the exact bytes sent, so the body stays raw here while the rest of the API keeps
 * its JSON parser.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AndroidContext }> = async (app, { ctx }) => {
  const lastNudge = new Map<string, number>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  async function pairingOf(params: z.infer<typeof WebhookParamsSchema>): Promise<Pairing> {
    // Checked first: a value that is not a UUID must never reach a uuid column (a 500).
    const pairing = isUuid(params.networkId) ? await ctx.pairings.byNetwork(params.networkId) : undefined;
    if (!pairing || !sameSecret(pairing.device.webhookToken, params.webhookToken)) {
      throw new AppError('NOT_FOUND', 'No such webhook.');
    }
    return pairing;
  }

  async function reject(request: FastifyRequest, networkId: string, reason: string, message: string) {
    await ctx.host.log(networkId, {
      kind: 'webhook-rejected',
      message,
      details: {
        reason,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        timestamp: request.headers['x-timestamp'] ?? null,
      },
    });
  }

  /** A phone signing with another key has not fetched our settings (or was given another key by hand). */
  function nudgeSettings(networkId: string) {
    const now = Date.now();
    if (now - (lastNudge.get(networkId) ?? 0) < SETTINGS_NUDGE_MS) return;
    lastNudge.set(networkId, now);
    ctx.streams.sendAnywhere(networkId, 'SettingsUpdated');
  }

  app.post(
    '/:networkId/:webhookToken',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // The body is raw bytes checked against X-Signature, then read as the protocol's envelope.
      schema: {
        tags: ['android phone'],
        summary: 'The phone’s signed webhooks: received SMS, message states, pings',
        params: WebhookParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const pairing = await pairingOf(request.params);
      const networkId = pairing.network.id;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const check = checkWebhookSignature({
        key: ctx.secretBox.open(pairing.device.signingKey),
        body,
        timestamp: header(request, 'x-timestamp'),
        signature: header(request, 'x-signature'),
      });
      if (!check.ok) {
        await reject(request, networkId, check.reason, REJECTIONS[check.reason]);
        if (check.reason === 'signature-mismatch') nudgeSettings(networkId);
        throw new AppError('INVALID_SIGNATURE', 'The webhook signature is not valid.');
      }
      // The key outlives an unpairing (token rotation) until the next registration replaces it.
      if (!pairing.device.deviceId) {
        await reject(request, networkId, 'not-paired', 'Webhook rejected: no phone is paired with this network');
        throw new AppError('FORBIDDEN', 'No phone is paired with this network.');
      }
      if (!pairing.network.enabled) {
        throw new AppError('NETWORK_DISABLED', 'This network is disabled and accepts no messages.');
      }
      const envelope = WebhookEnvelopeSchema.safeParse(parseJson(body));
      if (!envelope.success) throw new AppError('VALIDATION_FAILED', 'The webhook is not an SMSGate event.');
      await ctx.deviceSeen(pairing.network);
      // Answered only once stored: a 2xx tells the phone it may drop the event.
      await applyWebhookEvent(ctx.host, networkId, envelope.data.event, envelope.data.payload);
      return reply.code(204).send(null);
    },
  );
};

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_JSON', 'The webhook body is not valid JSON.');
  }
}
