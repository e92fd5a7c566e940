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
  type UpdateAutoReplyRuleBodySchema,
} from '@switchboard/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { AutoReplyRepository, NewRule, RuleRow } from './auto-reply.repository.js';

type CreateBody = z.output<typeof CreateAutoReplyRuleBodySchema>;
type UpdateBody = z.output<typeof UpdateAutoReplyRuleBodySchema>;

export interface RuleEditingDeps {
  db: Db;
  repo: AutoReplyRepository;
  networks: Pick<NetworksService, 'ownIds'>;
  workspaces: Pick<WorkspacesService, 'lock' | 'autoReplyHourlyLimit' | 'setAutoReplyHourlyLimit'>;
  /** Drops the engine's cached rules of the workspace. */
  changed(workspaceId: string): void;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRule(row: RuleRow, ownNetworks: Set<string>): AutoReplyRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    priority: row.priority,
    allNetworks: row.allNetworks,
    networkIds: row.networkIds.filter((id) => ownNetworks.has(id)),
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

/** The workspace's rules as the API edits them: list, create, change, delete, order, loop guard. */
export function createRuleEditing(deps: RuleEditingDeps) {
  const { repo } = deps;
  const notFound = () => new AppError('NOT_FOUND', 'No such auto-reply rule in this workspace.');

  async function view(row: RuleRow): Promise<AutoReplyRule> {
    return toRule(row, await deps.networks.ownIds(row.workspaceId, row.networkIds));
  }

  /** Refuses networks that are not the workspace's (400 on the field, like any other bad value). */
  async function checkNetworks(workspaceId: string, ids: string[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const own = await deps.networks.ownIds(workspaceId, ids);
    const index = ids.findIndex((id) => !own.has(id));
    if (index !== -1)
      throw new AppError('VALIDATION_FAILED', 'That network is not one of this workspace’s networks.', [
        { path: `body.networkIds.${index}`, message: 'Not a network of this workspace.' },
      ]);
  }

  async function found(workspaceId: string, id: string): Promise<RuleRow> {
    const row = await repo.find(workspaceId, id);
    if (!row) throw notFound();
    return row;
  }

  async function list(workspaceId: string): Promise<AutoReplyRule[]> {
    const rows = await repo.list(workspaceId);
    const own = await deps.networks.ownIds(workspaceId, [...new Set(rows.flatMap((r) => r.networkIds))]);
    return rows.map((row) => toRule(row, own));
  }

  return {
    list,

    get: async (workspaceId: string, id: string) => view(await found(workspaceId, id)),

    async create(workspaceId: string, body: CreateBody): Promise<AutoReplyRule> {
      await checkNetworks(workspaceId, body.allNetworks ? [] : body.networkIds);
      // The workspace's lock makes the count check and the insert one step.
      const row = await deps.db.transaction(async (tx) => {
        await deps.workspaces.lock(workspaceId, tx);
        return repo.insertLast(workspaceId, body satisfies NewRule, MAX_RULES_PER_WORKSPACE, tx);
      });
      if (row === 'too-many')
        throw new AppError('VALIDATION_FAILED', `A workspace has at most ${MAX_RULES_PER_WORKSPACE} rules.`);
      deps.changed(workspaceId);
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
      if (!row) throw notFound();
      deps.changed(workspaceId);
      return view(row);
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repo.remove(workspaceId, id))) throw notFound();
      deps.changed(workspaceId);
    },

    async reorder(workspaceId: string, body: ReorderAutoReplyRulesBody): Promise<AutoReplyRule[]> {
      const current = await repo.list(workspaceId);
      const ids = new Set(body.ruleIds);
      if (ids.size !== body.ruleIds.length || ids.size !== current.length || current.some((r) => !ids.has(r.id)))
        throw new AppError('VALIDATION_FAILED', 'List every rule of the workspace once, first to last.', [
          { path: 'body.ruleIds', message: 'Every rule once.' },
        ]);
      await repo.reorder(workspaceId, body.ruleIds);
      deps.changed(workspaceId);
      return list(workspaceId);
    },

    async settings(workspaceId: string): Promise<AutoReplySettings> {
      const hourlyLimit = await deps.workspaces.autoReplyHourlyLimit(workspaceId);
      if (hourlyLimit === undefined) throw new AppError('NOT_FOUND', 'No such workspace.');
      return { hourlyLimit };
    },

    async updateSettings(workspaceId: string, settings: AutoReplySettings): Promise<AutoReplySettings> {
      await deps.workspaces.setAutoReplyHourlyLimit(workspaceId, settings.hourlyLimit);
      deps.changed(workspaceId);
      return settings;
    },
  };
}
