import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { AppError } from '../../lib/app-error.js';
import type { ChannelHost, NetworkRuntime } from '../channel.js';

/** The form fields exactly as posted (arrays for repeated names): what the provider signed. */
function postedParams(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/**
 * Checks `X-Twilio-Signature` against the network's auth token and the URL the provider was
 * given (PUBLIC_URL + path, query included), so a request that does not come from the account
 * holder is refused. A refusal is written to the network's log, never dropped silently: a wrong
 * PUBLIC_URL behind a proxy looks exactly like a forgery, and the admin needs to see it.
 */
export async function verifyTwilioSignature(
  request: FastifyRequest,
  network: NetworkRuntime,
  publicUrl: string,
  host: ChannelHost,
): Promise<void> {
  const params = postedParams(request.body);
  const signature = request.headers['x-twilio-signature'];
  const url = `${publicUrl}${request.url}`;
  const authToken = typeof network.settings.authToken === 'string' ? network.settings.authToken : '';
  const present = typeof signature === 'string' && signature.length > 0;
  if (present && authToken && twilio.validateRequest(authToken, signature, url, params)) return;

  const message = present
    ? 'Rejected a webhook whose X-Twilio-Signature does not match (another auth token, or PUBLIC_URL differs from the URL the provider calls).'
    : 'Rejected a webhook without an X-Twilio-Signature header.';
  const details = {
    path: request.url,
    url,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    signaturePresent: present,
    // Names only: values hold phone numbers and message text.
    params: Object.keys(params).sort(),
  };
  request.log.warn({ networkId: network.id, ...details }, 'webhook rejected');
  await host.log(network.id, { kind: 'webhook-rejected', message, details }).catch((error: unknown) => {
    request.log.error({ err: error, networkId: network.id }, 'could not log a rejected webhook');
  });
  throw new AppError('INVALID_SIGNATURE', 'The request signature is missing or does not match.');
}
