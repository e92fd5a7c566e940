import { randomBytes, randomInt } from 'node:crypto';

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

function pick(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** A device id as the reference server makes them: 21 URL-safe characters (a NanoID). */
export function newDeviceId(): string {
  // 64 symbols: the low 6 bits of a random byte pick one without bias.
  return Array.from(randomBytes(21), (byte) => URL_SAFE[byte & 63]).join('');
}

/** The login the app shows (6 upper-case letters, like the reference server's). */
export const newLogin = () => pick(UPPER, 6);

/** The password the app shows (14 lower-case letters, like the reference server's: ~66 bits). */
export const newPassword = () => pick(LOWER, 14);
