import type { Message, MessageOrigin } from '@switchboard/contract';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { createBatcher } from '../../lib/batcher.js';
import { requireE164 } from '../../lib/phone-number.js';
import { countSegments } from '../../lib/sms-segments.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { toConversation, toMessage } from './message-rows.js';
import { createCampaignMessagesRepository, type CampaignBatch } from './campaign-messages.repository.js';
import {
  createMessagesRepository,
  type MessagesRepository,
  type NewOutbound,
  type QueuedOutbound,
} from './messages.repository.js';
import { createOutboundGroupRepository, type OutboundGroupRepository } from './outbound-group.repository.js';
import { createQueueBatch } from './queue-batch.js';

export interface QueueRequest {
  workspaceId: string;
  networkId: string;
  /** Recipient as typed; must read as an international number. */
  to: string;
  body: string;
  origin: MessageOrigin;
  /**
   * A reply the law requires (opt-out, opt-in and help confirmations): booked on the monthly
   * quota like any message, but never refused by it.
   */
  exemptFromQuota?: boolean;
  /** What a developer API client attached (string keys and values), kept with the message. */
  metadata?: Record<string, string>;
  /**
   * Not sent before this time (the developer API's `sendAt`): queued and booked now, its due time
   * is the one the dispatcher claims by (as a retry's backoff and a campaign's pace).
   */
  notBefore?: Date;
  /** A callback target (webhooks' `callbacks.register`) that also receives its state changes. */
  callbackEndpointId?: string;
  /** The user who wrote it (an inbox reply), kept as `messages.sent_by`. */
  sentBy?: string;
}

/**
 * A transaction that something else commits: `afterCommit` runs its callbacks once the commit
 * is done (events and dispatcher wake-ups must not announce rows that could still roll back).
 */
export interface TxContext {
  tx: Db;
  afterCommit(fn: () => void): void;
}

export interface OutboundDeps {
  db: Db;
  networks: NetworksService;
  workspaces: Pick<WorkspacesService, 'remainingSegments'>;
  events: EventPublisher;
  /** Tells the other instances what was queued (their dispatchers and phones' streams wake). */
  bus: ClusterBus;
}

/** Where a wake-up came from: this instance queued, or another one did (a cluster notice). */
export type QueuedOrigin = 'here' | 'elsewhere';

/** At most this many sends share a statement. */
const GROUP_MAX = 200;

/** A campaign start this big refreshes the planner's statistics of messages and conversations. */
const BIG_BATCH = 10_000;

/**
 * Sends outside a caller's transaction, grouped: the ones of a turn are one statement (32
 * concurrent API sends were 32 statements, each waiting on the workspace's usage row). A send
 * whose group passed its workspace's quota together is tried again alone, after the group (not
 * inside the batch, whose failure would run every send of it again), so it fits or is refused on
 * its own.
 */
function groupSends(repo: MessagesRepository, group: OutboundGroupRepository) {
  const batcher = createBatcher((inputs: NewOutbound[]) => storeTogether(repo, group, inputs), {
    maxBatch: GROUP_MAX,
  });
  return async (input: NewOutbound): Promise<QueuedOutbound> => {
    const stored = await batcher.add(input);
    return passedQuotaTogether(stored) ? repo.insertOutbound(input) : stored;
  };
}

/** Sends in one statement (in the caller's transaction, if any), each with its outcome. */
async function storeTogether(
  repo: MessagesRepository,
  group: OutboundGroupRepository,
  inputs: NewOutbound[],
  tx?: Db,
): Promise<QueuedOutbound[]> {
  return inputs.length === 1 ? [await repo.insertOutbound(inputs[0]!, tx)] : group.insertMany(inputs, new Date(), tx);
}

/** Nothing stored, and not opted out: its workspace's sends passed the quota together, alone it may fit. */
const passedQuotaTogether = (stored: QueuedOutbound) => !stored.message && !stored.contact.optedOutAt;

/** A refusal (an AppError) as the outcome instead of a throw; anything else still throws. */
async function orRefusal<T>(work: () => Promise<T>): Promise<T | AppError> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** A send checked (its network enabled, the number, the text's segments), ready to store. */
async function toInput(networks: NetworksService, request: QueueRequest, tx?: Db): Promise<NewOutbound> {
  const network = await networks.runtimeInWorkspace(request.workspaceId, request.networkId, tx);
  if (!network.enabled) throw new AppError('NETWORK_DISABLED', 'This network is disabled. Enable it to send.');
  const { encoding, segments } = countSegments(request.body);
  return {
    workspaceId: request.workspaceId,
    networkId: network.id,
    phoneNumber: requireE164(request.to),
    body: request.body,
    encoding,
    segments,
    origin: request.origin,
    metadata: request.metadata ?? null,
    at: new Date(),
    enforceQuota: !request.exemptFromQuota,
    notBefore: request.notBefore ?? null,
    callbackEndpointId: request.callbackEndpointId ?? null,
    sentBy: request.sentBy ?? null,
  };
}

/**
 * What became of a stored send: its message, announced (after the caller's commit, if any), or
 * the refusal (`CONTACT_OPTED_OUT`, `QUOTA_EXCEEDED` with the segments left).
 */
function settler(deps: OutboundDeps, wake: (networkId: string) => void) {
  return async function settle(input: NewOutbound, stored: QueuedOutbound, within?: TxContext): Promise<Message> {
    if (stored.contact.optedOutAt) {
      throw new AppError('CONTACT_OPTED_OUT', `${input.phoneNumber} opted out of messages from this workspace.`);
    }
    if (!stored.message || !stored.conversation) {
      const remaining = (await deps.workspaces.remainingSegments(input.workspaceId, input.at, within?.tx)) ?? 0;
      throw new AppError(
        'QUOTA_EXCEEDED',
        `This message needs ${input.segments} SMS segment(s); the plan allows ${remaining} more this month.`,
        undefined,
        { remaining },
      );
    }
    const { message, conversation, contact } = stored;
    const announce = () => {
      deps.events.toWorkspace(input.workspaceId, 'message.created', { message: toMessage(message) });
      deps.events.toWorkspace(input.workspaceId, 'conversation.updated', {
        conversation: toConversation(conversation, contact),
      });
      wake(input.networkId);
    };
    if (within) within.afterCommit(announce);
    else announce();
    return toMessage(message);
  };
}

/**
 * The one outbound function every sender uses (reply, auto-reply, opt-out confirmations, API,
 * test): built before the inbound steps, which queue their replies through it.
 */
export function createOutbound(deps: OutboundDeps) {
  const repo = createMessagesRepository(deps.db);
  const campaignMessages = createCampaignMessagesRepository(deps.db);
  const queuedListeners = new Set<(networkId: string, origin: QueuedOrigin) => void>();
  const groups = createOutboundGroupRepository(deps.db);
  const grouped = groupSends(repo, groups);

  /** After a commit: this instance's listeners now, the other instances' through the bus. */
  function wake(networkId: string) {
    for (const listener of queuedListeners) listener(networkId, 'here');
    void deps.bus.broadcast('outbound.queued', { networkId });
  }
  deps.bus.on('outbound.queued', ({ networkId }) => {
    for (const listener of queuedListeners) listener(networkId, 'elsewhere');
  });

  const settle = settler(deps, wake);

  return {
    /**
     * Called with a network id whenever something was queued on it, here or on another instance
     * (wakes its dispatcher or its phone's event stream, wherever those are held).
     */
    onQueued(listener: (networkId: string, origin: QueuedOrigin) => void) {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },

    /**
     * Validates the number and text, refuses opted-out contacts, counts segments, books them on
     * the workspace's monthly quota and stores the message as `queued`, in one statement: past
     * the quota nothing is stored and it throws `QUOTA_EXCEEDED` with the segments left. With a
     * transaction context it joins the caller's transaction, and the events and the dispatcher's
     * wake-up wait for its commit. Without one, the sends of one turn share a statement
     * (outbound-group.repository.ts), each with its own outcome.
     */
    async queue(request: QueueRequest, within?: TxContext): Promise<Message> {
      const input = await toInput(deps.networks, request, within?.tx);
      const stored =
        within || !input.enforceQuota ? await repo.insertOutbound(input, within?.tx) : await grouped(input);
      return settle(input, stored, within);
    },

    /**
     * Several sends in the caller's transaction (an inbound batch's auto-replies), in one
     * statement: each gets what `queue` would answer it, a message or its AppError, in the order
     * given. Sends whose workspace passes its quota together are tried again one by one, so
     * exactly what fits is queued. All must be subject to the quota.
     */
    async queueEach(requests: QueueRequest[], within: TxContext): Promise<Array<Message | AppError>> {
      if (requests.some((request) => request.exemptFromQuota)) {
        throw new Error('queueEach takes sends subject to the quota only');
      }
      const outcomes: Array<Message | AppError> = [];
      const checked: Array<{ index: number; input: NewOutbound }> = [];
      for (const [index, request] of requests.entries()) {
        const input = await orRefusal(() => toInput(deps.networks, request, within.tx));
        if (input instanceof AppError) outcomes[index] = input;
        else checked.push({ index, input });
      }
      if (checked.length === 0) return outcomes;
      const inputs = checked.map((c) => c.input);
      const stored = await storeTogether(repo, groups, inputs, within.tx);
      for (const [n, { index, input }] of checked.entries()) {
        let outcome = stored[n]!;
        if (inputs.length > 1 && passedQuotaTogether(outcome)) outcome = await repo.insertOutbound(input, within.tx);
        outcomes[index] = await orRefusal(() => settle(input, outcome, within));
      }
      return outcomes;
    },

    /**
     * A campaign's messages, set-based (campaigns' start): the quota booked once for `total`
     * segments, then every conversation, contact touch and message in one statement, in the
     * caller's transaction. Throws `QUOTA_EXCEEDED` (with `remaining` and `needed`) and writes
     * nothing when the quota cannot cover them. No per-message events (there may be 100,000):
     * the caller announces the campaign; the networks' dispatchers are woken after the commit.
     */
    async queueMany(batch: CampaignBatch, total: number, within: TxContext): Promise<void> {
      if (batch.contactIds.length === 0) return;
      const booked = await campaignMessages.insert(batch, total, within.tx);
      if (!booked) {
        const remaining = (await deps.workspaces.remainingSegments(batch.workspaceId, batch.at, within.tx)) ?? 0;
        throw new AppError(
          'QUOTA_EXCEEDED',
          `This campaign needs ${total} SMS segments; the plan allows ${remaining} more this month.`,
          undefined,
          { remaining, needed: total },
        );
      }
      const networks = new Set(batch.networkIds);
      within.afterCommit(() => {
        for (const id of networks) wake(id);
        if (batch.contactIds.length >= BIG_BATCH) void campaignMessages.refreshStatistics().catch(() => {});
      });
    },

    /** A developer API batch in the caller's transaction, set-based (queue-batch.ts). */
    queueBatch: createQueueBatch({ ...deps, wake }),

    /** Wakes the dispatchers of networks whose queue changed (a campaign resumed or retried). */
    wake(networkIds: Iterable<string>) {
      for (const id of networkIds) wake(id);
    },
  };
}

export type OutboundService = ReturnType<typeof createOutbound>;
