import { generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** POST /v1/notifications/verify-webhook-signature's body. */
export interface VerifyWebhookBody {
  auth_algo?: unknown;
  cert_url?: unknown;
  transmission_id?: unknown;
  transmission_sig?: unknown;
  transmission_time?: unknown;
  webhook_id?: unknown;
  webhook_event?: unknown;
}

/** What PayPal signs (SHA256withRSA): `transmissionId|time|webhookId|crc32(event)`. */
const signedText = (transmissionId: string, time: string, webhookId: string, event: string) =>
  Buffer.from(`${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(event))}`);

const newKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/**
 * The fake PayPal's webhook signatures, made like PayPal's: an RSA key (its certificate at
 * `certUrl`) signs the transmission id, time, webhook id and the CRC32 of the event's JSON; the
 * verification API checks the same over the event it is sent.
 */
export function createPayPalSigner(webhookId: string, certUrl: () => string) {
  const { privateKey, publicKey } = newKey();

  return {
    /** The transmission headers of a delivery of `payload`; `forged`: signed with another key. */
    headersFor(payload: string, forged = false): Record<string, string> {
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const key: KeyObject = forged ? newKey().privateKey : privateKey;
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': certUrl(),
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sign('sha256', signedText(transmissionId, time, webhookId, payload), key).toString(
          'base64',
        ),
        'paypal-transmission-time': time,
      };
    },

    /** verify-webhook-signature's answer to `body`. */
    verify(body: VerifyWebhookBody | null): { verification_status: 'SUCCESS' | 'FAILURE' } {
      const event = JSON.stringify(body?.webhook_event ?? null);
      const ok =
        body?.webhook_id === webhookId &&
        body.auth_algo === 'SHA256withRSA' &&
        body.cert_url === certUrl() &&
        typeof body.transmission_sig === 'string' &&
        verify(
          'sha256',
          signedText(String(body.transmission_id), String(body.transmission_time), webhookId, event),
          publicKey,
          Buffer.from(body.transmission_sig, 'base64'),
        );
      return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
    },
  };
}
