import type { Db } from '../../db/database.js';
import { createBatcher } from '../../lib/batcher.js';
import type { MessageRow } from './message-rows.js';
import { createOutboundQueueRepository, type SentRecord } from './outbound-queue.repository.js';
import { createSendOutcomesRepository } from './send-outcomes.repository.js';

export type { Claim, ClaimedMessage, PendingMessage, SentRecord } from './outbound-queue.repository.js';

/**
 * What the dispatchers (channels/dispatcher.ts) and the Android phones' polls do with queued
 * messages: claim, give back, retry later, fail, record a send, expire dead leases. Addressed by
 * network and message ids, across workspaces: see outbound-queue.repository.ts.
 */
export function createOutboundQueue(db: Db) {
  const repo = createOutboundQueueRepository(db);
  const outcomes = createSendOutcomesRepository(db);
  // Accepted sends of every network this instance runs, written together: one statement per turn.
  const sentRecorder = createBatcher((sends: SentRecord[]) => outcomes.markSentMany(sends), { maxBatch: 500 });

  return {
    claim: repo.claim,
    releaseClaims: repo.releaseClaims,
    retryLater: outcomes.retryLater,
    markFailed: outcomes.markFailed,
    /** Records a send the channel accepted (`sent` + provider id); undefined if it left `sending`. */
    recordSent: (send: SentRecord): Promise<MessageRow | undefined> => sentRecorder.add(send),
    /** Resolves once the sends recorded so far are written (a receipt must not overtake its send). */
    sendsSettled: () => sentRecorder.settled(),
    /** Embedded database only: a restarted process may retry its own dead claims at once. */
    expireAllLeases: repo.expireAllLeases,
    /** For an Android phone's poll: what it has to send (see the repository). */
    pendingForPhone: repo.pendingForPhone,
    /** Whether a scheduled message of the network became due just now (its phone is woken). */
    becameDue: repo.becameDue,
  };
}

export type OutboundQueue = ReturnType<typeof createOutboundQueue>;
