import { randomUUID } from 'node:crypto';
import type {
  ApiBatch,
  ApiBatchRefusal,
  ApiSendBatchBody,
  ApiSendBatchResponse,
  MessageState,
} from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { MessagingService, TxContext } from '../messaging/messaging.service.js';
import { createApiBatchesRepository, type BatchRow } from './api-batches.repository.js';
import { sendAtOf } from './api-messages.js';
import { planBatch } from './batch-plan.js';

export interface ApiBatchesDeps {
  db: Db;
  messaging: Pick<MessagingService, 'queueBatch' | 'api'>;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toApiBatch(row: BatchRow, progress: Partial<Record<MessageState, number>>): ApiBatch {
  return {
    id: row.id,
    networkId: row.networkId,
    body: row.body,
    metadata: row.metadata ?? null,
    sendAt: iso(row.sendAt),
    callbackUrl: row.callbackUrl,
    recipients: row.recipients,
    queued: row.queued,
    refused: row.refused,
    segments: row.segments,
    spread: row.spread,
    progress,
    createdAt: iso(row.createdAt)!,
  };
}

const REASON_COUNTS = {
  opted_out: 'optedOut',
  invalid_number: 'invalidNumber',
  duplicate: 'duplicate',
  missing_variable: 'missingVariable',
  too_long: 'tooLong',
  empty_text: 'emptyText',
} as const;

/**
 * `POST /api/v1/messages/batch` and its reads. The recipients are read in one pure pass
 * (batch-plan.ts), then one transaction queues the rest through messaging's `queueBatch` (contacts
 * found or added, opt-outs refused, the quota booked for the whole batch: all or nothing) and
 * stores the batch's row. Its progress is its messages' states.
 */
export function createApiBatches(deps: ApiBatchesDeps) {
  const repo = createApiBatchesRepository(deps.db);

  async function find(workspaceId: string, id: string): Promise<BatchRow> {
    const row = await repo.find(workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such batch in this workspace.');
    return row;
  }

  async function inTransaction<T>(within: TxContext | undefined, work: (within: TxContext) => Promise<T>) {
    if (within) return work(within);
    const after: Array<() => void> = [];
    const result = await deps.db.transaction((tx) => work({ tx, afterCommit: (fn) => after.push(fn) }));
    for (const fn of after) fn();
    return result;
  }

  return {
    async send(
      workspaceId: string,
      networkId: string,
      body: ApiSendBatchBody,
      options: { callbackEndpointId?: string; within?: TxContext } = {},
    ): Promise<ApiSendBatchResponse> {
      const notBefore = sendAtOf(body.sendAt);
      const { accepted, refusals } = planBatch(body.body, body.recipients);
      const id = randomUUID();
      return inTransaction(options.within, async (within) => {
        const queued = await deps.messaging.queueBatch(
          {
            workspaceId,
            networkId,
            batchId: id,
            recipients: accepted.map(({ to, body: text }) => ({ to, body: text })),
            metadata: body.metadata,
            notBefore,
            callbackEndpointId: options.callbackEndpointId,
          },
          within,
        );
        const all: ApiBatchRefusal[] = [
          ...refusals,
          ...queued.optedOut.map((i) => ({
            index: accepted[i]!.index,
            to: accepted[i]!.given,
            reason: 'opted_out' as const,
          })),
        ].sort((a, b) => a.index - b.index);
        const refused = { optedOut: 0, invalidNumber: 0, duplicate: 0, missingVariable: 0, tooLong: 0, emptyText: 0 };
        for (const refusal of all) refused[REASON_COUNTS[refusal.reason]] += 1;
        const row = await repo.insert(
          {
            id,
            workspaceId,
            networkId,
            body: body.body,
            metadata: body.metadata ?? null,
            sendAt: notBefore ?? null,
            callbackUrl: body.callbackUrl ?? null,
            recipients: body.recipients.length,
            queued: queued.queued,
            refused,
            segments: queued.segments,
            spread: queued.spread,
          },
          within.tx,
        );
        return { batch: toApiBatch(row, queued.queued ? { queued: queued.queued } : {}), refusals: all };
      });
    },

    async get(workspaceId: string, id: string): Promise<ApiBatch> {
      const row = await find(workspaceId, id);
      return toApiBatch(row, await deps.messaging.api.batchCounts(workspaceId, id));
    },

    /** Cancels what of the batch is still queued (a scheduled batch, the tail of a spread one). */
    async cancel(workspaceId: string, id: string): Promise<ApiBatch> {
      const row = await find(workspaceId, id);
      await deps.messaging.api.cancelBatch(workspaceId, id);
      return toApiBatch(row, await deps.messaging.api.batchCounts(workspaceId, id));
    },
  };
}

export type ApiBatches = ReturnType<typeof createApiBatches>;
