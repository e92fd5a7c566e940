import { hash, verify, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (~17 ms per hash on these machines).
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password, so a sign-in for an unknown e-mail takes as long as a real one. */
const decoyHash = hashPassword('decoy-password-never-matches');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}
