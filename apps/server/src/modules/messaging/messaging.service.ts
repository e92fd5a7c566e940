import type { Message } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelHost } from '../../channels/channel.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { normaliseSender } from '../../lib/phone-number.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { NetworksService } from '../networks/networks.service.js';
import { createApiBatchMessagesRepository } from './api-batch-messages.repository.js';
import { createApiMessagesRepository } from './api-messages.repository.js';
import { createCampaignMessagesRepository } from './campaign-messages.repository.js';
import { createCampaignProgressRepository } from './campaign-progress.repository.js';
import { createCampaignRecipientsRepository } from './campaign-recipients.repository.js';
import { createDeliveryReports } from './delivery-reports.js';
import { createInboundPipeline, type InboundStepEntry } from './inbound-pipeline.js';
import { createInboxRepository } from './inbox.repository.js';
import { toMessage, type MessageRow } from './message-rows.js';
import { createMessagesRepository } from './messages.repository.js';
import type { OutboundService } from './outbound.js';
import { createOutboundQueue } from './outbound-queue.js';

export type { InboundPreparer, InboundStep } from './inbound-pipeline.js';
export type { QueueRequest, TxContext } from './outbound.js';
export type { BatchRecipient, BatchRequest, QueuedBatch } from './queue-batch.js';
export type { ConversationFilters, ConversationWithContact } from './inbox.repository.js';
export type { BacklogRow, CampaignBatch } from './campaign-messages.repository.js';
export type { RecipientFilters, RecipientRow } from './campaign-recipients.repository.js';
export type { ApiMessageFilters, MessageWithNumber } from './api-messages.repository.js';

export interface MessagingDeps {
  db: Db;
  networks: NetworksService;
  events: EventPublisher;
  log: FastifyBaseLogger;
  outbound: OutboundService;
  /** The inbound steps, in order (see inbound-pipeline.ts). */
  inboundSteps: InboundStepEntry[];
}

/**
 * The message pipeline (DESIGN §3) and the owner of conversations and messages. Inbound: every
 * channel hands messages to `host` (inbound-pipeline.ts). Outbound: `queue` (outbound.ts), then
 * a dispatcher works through `outboundQueue`. The inbox reads threads through `inbox`.
 */
export function createMessagingService(deps: MessagingDeps) {
  const messages = createMessagesRepository(deps.db);
  const inbox = createInboxRepository(deps.db);
  const outboundQueue = createOutboundQueue(deps.db);
  const campaignMessages = createCampaignMessagesRepository(deps.db);
  const recipients = createCampaignRecipientsRepository(deps.db);
  const progress = createCampaignProgressRepository(deps.db);
  const apiMessages = createApiMessagesRepository(deps.db);
  const batchMessages = createApiBatchMessagesRepository(deps.db);
  const inbound = createInboundPipeline({
    db: deps.db,
    networks: deps.networks,
    events: deps.events,
    steps: deps.inboundSteps,
  });

  function publishMessage(workspaceId: string, event: 'message.created' | 'message.updated', row: MessageRow) {
    deps.events.toWorkspace(workspaceId, event, { message: toMessage(row) });
  }
  const reports = createDeliveryReports({
    db: deps.db,
    sendsSettled: outboundQueue.sendsSettled,
    published: (row) => publishMessage(row.workspaceId, 'message.updated', row),
  });

  const host: ChannelHost = {
    receiveInbound: inbound.receiveInbound,
    applyStatus: reports.applyStatus,
    setNetworkStatus: (id, status, lastError) => deps.networks.setStatus(id, status, lastError ?? null),
    touchNetwork: (id) => deps.networks.touch(id),
    log: (id, entry) => deps.networks.log(id, entry),
    logger: deps.log,
  };

  return {
    host,
    publishMessage,
    queue: deps.outbound.queue,
    /** A campaign's messages in one set-based statement (outbound.ts). */
    queueMany: deps.outbound.queueMany,
    /** A developer API batch in one set-based statement (queue-batch.ts). */
    queueBatch: deps.outbound.queueBatch,
    onQueued: deps.outbound.onQueued,
    /** The dispatchers' and the Android phones' side of the queue (outbound-queue.ts). */
    outboundQueue,

    /** The SMS inbox's reads and its read state (inbox.repository.ts); every function takes the workspace. */
    inbox: {
      listThreads: inbox.list,
      findThread: inbox.find,
      threadMessages: inbox.messages,
      setUnread: inbox.setUnread,
      unreadCount: inbox.unreadCount,
    },

    /**
     * The campaigns module's side of its messages (campaign-messages.repository.ts,
     * campaign-recipients.repository.ts): the backlog and its due times, cancel, retry, counts,
     * recipients, throughput. Every function takes the workspace or a campaign of it.
     */
    campaignMessages: {
      backlog: campaignMessages.backlog,
      reschedule: campaignMessages.reschedule,
      requeueFailed: campaignMessages.requeueFailed,
      cancelUnsent: campaignMessages.cancelUnsent,
      hasUnfinished: progress.hasUnfinished,
      lastDue: progress.lastDue,
      countsByState: progress.countsByState,
      shape: progress.shape,
      throughput: progress.throughput,
      recipients: recipients.page,
      recipientBatches: recipients.batches,
      responses: recipients.responses,
      /** Wakes the dispatchers of these networks (queued rows became due). */
      wake: deps.outbound.wake,
    },

    /**
     * The developer API's side of messages (api-messages.repository.ts): one with its number,
     * keyset pages, and the cancel of a queued one (segments given back, `message.updated`).
     */
    api: {
      find: apiMessages.find,
      page: apiMessages.page,
      /** How many of a batch's messages are in each state. */
      batchCounts: batchMessages.countsByState,
      /** Cancels a batch's queued messages, their segments given back (no event per message: up to 10,000). */
      cancelBatch: batchMessages.cancelQueued,
      async cancel(workspaceId: string, id: string): Promise<MessageRow | undefined> {
        const row = await apiMessages.cancelQueued(workspaceId, id);
        if (row) publishMessage(workspaceId, 'message.updated', row);
        return row;
      },
    },

    /** The conversation a voice message of (network, contact) belongs to; made, without SMS, when new. */
    ensureVoiceThread: (workspaceId: string, networkId: string, contactId: string) =>
      messages.ensureVoiceThread(workspaceId, networkId, contactId),

    async get(workspaceId: string, id: string): Promise<Message> {
      const row = await messages.findById(workspaceId, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such message in this workspace.');
      return toMessage(row);
    },

    async threadWith(workspaceId: string, networkId: string, number: string): Promise<Message[]> {
      const rows = await messages.threadWith(workspaceId, networkId, normaliseSender(number), 500);
      return rows.map(toMessage);
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
