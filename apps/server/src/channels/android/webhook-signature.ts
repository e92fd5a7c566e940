import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far X-Timestamp may be from our clock (the SMSGate docs suggest ±5 min). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'missing-signature' | 'stale-timestamp' | 'signature-mismatch'; skewSeconds?: number };

/**
 * SMSGate's webhook signature: lower-case hex HMAC-SHA256, keyed with the signing key's UTF-8
 * bytes, over the raw body bytes followed by the X-Timestamp string (Unix seconds). The timestamp
 * window keeps a captured request from being replayed later.
 */
export function checkWebhookSignature(input: {
  key: string;
  body: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
  now?: number;
}): SignatureCheck {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-fA-F]{64}$/.test(signature)) {
    return { ok: false, reason: 'missing-signature' };
  }
  const skewSeconds = Math.floor((input.now ?? Date.now()) / 1000) - Number(timestamp);
  if (Math.abs(skewSeconds) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale-timestamp', skewSeconds };
  const expected = createHmac('sha256', Buffer.from(input.key, 'utf8'))
    .update(input.body)
    .update(timestamp, 'utf8')
    .digest();
  // Both are 32 bytes here (the format check above), as timingSafeEqual requires.
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signature-mismatch' };
  return { ok: true };
}
