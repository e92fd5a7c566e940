import type { Message, MessageOrigin } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelHost, InboundInput, InboundResult, StatusReport } from '../../channels/channel.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { normaliseSender, requireE164 } from '../../lib/phone-number.js';
import { countSegments } from '../../lib/sms-segments.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { NetworksService } from '../networks/networks.service.js';
import { toConversation, toMessage, type MessageRow } from './message-rows.js';
import { createBatcher } from '../../lib/batcher.js';
import { insertInboundBatch, type NewInbound, type StoredInbound } from './inbound.repository.js';
import { createMessagesRepository, rankOf, type SentRecord } from './messages.repository.js';

export interface QueueRequest {
  workspaceId: string;
  networkId: string;
  /** Recipient as typed; must read as an international number. */
  to: string;
  body: string;
  origin: MessageOrigin;
}

/**
 * Runs inside the inbound transaction after the message is stored and before the commit. Opt-out
 * keywords (conversations issue) and auto-reply (auto-reply issue) plug in here, in that order.
 */
export type InboundStep = (stored: Extract<StoredInbound, { duplicate: false }>, ctx: TxContext) => Promise<void>;

/**
 * Runs once per batch, before the steps, with the batch's new messages: what a step can work out
 * for many messages at once (the auto-reply's patterns) is worked out here.
 */
export type InboundPreparer = (
  entries: Extract<StoredInbound, { duplicate: false }>[],
  ctx: TxContext,
) => Promise<void>;

/**
 * A transaction that something else commits: `afterCommit` runs its callbacks once the commit
 * is done (events and dispatcher wake-ups must not announce rows that could still roll back).
 */
export interface TxContext {
  tx: Db;
  afterCommit(fn: () => void): void;
}

export interface MessagingDeps {
  db: Db;
  networks: NetworksService;
  events: EventPublisher;
  log: FastifyBaseLogger;
}

/**
 * The message pipeline (DESIGN §3). Inbound: every channel hands messages to `host`, which
 * stores them once, commits, then publishes. Outbound: `queue` is the one function every sender
 * uses; the dispatcher takes it from there.
 */
export function createMessagingService(deps: MessagingDeps) {
  const repo = createMessagesRepository(deps.db);
  const inboundSteps: InboundStep[] = [];
  const inboundPreparers: InboundPreparer[] = [];
  const queuedListeners = new Set<(networkId: string) => void>();

  function publishMessage(workspaceId: string, event: 'message.created' | 'message.updated', row: MessageRow) {
    deps.events.toWorkspace(workspaceId, event, { message: toMessage(row) });
  }

  /**
   * Stores a batch of inbound messages in one transaction and runs the inbound steps on each new
   * one; then, after the commit, tells the browsers.
   */
  async function storeInbound(items: NewInbound[]): Promise<InboundResult[]> {
    const committed: (() => void)[] = [];
    const results = await deps.db.transaction(async (tx) => {
      const stored = await insertInboundBatch(tx, items);
      await deps.networks.touchMany([...new Set(items.map((i) => i.networkId))], tx);
      const ctx: TxContext = { tx, afterCommit: (fn) => committed.push(fn) };
      const fresh = stored.filter((entry) => !entry.duplicate);
      for (const prepare of inboundPreparers) await prepare(fresh, ctx);
      for (const entry of fresh) for (const step of inboundSteps) await step(entry, ctx);
      return stored;
    });
    const published = results.map((entry) => {
      if (entry.duplicate) return { messageId: entry.messageId, duplicate: true };
      publishMessage(entry.message.workspaceId, 'message.created', entry.message);
      deps.events.toWorkspace(entry.message.workspaceId, 'conversation.updated', {
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

  async function receiveInbound(input: InboundInput): Promise<InboundResult> {
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
  }

  async function applyOne(report: StatusReport): Promise<boolean> {
    const applied = await repo.applyStatus(
      report.networkId,
      { providerMessageId: report.providerMessageId, messageId: report.messageId },
      report.state,
      { code: report.errorCode, text: report.errorText },
      report.at ?? new Date(),
    );
    if (!applied) return false;
    if (applied.changed) publishMessage(applied.row.workspaceId, 'message.updated', applied.row);
    return true;
  }

  // Accepted sends of every network this instance runs, written together: one statement per turn.
  const sentRecorder = createBatcher((sends: SentRecord[]) => repo.markSentMany(sends), { maxBatch: 500 });

  // Receipts arrive as fast as messages go out: the common case (a known provider id moving
  // forward) is written for many at once; anything else is looked into one by one. A receipt
  // follows its send's answer, so the sends recorded so far are written first.
  const reportBatcher = createBatcher(
    async (reports: StatusReport[]) => {
      await sentRecorder.settled();
      const advanced = await repo.advanceMany(
        reports.map((r) => ({
          networkId: r.networkId,
          providerMessageId: r.providerMessageId!,
          state: r.state,
          rank: rankOf(r.state),
          at: r.at ?? new Date(),
          errorCode: r.errorCode,
          errorText: r.errorText,
        })),
      );
      return Promise.all(
        reports.map(async (report, i) => {
          const row = advanced[i];
          if (!row) return applyOne(report);
          publishMessage(row.workspaceId, 'message.updated', row);
          return true;
        }),
      );
    },
    { maxBatch: 500 },
  );

  async function applyStatus(report: StatusReport): Promise<boolean> {
    return report.providerMessageId && !report.messageId ? reportBatcher.add(report) : applyOne(report);
  }

  const host: ChannelHost = {
    receiveInbound,
    applyStatus,
    setNetworkStatus: (id, status, lastError) => deps.networks.setStatus(id, status, lastError ?? null),
    touchNetwork: (id) => deps.networks.touch(id),
    log: (id, entry) => deps.networks.log(id, entry),
    logger: deps.log,
  };

  return {
    host,
    repo,
    publishMessage,

    /** Records a send the channel accepted (`sent` + provider id); undefined if it left `sending`. */
    recordSent: (send: SentRecord) => sentRecorder.add(send),

    /** Adds a step to the inbound transaction (see InboundStep), with its batch preparer if any. */
    addInboundStep(step: InboundStep, prepare?: InboundPreparer) {
      inboundSteps.push(step);
      if (prepare) inboundPreparers.push(prepare);
    },

    /** Called with a network id whenever something was queued on it (wakes its dispatcher). */
    onQueued(listener: (networkId: string) => void) {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },

    /**
     * The one outbound function (reply, auto-reply, campaign, API): validates the number and
     * text, refuses opted-out contacts, counts segments and stores the message as `queued`.
     * With a transaction context it joins the caller's transaction, and the events and the
     * dispatcher's wake-up wait for its commit.
     */
    async queue(request: QueueRequest, within?: TxContext): Promise<Message> {
      const tx = within?.tx;
      const network = await deps.networks.runtimeInWorkspace(request.workspaceId, request.networkId, tx);
      if (!network.enabled) throw new AppError('NETWORK_DISABLED', 'This network is disabled. Enable it to send.');
      const to = requireE164(request.to);
      const { encoding, segments } = countSegments(request.body);
      const stored = await repo.insertOutbound(
        {
          workspaceId: request.workspaceId,
          networkId: network.id,
          phoneNumber: to,
          body: request.body,
          encoding,
          segments,
          origin: request.origin,
        },
        tx,
      );
      if (!stored.message || !stored.conversation) {
        throw new AppError('CONTACT_OPTED_OUT', `${to} opted out of messages from this workspace.`);
      }
      const { message, conversation, contact } = stored;
      const announce = () => {
        publishMessage(request.workspaceId, 'message.created', message);
        deps.events.toWorkspace(request.workspaceId, 'conversation.updated', {
          conversation: toConversation(conversation, contact),
        });
        for (const listener of queuedListeners) listener(network.id);
      };
      if (within) within.afterCommit(announce);
      else announce();
      return toMessage(message);
    },

    async get(workspaceId: string, id: string): Promise<Message> {
      const row = await repo.findById(workspaceId, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such message in this workspace.');
      return toMessage(row);
    },

    async threadWith(workspaceId: string, networkId: string, number: string): Promise<Message[]> {
      const rows = await repo.threadWith(workspaceId, networkId, normaliseSender(number), 500);
      return rows.map(toMessage);
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
