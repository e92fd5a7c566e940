import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';

/** The outer query's column with its table's name: inside the sub-select an unqualified name means the inner table's. */
const outer = (column: AnyColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The auth module's piece of the team's user statements: when the user of `userId` (a column of
 * the outer query) last used any of their sessions (sign-in or refresh), or null for never.
 * Import only from a `*.repository.ts`.
 */
export const lastSessionUse = (userId: AnyColumn): SQL<Date | null> =>
  sql<Date | null>`(select max(${sessions.lastUsedAt}) from ${sessions} where ${sessions.userId} = ${outer(userId)})`.mapWith(
    sessions.lastUsedAt,
  );
