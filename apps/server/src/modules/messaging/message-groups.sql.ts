import { sql, type SQL } from 'drizzle-orm';
import { contactsTable } from '../contacts/contacts.sql.js';

/**
 * Messaging's SQL for repositories that group messages (the SMSGate-compatible API's message is
 * one of ours per recipient). Messaging owns the table; a group's reads and filters run in one
 * statement with the group's own row, so they embed this piece. Import only from a `*.repository.ts`.
 */

/** One recipient of a group: its number and where its message is, with the times of each step. */
export interface GroupRecipient {
  messageId: string;
  phoneNumber: string;
  state: 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'received' | 'cancelled';
  errorText: string | null;
  createdAt: string;
  sendingAt: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  updatedAt: string;
}

/**
 * A lateral subquery over the messages of a group, in the order of its id array `ids` (an
 * expression of type uuid[]) and only within `workspaceId`: `recipients` (json array of
 * GroupRecipient) and `states` (message_state[], the same order) for the caller's filters.
 */
export function groupRecipients(ids: SQL, workspaceId: SQL): SQL {
  return sql`(
    select
      coalesce(json_agg(json_build_object(
        'messageId', m.id, 'phoneNumber', c.phone_number, 'state', m.state, 'errorText', m.error_text,
        'createdAt', m.created_at, 'sendingAt', m.sending_at, 'sentAt', m.sent_at,
        'deliveredAt', m.delivered_at, 'failedAt', m.failed_at, 'updatedAt', m.updated_at
      ) order by o.n), '[]'::json) as recipients,
      coalesce(array_agg(m.state order by o.n), '{}') as states
    from unnest(${ids}) with ordinality as o(id, n)
    join messages m on m.id = o.id and m.workspace_id = ${workspaceId}
    join ${contactsTable} c on c.id = m.contact_id
  )`;
}
