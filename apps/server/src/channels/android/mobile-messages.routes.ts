import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AndroidContext } from './android-context.js';
import { deviceGuard, deviceOf } from './device-auth.js';
import { isUuid, statusFromReport } from './phone-states.js';
import {
  MessageStateReportsSchema,
  MobileMessageSchema,
  PendingMessagesQuerySchema,
  type MobileMessage,
} from './smsgate-schemas.js';

/** The most messages one poll hands the phone (the protocol's limit). */
const POLL_LIMIT = 100;

/** SMSGate mobile API, the messages: the phone pulls what to send and reports states (§2.4, 2.5, 2.8). */
export const mobileMessagesRoutes: FastifyPluginAsyncZod<{ ctx: AndroidContext }> = async (app, { ctx }) => {
  const tags = ['android phone'];
  const onRequest = deviceGuard(ctx);

  app.get(
    '/message',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Outbound messages for the phone to send (and those it has not reported as sent yet)',
        querystring: PendingMessagesQuerySchema,
        response: { 200: z.array(MobileMessageSchema) },
      },
    },
    async (request): Promise<MobileMessage[]> => {
      const { network } = deviceOf(request);
      // Lenient: an order value from a newer app must not stop the phone from getting messages.
      const order = request.query.order?.toLowerCase() === 'fifo' ? 'fifo' : 'lifo';
      const pending = await ctx.outboundQueue.pendingForPhone(network.id, order, POLL_LIMIT);
      return pending.map((message) => ({
        id: message.id,
        message: message.body,
        textMessage: { text: message.body },
        phoneNumbers: [message.phoneNumber],
        withDeliveryReport: true,
        isEncrypted: false,
        priority: 0,
        state: 'Pending',
        createdAt: message.createdAt.toISOString(),
      }));
    },
  );

  app.patch(
    '/message',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The phone reports message states; unknown ids are ignored',
        body: MessageStateReportsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { network } = deviceOf(request);
      // One after another, in the phone's order: a later report of a message must land last.
      for (const report of request.body) {
        const status = statusFromReport(report);
        // A non-UUID id is a message the phone sent on its own; it must not reach a uuid column.
        if (!status || !isUuid(report.id)) continue;
        await ctx.host.applyStatus({ networkId: network.id, messageId: report.id, ...status });
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/events',
    {
      onRequest,
      // A server-sent event stream (text/event-stream), held open; no JSON response to describe.
      schema: { tags, summary: 'Server-sent events: MessageEnqueued, WebhooksUpdated, SettingsUpdated' },
    },
    async (request, reply) => {
      const { network, device } = deviceOf(request);
      // Written by hand from here on: no serialiser, no compression (it would hold events back).
      reply.hijack();
      ctx.streams.open(network.id, device.deviceId, reply.raw);
      // The phone refetches both on these events only (else at start and daily): a (re)connect is
      // the moment to make sure it has our current webhook URL and signing key.
      ctx.streams.send(network.id, 'WebhooksUpdated');
      ctx.streams.send(network.id, 'SettingsUpdated');
      return reply;
    },
  );
};
