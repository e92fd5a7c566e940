import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { camelRow } from '../../lib/camel-row.js';
import { pgColumn } from '../../lib/pg-array.js';
import { upsertContacts } from '../contacts/contacts.sql.js';
import { bookUsageByWorkspace } from '../workspaces/usage.sql.js';
import { outboundThreadOnConflict } from './conversations.sql.js';
import { previewOf, type ContactRow, type ConversationRow, type MessageRow } from './message-rows.js';
import type { NewOutbound, QueuedOutbound } from './messages.repository.js';

/**
 * Outbound messages queued together (outbound.ts groups the sends of one turn): the statement of
 * messages.repository.ts `insertOutbound`, set-based.
 */
export function createOutboundGroupRepository(db: Db) {
  return {
    /**
     * Queues many outbound messages (of any workspaces and networks; `enforceQuota` must hold for
     * all) in one statement, as `insertOutbound` does one: contacts found or added, each
     * workspace's segments booked once for all its messages to contacts who did not opt out,
     * threads moved to the top (a thread's preview is its last message's), messages inserted in
     * the order given. A workspace whose total would pass its quota books and queues nothing:
     * its messages come back without message and conversation, though their contacts did not
     * opt out (the caller queues them alone then, so each fits or is refused as it would alone).
     * Returns each message's outcome in the order given. In the caller's transaction when given one.
     */
    async insertMany(inputs: NewOutbound[], at: Date, tx: Db = db): Promise<QueuedOutbound[]> {
      const contactKey = (w: string, n: string) => `${w} ${n}`;
      const pairs = [...new Map(inputs.map((i) => [contactKey(i.workspaceId, i.phoneNumber), i])).values()]
        .map((i) => ({ workspaceId: i.workspaceId, phoneNumber: i.phoneNumber }))
        .sort((a, b) => a.workspaceId.localeCompare(b.workspaceId) || a.phoneNumber.localeCompare(b.phoneNumber));
      const column = <T extends string | number | null>(pick: (input: NewOutbound) => T, type: string) =>
        pgColumn(inputs, type, pick);
      const rows = await queryRows<{
        ord: number;
        contact: Record<string, unknown>;
        conversation: Record<string, unknown> | null;
        message: Record<string, unknown> | null;
      }>(
        tx,
        sql`
      with c as (
        ${upsertContacts(pairs)}
        returning *
      ), r as (
        select r.*, c.id as contact_id, c.opted_out_at is null as sendable
        from unnest(${column((i) => i.workspaceId, 'uuid')}, ${column((i) => i.networkId, 'uuid')},
          ${column((i) => i.phoneNumber, 'text')}, ${column((i) => i.body, 'text')},
          ${column((i) => previewOf(i.body), 'text')}, ${column((i) => i.encoding, 'message_encoding')},
          ${column((i) => i.segments, 'int')}, ${column((i) => i.origin, 'message_origin')},
          ${column((i) => (i.metadata ? JSON.stringify(i.metadata) : null), 'jsonb')},
          ${column((i) => i.notBefore?.toISOString() ?? null, 'timestamptz')},
          ${column((i) => i.callbackEndpointId, 'uuid')}, ${column((i) => i.sentBy, 'uuid')})
          with ordinality as r(workspace_id, network_id, phone_number, body, preview, encoding, segments, origin,
            metadata, not_before, callback_endpoint_id, sent_by, ord)
        join c on c.workspace_id = r.workspace_id and c.phone_number = r.phone_number
      ), u as (
        ${bookUsageByWorkspace(
          sql`select workspace_id, sum(segments)::int as segments from r where sendable group by workspace_id`,
          at,
        )}
        returning workspace_id, period_start
      ), b as (
        select r.*, u.period_start, gen_random_uuid() as id from r join u on u.workspace_id = r.workspace_id
        where r.sendable
      ), v as (
        insert into conversations (workspace_id, network_id, contact_id, last_message_at, last_message_preview)
        select distinct on (network_id, contact_id) workspace_id, network_id, contact_id, now(), preview
        from b order by network_id, contact_id, ord desc
        ${outboundThreadOnConflict}
        returning *
      ), m as (
        insert into messages (id, workspace_id, network_id, conversation_id, contact_id, direction, body, encoding,
          segments, usage_period, state, origin, metadata, next_attempt_at, callback_endpoint_id, sent_by, created_at)
        select b.id, b.workspace_id, b.network_id, v.id, b.contact_id, 'out', b.body, b.encoding, b.segments,
          b.period_start, 'queued', b.origin, b.metadata, b.not_before, b.callback_endpoint_id, b.sent_by,
          -- In the order given, a microsecond apart (a clock read per row would run before the sort).
          statement_timestamp() + make_interval(secs => b.ord / 1000000.0)
        from b join v on v.network_id = b.network_id and v.contact_id = b.contact_id
        order by b.ord
        returning *
      )
      select r.ord, row_to_json(c) as contact, row_to_json(v) as conversation, row_to_json(m) as message
      from r join c on c.id = r.contact_id
        left join b on b.ord = r.ord
        left join v on v.network_id = b.network_id and v.contact_id = b.contact_id
        left join m on m.id = b.id
      order by r.ord`,
      );
      return rows.map((row) => ({
        contact: camelRow<ContactRow>(row.contact),
        conversation: row.conversation ? camelRow<ConversationRow>(row.conversation) : null,
        message: row.message ? camelRow<MessageRow>(row.message) : null,
      }));
    },
  };
}

export type OutboundGroupRepository = ReturnType<typeof createOutboundGroupRepository>;
