import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';

/** The outer query's column with its table's name: inside the sub-select an unqualified name means the inner table's. */
const outer = (column: AnyColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The users module's piece of other modules' statements: the display name of the user whose id is
 * in `userId` (a column of the outer query), or null when there is none (e.g. a removed account).
 * Import only from a `*.repository.ts`.
 */
export const displayNameOf = (userId: AnyColumn): SQL<string | null> =>
  sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${outer(userId)})`;
