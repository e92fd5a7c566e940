import type { Message, ServerToClientEvents } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { asOfStateChange, toApiMessage } from '../developer-api/api-messages.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import { createApiCallbacksRepository } from './api-callbacks.repository.js';
import { checkWebhookUrl } from './webhook-address.js';
import type { WebhookOutbox } from './webhook-outbox.js';

const STATE_EVENTS = { sent: 'message.sent', delivered: 'message.delivered', failed: 'message.failed' } as const;

/**
 * A workspace without callback targets is asked again after this long (a safety net: another
 * instance's first target of a workspace arrives here as a 'webhooks.changed' notice, sent before
 * the message that names it is queued, so this instance knows of it before it can claim that message).
 */
const NONE_TTL_MS = 1_000;

export interface ApiCallbacksDeps {
  db: Db;
  secretBox: SecretBox;
  allowInsecure: boolean;
  messaging: Pick<MessagingService, 'api'>;
  record: WebhookOutbox['record'];
  log: FastifyBaseLogger;
  bus: ClusterBus;
}

/**
 * `callbackUrl` of the developer API: a message's own webhook. The URL becomes a callback target
 * (a hidden endpoint per API key and URL, checked by the SSRF guard when registered and again at
 * every delivery), the message names it, and its `message.sent`, `message.delivered` and
 * `message.failed` go there through the webhooks' outbox and dispatcher: the same body, signature
 * header, retries, backoff and log as any webhook. They are signed with the key's callback secret,
 * derived from the secrets key and the key's id (`secretFor`), so every instance knows it without
 * storing it anywhere but sealed in the target.
 */
export function createApiCallbacks(deps: ApiCallbacksDeps) {
  const repo = createApiCallbacksRepository(deps.db);
  const targets = new Map<string, Promise<string>>();
  const known = new Map<string, { at: number; any: Promise<boolean> }>();

  deps.bus.on('webhooks.changed', ({ workspaceId }) => {
    if (known.get(workspaceId)?.at !== Infinity) known.delete(workspaceId);
  });
  deps.bus.onResync(() => known.clear());

  const secretFor = (keyId: string) => `whsec_${deps.secretBox.derive(`switchboard api callbacks ${keyId}`)}`;

  function anyTargets(workspaceId: string): Promise<boolean> {
    const hit = known.get(workspaceId);
    if (hit && (hit.at === Infinity || Date.now() - hit.at < NONE_TTL_MS)) return hit.any;
    const any = repo.any(workspaceId);
    if (known.size > 10_000) known.clear();
    // Once a workspace has a target it keeps it (they go only with their key): no need to ask again.
    known.set(workspaceId, { at: Date.now(), any });
    void any.then((yes) => yes && known.set(workspaceId, { at: Infinity, any })).catch(() => known.delete(workspaceId));
    return any;
  }

  async function deliver(workspaceId: string, message: Message, type: string): Promise<void> {
    if (!(await anyTargets(workspaceId))) return;
    const found = await deps.messaging.api.find(workspaceId, message.id);
    const target = found?.message.callbackEndpointId;
    if (!found || !target) return;
    const data = { message: asOfStateChange(toApiMessage(found.message, found.phoneNumber), message) };
    await deps.record(workspaceId, { type, key: `${type}:${message.id}`, data }, { only: target });
  }

  return {
    secretFor,

    /**
     * The callback target of this key and URL (made when new): 400 `WEBHOOK_URL_NOT_ALLOWED` for
     * a URL that is not https or names a private address (loopback over http only with
     * ALLOW_INSECURE_WEBHOOKS=1), as for endpoints.
     */
    async register(workspaceId: string, keyId: string, rawUrl: string): Promise<string> {
      const url = checkWebhookUrl(rawUrl, deps.allowInsecure).toString();
      const cacheKey = `${keyId} ${url}`;
      let id = targets.get(cacheKey);
      if (!id) {
        const secret = secretFor(keyId);
        id = repo.ensure({
          workspaceId,
          keyId,
          url,
          secretSealed: deps.secretBox.seal(secret),
          secretPrefix: secret.slice(0, 10),
        });
        id.catch(() => targets.delete(cacheKey));
        if (targets.size > 10_000) targets.clear();
        targets.set(cacheKey, id);
      }
      const first = known.get(workspaceId)?.at !== Infinity;
      known.set(workspaceId, { at: Infinity, any: Promise.resolve(true) });
      const targetId = await id;
      // Awaited: the notice is out before the caller queues the message that names the target.
      if (first) await deps.bus.broadcast('webhooks.changed', { workspaceId });
      return targetId;
    },

    /** A socket event offered by the tap: a message's state change recorded for its callback target. */
    offer(workspaceId: string, event: keyof ServerToClientEvents, payload: unknown): void {
      if (event !== 'message.updated') return;
      const { message } = payload as { message: Message };
      const type = STATE_EVENTS[message.state as keyof typeof STATE_EVENTS];
      // Only developer API messages name a callback target: the others cost nothing here.
      if (!type || message.origin !== 'api') return;
      deliver(workspaceId, message, type).catch((error: unknown) =>
        deps.log.error({ err: error, messageId: message.id }, 'a message callback was not recorded'),
      );
    },
  };
}

export type ApiCallbacks = ReturnType<typeof createApiCallbacks>;
