import { MAX_SEND_AT_DAYS, type ApiMessage, type ApiNetwork, type ApiSendMessageBody } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { requireE164 } from '../../lib/phone-number.js';
import type { ApiMessageFilters, MessagingService, TxContext } from '../messaging/messaging.service.js';
import type { MessageRow } from '../messaging/message-rows.js';
import type { NetworksService } from '../networks/networks.service.js';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

type MessageFields = Pick<
  MessageRow,
  'id' | 'direction' | 'state' | 'networkId' | 'body' | 'encoding' | 'segments' | 'errorCode' | 'errorText'
> &
  Record<'createdAt' | 'sentAt' | 'deliveredAt' | 'failedAt' | 'receivedAt', Date | string | null> & {
    metadata?: Record<string, string> | null;
  };

/** The public shape: no workspace, conversation, contact or provider ids. */
export function toApiMessage(row: MessageFields, phoneNumber: string): ApiMessage {
  return {
    id: row.id,
    direction: row.direction,
    state: row.state,
    phoneNumber,
    networkId: row.networkId,
    body: row.body,
    encoding: row.encoding,
    segments: row.segments,
    metadata: row.metadata ?? null,
    errorCode: row.errorCode,
    errorText: row.errorText,
    createdAt: iso(row.createdAt)!,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    failedAt: iso(row.failedAt),
    receivedAt: iso(row.receivedAt),
  };
}

/** What of a message a state change changes: its state, its error and the times. */
type StateFields = Pick<MessageFields, 'state' | 'errorCode' | 'errorText' | 'sentAt' | 'deliveredAt' | 'failedAt'>;

/**
 * A state webhook's message as it stood when it reached that state (the row the state change
 * published), over the message read later: by then it may be further along (a sandbox send
 * delivered at once read `delivered` in its own `message.sent`).
 */
export function asOfStateChange(current: ApiMessage, changed: StateFields): ApiMessage {
  return {
    ...current,
    state: changed.state,
    errorCode: changed.errorCode,
    errorText: changed.errorText,
    sentAt: iso(changed.sentAt),
    deliveredAt: iso(changed.deliveredAt),
    failedAt: iso(changed.failedAt),
  };
}

export interface ApiMessagesDeps {
  messaging: Pick<MessagingService, 'queue' | 'api'>;
  networks: Pick<NetworksService, 'list' | 'defaultId'>;
}

/**
 * `sendAt` read and checked: a Date in the future, at most MAX_SEND_AT_DAYS ahead (400
 * `SEND_AT_INVALID` otherwise); undefined: send at once.
 */
export function sendAtOf(sendAt: string | undefined, now = new Date()): Date | undefined {
  if (sendAt === undefined) return undefined;
  const at = new Date(sendAt);
  if (at.getTime() <= now.getTime())
    throw new AppError('SEND_AT_INVALID', `sendAt (${sendAt}) is not in the future; leave it out to send at once.`);
  if (at.getTime() > now.getTime() + MAX_SEND_AT_DAYS * 86_400_000)
    throw new AppError('SEND_AT_INVALID', `sendAt (${sendAt}) is more than ${MAX_SEND_AT_DAYS} days ahead.`);
  return at;
}

/** `/api/v1/messages` and `/api/v1/networks`: every send goes through messaging's one `queue`. */
export function createApiMessages(deps: ApiMessagesDeps) {
  const notFound = () => new AppError('NOT_FOUND', 'No such message in this workspace.');

  /** The network a send goes through: the one named, else the default (read before any transaction). */
  async function networkFor(workspaceId: string, networkId: string | undefined): Promise<string> {
    if (networkId) return networkId;
    const chosen = await deps.networks.defaultId(workspaceId);
    if (!chosen)
      throw new AppError('NO_NETWORK', 'The workspace has no enabled network. Enable one or pass networkId.');
    return chosen;
  }

  return {
    networkFor,

    /**
     * Queues a message through `networkId` (from `networkFor`): opt-out 409, quota 402, segments
     * and the network's rate apply as for the inbox. In the caller's transaction when given.
     */
    async send(
      workspaceId: string,
      networkId: string,
      body: ApiSendMessageBody,
      within?: TxContext,
      options: { callbackEndpointId?: string } = {},
    ): Promise<ApiMessage> {
      const to = requireE164(body.to);
      const message = await deps.messaging.queue(
        {
          workspaceId,
          networkId,
          to,
          body: body.body,
          origin: 'api',
          metadata: body.metadata,
          notBefore: sendAtOf(body.sendAt),
          callbackEndpointId: options.callbackEndpointId,
        },
        within,
      );
      return toApiMessage({ ...message, metadata: body.metadata ?? null }, to);
    },

    async get(workspaceId: string, id: string): Promise<ApiMessage> {
      const found = await deps.messaging.api.find(workspaceId, id);
      if (!found) throw notFound();
      return toApiMessage(found.message, found.phoneNumber);
    },

    async list(workspaceId: string, filters: ApiMessageFilters, cursor: string | undefined, limit: number) {
      const { rows, next } = await deps.messaging.api.page(workspaceId, filters, cursor, limit);
      return { messages: rows.map((row) => toApiMessage(row.message, row.phoneNumber)), next };
    },

    /** Cancels a message still queued (its segments given back); 409 once it left the queue. */
    async cancel(workspaceId: string, id: string): Promise<ApiMessage> {
      const cancelled = await deps.messaging.api.cancel(workspaceId, id);
      const found = await deps.messaging.api.find(workspaceId, id);
      if (!found) throw notFound();
      if (!cancelled) {
        throw new AppError(
          'MESSAGE_NOT_CANCELLABLE',
          `This message is ${found.message.state}; only a queued message sent through the API or the inbox can be cancelled.`,
        );
      }
      return toApiMessage(found.message, found.phoneNumber);
    },

    async networks(workspaceId: string): Promise<ApiNetwork[]> {
      const [networks, chosen] = await Promise.all([
        deps.networks.list(workspaceId),
        deps.networks.defaultId(workspaceId),
      ]);
      return networks.map((network) => ({
        id: network.id,
        name: network.name,
        kind: network.kind,
        address: network.address,
        enabled: network.enabled,
        status: network.status,
        isDefault: network.id === chosen,
      }));
    },
  };
}

export type ApiMessages = ReturnType<typeof createApiMessages>;
