import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import { hashPassword } from '../../modules/auth/password.js';
import type { AndroidContext } from './android-context.js';
import { deviceGuard, deviceOf, registrationGuard, registrationOf } from './device-auth.js';
import { newDeviceId, newLogin, newPassword } from './device-credentials.js';
import {
  DeviceInfoResponseSchema,
  RegisterDeviceBodySchema,
  RegisterDeviceResponseSchema,
  UpdateDeviceBodySchema,
  type SimCard,
} from './smsgate-schemas.js';

/** What we keep of the SIM list: what the network settings show (no ICCID, even masked). */
function simCardsOf(cards: SimCard[]): Array<Record<string, unknown>> {
  return cards.map((card) => ({
    slotIndex: card.slotIndex ?? null,
    simNumber: card.simNumber ?? null,
    phoneNumber: card.phoneNumber ?? null,
    carrierName: card.carrierName ?? null,
  }));
}

/** SMSGate mobile API, the phone itself: registration, push token and SIM updates (§2.1–2.3). */
export const mobileDeviceRoutes: FastifyPluginAsyncZod<{ ctx: AndroidContext }> = async (app, { ctx }) => {
  const tags = ['android phone'];
  const device = deviceGuard(ctx);

  app.post(
    '/device',
    {
      onRequest: registrationGuard(ctx),
      schema: {
        tags,
        summary: 'Register the phone (Bearer = the network’s registration token); replaces a paired phone',
        body: RegisterDeviceBodySchema,
        response: { 201: RegisterDeviceResponseSchema },
      },
    },
    async (request, reply) => {
      const { network, device: pairing } = registrationOf(request);
      const token = randomToken();
      const password = newPassword();
      const registered = {
        deviceId: newDeviceId(),
        deviceTokenHash: hashToken(token),
        login: newLogin(),
        passwordHash: await hashPassword(password),
        name: request.body.name?.trim() || 'Android phone',
        pushToken: request.body.pushToken || null,
        simCards: simCardsOf(request.body.simCards ?? []),
        signingKey: ctx.secretBox.seal(randomToken()),
      };
      if (!(await ctx.pairings.register(network.id, pairing.registrationTokenHash ?? '', registered))) {
        throw new AppError('UNAUTHENTICATED', 'This registration token was replaced. Copy the new one.');
      }
      // A replaced phone's stream (on any instance) would otherwise keep receiving this network's events.
      ctx.streams.endAnywhere(network.id);
      if (network.status === 'connected') {
        await ctx.host.touchNetwork(network.id);
        await ctx.announce(network.id);
      } else {
        await ctx.host.setNetworkStatus(network.id, 'connected');
      }
      await ctx.host.log(network.id, { kind: 'info', message: `Phone registered: ${registered.name}` });
      return reply.code(201).send({ id: registered.deviceId, token, login: registered.login, password });
    },
  );

  app.patch(
    '/device',
    {
      onRequest: device,
      schema: {
        tags,
        summary: 'Update the phone’s push token and SIM cards (sent at every app start)',
        body: UpdateDeviceBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { network, device: paired } = deviceOf(request);
      if (request.body.id !== paired.deviceId) {
        throw new AppError('FORBIDDEN', 'This device token belongs to another device id.');
      }
      const simCards = request.body.simCards ? simCardsOf(request.body.simCards) : undefined;
      await ctx.pairings.updateDevice(network.id, paired.deviceId, {
        // Like the reference server: an absent push token keeps the stored one.
        pushToken: request.body.pushToken || undefined,
        simCards,
      });
      if (simCards && JSON.stringify(simCards) !== JSON.stringify(paired.simCards ?? [])) {
        await ctx.announce(network.id);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/device',
    {
      schema: {
        tags,
        summary: 'The phone’s public address as we see it (no token needed)',
        response: { 200: DeviceInfoResponseSchema },
      },
    },
    async (request) => ({ externalIp: request.ip }),
  );
};
