import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { StatusReport } from '../channel.js';
import { EMPTY_TWIML, twilioWebhookScope, WEBHOOK_BODY_LIMIT } from './twilio-webhook-scope.js';
import { statusReportOf } from './twilio-status.js';

export interface TwilioHooksOptions {
  /** PUBLIC_URL: the provider signs the URL it was given, which is this plus the path. */
  publicUrl: string;
  /** Pauses before looking an unknown MessageSid up again; default 200 ms then 800 ms. */
  unknownSidRetryDelaysMs?: number[];
}

const HookParamsSchema = z.object({
  networkId: z.uuid().describe('The HTTP network, as in the URL shown on its settings.'),
});

const InboundSmsBodySchema = z.object({
  MessageSid: z.string().min(1).max(64).describe('The provider’s id of the message; retries repeat it.'),
  From: z.string().trim().min(1).max(64).describe('The sender (E.164, short code or sender id).'),
  To: z.string().max(64).optional().describe('The network’s number that received it.'),
  Body: z.string().describe('The text; empty for a picture-only message.'),
});

const StatusCallbackBodySchema = z.object({
  MessageSid: z.string().min(1).max(64).describe('The sid the provider answered when the message was sent.'),
  MessageStatus: z.string().min(1).max(32).describe('queued, sent, delivered, undelivered, failed...'),
  ErrorCode: z.string().max(16).optional().describe('The provider’s error code when undelivered or failed.'),
});

const TwimlSchema = z.string().describe('An empty TwiML document: no automatic reply.');

/**
 * Webhooks of HTTP (Twilio-compatible) networks: inbound SMS and status callbacks. Form bodies are
 * accepted in this plugin only; the rest of the API keeps answering 415 to anything but JSON.
 */
export const twilioHooksRoutes: FastifyPluginAsyncZod<TwilioHooksOptions> = async (app, options) => {
  const { messaging } = app.services;
  const host = messaging.host;
  const retryDelays = options.unknownSidRetryDelaysMs ?? [200, 800];
  const tags = ['webhooks'];
  const formats = { consumes: ['application/x-www-form-urlencoded'], produces: ['text/xml'] };

  const networkOf = await twilioWebhookScope(app, options.publicUrl);

  /**
   * A callback can overtake the recording of the send it reports on (the provider answered, the
   * sid is not stored yet), so an unknown sid is looked up again after short pauses.
   */
  async function applyWhenKnown(report: StatusReport): Promise<boolean> {
    if (await host.applyStatus(report)) return true;
    for (const delay of retryDelays) {
      await sleep(delay);
      if (await host.applyStatus(report)) return true;
    }
    return false;
  }

  app.post(
    '/hooks/twilio/:networkId/sms',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        ...formats,
        summary: 'Twilio "A message comes in" webhook (signed with the auth token)',
        params: HookParamsSchema,
        body: InboundSmsBodySchema,
        response: { 200: TwimlSchema },
      },
    },
    async (request, reply) => {
      const network = networkOf(request);
      if (!network.enabled) {
        throw new AppError('NETWORK_DISABLED', 'This network is disabled and accepts no messages.');
      }
      const { MessageSid, From, Body } = request.body;
      // Answered only once the pipeline committed: a provider that gets no 200 tries again.
      // (Storing it also records the network's sign of life.)
      const result = await host.receiveInbound({
        networkId: network.id,
        from: From,
        body: Body,
        providerMessageId: MessageSid,
      });
      if (result.duplicate) request.log.debug({ messageSid: MessageSid }, 'inbound SMS already stored (a retry)');
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );

  app.post(
    '/hooks/twilio/:networkId/status',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        ...formats,
        summary: 'Twilio status callback of a sent message (signed with the auth token)',
        params: HookParamsSchema,
        body: StatusCallbackBodySchema,
        response: { 200: TwimlSchema },
      },
    },
    async (request, reply) => {
      const network = networkOf(request);
      // A disabled network still takes reports: they are about messages sent while it was enabled.
      await host.touchNetwork(network.id);
      const report = statusReportOf(network.id, request.body);
      if (report && !(await applyWhenKnown(report))) {
        request.log.debug({ messageSid: request.body.MessageSid }, 'status callback for an unknown message');
      }
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );
};
