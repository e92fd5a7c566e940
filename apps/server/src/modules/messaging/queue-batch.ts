import { AppError } from '../../lib/app-error.js';
import { countSegments } from '../../lib/sms-segments.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createApiBatchMessagesRepository } from './api-batch-messages.repository.js';
import type { Db } from '../../db/database.js';
import type { TxContext } from './outbound.js';

/** One recipient of a developer API batch, its text personalised. */
export interface BatchRecipient {
  /** E.164, distinct within the batch. */
  to: string;
  body: string;
}

export interface BatchRequest {
  workspaceId: string;
  networkId: string;
  batchId: string;
  recipients: BatchRecipient[];
  metadata?: Record<string, string>;
  /** Not sent before this time (`sendAt`); else now. */
  notBefore?: Date;
  callbackEndpointId?: string;
}

export interface QueuedBatch {
  /** Indexes (into `recipients`) of contacts who opted out: not queued. */
  optedOut: number[];
  queued: number;
  segments: number;
  /** True when the due times were spread over the network's rate. */
  spread: boolean;
}

/**
 * A batch larger than the network sends in this many seconds gets its due times spread over the
 * network's rate, as a campaign start spreads its messages: the dispatcher claims due messages
 * first, so what is queued later (an inbox reply) is not stuck behind the whole batch. The same
 * span as one claim of the dispatcher, so a smaller batch leaves in one or two claims anyway.
 */
export const BATCH_SPREAD_SECONDS = 5;

/** Due times (epoch ms) from `start` at the network's rate in segments a second. */
export function spreadDues(segments: number[], start: number, perSecond: number, spread: boolean): number[] {
  let before = 0;
  return segments.map((parts) => {
    const due = spread ? start + Math.floor((before * 1000) / perSecond) : start;
    before += parts;
    return due;
  });
}

export interface QueueBatchDeps {
  db: Db;
  networks: NetworksService;
  workspaces: Pick<WorkspacesService, 'remainingSegments'>;
  /** Wakes the network's dispatcher. */
  wake(networkId: string): void;
}

export function createQueueBatch(deps: QueueBatchDeps) {
  const batchMessages = createApiBatchMessagesRepository(deps.db);

  /**
   * A developer API batch in the caller's transaction, set-based: the contacts found or added
   * (opted-out ones left out and named), the quota booked once for the rest (`QUOTA_EXCEEDED`
   * with `remaining` and `needed`, nothing written) and every message queued in one statement,
   * due at `notBefore` (or now), spread over the network's rate when large. No per-message
   * events (there may be 10,000); the network's dispatcher is woken after the commit.
   */
  return async function queueBatch(request: BatchRequest, within: TxContext): Promise<QueuedBatch> {
    const network = await deps.networks.runtimeInWorkspace(request.workspaceId, request.networkId, within.tx);
    if (!network.enabled) throw new AppError('NETWORK_DISABLED', 'This network is disabled. Enable it to send.');
    const numbers = request.recipients.map((r) => r.to);
    const found = new Map(
      (await batchMessages.contacts(request.workspaceId, numbers, within.tx)).map((c) => [c.phoneNumber, c]),
    );
    const optedOut: number[] = [];
    const kept: Array<{ contactId: string; body: string }> = [];
    request.recipients.forEach((recipient, index) => {
      const contact = found.get(recipient.to)!;
      if (contact.optedOut) optedOut.push(index);
      else kept.push({ contactId: contact.id, body: recipient.body });
    });
    const counted = kept.map((r) => countSegments(r.body));
    const segments = counted.map((c) => c.segments);
    const total = segments.reduce((sum, n) => sum + n, 0);
    const spread = kept.length > network.throughput * BATCH_SPREAD_SECONDS;
    if (kept.length === 0) return { optedOut, queued: 0, segments: 0, spread: false };
    const at = new Date();
    const booked = await batchMessages.insert(
      {
        workspaceId: request.workspaceId,
        networkId: network.id,
        batchId: request.batchId,
        contactIds: kept.map((r) => r.contactId),
        bodies: kept.map((r) => r.body),
        encodings: counted.map((c) => c.encoding),
        segments,
        // Due at once: no due time, as a single send (the database's clock, not this process's, decides).
        dues:
          spread || request.notBefore
            ? spreadDues(segments, (request.notBefore ?? at).getTime(), network.throughput, spread)
            : segments.map(() => null),
        metadata: request.metadata ?? null,
        callbackEndpointId: request.callbackEndpointId ?? null,
        at,
      },
      total,
      within.tx,
    );
    if (!booked) {
      const remaining = (await deps.workspaces.remainingSegments(request.workspaceId, at, within.tx)) ?? 0;
      throw new AppError(
        'QUOTA_EXCEEDED',
        `This batch needs ${total} SMS segments; the plan allows ${remaining} more this month.`,
        undefined,
        { remaining, needed: total },
      );
    }
    within.afterCommit(() => deps.wake(network.id));
    return { optedOut, queued: kept.length, segments: total, spread };
  };
}
