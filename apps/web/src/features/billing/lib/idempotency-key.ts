/**
 * A fresh key for one order attempt: a double click or a retried request sends the same key and
 * gets the same order back. getRandomValues works outside secure contexts too (randomUUID does not).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
