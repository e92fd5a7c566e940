import type { RecoveryCodes, TwoFactorSetup } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { hashRecoveryCode, newRecoveryCodes, totp } from '../auth/totp.js';
import type { AccountDeps } from './account-deps.js';

const conflict = (message: string) => new AppError('TWO_FACTOR_STATE_CONFLICT', message);
const wrongCode = () =>
  new AppError('TWO_FACTOR_INVALID', 'That code did not work. Enter the current code from your authenticator app.');

/**
 * Turning two-factor on and off: setup makes a pending secret (sealed like network secrets), the
 * first right code turns it on and answers ten recovery codes (shown once, stored hashed); off and
 * new codes need the password and a current code.
 */
export function createTwoFactorSetup(deps: AccountDeps) {
  const { users, secretBox, auth } = deps;
  const { twoFactor } = users;

  async function stateOf(userId: string) {
    const state = await twoFactor.find(userId);
    if (!state) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    return state;
  }

  async function newCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map(hashRecoveryCode) };
  }

  return {
    async setup(userId: string, email: string, password: string): Promise<TwoFactorSetup> {
      await auth.own.checkPassword(userId, password);
      if ((await stateOf(userId)).secret) throw conflict('Two-factor authentication is on already.');
      const secret = totp.newSecret();
      await twoFactor.setPendingSecret(userId, secretBox.seal(secret));
      return { secret, otpauthUrl: totp.otpauthUrl(secret, email) };
    },

    async enable(userId: string, code: string): Promise<RecoveryCodes> {
      const state = await stateOf(userId);
      if (state.secret) throw conflict('Two-factor authentication is on already.');
      if (!state.pendingSecret) throw conflict('Start the setup first.');
      const step = await totp.stepOf(secretBox.open(state.pendingSecret), code, null);
      if (step === null) throw wrongCode();
      const { codes, hashes } = await newCodes();
      if (!(await twoFactor.enable(userId, state.pendingSecret, step, hashes))) {
        throw conflict('The setup changed meanwhile. Start it again.');
      }
      return { recoveryCodes: codes };
    },

    async disable(userId: string, password: string, code: string): Promise<void> {
      await auth.own.checkPassword(userId, password);
      if (!(await stateOf(userId)).secret) throw conflict('Two-factor authentication is off.');
      await auth.checkTwoFactor(userId, { code });
      await twoFactor.disable(userId);
    },

    async newRecoveryCodes(userId: string, password: string, code: string): Promise<RecoveryCodes> {
      await auth.own.checkPassword(userId, password);
      if (!(await stateOf(userId)).secret) throw conflict('Two-factor authentication is off.');
      await auth.checkTwoFactor(userId, { code });
      const { codes, hashes } = await newCodes();
      await twoFactor.replaceRecoveryCodes(userId, hashes);
      return { recoveryCodes: codes };
    },
  };
}
