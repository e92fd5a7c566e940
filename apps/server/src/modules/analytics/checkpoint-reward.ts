import type { CheckpointReward } from '@switchboard/contract';
import { Temporal } from 'temporal-polyfill';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { AnalyticsSideRepository } from './analytics-side.repository.js';
import { checkpointOf } from './checkpoint.js';

/**
 * `GET /api/user/checkpoint-reward`: the caller's inbox replies this month against all of last
 * month. The months are the usage ledger's (workspaces' usage: calendar months in the workspace's
 * zone), asked for now and for the instant before this month began.
 */
export function createCheckpointReward(deps: {
  side: AnalyticsSideRepository;
  workspaces: Pick<WorkspacesService, 'usage'>;
  now: () => Date;
}) {
  return async function checkpointReward(workspaceId: string, userId: string): Promise<CheckpointReward> {
    const month = await deps.workspaces.usage(workspaceId, deps.now());
    const thisMonth = new Date(month.periodStart);
    const previous = await deps.workspaces.usage(workspaceId, new Date(thisMonth.getTime() - 1));
    const replies = await deps.side.repliesBy(workspaceId, userId, {
      since: new Date(previous.periodStart),
      split: thisMonth,
      until: new Date(month.periodEnd),
    });
    const yearMonth = Temporal.Instant.fromEpochMilliseconds(thisMonth.getTime())
      .toZonedDateTimeISO(month.timeZone)
      .toPlainDate()
      .toString()
      .slice(0, 7);
    return checkpointOf(yearMonth, replies.after, replies.before);
  };
}
