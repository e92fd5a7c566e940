import {
  MAX_RULES_PER_WORKSPACE,
  networksChosen,
  NO_NETWORK_CHOSEN,
  PERIOD_OUT_OF_ORDER,
  periodInOrder,
  type AutoReplyRule,
  type AutoReplySettings,
  type CreateAutoReplyRuleBodySchema,
  type ReorderAutoReplyRulesBody,
  type TryAutoReplyBody,
  type TryAutoReplyResult,
  type UpdateAutoReplyRuleBodySchema,
} from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { contacts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { normaliseSender } from '../../lib/phone-number.js';
import { countSegments } from '../../lib/sms-segments.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { InboundPreparer, InboundStep, MessagingService } from '../messaging/messaging.service.js';
import type { NetworksService } from '../networks/networks.service.js';
import { createAutoReplyEngine, type Decision, type Prepared } from './auto-reply.engine.js';
import { createAutoReplyRepository, type NewRule, type RuleRow } from './auto-reply.repository.js';

export interface AutoReplyDeps {
  db: Db;
  messaging: MessagingService;
  networks: NetworksService;
  events: EventPublisher;
  log: FastifyBaseLogger;
}

type CreateBody = z.output<typeof CreateAutoReplyRuleBodySchema>;
type UpdateBody = z.output<typeof UpdateAutoReplyRuleBodySchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Auto-reply (DESIGN §2): the workspace's rules, and the inbound step that lets the first
 * matching rule answer a message in the same transaction that stored it.
 */
export function createAutoReplyService(deps: AutoReplyDeps) {
  const repo = createAutoReplyRepository(deps.db);
  const engine = createAutoReplyEngine(repo);

  async function view(row: RuleRow, known?: Set<string>): Promise<AutoReplyRule> {
    const existing = known ?? (await repo.ownNetworkIds(row.workspaceId, row.networkIds));
    return {
      id: row.id,
      name: row.name,
      enabled: row.enabled,
      priority: row.priority,
      allNetworks: row.allNetworks,
      networkIds: row.networkIds.filter((id) => existing.has(id)),
      trigger: row.trigger,
      replyText: row.replyText,
      cooldownMinutes: row.cooldownMinutes,
      timeZone: row.timeZone,
      activeFrom: row.activeFrom,
      activeUntil: row.activeUntil,
      firedCount: row.firedCount,
      lastFiredAt: iso(row.lastFiredAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Refuses networks that are not the workspace's (400 on the field, like any other bad value). */
  async function checkNetworks(workspaceId: string, ids: string[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const own = await repo.ownNetworkIds(workspaceId, ids);
    const index = ids.findIndex((id) => !own.has(id));
    if (index !== -1)
      throw new AppError('VALIDATION_FAILED', 'That network is not one of this workspace’s networks.', [
        { path: `body.networkIds.${index}`, message: 'Not a network of this workspace.' },
      ]);
  }

  async function found(workspaceId: string, id: string): Promise<RuleRow> {
    const row = await repo.find(workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such auto-reply rule in this workspace.');
    return row;
  }

  async function list(workspaceId: string): Promise<AutoReplyRule[]> {
    const rows = await repo.list(workspaceId);
    const known = await repo.ownNetworkIds(workspaceId, [...new Set(rows.flatMap((r) => r.networkIds))]);
    return Promise.all(rows.map((row) => view(row, known)));
  }

  const changed = (workspaceId: string) => engine.forget(workspaceId);

  // What prepareBatch worked out for each new message, taken by the step that handles it.
  const preparedByMessage = new Map<string, Prepared>();

  const prepareBatch: InboundPreparer = async (entries, ctx) => {
    preparedByMessage.clear();
    const prepared = await engine.prepare(
      entries.map(({ message, conversation }) => ({
        workspaceId: message.workspaceId,
        networkId: conversation.networkId,
        body: message.body,
      })),
      ctx.tx,
    );
    entries.forEach(({ message }, i) => preparedByMessage.set(message.id, prepared[i]!));
  };

  /** The inbound step: runs after the opt-out step, in the transaction that stored the message. */
  const inboundStep: InboundStep = async ({ message, contact, conversation }, ctx) => {
    const prepared = preparedByMessage.get(message.id);
    preparedByMessage.delete(message.id);
    const decision = await engine.decide(
      {
        workspaceId: message.workspaceId,
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
    let replyId: string;
    try {
      const reply = await deps.messaging.queue(
        {
          workspaceId: message.workspaceId,
          networkId: conversation.networkId,
          to: decision.to,
          body: decision.reply,
          origin: 'auto-reply',
        },
        ctx,
      );
      replyId = reply.id;
    } catch (error) {
      // The outbound rules (opt-out, disabled network, text limits) have the last word; the
      // inbound message is stored regardless.
      if (error instanceof AppError) {
        deps.log.info({ ruleId: decision.rule.id, code: error.code }, 'an auto-reply was not sent');
        return;
      }
      throw error;
    }
    const fired = await repo.recordFiring(ctx.tx, {
      workspaceId: message.workspaceId,
      ruleId: decision.rule.id,
      contactId: contact.id,
      inboundMessageId: message.id,
      replyMessageId: replyId,
      createdAt: new Date(),
    });
    if (fired)
      ctx.afterCommit(() =>
        deps.events.toWorkspace(message.workspaceId, 'auto-reply.fired', {
          ruleId: decision.rule.id,
          firedCount: fired.firedCount,
          lastFiredAt: fired.lastFiredAt.toISOString(),
        }),
      );
  };

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

  return {
    inboundStep,
    prepareBatch,
    list,

    get: async (workspaceId: string, id: string) => view(await found(workspaceId, id)),

    async create(workspaceId: string, body: CreateBody): Promise<AutoReplyRule> {
      await checkNetworks(workspaceId, body.allNetworks ? [] : body.networkIds);
      const row = await repo.insertLast(workspaceId, body satisfies NewRule, MAX_RULES_PER_WORKSPACE);
      if (row === 'too-many')
        throw new AppError('VALIDATION_FAILED', `A workspace has at most ${MAX_RULES_PER_WORKSPACE} rules.`);
      changed(workspaceId);
      return view(row);
    },

    async update(workspaceId: string, id: string, patch: UpdateBody): Promise<AutoReplyRule> {
      const current = await found(workspaceId, id);
      // The schema checked the patch alone; the same rules apply to the rule it makes.
      const merged = { ...current, ...patch };
      if (!periodInOrder(merged))
        throw new AppError('VALIDATION_FAILED', PERIOD_OUT_OF_ORDER, [
          { path: 'body.activeUntil', message: PERIOD_OUT_OF_ORDER },
        ]);
      if (!networksChosen(merged))
        throw new AppError('VALIDATION_FAILED', NO_NETWORK_CHOSEN, [
          { path: 'body.networkIds', message: NO_NETWORK_CHOSEN },
        ]);
      await checkNetworks(workspaceId, patch.networkIds);
      const row = await repo.update(workspaceId, id, patch);
      if (!row) throw new AppError('NOT_FOUND', 'No such auto-reply rule in this workspace.');
      changed(workspaceId);
      return view(row);
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repo.remove(workspaceId, id)))
        throw new AppError('NOT_FOUND', 'No such auto-reply rule in this workspace.');
      changed(workspaceId);
    },

    async reorder(workspaceId: string, body: ReorderAutoReplyRulesBody): Promise<AutoReplyRule[]> {
      const current = await repo.list(workspaceId);
      const ids = new Set(body.ruleIds);
      if (ids.size !== body.ruleIds.length || ids.size !== current.length || current.some((r) => !ids.has(r.id)))
        throw new AppError('VALIDATION_FAILED', 'List every rule of the workspace once, first to last.', [
          { path: 'body.ruleIds', message: 'Every rule once.' },
        ]);
      await repo.reorder(workspaceId, body.ruleIds);
      changed(workspaceId);
      return list(workspaceId);
    },

    async settings(workspaceId: string): Promise<AutoReplySettings> {
      const hourlyLimit = await repo.hourlyLimit(workspaceId);
      if (hourlyLimit === undefined) throw new AppError('NOT_FOUND', 'No such workspace.');
      return { hourlyLimit };
    },

    async updateSettings(workspaceId: string, settings: AutoReplySettings): Promise<AutoReplySettings> {
      await repo.setHourlyLimit(workspaceId, settings.hourlyLimit);
      changed(workspaceId);
      return settings;
    },

    /** What the engine would do with this message now; nothing is stored or sent. */
    async tryMessage(workspaceId: string, body: TryAutoReplyBody): Promise<TryAutoReplyResult> {
      await deps.networks.runtimeInWorkspace(workspaceId, body.networkId);
      const number = normaliseSender(body.from);
      const [contact] = await deps.db
        .select({ id: contacts.id, name: contacts.name, optedOutAt: contacts.optedOutAt })
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phoneNumber, number)));
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
