import type { DeviceStreams } from '../../channels/android/device-streams.js';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import type { DeveloperApiService } from '../developer-api/developer-api.service.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { NetworksService } from '../networks/networks.service.js';
import { createSmsgateAuth } from './smsgate-auth.js';
import { createSmsgateDevices } from './smsgate-devices.js';
import { createSmsgateInbox } from './smsgate-inbox.js';
import { createSmsgateMessages } from './smsgate-messages.js';
import { createSmsgateMessagesRepository } from './smsgate-messages.repository.js';
import { createSmsgateSettings } from './smsgate-settings.js';
import { createSmsgateSettingsRepository } from './smsgate-settings.repository.js';
import { createSmsgateTokens } from './smsgate-tokens.js';
import { createSmsgateTokensRepository } from './smsgate-tokens.repository.js';

export type { SmsgateCaller } from './smsgate-auth.js';

export interface SmsgateApiDeps {
  db: Db;
  /** The server's JWT secret: SMSGate tokens are signed with it (their own audience). */
  jwtSecret: string;
  developerApi: DeveloperApiService;
  messaging: Pick<MessagingService, 'queue' | 'api'>;
  networks: Pick<NetworksService, 'list' | 'get' | 'rotateRegistrationToken' | 'summaries'>;
  /** The phones' event streams: a settings change wakes them to read it (`SettingsUpdated`). */
  deviceStreams: Pick<DeviceStreams, 'sendAnywhere' | 'isStreamingAnywhere'>;
  /** Token revocations reach the other instances through it. */
  bus: ClusterBus;
}

/**
 * The SMSGate-compatible third-party API (`/api/3rdparty/v1`, smsgate.md §4) over the developer
 * API's keys: Basic credentials and SMSGate tokens (smsgate-auth.ts, smsgate-tokens.ts), messages
 * grouped per SMSGate message (smsgate-messages.ts), devices = Android networks, device settings.
 */
export function createSmsgateApiService(deps: SmsgateApiDeps) {
  const tokens = createSmsgateTokens(deps.jwtSecret, createSmsgateTokensRepository(deps.db), deps.bus);
  return {
    auth: createSmsgateAuth({ developerApi: deps.developerApi, tokens }),
    tokens,
    messages: createSmsgateMessages({
      db: deps.db,
      repo: createSmsgateMessagesRepository(deps.db),
      messaging: deps.messaging,
      networks: deps.networks,
      developerApi: deps.developerApi,
    }),
    devices: createSmsgateDevices(deps.networks),
    inbox: createSmsgateInbox({ networks: deps.networks, deviceStreams: deps.deviceStreams }),
    settings: createSmsgateSettings(createSmsgateSettingsRepository(deps.db), (workspaceId) => {
      // Sent to every network of the workspace: only its Android phones hold streams.
      void deps.networks.summaries(workspaceId).then(
        (networks) => {
          for (const network of networks) deps.deviceStreams.sendAnywhere(network.id, 'SettingsUpdated');
        },
        // A phone not woken reads them at its next start or daily read anyway.
        () => {},
      );
    }),
  };
}

export type SmsgateApiService = ReturnType<typeof createSmsgateApiService>;
