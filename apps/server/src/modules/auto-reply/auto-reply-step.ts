import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { InboundFinisher, InboundPreparer, InboundStep } from '../messaging/inbound-pipeline.js';
import type { OutboundService, QueueRequest } from '../messaging/outbound.js';
import type { AutoReplyEngine, PendingFiring, Prepared } from './auto-reply.engine.js';
import type { AutoReplyRepository, Firing } from './auto-reply.repository.js';

export interface AutoReplyStepDeps {
  repo: AutoReplyRepository;
  engine: AutoReplyEngine;
  outbound: Pick<OutboundService, 'queueEach'>;
  events: EventPublisher;
  log: FastifyBaseLogger;
}

/** A reply decided for a message of the batch, written with the others when the batch ends. */
interface PendingReply extends PendingFiring {
  workspaceId: string;
  inboundMessageId: string;
  request: QueueRequest;
}

/**
 * Auto-reply as the second inbound step (after opt-out keywords): the batch's patterns run once
 * (`prepare`), then per message the engine decides, counting the replies decided before it in
 * the batch (`run`), and at the batch's end its replies are queued in one statement and the
 * firings recorded in another (`finish`; a reply the monthly quota refused is recorded as a
 * skip), all in the inbound transaction; `auto-reply.fired` follows the commit, once per rule.
 */
export function createAutoReplyStep(deps: AutoReplyStepDeps): {
  prepare: InboundPreparer;
  run: InboundStep;
  finish: InboundFinisher;
} {
  // What prepare worked out for each new message, taken by the step that handles it. Batches
  // run one at a time (the inbound batcher), so the step's state is the current batch's.
  const preparedByMessage = new Map<string, Prepared>();
  let pending: PendingReply[] = [];

  const prepare: InboundPreparer = async (entries, ctx) => {
    preparedByMessage.clear();
    pending = [];
    const prepared = await deps.engine.prepare(
      entries.map(({ message, conversation }) => ({
        workspaceId: message.workspaceId,
        networkId: conversation.networkId,
        body: message.body,
      })),
      ctx.tx,
    );
    entries.forEach(({ message }, i) => preparedByMessage.set(message.id, prepared[i]!));
  };

  const run: InboundStep = async ({ message, contact, conversation }, ctx) => {
    const prepared = preparedByMessage.get(message.id);
    preparedByMessage.delete(message.id);
    const { workspaceId } = message;
    const decision = await deps.engine.decide(
      {
        workspaceId,
        networkId: conversation.networkId,
        from: contact.phoneNumber,
        body: message.body,
        sentAt: new Date(message.receivedAt ?? message.createdAt),
        contact: { id: contact.id, name: contact.name, optedOut: !!contact.optedOutAt },
        messageId: message.id,
      },
      ctx.tx,
      new Date(),
      prepared,
      pending,
    );
    if (decision.outcome !== 'reply') return;
    pending.push({
      workspaceId,
      ruleId: decision.rule.id,
      contactId: contact.id,
      inboundMessageId: message.id,
      createdAt: new Date(),
      request: {
        workspaceId,
        networkId: conversation.networkId,
        to: decision.to,
        body: decision.reply,
        origin: 'auto-reply',
      },
    });
  };

  const finish: InboundFinisher = async (ctx) => {
    const replies = pending;
    pending = [];
    if (replies.length === 0) return;
    const outcomes = await deps.outbound.queueEach(
      replies.map((reply) => reply.request),
      ctx,
    );
    const firings: Firing[] = [];
    replies.forEach(({ request: _request, ...firing }, i) => {
      const outcome = outcomes[i]!;
      if (!(outcome instanceof AppError)) {
        firings.push({ ...firing, replyMessageId: outcome.id, skipReason: null });
        return;
      }
      // The outbound rules (opt-out, a disabled network, the quota) have the last word; the
      // inbound message is stored regardless. A reply the quota refused is recorded.
      deps.log.info({ ruleId: firing.ruleId, code: outcome.code }, 'an auto-reply was not sent');
      if (outcome.code === 'QUOTA_EXCEEDED') firings.push({ ...firing, replyMessageId: null, skipReason: 'quota' });
    });
    for (const fired of await deps.repo.recordFirings(ctx.tx, firings))
      ctx.afterCommit(() =>
        deps.events.toWorkspace(fired.workspaceId, 'auto-reply.fired', {
          ruleId: fired.ruleId,
          firedCount: fired.firedCount,
          lastFiredAt: fired.lastFiredAt.toISOString(),
        }),
      );
  };

  return { prepare, run, finish };
}
