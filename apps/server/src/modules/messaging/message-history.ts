import type { Db } from '../../db/database.js';
import { createMessageHistoryRepository } from './message-history.repository.js';

/**
 * What other modules ask of the messages stored so far: per-network counts (the networks list)
 * and whether a contact texted before (auto-reply's first-message rule). Depends on the database
 * only, so it is built before the services that need it (networks comes before the pipeline).
 */
export function createMessageHistory(db: Db) {
  const repo = createMessageHistoryRepository(db);
  return {
    /** Messages in and out since `since`, per network of the workspace (or of one network). */
    countsSince: (workspaceId: string, since: Date, networkId?: string) =>
      repo.countsSince(workspaceId, since, networkId),

    /** Whether the contact sent the workspace any message other than `exceptMessageId`. */
    hasEarlierInbound: (workspaceId: string, contactId: string, exceptMessageId: string | null, tx?: Db) =>
      repo.hasEarlierInbound(workspaceId, contactId, exceptMessageId, tx),
  };
}

export type MessageHistory = ReturnType<typeof createMessageHistory>;
