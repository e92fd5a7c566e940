import { sql, type SQL } from 'drizzle-orm';

/**
 * Messaging's SQL for other repositories' statements (messaging owns conversations and
 * messages). Import only from a `*.repository.ts`.
 */

/** Whether a contact (`contactId`, an SQL expression) has a thread, SMS or voice (indexed). */
export const hasConversations = (contactId: SQL): SQL =>
  sql`exists (select 1 from conversations v where v.contact_id = ${contactId})`;

/**
 * The `on conflict` of inserting a thread for an outbound message: an existing thread shows in
 * the SMS inbox, moves to the top (never back in time) and previews the new text; no unread bump.
 */
export const outboundThreadOnConflict = sql`on conflict (network_id, contact_id) do update set
  has_sms = true,
  last_message_at = greatest(conversations.last_message_at, excluded.last_message_at),
  last_message_preview = excluded.last_message_preview`;
