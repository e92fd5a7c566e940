import type { FastifyBaseLogger } from 'fastify';
import type { CampaignCounts } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { JobTurns } from '../../lib/periodic-job.js';
import type { CampaignContext } from './campaign-context.js';
import type { CampaignLaunch } from './campaign-launch.js';
import { toCounts } from './campaign-view.js';
import type { CampaignRow } from './campaigns.repository.js';

const TICK_MS = 1_000;
/** The ticker's name among the instances' turns (lib/periodic-job.ts). */
const TURN = 'campaign-ticker';
/**
 * A paused campaign sends nothing: its counts move only with late delivery reports, replies and
 * opt-outs, so it is counted again this often rather than every tick (its two count queries read
 * its messages; a pause of a 100,000-message campaign may last hours).
 */
export const PAUSED_RECOUNT_MS = 5_000;

/**
 * Once a second: scheduled campaigns whose time came are started (the start's transaction on the
 * locked row, state still `scheduled`: exactly once across instances), a sending campaign with
 * nothing left to send is completed, a cancelled one's leftovers are cancelled, the gate learns
 * every campaign's state, and `campaign.progress` goes out for campaigns whose counts changed
 * (also for 10 minutes after one completed: its delivery reports and replies still arrive; a
 * paused one is counted every PAUSED_RECOUNT_MS).
 *
 * With several instances (given their turns) that work runs on one instance a tick; the others
 * only learn the campaigns' states for their dispatchers' gate. Starts and completions would be
 * exactly once anyway (each on the locked row, by its state), but the counts would be read and
 * `campaign.progress` sent once per instance.
 */
export function createCampaignTicker(ctx: CampaignContext, launch: CampaignLaunch, log: FastifyBaseLogger) {
  const { deps, repo } = ctx;
  const messages = deps.messaging.campaignMessages;
  const lastCounts = new Map<string, string>();
  /** When each paused campaign was last counted (a campaign that just paused is counted at once). */
  const pausedCountedAt = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function startScheduled(workspaceId: string, id: string) {
    try {
      const row = await ctx.transaction(async (within) => {
        const locked = await repo.lock(workspaceId, id, within.tx);
        if (!locked || locked.state !== 'scheduled' || !locked.sendAt || locked.sendAt > new Date()) return null;
        return launch.launch(locked, within);
      });
      if (row) await ctx.announce(row);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The schedule cannot be kept (quota, a network gone …): it fails with the reason.
      const row = await ctx.transaction(async ({ tx }) => {
        const locked = await repo.lock(workspaceId, id, tx);
        if (!locked || locked.state !== 'scheduled') return null;
        return repo.setState(workspaceId, id, 'failed', { failureReason: error.message, finishedAt: new Date() }, tx);
      });
      if (row) await ctx.announce(row);
    }
  }

  async function complete(campaign: CampaignRow) {
    const row = await ctx.transaction(async ({ tx }) => {
      const locked = await repo.lock(campaign.workspaceId, campaign.id, tx);
      if (!locked || locked.state !== 'sending' || (await messages.hasUnfinished(campaign.id, tx))) return null;
      return repo.setState(campaign.workspaceId, campaign.id, 'completed', { finishedAt: new Date() }, tx);
    });
    if (row) await ctx.announce(row);
  }

  async function progress(campaign: CampaignRow, counts: CampaignCounts) {
    const key = JSON.stringify([campaign.state, counts]);
    if (lastCounts.get(campaign.id) === key) return;
    lastCounts.set(campaign.id, key);
    deps.events.toWorkspace(campaign.workspaceId, 'campaign.progress', {
      campaignId: campaign.id,
      state: campaign.state,
      counts,
      etaSeconds: campaign.state === 'sending' ? await reportsEta(campaign.id) : null,
    });
  }

  async function reportsEta(id: string) {
    const last = await messages.lastDue(id);
    return last ? Math.max(0, Math.ceil((last.getTime() - Date.now()) / 1000)) : null;
  }

  /** What every instance does each tick: its dispatchers' gate learns the campaigns' states. */
  async function learnStates() {
    for (const campaign of await repo.active()) ctx.remember(campaign.id, campaign.state);
  }

  async function tickWith(turns: JobTurns | undefined) {
    if (!turns) return tick();
    if (!(await turns.run(TURN, TICK_MS, tick))) await learnStates();
  }

  async function tick() {
    for (const due of await repo.dueSchedules(new Date())) await startScheduled(due.workspaceId, due.id);
    const active = await repo.active();
    const seen = new Set<string>();
    for (const campaign of active) {
      seen.add(campaign.id);
      ctx.remember(campaign.id, campaign.state);
      if (campaign.state === 'cancelled') {
        await messages.cancelUnsent(campaign.workspaceId, campaign.id);
        continue;
      }
      if (campaign.state === 'paused') {
        const counted = pausedCountedAt.get(campaign.id);
        if (counted !== undefined && Date.now() - counted < PAUSED_RECOUNT_MS) continue;
        pausedCountedAt.set(campaign.id, Date.now());
      } else pausedCountedAt.delete(campaign.id);
      const byState = (await messages.countsByState(campaign.workspaceId, [campaign.id])).get(campaign.id);
      const responses = await messages.responses(
        campaign.workspaceId,
        campaign.id,
        campaign.networkIds,
        campaign.startedAt ?? campaign.createdAt,
      );
      const counts = toCounts(byState, responses);
      if (campaign.state === 'sending' && counts.queued + counts.sending === 0) await complete(campaign);
      else await progress(campaign, counts);
    }
    for (const id of lastCounts.keys()) if (!seen.has(id)) lastCounts.delete(id);
    for (const id of pausedCountedAt.keys()) if (!seen.has(id)) pausedCountedAt.delete(id);
  }

  return {
    /** One pass now, without taking a turn (tests; the interval runs the same pass). */
    async tick() {
      running ??= tick().finally(() => (running = null));
      return running;
    },
    start(turns?: JobTurns) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = tickWith(turns)
          .catch((error: unknown) => log.error({ err: error }, 'the campaign ticker failed'))
          .finally(() => (running = null));
      }, TICK_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
