import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { smsgateMessages } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { groupRecipients, type GroupRecipient } from '../messaging/message-groups.sql.js';
import type { SmsgateState } from './smsgate-schemas.js';

export type { GroupRecipient };
export type SmsgateMessageRow = typeof smsgateMessages.$inferSelect;
export type NewSmsgateMessage = Omit<typeof smsgateMessages.$inferInsert, 'id' | 'createdAt'>;

/** An SMSGate message with its recipients (messaging's messages) and the state they add up to. */
export interface SmsgateMessageRead {
  group: Omit<SmsgateMessageRow, 'createdAt' | 'validUntil'> & { createdAt: string; validUntil: string | null };
  recipients: GroupRecipient[];
  state: SmsgateState;
}

export interface SmsgateMessageFilters {
  from?: Date;
  to?: Date;
  state?: SmsgateState;
  deviceId?: string;
}

/**
 * The reference's rule (smsgate.md §2.5) over the recipients' states, ours mapped to SMSGate's
 * (queued: Pending, sending: Processed): any pending ⇒ Pending; any processed ⇒ Processed; all
 * cancelled ⇒ Cancelled; all delivered ⇒ Delivered; all failed ⇒ Failed; else Sent.
 */
const aggregateState = (states: SQL) => sql`case
  when 'queued'::message_state = any(${states}) then 'Pending'
  when 'sending'::message_state = any(${states}) then 'Processed'
  when ${states} <@ array['cancelled']::message_state[] then 'Cancelled'
  when ${states} <@ array['delivered']::message_state[] then 'Delivered'
  when ${states} <@ array['failed']::message_state[] then 'Failed'
  else 'Sent' end`;

type RawRead = { grp: Record<string, unknown>; recipients: GroupRecipient[]; state: SmsgateState; total: string };
const toRead = (row: RawRead): SmsgateMessageRead => ({
  group: camelRow<SmsgateMessageRead['group']>(row.grp),
  recipients: row.recipients,
  state: row.state,
});

/** The SMSGate API's messages (smsgate_messages); every function takes the workspace. */
export function createSmsgateMessagesRepository(db: Db) {
  /** Groups of the workspace with their recipients and state, filtered, in pages. */
  const reads = (workspaceId: string, where: SQL[]) => sql`
    select row_to_json(g) as grp, r.recipients, ${aggregateState(sql`r.states`)} as state, g.created_at as at, g.id as gid
    from smsgate_messages g
    cross join lateral ${groupRecipients(sql`g.message_ids`, sql`g.workspace_id`)} r
    where g.workspace_id = ${workspaceId} ${sql.join(
      where.map((w) => sql` and ${w}`),
      sql``,
    )}`;

  return {
    /** In the caller's transaction: the unique (workspace, id) index refuses a second use of an id. */
    async insert(tx: Db, row: NewSmsgateMessage): Promise<void> {
      await tx.insert(smsgateMessages).values(row);
    },

    async find(workspaceId: string, externalId: string): Promise<SmsgateMessageRead | undefined> {
      const [row] = await queryRows<RawRead>(db, reads(workspaceId, [sql`g.external_id = ${externalId}`]));
      return row ? toRead(row) : undefined;
    },

    async page(
      workspaceId: string,
      filters: SmsgateMessageFilters,
      page: { limit: number; offset: number; newestFirst: boolean },
    ): Promise<{ rows: SmsgateMessageRead[]; total: number }> {
      const where: SQL[] = [];
      if (filters.from) where.push(sql`g.created_at >= ${filters.from.toISOString()}`);
      if (filters.to) where.push(sql`g.created_at < ${filters.to.toISOString()}`);
      if (filters.deviceId) where.push(sql`g.network_id::text = ${filters.deviceId}`);
      const order = page.newestFirst ? sql`desc` : sql`asc`;
      const stateFilter = filters.state ? sql`where s.state = ${filters.state}` : sql``;
      const rows = await queryRows<RawRead>(
        db,
        sql`select s.grp, s.recipients, s.state, count(*) over () as total
          from (${reads(workspaceId, where)}) s ${stateFilter}
          order by s.at ${order}, s.gid ${order}
          limit ${page.limit} offset ${page.offset}`,
      );
      if (rows.length > 0 || page.offset === 0) return { rows: rows.map(toRead), total: Number(rows[0]?.total ?? 0) };
      // Past the end: the window counted nothing, so count on its own.
      const [counted] = await queryRows<{ total: string }>(
        db,
        sql`select count(*) as total from (${reads(workspaceId, where)}) s ${stateFilter}`,
      );
      return { rows: [], total: Number(counted?.total ?? 0) };
    },
  };
}

export type SmsgateMessagesRepository = ReturnType<typeof createSmsgateMessagesRepository>;
