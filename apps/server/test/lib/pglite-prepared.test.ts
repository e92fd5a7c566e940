import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPreparedStatements } from '../../src/db/pglite-prepared.js';

/** How the embedded database's thread runs statements (pglite.worker.ts), on an in-memory PGlite. */
describe('prepared statements on PGlite', () => {
  let pg: PGlite;
  let prepared: ReturnType<typeof createPreparedStatements>;
  const named = async () =>
    (
      await pg.query<{ name: string; statement: string; generic_plans: number }>(
        `select name, statement, generic_plans::int from pg_prepared_statements order by name`,
      )
    ).rows;

  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`create table items (id serial primary key, name text not null unique,
      at timestamptz not null default now(), n int)`);
  });
  afterAll(() => pg.close());
  beforeEach(async () => {
    await pg.exec('deallocate all; truncate items restart identity');
    prepared = createPreparedStatements(pg, { max: 3 });
  });

  it('parses a text once and, run again, keeps its generic plan', async () => {
    const insert = 'insert into items (name, n) values ($1, $2) returning id, name, at, n';
    for (let i = 0; i < 8; i++) await prepared.query(insert, [`item ${i}`, i]);
    const statements = await named();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ statement: insert });
    expect(statements[0]!.generic_plans).toBeGreaterThan(0);
  });

  it('answers as PGlite does: parsed types, array rows, parsers of the caller, affected rows', async () => {
    const text = 'insert into items (name, at, n) values ($1, $2, $3) returning id, name, at, n';
    const at = new Date('2026-12-07T10:00:00Z');
    const mine = await prepared.query(text, ['a', at, null]);
    const theirs = await pg.query(text, ['b', at, null]);
    expect(mine.rows).toEqual([{ id: 1, name: 'a', at, n: null }]);
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.affectedRows).toBe(1);
    const select = 'select name, at from items where name = any($1::text[]) order by name';
    expect((await prepared.query(select, [['a', 'b']], { rowMode: 'array' })).rows).toEqual([
      ['a', at],
      ['b', at],
    ]);
    const asText = await prepared.query(select, [['a']], { parsers: { 1184: (value: string) => value } });
    expect(asText.rows).toEqual([{ name: 'a', at: '2026-12-07 10:00:00+00' }]);
  });

  it('reports a failing statement and goes on; a text that does not parse is not kept', async () => {
    const insert = 'insert into items (name) values ($1)';
    await prepared.query(insert, ['once']);
    await expect(prepared.query(insert, ['once'])).rejects.toMatchObject({ code: '23505' });
    await expect(prepared.query('selec 1', [])).rejects.toMatchObject({ code: '42601' });
    expect((await prepared.query('select count(*)::int as n from items', [])).rows).toEqual([{ n: 1 }]);
    expect((await named()).map((s) => s.statement)).toEqual([insert, 'select count(*)::int as n from items']);
  });

  it('keeps the texts used last and closes the others', async () => {
    for (const n of [1, 2, 3, 1, 4]) await prepared.query(`select ${n} as n`, []);
    expect((await named()).map((s) => s.statement).sort()).toEqual(['select 1 as n', 'select 3 as n', 'select 4 as n']);
  });

  it('runs in the caller’s transaction: its rollback undoes the statement', async () => {
    await pg
      .transaction(async (tx) => {
        await prepared.query('insert into items (name) values ($1)', ['rolled back'], undefined, true);
        expect((await tx.query('select count(*)::int as n from items')).rows).toEqual([{ n: 1 }]);
        await tx.rollback();
      })
      .catch(() => {});
    expect((await prepared.query('select count(*)::int as n from items', [])).rows).toEqual([{ n: 0 }]);
  });
});
