import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { messages } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { giveBackUsage } from '../workspaces/usage.sql.js';
import type { MessageRow } from './messaging.sql.js';

/** A delivery report addressed by the channel's id (see advanceMany). */
export interface StatusAdvance {
  networkId: string;
  providerMessageId: string;
  state: 'sending' | 'sent' | 'delivered' | 'failed';
  /** The state's place in queued → sending → sent → delivered/failed. */
  rank: number;
  at: Date;
  errorCode?: string;
  errorText?: string;
}

/** Outbound states in order (of `messages m`): a report never moves a message backwards. */
const STATE_RANK = sql`(case m.state when 'queued' then 0 when 'sending' then 1 when 'sent' then 2 else 3 end)`;

/** What a report moving a message of `messages m` forward sets; `v` holds its state, time and error. */
function advanceAssignments(v: { state: SQL; at: SQL; code: SQL; text: SQL }): SQL {
  return sql`state = ${v.state}::message_state, lease_until = null,
    sent_at = case when ${v.state} in ('sent', 'delivered') then coalesce(m.sent_at, ${v.at}) else m.sent_at end,
    delivered_at = case when ${v.state} = 'delivered' then ${v.at} else m.delivered_at end,
    failed_at = case when ${v.state} = 'failed' then ${v.at} else m.failed_at end,
    error_code = case when ${v.state} = 'failed' then ${v.code} else m.error_code end,
    error_text = case when ${v.state} = 'failed' then ${v.text} else m.error_text end,
    updated_at = now()`;
}
/**
 * The update (`… returning m.*`) with the usage ledger's give-back: a message a report fails
 * before it was ever sent (a phone that could not send it) returns its segments.
 */
function withGiveBack(update: SQL): SQL {
  return sql`with changed as (${update}), given_back as (${giveBackUsage(sql`changed`)}) select * from changed`;
}

export const rankOf = (state: string) => ({ queued: 0, sending: 1, sent: 2 })[state] ?? 3;

/**
 * Delivery reports moving outbound messages forward. Addressed by network + provider id (or
 * message id) as the channel reports them: the network comes from a verified webhook, bind or
 * phone, so these are cross-workspace by design (like the outbound queue).
 */
export function createDeliveryReportsRepository(db: Db) {
  return {
    /** A delivery report: moves an outbound message forward (never back); undefined if unknown. */
    async applyStatus(
      networkId: string,
      by: { providerMessageId?: string; messageId?: string },
      state: 'sending' | 'sent' | 'delivered' | 'failed',
      error: { code?: string; text?: string },
      at: Date,
    ): Promise<{ row: MessageRow; changed: boolean } | undefined> {
      const match = by.messageId
        ? eq(messages.id, by.messageId)
        : and(eq(messages.direction, 'out'), eq(messages.providerMessageId, by.providerMessageId ?? ''));
      const where = and(eq(messages.networkId, networkId), eq(messages.direction, 'out'), match);
      const advance = async () => {
        const [row] = await queryRows<Record<string, unknown>>(
          db,
          withGiveBack(sql`update messages m set ${advanceAssignments({
            state: sql`${state}::text`,
            at: sql`${at}::timestamptz`,
            code: sql`${error.code ?? null}::text`,
            text: sql`${error.text ?? null}::text`,
          })}
          where m.network_id = ${networkId} and m.direction = 'out'
            and ${by.messageId ? sql`m.id = ${by.messageId}` : sql`m.provider_message_id = ${by.providerMessageId ?? ''}`}
            and ${STATE_RANK} < ${rankOf(state)}
          returning m.*`),
        );
        return row ? camelRow<MessageRow>(row) : undefined;
      };
      // Two tries: a report can race the dispatcher's own write (`sent` + provider id) between
      // the update and the look-up below; the second update then sees the stored id.
      for (let attempt = 0; attempt < 2; attempt++) {
        const row = await advance();
        if (row) return { row, changed: true };
        const [existing] = await db.select().from(messages).where(where);
        if (!existing) return undefined;
        if (rankOf(existing.state) >= rankOf(state)) return { row: existing, changed: false };
      }
      return undefined;
    },

    /**
     * Delivery reports by provider id, many in one statement; each result is the row it moved
     * forward, or undefined (unknown yet, or no step forward) for `applyStatus` to look into.
     */
    async advanceMany(reports: StatusAdvance[]): Promise<Array<MessageRow | undefined>> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        withGiveBack(sql`update messages m set ${advanceAssignments({
          state: sql`v.state`,
          at: sql`v.at`,
          code: sql`v.code`,
          text: sql`v.text`,
        })}
        from (values ${sql.join(
          reports.map(
            (r) =>
              sql`(${r.networkId}::uuid, ${r.providerMessageId}, ${r.state}, ${r.rank}::int, ${r.at}::timestamptz, ${r.errorCode ?? null}, ${r.errorText ?? null})`,
          ),
          sql`, `,
        )}) as v(network_id, pid, state, rank, at, code, text)
        where m.network_id = v.network_id and m.direction = 'out' and m.provider_message_id = v.pid
          and ${STATE_RANK} < v.rank
        returning m.*`),
      );
      const byKey = new Map(
        rows.map((row) => [
          `${row.network_id as string}:${row.provider_message_id as string}`,
          camelRow<MessageRow>(row),
        ]),
      );
      return reports.map((r) => byKey.get(`${r.networkId}:${r.providerMessageId}`));
    },
  };
}
