import { MAX_CONTACT_TAGS } from '@switchboard/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { hasConversations } from '../messaging/conversations.sql.js';
import { and } from './contact-query.js';

/**
 * Bulk actions on the contacts matching `where` (conditions over `contacts c`, the workspace's
 * among them), each one statement however many contacts it touches; each answers how many it
 * changed.
 */
export function createContactBulkRepository(db: Db) {
  const count = async (query: SQL): Promise<number> => {
    const [row] = await queryRows<{ n: number }>(db, query);
    return row?.n ?? 0;
  };

  return {
    /** Adds the tag where missing (contacts at the tag limit are left alone). */
    tag: (where: SQL[], tag: string) =>
      count(sql`with changed as (
          update contacts c set tags = array_append(c.tags, ${tag}::text), updated_at = now()
          where ${and(where)} and not (c.tags @> array[${tag}]::text[]) and cardinality(c.tags) < ${MAX_CONTACT_TAGS}
          returning 1
        ) select count(*)::int as n from changed`),

    untag: (where: SQL[], tag: string) =>
      count(sql`with changed as (
          update contacts c set tags = array_remove(c.tags, ${tag}::text), updated_at = now()
          where ${and(where)} and c.tags @> array[${tag}]::text[]
          returning 1
        ) select count(*)::int as n from changed`),

    /**
     * Deletes the matching contacts that have no thread and no opt-out on record (those are kept:
     * their messages and consent must not be lost); how many were deleted and kept.
     */
    async delete(where: SQL[]): Promise<{ deleted: number; kept: number }> {
      const [row] = await queryRows<{ deleted: number; kept: number }>(
        db,
        sql`with target as (
            select c.id, (c.opted_out_at is not null or ${hasConversations(sql`c.id`)}) as kept
            from contacts c where ${and(where)}
          ), gone as (
            delete from contacts where id in (select id from target where not kept) returning 1
          )
          select (select count(*)::int from gone) as deleted,
            (select count(*)::int from target where kept) as kept`,
      );
      return { deleted: row?.deleted ?? 0, kept: row?.kept ?? 0 };
    },
  };
}

export type ContactBulkRepository = ReturnType<typeof createContactBulkRepository>;
