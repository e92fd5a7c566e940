import type { StatusReport } from '../../channels/channel.js';
import type { Db } from '../../db/database.js';
import { createBatcher } from '../../lib/batcher.js';
import { createDeliveryReportsRepository, rankOf } from './delivery-reports.repository.js';
import type { MessageRow } from './message-rows.js';

export interface DeliveryReportsDeps {
  db: Db;
  /** Waits for the sends recorded so far (outbound-queue.ts). */
  sendsSettled(): Promise<void>;
  /** Publishes `message.updated` for a row a report moved. */
  published(row: MessageRow): void;
}

/** Delivery reports from the channels: a message moves forward (sent, delivered, failed), never back. */
export function createDeliveryReports(deps: DeliveryReportsDeps) {
  const repo = createDeliveryReportsRepository(deps.db);

  async function applyOne(report: StatusReport): Promise<boolean> {
    const applied = await repo.applyStatus(
      report.networkId,
      { providerMessageId: report.providerMessageId, messageId: report.messageId },
      report.state,
      { code: report.errorCode, text: report.errorText },
      report.at ?? new Date(),
    );
    if (!applied) return false;
    if (applied.changed) deps.published(applied.row);
    return true;
  }

  // Receipts arrive as fast as messages go out: the common case (a known provider id moving
  // forward) is written for many at once; anything else is looked into one by one. A receipt
  // follows its send's answer, so the sends recorded so far are written first.
  const reportBatcher = createBatcher(
    async (reports: StatusReport[]) => {
      await deps.sendsSettled();
      const advanced = await repo.advanceMany(
        reports.map((r) => ({
          networkId: r.networkId,
          providerMessageId: r.providerMessageId!,
          state: r.state,
          rank: rankOf(r.state),
          at: r.at ?? new Date(),
          errorCode: r.errorCode,
          errorText: r.errorText,
        })),
      );
      return Promise.all(
        reports.map(async (report, i) => {
          const row = advanced[i];
          if (!row) return applyOne(report);
          deps.published(row);
          return true;
        }),
      );
    },
    { maxBatch: 500 },
  );

  return {
    /** True when the report found its message (moved or already further along). */
    applyStatus(report: StatusReport): Promise<boolean> {
      return report.providerMessageId && !report.messageId ? reportBatcher.add(report) : applyOne(report);
    },
  };
}
