import {
  CARD_NAMES,
  type AnalyticsBreakdown,
  type AnalyticsOverview,
  type AnalyticsRangeQuery,
  type AnalyticsSeries,
  type NetworkHealth,
} from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { addCell, cardValue, emptyTally, kpiOf, talliesByBucket, type Tally } from './analytics-figures.js';
import { bucketStarts, periodStarts, rangeView, resolveRange, type ResolvedRange } from './analytics-range.js';
import { createAnalyticsRepository, type GroupCell } from './analytics.repository.js';
import { createAnalyticsSideRepository } from './analytics-side.repository.js';
import { createCards } from './cards.js';
import { createCheckpointReward } from './checkpoint-reward.js';
import { createDispatchedOrders } from './dispatched-orders.js';
import { ALL_SOURCES, createFiguresReader } from './figures-reader.js';

export interface AnalyticsDeps {
  db: Db;
  workspaces: Pick<WorkspacesService, 'find' | 'usage'>;
  networks: Pick<NetworksService, 'states'>;
  /** Tests only: the clock. */
  now?: () => Date;
}

const HOUR_MS = 3_600_000;
const TOP_FAILURES = 5;
const TOP_CAMPAIGNS = 20;

/** Sums grouped roll-up cells per id (network or campaign). */
function talliesById(cells: GroupCell[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const cell of cells) {
    const tally = tallies.get(cell.id) ?? emptyTally();
    tallies.set(cell.id, addCell(tally, { ...cell, origin: '' }));
  }
  return tallies;
}

const counts = (t: Tally | undefined) => ({
  outbound: t?.outbound ?? 0,
  sent: t?.sent ?? 0,
  delivered: t?.delivered ?? 0,
  failed: t?.failed ?? 0,
});

/**
 * The control panel (`/api/analytics/…`) and the spec §7 card calls, over the roll-up and side
 * tables of the caller's workspace, in its time zone.
 */
export function createAnalyticsService(deps: AnalyticsDeps) {
  const repo = createAnalyticsRepository(deps.db);
  const side = createAnalyticsSideRepository(deps.db);
  const figures = createFiguresReader(repo, side);
  const now = deps.now ?? (() => new Date());

  async function rangeOf(workspaceId: string, query: AnalyticsRangeQuery): Promise<ResolvedRange> {
    const workspace = await deps.workspaces.find(workspaceId);
    if (!workspace) throw new AppError('NOT_FOUND', 'Workspace not found.');
    return resolveRange(query, workspace.timeZone, now());
  }

  async function overview(workspaceId: string, query: AnalyticsRangeQuery): Promise<AnalyticsOverview> {
    const range = await rangeOf(workspaceId, query);
    const [[previous, current], failures, usage] = await Promise.all([
      figures(workspaceId, { starts: periodStarts(range), end: range.to }, ALL_SOURCES),
      repo.failureCodes(workspaceId, range.from, range.to, TOP_FAILURES),
      deps.workspaces.usage(workspaceId, now()),
    ]);
    const kpis = Object.fromEntries(
      CARD_NAMES.map((name) => [name, kpiOf(cardValue(name, current!), cardValue(name, previous!))]),
    ) as AnalyticsOverview['kpis'];
    const { outbound: queued, sent, delivered, failed } = current!;
    return {
      range: rangeView(range),
      kpis,
      funnel: { queued, sent, delivered, failed },
      failureReasons: await Promise.all(
        failures.map(async (f) => ({
          code: f.code || 'unknown',
          // The roll-up keeps codes, not texts (a text per message would split its rows): one sample.
          text: await side.failureText(workspaceId, { networkId: f.network_id, hour: new Date(f.hour), code: f.code }),
          count: f.count,
        })),
      ),
      usage,
    };
  }

  async function series(workspaceId: string, query: AnalyticsRangeQuery): Promise<AnalyticsSeries> {
    const range = await rangeOf(workspaceId, query);
    const starts = bucketStarts(range);
    const tallies = talliesByBucket(await repo.cells(workspaceId, { starts, end: range.to }), starts.length);
    return {
      range: rangeView(range),
      points: tallies.map((t, i) => ({
        at: starts[i]!.toISOString(),
        inbound: t.inbound,
        outbound: t.outbound,
        delivered: t.delivered,
        failed: t.failed,
      })),
    };
  }

  async function breakdown(workspaceId: string, query: AnalyticsRangeQuery): Promise<AnalyticsBreakdown> {
    const range = await rangeOf(workspaceId, query);
    const [networks, byNetwork, byCampaign] = await Promise.all([
      deps.networks.states(workspaceId),
      repo.byNetwork(workspaceId, range.from, range.to),
      repo.byCampaign(workspaceId, range.from, range.to, TOP_CAMPAIGNS),
    ]);
    const networkTallies = talliesById(byNetwork);
    const campaignTallies = talliesById(byCampaign);
    const names = new Map(
      (await side.campaignNames(workspaceId, [...campaignTallies.keys()])).map((c) => [c.id, c.name]),
    );
    return {
      range: rangeView(range),
      networks: networks.map((n) => {
        const t = networkTallies.get(n.id);
        return { networkId: n.id, name: n.name, kind: n.kind, inbound: t?.inbound ?? 0, ...counts(t) };
      }),
      campaigns: [...campaignTallies]
        .filter(([id]) => names.has(id))
        .sort(([, a], [, b]) => b.outbound - a.outbound)
        .map(([id, t]) => ({ campaignId: id, name: names.get(id)!, ...counts(t) })),
    };
  }

  /**
   * Each network now. The last hour's counts come from the roll-up's whole UTC hours that overlap
   * the last 60 minutes (so up to two clock hours), never from scanning messages.
   */
  async function health(workspaceId: string): Promise<NetworkHealth> {
    const at = now().getTime();
    const from = new Date(Math.floor((at - HOUR_MS) / HOUR_MS) * HOUR_MS);
    const [networks, cells] = await Promise.all([
      deps.networks.states(workspaceId),
      repo.byNetwork(workspaceId, from, new Date(at + HOUR_MS)),
    ]);
    const tallies = talliesById(cells);
    return {
      networks: networks.map((n) => ({
        networkId: n.id,
        name: n.name,
        kind: n.kind,
        enabled: n.enabled,
        status: n.status,
        lastSeenAt: n.lastSeenAt,
        sentLastHour: tallies.get(n.id)?.sent ?? 0,
        failedLastHour: tallies.get(n.id)?.failed ?? 0,
      })),
    };
  }

  return {
    overview,
    series,
    breakdown,
    health,
    ...createCards({ rangeOf, figures }),
    dispatchedOrders: createDispatchedOrders({ repo, side, networks: deps.networks }),
    checkpointReward: createCheckpointReward({ side, workspaces: deps.workspaces, now }),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
