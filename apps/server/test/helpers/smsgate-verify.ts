import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A receiver's check written for SMSGate, as smsgate.md §3 describes it: lower-case hex of
 * HMAC-SHA256 with the key's UTF-8 bytes over the raw body bytes followed by the X-Timestamp
 * string, compared in constant time, timestamps older or newer than 5 minutes refused.
 */
export function verifySmsgateSignature(
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  key: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = headers['x-timestamp'];
  const signature = headers['x-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', Buffer.from(key, 'utf8'))
    .update(Buffer.concat([Buffer.from(rawBody, 'utf8'), Buffer.from(timestamp, 'utf8')]))
    .digest();
  const given = Buffer.from(signature, 'hex');
  return signature === signature.toLowerCase() && given.length === expected.length && timingSafeEqual(given, expected);
}
