import type { FastifyPluginAsync } from 'fastify';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AndroidContext } from './android-context.js';
import { createDevicePresence } from './device-presence.js';
import type { DeviceStreams } from './device-streams.js';
import { mobileConfigRoutes } from './mobile-config.routes.js';
import { mobileDeviceRoutes } from './mobile-device.routes.js';
import { mobileMessagesRoutes } from './mobile-messages.routes.js';
import { webhookRoutes } from './webhook.routes.js';

export interface AndroidChannelOptions {
  streams: DeviceStreams;
  secretBox: SecretBox;
  publicUrl: string;
}

/** Messages queued within this window wake a streaming phone once (a campaign queues thousands). */
const WAKE_COALESCE_MS = 500;
/** How often streaming phones' networks are looked at for scheduled messages that became due. */
const DUE_CHECK_MS = 5_000;
/**
 * An open stream is a live phone, though it may not call us for a while: this keeps its network
 * from reading as silent (15 minutes) while it listens.
 */
const STREAM_TOUCH_MS = 5 * 60_000;

/**
 * The Android (SMSGate private server) channel's HTTP side: the mobile API the phone calls under
 * /api/mobile/v1 and the webhook receiver under /hooks/android, plus the wake-ups of its streams.
 */
export const androidChannelPlugin: FastifyPluginAsync<AndroidChannelOptions> = async (app, options) => {
  const { messaging, networks } = app.services;
  const { streams } = options;
  const log = app.log.child({ channel: 'android' });
  const ctx: AndroidContext = {
    pairings: networks.androidPairings,
    outboundQueue: messaging.outboundQueue,
    streams,
    secretBox: options.secretBox,
    publicUrl: options.publicUrl,
    host: messaging.host,
    deviceSeen: createDevicePresence(messaging.host, networks.announce),
    announce: networks.announce,
    workspaceSettings: app.services.smsgateApi.settings.forPhones,
  };
  const failed = (what: string) => (error: unknown) => log.warn({ err: error }, what);

  const wakes = new Map<string, NodeJS.Timeout>();
  const stopWatchingQueue = messaging.onQueued((networkId) => {
    if (wakes.has(networkId) || !streams.isStreaming(networkId)) return;
    const wake = setTimeout(() => {
      wakes.delete(networkId);
      streams.send(networkId, 'MessageEnqueued');
    }, WAKE_COALESCE_MS);
    wakes.set(networkId, wake);
  });

  // Disabling, deleting or unpairing (token rotation) ends the streams of the phones it shuts out.
  const stopWatchingNetworks = networks.onChange((networkId, change) => {
    if (!streams.isStreaming(networkId)) return;
    if (change === 'removed') return streams.end(networkId);
    void ctx.pairings
      .byNetwork(networkId)
      .then((pairing) => {
        const current = pairing?.network.enabled ? pairing.device.deviceId : null;
        streams.end(networkId, (deviceId) => deviceId === current);
      })
      .catch(failed('could not check the streams of a changed network'));
  });

  // The network view shows whether the phone is streaming.
  const stopWatchingStreams = streams.onChange((networkId) => {
    void ctx.announce(networkId).catch(failed('could not announce a stream change'));
  });

  // A scheduled message (the developer API's sendAt) is not queued when it becomes due: the
  // streaming phones whose network has one due since the last look are woken as if it were.
  const wakeForDue = setInterval(() => {
    for (const networkId of streams.networkIds()) {
      void messaging.outboundQueue
        .becameDue(networkId, (DUE_CHECK_MS + 1_000) / 1000)
        .then((due) => due && streams.send(networkId, 'MessageEnqueued'))
        .catch(failed('could not look for scheduled messages that became due'));
    }
  }, DUE_CHECK_MS);
  wakeForDue.unref();

  const touchStreaming = setInterval(() => {
    for (const networkId of streams.networkIds()) {
      void ctx.host.touchNetwork(networkId).catch(failed('could not record a streaming phone as seen'));
    }
  }, STREAM_TOUCH_MS);
  touchStreaming.unref();

  app.addHook('onClose', async () => {
    stopWatchingQueue();
    stopWatchingNetworks();
    stopWatchingStreams();
    clearInterval(touchStreaming);
    clearInterval(wakeForDue);
    for (const wake of wakes.values()) clearTimeout(wake);
  });

  app.decorateRequest('androidPairing', null);
  await app.register(mobileDeviceRoutes, { prefix: '/api/mobile/v1', ctx });
  await app.register(mobileMessagesRoutes, { prefix: '/api/mobile/v1', ctx });
  await app.register(mobileConfigRoutes, { prefix: '/api/mobile/v1', ctx });
  await app.register(webhookRoutes, { prefix: '/hooks/android', ctx });
};
