import { sql, type SQL } from 'drizzle-orm';
import { AppError } from './app-error.js';

/**
 * Keyset pagination over (timestamp desc, id desc): a page ends at its last row, and the next
 * page starts strictly after it, so rows arriving meanwhile never shift a page (no duplicates,
 * no gaps). The cursor is opaque to clients: base64url of the timestamp as PostgreSQL prints it
 * (microseconds kept; a JavaScript Date would drop them) and the id.
 */
export interface Keyset {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor({ at, id }: Keyset): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): Keyset {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (rest.length > 0 || !at || !id || !TIMESTAMP.test(at) || !UUID.test(id))
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this server gave out.');
  return { at, id };
}

/** The column printed exactly (UTC, microseconds) for `encodeCursor`. */
export const cursorText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after the cursor in (at desc, id desc) order. */
export const afterCursor = (atColumn: SQL, idColumn: SQL, cursor: string) => {
  const { at, id } = decodeCursor(cursor);
  return sql`(${atColumn}, ${idColumn}) < (${at}::timestamptz, ${id}::uuid)`;
};

/** A LIKE pattern that matches `text` anywhere, with its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
