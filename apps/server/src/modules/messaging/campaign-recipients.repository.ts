import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { containsPattern, cursorText, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { contactsTable, firstOptOutAfter, optOutsSince } from '../contacts/contacts.sql.js';

export interface RecipientFilters {
  state?: 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'cancelled';
  replied?: boolean;
  optedOut?: boolean;
  q?: string;
}

/** One recipient row as read (timestamps as the driver gives them). */
export interface RecipientRow {
  messageId: string;
  contactId: string;
  phoneNumber: string;
  name: string | null;
  networkId: string;
  state: NonNullable<RecipientFilters['state']>;
  body: string;
  segments: number;
  errorCode: string | null;
  errorText: string | null;
  dueAt: string | Date | null;
  sentAt: string | Date | null;
  deliveredAt: string | Date | null;
  optedOutAt: string | Date | null;
  replyBody: string | null;
  replyAt: string | Date | null;
  conversationId: string | null;
}

// A message the recipient wrote back after the campaign's, in the same thread.
const REPLIED = sql`exists (select 1 from messages i where i.conversation_id = m.conversation_id
  and i.direction = 'in' and i.created_at > m.created_at)`;

/**
 * A campaign's recipients (its messages) in queue order, keyset pages on (created_at, id), with
 * the contact, the first reply and an opt-out since. Filters by state, replied, opted out, and
 * part of the number or name.
 */
export function createCampaignRecipientsRepository(db: Db) {
  async function page(
    workspaceId: string,
    campaignId: string,
    filters: RecipientFilters,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ rows: RecipientRow[]; nextCursor: string | null }> {
    const where: SQL[] = [sql`m.campaign_id = ${campaignId}`, sql`m.workspace_id = ${workspaceId}`];
    if (filters.state) where.push(sql`m.state = ${filters.state}`);
    if (filters.replied !== undefined) where.push(filters.replied ? REPLIED : sql`not ${REPLIED}`);
    if (filters.optedOut !== undefined)
      where.push(
        sql`${firstOptOutAfter(sql`m.contact_id`, sql`m.created_at`)} is ${filters.optedOut ? sql`not null` : sql`null`}`,
      );
    if (filters.q) {
      const digits = filters.q.replace(/\D/g, '');
      where.push(sql`(c.name ilike ${containsPattern(filters.q)}
        ${digits.length >= 3 ? sql`or c.phone_number like ${`%${digits}%`}` : sql``})`);
    }
    if (cursor) {
      const { at, id } = decodeCursor(cursor);
      where.push(sql`(m.created_at, m.id) > (${at}::timestamptz, ${id}::uuid)`);
    }
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select m.id, m.contact_id, c.phone_number, c.name, m.network_id, m.state, m.body, m.segments,
          m.error_code, m.error_text, case when m.state = 'queued' then m.next_attempt_at end as due_at,
          m.sent_at, m.delivered_at, m.conversation_id, ${cursorText(sql`m.created_at`)} as cursor_at,
          ${firstOptOutAfter(sql`m.contact_id`, sql`m.created_at`)} as opted_out_at,
          r.body as reply_body, r.created_at as reply_at
        from messages m join ${contactsTable} c on c.id = m.contact_id
          left join lateral (select i.body, i.created_at from messages i where i.conversation_id = m.conversation_id
            and i.direction = 'in' and i.created_at > m.created_at order by i.created_at limit 1) r on true
        where ${sql.join(where, sql` and `)}
        order by m.created_at, m.id
        limit ${limit + 1}`,
    );
    const more = rows.length > limit;
    const kept = more ? rows.slice(0, limit) : rows;
    const last = kept.at(-1);
    return {
      rows: kept.map((row) => ({
        messageId: row.id as string,
        contactId: row.contact_id as string,
        phoneNumber: row.phone_number as string,
        name: row.name as string | null,
        networkId: row.network_id as string,
        state: row.state as RecipientRow['state'],
        body: row.body as string,
        segments: Number(row.segments),
        errorCode: row.error_code as string | null,
        errorText: row.error_text as string | null,
        dueAt: row.due_at as string | null,
        sentAt: row.sent_at as string | null,
        deliveredAt: row.delivered_at as string | null,
        optedOutAt: row.opted_out_at as string | null,
        replyBody: row.reply_body as string | null,
        replyAt: row.reply_at as string | null,
        conversationId: row.conversation_id as string | null,
      })),
      nextCursor: more && last ? encodeCursor({ at: last.cursor_at as string, id: last.id as string }) : null,
    };
  }

  return {
    page,

    /** Every recipient matching the filters, 1,000 at a time (the CSV export). */
    async *batches(workspaceId: string, campaignId: string, filters: RecipientFilters) {
      let cursor: string | undefined;
      do {
        const result = await page(workspaceId, campaignId, filters, cursor, 1_000);
        if (result.rows.length) yield result.rows;
        cursor = result.nextCursor ?? undefined;
      } while (cursor);
    },

    /**
     * Recipients who wrote back, and who opted out, after their campaign message (the live
     * counts): driven from the few replies and opt-outs since the start, not from every message.
     */
    async responses(workspaceId: string, campaignId: string, networkIds: string[], since: Date, tx: Db = db) {
      if (networkIds.length === 0) return { replied: 0, optedOut: 0 };
      const [row] = await queryRows<{ replied: number; opted_out: number }>(
        tx,
        sql`select
          (select count(distinct i.contact_id) from messages i
            where i.network_id = any(${`{${networkIds.join(',')}}`}::uuid[]) and i.direction = 'in'
              and i.created_at > ${since.toISOString()}::timestamptz and i.workspace_id = ${workspaceId}
              and exists (select 1 from messages m where m.conversation_id = i.conversation_id
                and m.campaign_id = ${campaignId} and m.created_at < i.created_at))::int as replied,
          (select count(distinct e.contact_id) from (${optOutsSince(workspaceId, sql`${since.toISOString()}::timestamptz`)}) e
            where exists (select 1 from conversations v join messages m on m.conversation_id = v.id
              where v.contact_id = e.contact_id and m.campaign_id = ${campaignId} and m.created_at < e.created_at))::int
            as opted_out`,
      );
      return { replied: row?.replied ?? 0, optedOut: row?.opted_out ?? 0 };
    },
  };
}

export type CampaignRecipientsRepository = ReturnType<typeof createCampaignRecipientsRepository>;
