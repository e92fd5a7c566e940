import { Readable, pipeline } from 'node:stream';
import type { CampaignRecipient, CampaignThroughput } from '@switchboard/contract';
import { stringify } from 'csv-stringify';
import { AppError } from '../../lib/app-error.js';
import type { RecipientFilters, RecipientRow } from '../messaging/messaging.service.js';
import type { CampaignContext } from './campaign-context.js';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export const RECIPIENT_EXPORT_COLUMNS = [
  'number',
  'name',
  'state',
  'segments',
  'error',
  'sent_at',
  'delivered_at',
  'opted_out_at',
  'reply',
  'replied_at',
  'text',
] as const;

export function toRecipient(row: RecipientRow): CampaignRecipient {
  return {
    messageId: row.messageId,
    contactId: row.contactId,
    phoneNumber: row.phoneNumber,
    name: row.name,
    networkId: row.networkId,
    state: row.state,
    body: row.body,
    segments: row.segments,
    errorCode: row.errorCode,
    errorText: row.errorText,
    dueAt: iso(row.dueAt),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    optedOutAt: iso(row.optedOutAt),
    reply: row.replyBody !== null && row.replyAt ? { body: row.replyBody, at: iso(row.replyAt)! } : null,
    conversationId: row.conversationId,
  };
}

/** A campaign's recipients (page, CSV) and its throughput with the ETA. */
export function createCampaignReports(ctx: CampaignContext) {
  const { deps, repo } = ctx;
  const messages = deps.messaging.campaignMessages;

  async function found(workspaceId: string, id: string) {
    const row = await repo.find(workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such campaign in this workspace.');
    return row;
  }

  /** Seconds until the last queued message is due (null: none waits). */
  async function eta(id: string): Promise<number | null> {
    const last = await messages.lastDue(id);
    return last ? Math.max(0, Math.ceil((last.getTime() - Date.now()) / 1000)) : null;
  }

  return {
    eta,

    async recipients(
      workspaceId: string,
      id: string,
      filters: RecipientFilters,
      cursor: string | undefined,
      limit: number,
    ) {
      await found(workspaceId, id);
      const page = await messages.recipients(workspaceId, id, filters, cursor, limit);
      return { recipients: page.rows.map(toRecipient), nextCursor: page.nextCursor };
    },

    /**
     * The recipients as CSV, streamed 1,000 at a time; cells starting with = + - @ tab or CR get a
     * leading apostrophe (csv-stringify's `escape_formulas`), as in the contacts export.
     */
    async exportCsv(
      workspaceId: string,
      id: string,
      filters: RecipientFilters,
    ): Promise<{ name: string; csv: Readable }> {
      const row = await found(workspaceId, id);
      async function* records() {
        yield [...RECIPIENT_EXPORT_COLUMNS];
        for await (const batch of messages.recipientBatches(workspaceId, id, filters))
          for (const r of batch) {
            const recipient = toRecipient(r);
            yield [
              recipient.phoneNumber,
              recipient.name ?? '',
              recipient.state,
              recipient.segments,
              recipient.errorText ?? '',
              recipient.sentAt ?? '',
              recipient.deliveredAt ?? '',
              recipient.optedOutAt ?? '',
              recipient.reply?.body ?? '',
              recipient.reply?.at ?? '',
              recipient.body,
            ];
          }
      }
      const csv = stringify({ bom: true, escape_formulas: true });
      pipeline(Readable.from(records()), csv, () => {});
      return { name: row.name, csv };
    },

    async throughput(workspaceId: string, id: string): Promise<CampaignThroughput> {
      await found(workspaceId, id);
      const [buckets, etaSeconds] = await Promise.all([messages.throughput(workspaceId, id), eta(id)]);
      return { buckets, etaSeconds };
    },
  };
}
