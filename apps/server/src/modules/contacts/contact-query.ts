import type { ContactFilter, ContactSelection, ContactSort, SortOrder } from '@switchboard/contract';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { containsPattern } from '../../lib/keyset-cursor.js';

/**
 * The contact book's reading rules as SQL over `contacts c`: which contacts a filter or a
 * selection means, and the three orders as keysets. Each order's key is an expression that is
 * never null and is indexed as (workspace_id, key, id) (see db/schema/contacts.ts), so a page is
 * one index range read forwards or backwards, however deep: rows added meanwhile never shift it.
 * A list filtered in the creation order is the exception: see `contactScan`.
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
const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

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

/**
 * Where a page reads its contacts from, and the order's key and tie-breaking id as the index it
 * walks holds them. Other filters are checked on each contact an order's index walks, so a page
 * costs about its size ÷ the share of contacts that match: a 1 % list walked ~5,000 contacts per
 * page. A list in the creation order is read from the list's own index of members by the
 * contact's creation time (copied into the membership, as it never changes), each member joined
 * to its contact by id: a page costs its own rows whatever the list's size. Both read the same
 * (created_at, id) keyset, so a cursor of one is a cursor of the other.
 */
export interface ContactScan {
  from: SQL;
  /** Conditions on the rows of `from`, the workspace's own among them. */
  where: SQL[];
  key: SQL;
  id: SQL;
}

export function contactScan(workspaceId: string, filter: ContactFilter, { sort }: ContactOrder): ContactScan {
  if (filter.listId && sort === 'created') {
    const { listId, ...rest } = filter;
    return {
      from: sql`contact_list_members lm join contacts c on c.id = lm.contact_id`,
      where: [sql`lm.list_id = ${listId}`, ...filterConditions(workspaceId, rest)],
      key: sql`lm.contact_created_at`,
      id: sql`lm.contact_id`,
    };
  }
  return {
    from: sql`contacts c`,
    where: filterConditions(workspaceId, filter),
    key: SORT_KEYS[sort].key,
    id: sql`c.id`,
  };
}

/** A selection's scan: the filter's (as `contactScan`), or the contacts picked by id. */
export function selectionScan(workspaceId: string, selection: ContactSelection, order: ContactOrder): ContactScan {
  if ('ids' in selection)
    return { ...contactScan(workspaceId, {}, order), where: selectionConditions(workspaceId, selection) };
  const scan = contactScan(workspaceId, selection.filter, order);
  if (selection.exceptIds?.length) scan.where.push(sql`c.id not in (${uuidList(selection.exceptIds)})`);
  return scan;
}

/** `order by` for the chosen order, the id breaking ties. */
export function orderBy({ order }: ContactOrder, scan: ContactScan): SQL {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  return sql`${scan.key} ${direction}, ${scan.id} ${direction}`;
}

/** The row's cursor key, selected next to its columns. */
export const cursorKey = ({ sort }: ContactOrder): SQL => SORT_KEYS[sort].text;

/** The opaque cursor of a page's last row; it names its order so another order refuses it. */
export function encodeContactCursor({ sort, order }: ContactOrder, key: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, order, key, id])).toString('base64url');
}

/** Rows strictly after the cursor in the chosen order. */
export function afterContactCursor({ sort, order }: ContactOrder, cursor: string, scan: ContactScan): SQL {
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
  return sql`(${scan.key}, ${scan.id}) ${comparison} (${key}::${sortKey.cast}, ${id}::uuid)`;
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
  if ('ids' in selection) return [sql`c.workspace_id = ${workspaceId}`, sql`c.id in (${uuidList(selection.ids)})`];
  const where = filterConditions(workspaceId, selection.filter);
  if (selection.exceptIds?.length) where.push(sql`c.id not in (${uuidList(selection.exceptIds)})`);
  return where;
}

export const and = (conditions: SQL[]): SQL => sql.join(conditions, sql` and `);

/** Search: part of the name (any case), or digits of the number whatever the spacing typed. */
function searchCondition(q: string): SQL {
  const digits = q.replace(/\D/g, '');
  return sql`(c.name ilike ${containsPattern(q)}
    ${digits.length >= 3 ? sql`or c.phone_number like ${`%${digits}%`}` : sql``})`;
}
