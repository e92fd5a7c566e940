import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AndroidContext } from './android-context.js';
import { deviceGuard, deviceOf, type DevicePairing } from './device-auth.js';
import { MobileSettingsSchema, MobileWebhookSchema, WEBHOOK_EVENTS } from './smsgate-schemas.js';

/** Where the phone posts its webhooks: the path token keeps a guessed URL alone from posting. */
export const androidWebhookUrl = (publicUrl: string, pairing: DevicePairing) =>
  `${publicUrl}/hooks/android/${pairing.network.id}/${pairing.device.webhookToken}`;

/**
 * Our own webhooks, one per event. Fixed ids: the app replaces its whole list with this answer,
 * so stable ids keep its queue of pending deliveries attached to the same hooks.
 */
function ourWebhooks(ctx: AndroidContext, pairing: DevicePairing) {
  const url = androidWebhookUrl(ctx.publicUrl, pairing);
  return WEBHOOK_EVENTS.map((event) => ({
    id: `switchboard-${event.replace(':', '-')}`,
    deviceId: pairing.device.deviceId,
    url,
    event,
  }));
}

/** SMSGate mobile API, the phone's configuration: our webhooks and the key to sign them (§2.6, 2.7). */
export const mobileConfigRoutes: FastifyPluginAsyncZod<{ ctx: AndroidContext }> = async (app, { ctx }) => {
  const tags = ['android phone'];
  const onRequest = deviceGuard(ctx);

  app.get(
    '/webhooks',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Webhooks the phone calls: received SMS, sent/delivered/failed states, pings',
        response: { 200: z.array(MobileWebhookSchema) },
      },
    },
    async (request) => ourWebhooks(ctx, deviceOf(request)),
  );

  app.get(
    '/settings',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Settings pushed to the phone: the webhook signing key and the wake-up channel',
        response: { 200: MobileSettingsSchema },
      },
    },
    // Never gateway.cloud_url or gateway.private_token: the app would repoint itself.
    async (request) => {
      const pairing = deviceOf(request);
      // The workspace's settings (SMSGate API `/settings`: send intervals, limits, ping…) first;
      // ours win where they meet, since our webhook receiver and wake-ups depend on them.
      const workspace = await ctx.workspaceSettings(pairing.network.workspaceId);
      return {
        ...workspace,
        webhooks: { ...workspace.webhooks, signing_key: ctx.secretBox.open(pairing.device.signingKey) },
        // We cannot reach Firebase for the official app, so phones are woken by our event stream:
        // without this, a phone with Google services would only poll every ~15 minutes.
        gateway: { notification_channel: 'SSE_ONLY' as const },
      };
    },
  );
};
