import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { InboundPreparer, InboundStep } from '../messaging/inbound-pipeline.js';
import type { OutboundService } from '../messaging/outbound.js';
import type { AutoReplyEngine, Prepared } from './auto-reply.engine.js';
import type { AutoReplyRepository } from './auto-reply.repository.js';

export interface AutoReplyStepDeps {
  repo: AutoReplyRepository;
  engine: AutoReplyEngine;
  outbound: Pick<OutboundService, 'queue'>;
  events: EventPublisher;
  log: FastifyBaseLogger;
}

/**
 * Auto-reply as the second inbound step (after opt-out keywords): the batch's patterns run once
 * (`prepare`), then per message the engine decides, the reply is queued in the same transaction
 * and the firing recorded (or, when the monthly quota refused the reply, the skip); `auto-reply.fired`
 * follows the commit.
 */
export function createAutoReplyStep(deps: AutoReplyStepDeps): { prepare: InboundPreparer; run: InboundStep } {
  // What prepare worked out for each new message, taken by the step that handles it.
  const preparedByMessage = new Map<string, Prepared>();

  const prepare: InboundPreparer = async (entries, ctx) => {
    preparedByMessage.clear();
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
    );
    if (decision.outcome !== 'reply') return;
    const firing = {
      workspaceId,
      ruleId: decision.rule.id,
      contactId: contact.id,
      inboundMessageId: message.id,
      createdAt: new Date(),
    };
    let replyId: string;
    try {
      const reply = await deps.outbound.queue(
        { workspaceId, networkId: conversation.networkId, to: decision.to, body: decision.reply, origin: 'auto-reply' },
        ctx,
      );
      replyId = reply.id;
    } catch (error) {
      // The outbound rules (opt-out, disabled network, text limits, the quota) have the last
      // word; the inbound message is stored regardless. A reply the quota refused is recorded.
      if (error instanceof AppError) {
        deps.log.info({ ruleId: decision.rule.id, code: error.code }, 'an auto-reply was not sent');
        if (error.code === 'QUOTA_EXCEEDED') await deps.repo.recordSkip(ctx.tx, { ...firing, skipReason: 'quota' });
        return;
      }
      throw error;
    }
    const fired = await deps.repo.recordFiring(ctx.tx, { ...firing, replyMessageId: replyId });
    if (fired)
      ctx.afterCommit(() =>
        deps.events.toWorkspace(workspaceId, 'auto-reply.fired', {
          ruleId: decision.rule.id,
          firedCount: fired.firedCount,
          lastFiredAt: fired.lastFiredAt.toISOString(),
        }),
      );
  };

  return { prepare, run };
}
