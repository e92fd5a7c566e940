import { templateVariables, type CampaignReview } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import type { CampaignContext } from './campaign-context.js';
import { planCampaign, rateShares, type CampaignPlan, type PlanNetwork } from './campaign-plan.js';
import type { CampaignRow } from './campaigns.repository.js';

type Problem = CampaignReview['problems'][number];

export interface Prepared {
  plan: CampaignPlan;
  shares: Map<string, number>;
  remaining: number | null;
  problems: Problem[];
}

const BUILT_IN = new Set(['name', 'number']);

/**
 * What a review shows and a start queues, computed the same way for both: the networks and their
 * shares of the rate, the audience read once (contacts), the plan (campaign-plan.ts), the quota
 * left, and the problems that keep it from starting.
 */
export function createCampaignPrepare(ctx: CampaignContext) {
  const { deps } = ctx;

  async function networksOf(row: CampaignRow, problems: Problem[], tx?: Db): Promise<PlanNetwork[]> {
    const networks: PlanNetwork[] = [];
    for (const id of row.networkIds) {
      try {
        const network = await deps.networks.runtimeInWorkspace(row.workspaceId, id, tx);
        if (network.enabled) networks.push({ id: network.id, throughput: network.throughput });
        else problems.push({ code: 'NETWORK_DISABLED', message: `The network ${network.name} is disabled.` });
      } catch {
        problems.push({ code: 'NETWORK_NOT_FOUND', message: 'A network of the campaign no longer exists.' });
      }
    }
    if (row.networkIds.length === 0)
      problems.push({ code: 'NO_NETWORK', message: 'Choose a network to send through.' });
    return networks;
  }

  async function prepare(row: CampaignRow, tx?: Db, start = Date.now()): Promise<Prepared> {
    const problems: Problem[] = [];
    const networks = await networksOf(row, problems, tx);
    if (!row.body.trim()) problems.push({ code: 'EMPTY_BODY', message: 'Write the text to send.' });
    const keys = await deps.contacts.fieldKeys(row.workspaceId, tx);
    const unknown = templateVariables(row.body).filter((key) => !BUILT_IN.has(key) && !keys.includes(key));
    if (unknown.length)
      problems.push({ code: 'UNKNOWN_VARIABLE', message: `Not a variable of this workspace: ${unknown.join(', ')}.` });
    const { all, listIds, tags } = row.audience;
    if (!all && listIds.length === 0 && tags.length === 0)
      problems.push({ code: 'NO_AUDIENCE', message: 'Choose who receives the campaign.' });
    const usage = await deps.workspaces.usage(row.workspaceId, new Date(start), tx);
    const withFields = templateVariables(row.body).some((key) => !BUILT_IN.has(key));
    const contacts =
      all || listIds.length || tags.length
        ? await deps.contacts.audience(row.workspaceId, row.audience, { withFields }, tx)
        : [];
    const shares = rateShares(row.ratePerSecond, networks);
    const plan = planCampaign({
      body: row.body,
      contacts,
      shares: shares.size ? shares : new Map([['none', row.ratePerSecond]]),
      start,
      quietHours: row.quietHours ?? null,
      workspaceZone: usage.timeZone,
    });
    if (plan.contactIds.length === 0 && problems.length === 0)
      problems.push({ code: 'NO_RECIPIENTS', message: 'Nobody in the audience can receive it.' });
    if (usage.remaining !== null && plan.totalSegments > usage.remaining)
      problems.push({
        code: 'QUOTA_EXCEEDED',
        message: `It needs ${plan.totalSegments} SMS segments; the plan allows ${usage.remaining} more this month.`,
      });
    return { plan, shares, remaining: usage.remaining, problems };
  }

  return prepare;
}
