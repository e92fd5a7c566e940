import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { messages } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { touchLastMessage } from '../contacts/contacts.sql.js';
import type { MessageRow } from './messaging.sql.js';
import { giveBackUsage } from '../workspaces/usage.sql.js';
import type { SentRecord } from './outbound-queue.repository.js';

/**
 * What became of a claimed message: sent (with the provider's id), back to the queue for a later
 * try, or failed (a message never sent gives its quota back). By message id, across workspaces:
 * only the dispatcher that claimed it writes.
 */
export function createSendOutcomesRepository(db: Db) {
  return {
    /**
     * Records sends the channel accepted, many in one statement (the dispatcher's hottest write).
     * Each result is the updated row, or undefined when the message left `sending` meanwhile.
     */
    async markSentMany(sends: SentRecord[]): Promise<Array<MessageRow | undefined>> {
      // A campaign queued its messages without touching their contacts: they move on sending.
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`with sent as (
          update messages m set state = v.state::message_state, provider_message_id = v.pid,
            sent_at = coalesce(m.sent_at, now()),
            delivered_at = case when v.state = 'delivered' then now() else m.delivered_at end,
            lease_until = null, error_code = null, error_text = null, updated_at = now()
          from (values ${sql.join(
            sends.map((send) => sql`(${send.id}::uuid, ${send.providerMessageId}, ${send.state})`),
            sql`, `,
          )}) as v(id, pid, state)
          where m.id = v.id and m.state = 'sending'
          returning m.*
        ), touched as (${touchLastMessage(sql`select contact_id from sent where campaign_id is not null`)})
        select * from sent`,
      );
      const byId = new Map(rows.map((row) => [row.id as string, camelRow<MessageRow>(row)]));
      return sends.map((send) => byId.get(send.id));
    },

    async retryLater(
      id: string,
      at: Date,
      errorCode: string | null,
      errorText: string,
    ): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ state: 'queued', nextAttemptAt: at, leaseUntil: null, errorCode, errorText, updatedAt: new Date() })
        .where(and(eq(messages.id, id), eq(messages.state, 'sending')))
        .returning();
      return row;
    },

    /** Gives up on a message; one never sent gives its segments back to its usage period. */
    async markFailed(id: string, errorCode: string | null, errorText: string): Promise<MessageRow | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`with changed as (
          update messages set state = 'failed', failed_at = now(), lease_until = null,
            error_code = ${errorCode}, error_text = ${errorText}, updated_at = now()
          where id = ${id} and state in ('queued', 'sending')
          returning *
        ), given_back as (${giveBackUsage(sql`changed`)})
        select * from changed`,
      );
      return row ? camelRow<MessageRow>(row) : undefined;
    },
  };
}
