import { ApiError } from '../../../lib/api-client';

/** The current password given with a change was wrong (the lock screen's code, or sign-in's). */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'WRONG_PASSWORD' || error.code === 'INVALID_CREDENTIALS');
}

/** The two-factor code (or recovery code) was wrong, or was used already. */
export function isWrongCode(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'TWO_FACTOR_INVALID';
}
