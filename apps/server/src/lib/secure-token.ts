import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret of 256 bits (refresh tokens, reset links). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token: its SHA-256, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
