import { sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.js';

/**
 * The contacts module's SQL for other repositories' statements. Contacts owns the table; the
 * pipeline's hot statements (storing an inbound batch, queueing, claiming, the inbox pages) find
 * or read a message's contact in the same statement as the message, which is what keeps one
 * message at one round trip. They embed these pieces instead of writing their own SQL for the
 * table, so what touches contacts is found here. Import only from a `*.repository.ts`.
 */

export type ContactRow = typeof contacts.$inferSelect;

/** The table, for joins in read statements (a message's number, a thread's contact). */
export const contactsTable = contacts;

/**
 * `insert … on conflict` that finds or adds the contacts of (workspace, number) pairs; the caller
 * appends `returning …`. The no-op update makes `returning` include contacts that existed.
 */
export function upsertContacts(pairs: Array<{ workspaceId: string; phoneNumber: string }>): SQL {
  return sql`insert into contacts (workspace_id, phone_number) values ${sql.join(
    pairs.map((pair) => sql`(${pair.workspaceId}, ${pair.phoneNumber})`),
    sql`, `,
  )}
  on conflict (workspace_id, phone_number) do update set phone_number = excluded.phone_number`;
}
