import type { TryAutoReplyBody, TryAutoReplyResult } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import { normaliseSender } from '../../lib/phone-number.js';
import { countSegments } from '../../lib/sms-segments.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { ContactsService } from '../contacts/contacts.service.js';
import type { MessageHistory } from '../messaging/message-history.js';
import type { OutboundService } from '../messaging/outbound.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createAutoReplyStep } from './auto-reply-step.js';
import { createRuleEditing, iso } from './auto-reply-rules.js';
import { createAutoReplyEngine, type Decision } from './auto-reply.engine.js';
import { createAutoReplyRepository } from './auto-reply.repository.js';

export interface AutoReplyDeps {
  db: Db;
  outbound: Pick<OutboundService, 'queueEach'>;
  networks: Pick<NetworksService, 'ownIds' | 'summaries' | 'runtimeInWorkspace' | 'onChange'>;
  workspaces: Pick<WorkspacesService, 'lock' | 'autoReplyHourlyLimit' | 'setAutoReplyHourlyLimit'>;
  contacts: Pick<ContactsService, 'findByNumber'>;
  history: Pick<MessageHistory, 'hasEarlierInbound'>;
  events: EventPublisher;
  log: FastifyBaseLogger;
  /** Rule changes reach the other instances' cached rules through it. */
  bus: ClusterBus;
}

function explain(decision: Decision): TryAutoReplyResult {
  if (decision.outcome === 'none')
    return {
      outcome: 'none',
      reason: decision.reason,
      rule: decision.rule && { id: decision.rule.id, name: decision.rule.name },
      retryAt: iso(decision.retryAt),
    };
  const { encoding, segments } = countSegments(decision.reply);
  return {
    outcome: 'reply',
    rule: { id: decision.rule.id, name: decision.rule.name },
    reply: decision.reply,
    encoding,
    segments,
  };
}

/**
 * Auto-reply (DESIGN §2): the workspace's rules (auto-reply-rules.ts), the inbound step that lets
 * the first matching rule answer a message in the transaction that stored it (auto-reply-step.ts),
 * and "Try a message". The engine (auto-reply.engine.ts) decides; matching.ts is pure.
 */
export function createAutoReplyService(deps: AutoReplyDeps) {
  const repo = createAutoReplyRepository(deps.db);
  const engine = createAutoReplyEngine({
    rules: repo.list,
    networksOf: deps.networks.summaries,
    hourlyLimit: deps.workspaces.autoReplyHourlyLimit,
    hasEarlierInbound: deps.history.hasEarlierInbound,
    recentFirings: repo.recentFirings,
  });
  // The engine's cached rules carry the networks' numbers and names and the hourly limit too: any
  // of them changed here or on another instance drops them (networks' changes arrive through onChange).
  const changed = (workspaceId: string) => {
    engine.forget(workspaceId);
    void deps.bus.broadcast('auto-reply.changed', { workspaceId });
  };
  deps.bus.on('auto-reply.changed', ({ workspaceId }) => engine.forget(workspaceId));
  deps.bus.onResync(engine.forgetAll);
  deps.networks.onChange(engine.forgetAll);
  const rules = createRuleEditing({ ...deps, repo, changed });

  return {
    ...rules,
    /** The second inbound step (composition.ts), after the opt-out keywords. */
    inboundStep: createAutoReplyStep({ ...deps, repo, engine }),

    /** What the engine would do with this message now; nothing is stored or sent. */
    async tryMessage(workspaceId: string, body: TryAutoReplyBody): Promise<TryAutoReplyResult> {
      await deps.networks.runtimeInWorkspace(workspaceId, body.networkId);
      const number = normaliseSender(body.from);
      const contact = await deps.contacts.findByNumber(workspaceId, number);
      const decision = await engine.decide(
        {
          workspaceId,
          networkId: body.networkId,
          from: number,
          body: body.text,
          sentAt: new Date(),
          contact: contact ? { id: contact.id, name: contact.name, optedOut: !!contact.optedOutAt } : null,
          messageId: null,
        },
        deps.db,
      );
      return explain(decision);
    },
  };
}

export type AutoReplyService = ReturnType<typeof createAutoReplyService>;
