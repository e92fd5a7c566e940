import type { AndroidRegistration } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import { createAndroidPairingsRepository } from './android-pairings.repository.js';
import { androidServerUrl } from './network-view.js';

export type { Pairing, RegisteredDevice } from './android-pairings.repository.js';

/**
 * Android networks' phones: registration tokens (issued here, shown once), the pairing a phone
 * makes with one, and the look-ups of the mobile API (channels/android) by the tokens it presents.
 */
export function createAndroidPairings(deps: { db: Db; secretBox: SecretBox; publicUrl: string }) {
  const repo = createAndroidPairingsRepository(deps.db);
  return {
    byRegistrationTokenHash: repo.byRegistrationTokenHash,
    byDeviceTokenHash: repo.byDeviceTokenHash,
    byNetwork: repo.byNetwork,
    register: repo.register,
    updateDevice: repo.updateDevice,
    findDevice: repo.findDevice,
    findDevices: repo.findDevices,

    /** A new registration token (shown once); a phone paired before must register again. */
    async issueRegistrationToken(networkId: string, tx: Db = deps.db): Promise<AndroidRegistration> {
      const token = randomToken();
      await repo.upsertPairing(
        {
          networkId,
          registrationTokenHash: hashToken(token),
          registrationTokenHint: token.slice(-4),
          webhookToken: randomToken(),
          signingKey: deps.secretBox.seal(randomToken()),
        },
        tx,
      );
      return { serverUrl: androidServerUrl(deps.publicUrl), token };
    },
  };
}

export type AndroidPairings = ReturnType<typeof createAndroidPairings>;
