import type { NetworkLogInput } from '../../channels/channel.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { SECRET_FIELDS } from './network-view.js';
import type { NetworkRow } from './networks.repository.js';

/** Splits settings into the plain ones and the secrets, which are sealed at rest. */
export function splitSecrets(kind: NetworkRow['kind'], settings: Record<string, unknown>) {
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (SECRET_FIELDS[kind].includes(key)) secrets[key] = String(value);
    else plain[key] = value;
  }
  return { plain, secrets };
}

/**
 * Opens a network's sealed secrets. Secrets sealed under another SECRETS_KEY (a key that
 * changed, or instances on one database with different generated keys) cannot be opened: the
 * network still lists and can be edited (saving new secrets seals them again), and its log says
 * what happened, once per process.
 */
export function createSecretsReader(
  secretBox: SecretBox,
  addLog: (networkId: string, entry: NetworkLogInput) => Promise<void>,
) {
  const unreadable = new Set<string>();
  return (row: NetworkRow): Record<string, string> => {
    try {
      return secretBox.openJson(row.secrets);
    } catch {
      if (!unreadable.has(row.id)) {
        unreadable.add(row.id);
        void addLog(row.id, {
          kind: 'error',
          message:
            'The saved secrets cannot be opened with this server’s SECRETS_KEY (was it changed?). Enter them again.',
        }).catch(() => {});
      }
      return {};
    }
  };
}
