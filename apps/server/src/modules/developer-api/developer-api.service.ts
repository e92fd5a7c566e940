import type { ApiKeyScope } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { UsersService } from '../users/users.service.js';
import { createApiContacts, type ApiContactsDeps } from './api-contacts.js';
import { createApiCampaigns, type ApiCampaignsDeps } from './api-campaigns.js';
import { createApiConversations } from './api-conversations.js';
import { createApiBatches } from './api-batches.js';
import { createApiMessages } from './api-messages.js';
import { createIdempotency } from './idempotency.js';
import { createApiKeyAuth, type ApiCaller } from './api-key-auth.js';
import { createApiKeys } from './api-keys.js';
import { createApiKeysRepository } from './api-keys.repository.js';
import { createApiTokens } from './api-tokens.js';

export type { ApiCaller } from './api-key-auth.js';

export interface DeveloperApiDeps {
  db: Db;
  users: Pick<UsersService, 'members'>;
  /** The server's JWT secret: tokens made from keys are signed with it. */
  jwtSecret: string;
  log: FastifyBaseLogger;
  messaging: Pick<MessagingService, 'queue' | 'queueBatch' | 'api' | 'inbox'>;
  networks: Pick<NetworksService, 'list' | 'defaultId'>;
  contacts: ApiContactsDeps['contacts'];
  campaigns: ApiCampaignsDeps['campaigns'];
  /** Revokes reach the other instances' key caches through it. */
  bus: ClusterBus;
}

/**
 * The developer API (DESIGN §2): API keys (admins create, list and revoke them), the
 * authentication of `/api/v1` by key or by a short-lived token made from one, and its messages.
 */
export function createDeveloperApiService(deps: DeveloperApiDeps) {
  const repo = createApiKeysRepository(deps.db);
  const tokens = createApiTokens(deps.jwtSecret);
  const auth = createApiKeyAuth({ repo, tokens, log: deps.log });
  // A key revoked (or given new credentials) on any instance is forgotten by every instance's cache.
  const onRevoked = (keyId: string) => {
    auth.forget(keyId);
    void deps.bus.broadcast('api-keys.changed', { keyId });
  };
  deps.bus.on('api-keys.changed', ({ keyId }) => auth.forget(keyId));
  deps.bus.onResync(auth.forgetAll);
  const keys = createApiKeys({ repo, users: deps.users, onRevoked });

  const idempotency = createIdempotency(deps.db, deps.log);

  return {
    keys,
    /** Sends, reads and cancels of `/api/v1/messages`, and `/api/v1/networks` (api-messages.ts). */
    messages: createApiMessages({ messaging: deps.messaging, networks: deps.networks }),
    /** `/api/v1/messages/batch` (api-batches.ts). */
    batches: createApiBatches({ db: deps.db, messaging: deps.messaging }),
    /** `/api/v1/campaigns` over the campaigns service (api-campaigns.ts). */
    campaigns: createApiCampaigns({ campaigns: deps.campaigns, keys }),
    /** `/api/v1/conversations` over messaging's inbox reads (api-conversations.ts). */
    conversations: createApiConversations({ messaging: deps.messaging }),
    /** `/api/v1/contacts`, `/contact-lists` and `/tags` over the contact book (api-contacts.ts). */
    contacts: createApiContacts({ contacts: deps.contacts }),
    /** `Idempotency-Key` of the v1 POSTs (idempotency.ts). */
    idempotency,
    /** Background work, started and stopped with the network runner: the sweep of expired idempotency keys. */
    jobs: [idempotency.sweeper],
    authenticate: auth.authenticate,
    /** The SMSGate-compatible API's Basic credentials and tokens (modules/smsgate-api). */
    authenticateBasic: auth.authenticateBasic,
    authenticateKeyOfToken: auth.authenticateKeyOfToken,
    /** Forgets a key in this instance's cache. */
    forgetKey: auth.forget,

    /**
     * `POST /api/v1/auth/token`: a token for the key's workspace with the asked scopes (all of
     * the key's when none are asked); only a key itself may ask, not a token.
     */
    async exchange(
      caller: ApiCaller,
      asked: ApiKeyScope[] | undefined,
      ttlSeconds: number,
    ): Promise<{ token: string; expiresAt: Date; scopes: ApiKeyScope[] }> {
      if (caller.via !== 'key') throw new AppError('API_KEY_INVALID', 'Only an API key can be exchanged for a token.');
      const scopes = asked ?? caller.scopes;
      const missing = scopes.find((scope) => !caller.scopes.includes(scope));
      if (missing) throw new AppError('INSUFFICIENT_SCOPE', `This API key does not have the scope ${missing}.`);
      const { token, expiresAt } = await tokens.sign(
        { keyId: caller.keyId, workspaceId: caller.workspaceId, scopes },
        ttlSeconds,
      );
      return { token, expiresAt, scopes };
    },
  };
}

export type DeveloperApiService = ReturnType<typeof createDeveloperApiService>;
