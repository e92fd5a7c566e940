import type { InboundInput, InboundResult } from '../../channels/channel.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { createBatcher } from '../../lib/batcher.js';
import { normaliseSender } from '../../lib/phone-number.js';
import { countSegments } from '../../lib/sms-segments.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { NetworksService } from '../networks/networks.service.js';
import { insertInboundBatch, type NewInbound, type StoredInbound } from './inbound.repository.js';
import { toConversation, toMessage } from './message-rows.js';
import type { TxContext } from './outbound.js';

export type NewInboundEntry = Extract<StoredInbound, { duplicate: false }>;

/** Runs inside the inbound transaction after the message is stored and before the commit. */
export type InboundStep = (stored: NewInboundEntry, ctx: TxContext) => Promise<void>;

/**
 * Runs once per batch, before the steps, with the batch's new messages: what a step can work out
 * for many messages at once (the auto-reply's patterns) is worked out here.
 */
export type InboundPreparer = (entries: NewInboundEntry[], ctx: TxContext) => Promise<void>;

/**
 * Runs once per batch, after every message's steps: writes a step kept for the whole batch (the
 * auto-replies and their firings, one statement each instead of one per message).
 */
export type InboundFinisher = (ctx: TxContext) => Promise<void>;

/** One step of every new inbound message, with its batch preparer and finisher if it has them. */
export interface InboundStepEntry {
  run: InboundStep;
  prepare?: InboundPreparer;
  finish?: InboundFinisher;
}

export interface InboundPipelineDeps {
  db: Db;
  networks: NetworksService;
  events: EventPublisher;
  /** In order (composition.ts lists them: opt-out keywords, then auto-reply). */
  steps: InboundStepEntry[];
}

/**
 * Inbound (DESIGN §3): a channel's verified message → stored once (a provider's retry is
 * answered, not stored twice) → each step in the same transaction → commit → `message.created`
 * and `conversation.updated` to the workspace → what the steps did → the channel's 2xx.
 */
export function createInboundPipeline(deps: InboundPipelineDeps) {
  /** Stores a batch of inbound messages in one transaction and runs the steps on each new one. */
  async function storeInbound(items: NewInbound[]): Promise<InboundResult[]> {
    const committed: (() => void)[] = [];
    const results = await deps.db.transaction(async (tx) => {
      const stored = await insertInboundBatch(tx, items);
      await deps.networks.touchMany([...new Set(items.map((i) => i.networkId))], tx);
      const ctx: TxContext = { tx, afterCommit: (fn) => committed.push(fn) };
      const fresh = stored.filter((entry) => !entry.duplicate);
      for (const step of deps.steps) await step.prepare?.(fresh, ctx);
      for (const entry of fresh) for (const step of deps.steps) await step.run(entry, ctx);
      for (const step of deps.steps) await step.finish?.(ctx);
      return stored;
    });
    const published = results.map((entry) => {
      if (entry.duplicate) return { messageId: entry.messageId, duplicate: true };
      const { workspaceId } = entry.message;
      deps.events.toWorkspace(workspaceId, 'message.created', { message: toMessage(entry.message) });
      deps.events.toWorkspace(workspaceId, 'conversation.updated', {
        conversation: toConversation(entry.conversation, entry.contact),
      });
      return { messageId: entry.message.id, duplicate: false };
    });
    // What the steps did (a confirmation queued, a contact opted out) follows the message itself.
    for (const fn of committed) fn();
    return published;
  }
  // Webhooks that arrive while a batch is being stored wait and go together in the next one:
  // one commit for many messages is what lets the embedded database keep up with a burst.
  const inboundBatcher = createBatcher(storeInbound, { maxBatch: 200 });

  return {
    async receiveInbound(input: InboundInput): Promise<InboundResult> {
      const network = await deps.networks.runtime(input.networkId);
      if (!network) throw new AppError('NOT_FOUND', 'No such network.');
      if (!network.enabled) throw new AppError('NETWORK_DISABLED', 'This network is disabled and accepts no messages.');
      const { encoding, segments } = countSegments(input.body);
      return inboundBatcher.add({
        workspaceId: network.workspaceId,
        networkId: network.id,
        phoneNumber: normaliseSender(input.from),
        body: input.body,
        encoding,
        segments,
        providerMessageId: input.providerMessageId,
        receivedAt: input.receivedAt ?? new Date(),
      });
    },
  };
}
