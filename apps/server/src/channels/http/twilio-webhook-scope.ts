import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { NetworkRuntime } from '../channel.js';
import { verifyTwilioSignature } from './twilio-signature.js';

/** Twilio's webhooks are a few hundred bytes; nothing legitimate comes near this. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
const NetworkId = z.uuid();

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Makes a plugin a scope of signed Twilio webhooks under `/:networkId/…`: form bodies accepted
 * (in this scope only; the rest of the API keeps answering 415 to anything but JSON), and every
 * request's network looked up and its signature checked before schema validation, so a forged
 * request is refused (and logged) whatever its shape. Returns the verified network of a request.
 */
export async function twilioWebhookScope(
  app: FastifyInstance,
  publicUrl: string,
): Promise<(request: FastifyRequest) => NetworkRuntime> {
  const verified = new WeakMap<FastifyRequest, NetworkRuntime>();
  await app.register(formBody, { bodyLimit: WEBHOOK_BODY_LIMIT });
  app.removeContentTypeParser('application/json');
  app.addHook('preValidation', async (request) => {
    // A malformed id is a 404 like an unknown one: nothing at that address.
    const id = NetworkId.safeParse((request.params as { networkId?: unknown }).networkId);
    const network = id.success ? await app.services.networks.runtime(id.data) : undefined;
    if (!network || network.kind !== 'http') throw new AppError('NOT_FOUND', 'No such network.');
    await verifyTwilioSignature(request, network, publicUrl, app.services.messaging.host);
    verified.set(request, network);
  });
  return (request) => {
    const network = verified.get(request);
    if (!network) throw new AppError('NOT_FOUND', 'No such network.');
    return network;
  };
}
