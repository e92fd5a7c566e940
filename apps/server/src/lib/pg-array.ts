import { sql, type SQL } from 'drizzle-orm';

/** What an element must escape inside its quotes (most elements have neither: no replace). */
const SPECIAL = /[\\"]/;

/**
 * One array parameter for `unnest(…)` in a set-based statement (100,000 values in one bind
 * parameter, where a parameter per value would pass PostgreSQL's 65,535 limit). The values go
 * as an array literal: every element double-quoted, backslashes and quotes escaped; null as
 * NULL. `type` is the SQL element type (`uuid`, `text`, `int`, `timestamptz` …).
 */
export function pgArray(values: ReadonlyArray<string | number | null>, type: string): SQL {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (typeof value === 'number') parts[i] = String(value);
    else if (!SPECIAL.test(value)) parts[i] = `"${value}"`;
    else parts[i] = `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  }
  return sql`${`{${parts.join(',')}}`}::${sql.raw(type)}[]`;
}

/** One column of `rows` as an array parameter (`pick` reads it from each row; see `pgArray`). */
export function pgColumn<T>(rows: ReadonlyArray<T>, type: string, pick: (row: T) => string | number | null): SQL {
  return pgArray(rows.map(pick), type);
}
