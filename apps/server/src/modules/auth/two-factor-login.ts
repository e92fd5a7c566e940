import { errors, jwtVerify } from 'jose';
import type { TwoFactorLoginBody } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { GRANT_ISSUER, signGrantToken } from '../../lib/grant-token.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { UsersService } from '../users/users.service.js';
import { hashRecoveryCode, totp } from './totp.js';

/** Distinct from access tokens and other grants: a challenge passes for nothing else. */
const AUDIENCE = 'switchboard-2fa';
const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface ChallengeGrant {
  userId: string;
  rememberMe: boolean;
}

const invalid = () =>
  new AppError(
    'TWO_FACTOR_INVALID',
    'That code did not work. Enter the current code from your app, or a recovery code.',
  );

/**
 * The second step of a sign-in with two-factor on. The password step answers a challenge (a
 * 5-minute grant token bound to the user and the "remember me" choice) instead of a session; this
 * step takes the challenge and a TOTP code (accepted once: its time step must be after the last
 * accepted one) or a recovery code (each once ever).
 */
export function createTwoFactorLogin(deps: { jwtSecret: string; secretBox: SecretBox; users: UsersService }) {
  const key = new TextEncoder().encode(deps.jwtSecret);
  const { twoFactor } = deps.users;

  async function readChallenge(challenge: string): Promise<ChallengeGrant> {
    try {
      const { payload } = await jwtVerify(challenge, key, {
        issuer: GRANT_ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || (payload.rm !== '1' && payload.rm !== '0')) throw invalid();
      return { userId: payload.sub, rememberMe: payload.rm === '1' };
    } catch (error) {
      if (error instanceof errors.JOSEError)
        throw new AppError('TWO_FACTOR_INVALID', 'This sign-in has expired. Enter your password again.');
      throw error;
    }
  }

  return {
    async challenge(grant: ChallengeGrant): Promise<string> {
      const { token } = await signGrantToken(key, {
        audience: AUDIENCE,
        subject: grant.userId,
        claims: { rm: grant.rememberMe ? '1' : '0' },
        ttlSeconds: CHALLENGE_TTL_SECONDS,
      });
      return token;
    },

    /** The grant of a valid challenge (forged, expired or foreign: TWO_FACTOR_INVALID). */
    readChallenge,

    /** Passes when the code (or recovery code) is right and unused, and uses it up; else TWO_FACTOR_INVALID. */
    async check(userId: string, body: Pick<TwoFactorLoginBody, 'code' | 'recoveryCode'>): Promise<void> {
      const state = await twoFactor.find(userId);
      if (!state?.secret) throw invalid();
      if (body.recoveryCode !== undefined) {
        if (!(await twoFactor.consumeRecoveryCode(userId, hashRecoveryCode(body.recoveryCode)))) throw invalid();
        return;
      }
      const step = await totp.stepOf(deps.secretBox.open(state.secret), body.code ?? '', state.lastStep);
      if (step === null || !(await twoFactor.acceptStep(userId, step))) throw invalid();
    },
  };
}

export type TwoFactorLogin = ReturnType<typeof createTwoFactorLogin>;
