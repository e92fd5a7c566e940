import type { Campaign, CampaignState } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { BacklogRow, TxContext } from '../messaging/messaging.service.js';
import type { CampaignContext } from './campaign-context.js';
import type { CampaignLaunch } from './campaign-launch.js';
import { outOfQuietHoursMs, zoneForRecipient } from './quiet-hours.js';
import type { CampaignRow } from './campaigns.repository.js';

const conflict = (row: CampaignRow, action: string) =>
  new AppError('CAMPAIGN_STATE_CONFLICT', `A ${row.state} campaign cannot be ${action}.`);

/**
 * Due times again for messages that wait (resume, retry): per network from `start` at its share,
 * then out of quiet hours in each recipient's zone.
 */
export function respread(row: CampaignRow, backlog: BacklogRow[], start: number, workspaceZone: string): number[] {
  const counters = new Map<string, number>();
  return backlog.map((message) => {
    const share = row.networkRates?.[message.networkId] ?? row.ratePerSecond;
    const index = counters.get(message.networkId) ?? 0;
    counters.set(message.networkId, index + 1);
    const due = start + Math.floor((index * 1000) / share);
    if (!row.quietHours) return due;
    const zone = zoneForRecipient(message.phoneNumber, message.timeZone, workspaceZone);
    return outOfQuietHoursMs(due, zone, row.quietHours);
  });
}

/**
 * Start, pause, resume, cancel, unschedule, retry failed: each on the campaign's locked row, so
 * two callers (or instances, or the ticker) never both act on one state. Each runs in the
 * caller's transaction when given one (`outer`: an API request's Idempotency-Key is claimed in it).
 */
export function createCampaignControls(ctx: CampaignContext, launch: CampaignLaunch) {
  const { deps, repo } = ctx;

  async function act(
    workspaceId: string,
    id: string,
    outer: TxContext | undefined,
    work: (row: CampaignRow, within: TxContext) => Promise<CampaignRow>,
  ): Promise<Campaign> {
    const row = await ctx.transaction(async (within) => {
      const locked = await repo.lock(workspaceId, id, within.tx);
      if (!locked) throw new AppError('NOT_FOUND', 'No such campaign in this workspace.');
      const changed = await work(locked, within);
      if (changed.state !== locked.state) await ctx.changed(id, within.tx);
      return changed;
    }, outer);
    return ctx.announce(row, outer);
  }

  const only = (row: CampaignRow, states: CampaignState[], action: string) => {
    if (!states.includes(row.state)) throw conflict(row, action);
  };

  return {
    /** Queues now, or schedules for `sendAt` when that is still ahead. */
    start: (workspaceId: string, id: string, outer?: TxContext) =>
      act(workspaceId, id, outer, async (row, within) => {
        only(row, ['draft', 'scheduled'], 'started');
        if (row.state === 'draft' && row.sendAt && row.sendAt.getTime() > Date.now()) {
          const prepared = await launch.prepare(row, within.tx);
          const blocking = prepared.problems.filter((p) => p.code !== 'QUOTA_EXCEEDED');
          if (blocking.length) throw new AppError('CAMPAIGN_NOT_READY', blocking.map((p) => p.message).join(' '));
          return repo.setState(workspaceId, id, 'scheduled', {}, within.tx);
        }
        return launch.launch(row, within);
      }),

    pause: (workspaceId: string, id: string, outer?: TxContext) =>
      act(workspaceId, id, outer, async (row, within) => {
        only(row, ['sending'], 'paused');
        ctx.remember(id, 'paused');
        return repo.setState(workspaceId, id, 'paused', {}, within.tx);
      }),

    resume: (workspaceId: string, id: string, outer?: TxContext) =>
      act(workspaceId, id, outer, async (row, within) => {
        only(row, ['paused'], 'resumed');
        const backlog = await deps.messaging.campaignMessages.backlog(workspaceId, id, 'queued', within.tx);
        const { timeZone } = await deps.workspaces.usage(workspaceId, new Date(), within.tx);
        const dues = respread(row, backlog, Date.now(), timeZone);
        await deps.messaging.campaignMessages.reschedule(
          workspaceId,
          backlog.map((m) => m.id),
          dues,
          within.tx,
        );
        within.afterCommit(() => deps.messaging.campaignMessages.wake(row.networkIds));
        return repo.setState(workspaceId, id, 'sending', {}, within.tx);
      }),

    cancel: (workspaceId: string, id: string, outer?: TxContext) =>
      act(workspaceId, id, outer, async (row, within) => {
        only(row, ['scheduled', 'sending', 'paused'], 'cancelled');
        ctx.remember(id, 'cancelled');
        await deps.messaging.campaignMessages.cancelUnsent(workspaceId, id, within.tx);
        return repo.setState(workspaceId, id, 'cancelled', { finishedAt: new Date() }, within.tx);
      }),

    unschedule: (workspaceId: string, id: string, outer?: TxContext) =>
      act(workspaceId, id, outer, async (row, within) => {
        only(row, ['scheduled'], 'unscheduled');
        return repo.setState(workspaceId, id, 'draft', {}, within.tx);
      }),

    retryFailed: (workspaceId: string, id: string, outer?: TxContext) =>
      act(workspaceId, id, outer, async (row, within) => {
        only(row, ['sending', 'paused', 'completed'], 'retried');
        const failed = await deps.messaging.campaignMessages.backlog(workspaceId, id, 'failed', within.tx);
        if (failed.length === 0) return row;
        const at = new Date();
        const { timeZone } = await deps.workspaces.usage(workspaceId, at, within.tx);
        const total = failed.reduce((sum, m) => sum + m.segments, 0);
        const booked = await deps.messaging.campaignMessages.requeueFailed(
          workspaceId,
          failed.map((m) => m.id),
          respread(row, failed, at.getTime(), timeZone),
          total,
          at,
          within.tx,
        );
        if (!booked) {
          const remaining = (await deps.workspaces.remainingSegments(workspaceId, at, within.tx)) ?? 0;
          throw new AppError(
            'QUOTA_EXCEEDED',
            `Retrying needs ${total} SMS segments; the plan allows ${remaining} more this month.`,
            undefined,
            { remaining, needed: total },
          );
        }
        within.afterCommit(() => deps.messaging.campaignMessages.wake(row.networkIds));
        ctx.remember(id, 'sending');
        return repo.setState(workspaceId, id, 'sending', { finishedAt: null }, within.tx);
      }),
  };
}
