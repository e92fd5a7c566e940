import { PLANS, type Usage } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { createUsageRepository } from './usage.repository.js';

/**
 * The monthly SMS quota as read back (DESIGN §2 "Billing"): usage is the outbound segments
 * booked in the workspace's calendar month, in its time zone. Booking itself happens where
 * messages are queued (usage.sql.ts).
 */
export function createUsage(db: Db) {
  const repo = createUsageRepository(db);

  async function current(workspaceId: string, at = new Date(), tx?: Db): Promise<Usage> {
    const row = await repo.current(workspaceId, at, tx);
    if (!row) throw new AppError('NOT_FOUND', 'Workspace not found.');
    // An id the table does not know allows nothing (as the booking's SQL does).
    const plan = PLANS[row.planId] as (typeof PLANS)[keyof typeof PLANS] | undefined;
    const quota = plan ? plan.monthlySmsQuota : 0;
    return {
      planId: row.planId,
      used: row.used,
      quota,
      remaining: quota === null ? null : Math.max(quota - row.used, 0),
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      timeZone: row.timeZone,
    };
  }

  return {
    current,
    /** The segments still free in the period of `at` (0 when used up); null for no limit. */
    async remaining(workspaceId: string, at = new Date(), tx?: Db): Promise<number | null> {
      return (await current(workspaceId, at, tx)).remaining;
    },
  };
}
