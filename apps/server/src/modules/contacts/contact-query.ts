import type { ContactFilter, ContactSelection, ContactSort, SortOrder } from '@switchboard/contract';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { containsPattern } from '../../lib/keyset-cursor.js';

/**
 * The contact book's reading rules as SQL over `contacts c`: which contacts a filter or a
 * selection means, and the three orders as keysets. Each order's key is an expression that is
 * never null and is indexed as (workspace_id, key, id) (see db/schema/contacts.ts), so a page is
 * one index range read forwards or backwards, however deep: rows added meanwhile never shift it.
 */

export interface ContactOrder {
  sort: ContactSort;
  order: SortOrder;
}

interface SortKey {
  /** The indexed expression, written exactly as in the index. */
  key: SQL;
  /** The key as text for the cursor (timestamps as PostgreSQL prints them, microseconds kept). */
  text: SQL;
  cast: SQL;
  valid: (value: string) => boolean;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const SORT_KEYS: Record<ContactSort, SortKey> = {
  created: {
    key: sql`c.created_at`,
    text: utc(sql`c.created_at`),
    cast: sql`timestamptz`,
    valid: TIMESTAMP.test.bind(TIMESTAMP),
  },
  // Contacts without a name sort by their number (before letters, as they are shown).
  name: {
    key: sql`lower(coalesce(c.name, c.phone_number))`,
    text: sql`lower(coalesce(c.name, c.phone_number))`,
    cast: sql`text`,
    valid: (value) => value.length <= 200,
  },
  // Never messaged counts as the oldest.
  lastMessage: {
    key: sql`coalesce(c.last_message_at, '-infinity'::timestamptz)`,
    text: sql`case when c.last_message_at is null then '-infinity' else ${utc(sql`c.last_message_at`)} end`,
    cast: sql`timestamptz`,
    valid: (value) => value === '-infinity' || TIMESTAMP.test(value),
  },
};

/** `order by` for the chosen order, the id breaking ties. */
export function orderBy({ sort, order }: ContactOrder): SQL {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  return sql`${SORT_KEYS[sort].key} ${direction}, c.id ${direction}`;
}

/** The row's cursor key, selected next to its columns. */
export const cursorKey = ({ sort }: ContactOrder): SQL => SORT_KEYS[sort].text;

/** The opaque cursor of a page's last row; it names its order so another order refuses it. */
export function encodeContactCursor({ sort, order }: ContactOrder, key: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, order, key, id])).toString('base64url');
}

/** Rows strictly after the cursor in the chosen order. */
export function afterContactCursor({ sort, order }: ContactOrder, cursor: string): SQL {
  const refuse = () =>
    new AppError('VALIDATION_FAILED', 'The cursor is not one this server gave out for this order.', [
      { path: 'querystring.cursor', message: 'Not a cursor of this list and order.' },
    ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw refuse();
  }
  const sortKey = SORT_KEYS[sort];
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refuse();
  const [cursorSort, cursorOrder, key, id] = parsed as unknown[];
  if (cursorSort !== sort || cursorOrder !== order || typeof key !== 'string' || typeof id !== 'string') throw refuse();
  if (!sortKey.valid(key) || !UUID.test(id)) throw refuse();
  const comparison = order === 'asc' ? sql`>` : sql`<`;
  return sql`(${sortKey.key}, c.id) ${comparison} (${key}::${sortKey.cast}, ${id}::uuid)`;
}

/** The filter's conditions on `c` (the workspace's own condition included). */
export function filterConditions(workspaceId: string, filter: ContactFilter): SQL[] {
  const where: SQL[] = [sql`c.workspace_id = ${workspaceId}`];
  if (filter.q) where.push(searchCondition(filter.q));
  if (filter.tag) where.push(sql`c.tags @> array[${filter.tag}]::text[]`);
  if (filter.listId)
    where.push(
      sql`exists (select 1 from contact_list_members m where m.list_id = ${filter.listId} and m.contact_id = c.id)`,
    );
  if (filter.optedOut !== undefined)
    where.push(filter.optedOut ? sql`c.opted_out_at is not null` : sql`c.opted_out_at is null`);
  if (filter.fieldKey !== undefined && filter.fieldValue !== undefined)
    where.push(sql`c.custom_fields @> ${JSON.stringify({ [filter.fieldKey]: filter.fieldValue })}::jsonb`);
  return where;
}

/** What a bulk action applies to, as conditions on `c`. */
export function selectionConditions(workspaceId: string, selection: ContactSelection): SQL[] {
  const ids = (list: string[]) =>
    sql.join(
      list.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  if ('ids' in selection) return [sql`c.workspace_id = ${workspaceId}`, sql`c.id in (${ids(selection.ids)})`];
  const where = filterConditions(workspaceId, selection.filter);
  if (selection.exceptIds?.length) where.push(sql`c.id not in (${ids(selection.exceptIds)})`);
  return where;
}

export const and = (conditions: SQL[]): SQL => sql.join(conditions, sql` and `);

/** Search: part of the name (any case), or digits of the number whatever the spacing typed. */
function searchCondition(q: string): SQL {
  const digits = q.replace(/\D/g, '');
  return sql`(c.name ilike ${containsPattern(q)}
    ${digits.length >= 3 ? sql`or c.phone_number like ${`%${digits}%`}` : sql``})`;
}
