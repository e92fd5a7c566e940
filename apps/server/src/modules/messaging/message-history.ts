import type { Db } from '../../db/database.js';
import { createMessageHistoryRepository } from './message-history.repository.js';
import { createTodayCounts } from './today-counts.js';

/**
 * What other modules ask of the messages stored so far: per-network counts (the networks list)
 * and whether a contact texted before (auto-reply's first-message rule). Depends on the database
 * only, so it is built before the services that need it (networks comes before the pipeline).
 */
export function createMessageHistory(db: Db) {
  const repo = createMessageHistoryRepository(db);
  return {
    /** Today's (UTC) messages in and out of each of these networks of the workspace. */
    todayCounts: createTodayCounts(repo.countsSince),

    /** Whether the contact sent the workspace any message other than `exceptMessageId`. */
    hasEarlierInbound: (workspaceId: string, contactId: string, exceptMessageId: string | null, tx?: Db) =>
      repo.hasEarlierInbound(workspaceId, contactId, exceptMessageId, tx),
  };
}

export type MessageHistory = ReturnType<typeof createMessageHistory>;
