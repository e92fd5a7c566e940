import { sql, type SQL } from 'drizzle-orm';

/**
 * Messaging's SQL for other repositories' statements (messaging owns conversations and
 * messages). Import only from a `*.repository.ts`.
 */

/** Whether a contact (`contactId`, an SQL expression) has a thread, SMS or voice (indexed). */
export const hasConversations = (contactId: SQL): SQL =>
  sql`exists (select 1 from conversations v where v.contact_id = ${contactId})`;
