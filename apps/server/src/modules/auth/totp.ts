import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@switchboard/contract';
import { hashToken } from '../../lib/secure-token.js';

/** Authenticator apps show this as the account's issuer. */
export const TOTP_ISSUER = 'Switchboard';
/**
 * One step (30 s) either side of the server's clock: a phone a little off, or a code typed as it
 * changes, still works. A code is accepted once anyway (its step is recorded), so the window
 * costs no replay.
 */
const TOLERANCE_SECONDS = 30;

/** TOTP (RFC 6238: SHA-1, 6 digits, 30 s), as every authenticator app speaks it, through otplib. */
export const totp = {
  newSecret: (): string => generateSecret(),
  otpauthUrl: (secret: string, account: string): string => generateURI({ issuer: TOTP_ISSUER, label: account, secret }),
  /** The time step the code belongs to, or null for a wrong one or one of a step at or before `afterStep`. */
  async stepOf(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep !== null && { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  },
};

/** Ten codes like `7k3q-9xmd-2p`: easy to read aloud, 50 bits each. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** What is stored and compared: SHA-256 of the code as typed loosely (case, spaces and dashes ignored). */
export const hashRecoveryCode = (code: string): string => hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
