import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteClient } from '../../src/db/pglite-thread.js';
import { uniqueViolation } from '../../src/lib/pg-errors.js';

/** The embedded database on its own thread, through drizzle as the server uses it. */
describe('PGlite on a thread of its own', () => {
  let client: PgliteClient;
  let db: PgliteDatabase;
  const count = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from items`)).rows[0]!.n;

  beforeAll(async () => {
    client = await openPgliteThread({});
    db = drizzle({ client: client as never });
    await client.exec(`create table items (
      id serial primary key, name text not null unique, at timestamptz not null default now(),
      data jsonb, big int8, bytes bytea,
      parent int references items (id) deferrable initially deferred)`);
  }, 60_000);
  afterAll(() => client?.close());
  beforeEach(() => client.exec('truncate items restart identity'));

  it('answers rows as PGlite does, keeping dates as text where drizzle asks', async () => {
    await db.execute(sql`insert into items (name, at, data, big, bytes)
      values ('a', '2026-11-27T10:00:00Z', '{"k":[1,2]}', 9007199254740993, '\\x0102')`);
    const [row] = (await db.execute(sql`select name, at, data, big, bytes from items`)).rows;
    expect(row).toEqual({
      name: 'a',
      at: '2026-11-27 10:00:00+00',
      data: { k: [1, 2] },
      big: 9007199254740993n,
      bytes: new Uint8Array([1, 2]),
    });
    const plain = await client.query<{ at: Date }>('select at from items');
    expect(plain.rows[0]!.at).toBeInstanceOf(Date);
    const arrays = await client.query('select name, $1::int + 1 as n from items', [41], { rowMode: 'array' });
    expect(arrays.rows).toEqual([['a', 42]]);
  });

  it('commits a transaction, and rolls back one that throws or asks to', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (name) values ('kept')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values ('thrown')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values ('rolled back')`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect((await db.execute(sql`select name from items`)).rows).toEqual([{ name: 'kept' }]);
  });

  it('nests transactions as savepoints', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (name) values ('outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into items (name) values ('inner')`);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect((await db.execute(sql`select name from items`)).rows).toEqual([{ name: 'outer' }]);
  });

  /** A transaction that inserted `name` and stays open until `release`; resolves once it inserted. */
  async function heldTransaction(name: string) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (name) values (${name})`);
      inserted();
      await held;
    });
    await insertedOnce;
    return { release, transaction };
  }

  it('makes a statement outside a transaction wait until it ends', async () => {
    const { release, transaction } = await heldTransaction('in flight');
    let outside: number | undefined;
    const read = count().then((n) => (outside = n));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outside).toBeUndefined();
    release();
    await transaction;
    await read;
    expect(outside).toBe(1);
  });

  it('sends a transaction’s first statement with its BEGIN, which waits in the thread for the lock', async () => {
    const { release, transaction: first } = await heldTransaction('first');
    // The second transaction's callback runs at once (no round trip for BEGIN) and its statement
    // goes to the thread, where it waits for the first transaction to end.
    let reachedStatement!: () => void;
    const reached = new Promise<void>((resolve) => (reachedStatement = resolve));
    const second = db.transaction(async (tx) => {
      const insert = tx.execute(sql`insert into items (name) values ('second') returning id`);
      reachedStatement();
      return (await insert).rows[0];
    });
    const waitedForBegin = new Promise<string>((resolve) => setTimeout(() => resolve('waited for BEGIN'), 10_000));
    const beforeBegin = await Promise.race([reached.then(() => 'sent before BEGIN'), waitedForBegin]);
    if (beforeBegin !== 'sent before BEGIN') release(); // old behaviour: let both end, then fail
    expect(beforeBegin).toBe('sent before BEGIN');
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(secondDone).toBe(false);
    release();
    await first;
    expect(await second).toEqual({ id: 2 });
    expect((await db.execute(sql`select name from items order by id`)).rows).toEqual([
      { name: 'first' },
      { name: 'second' },
    ]);
  });

  it('carries PostgreSQL errors with their code and constraint', async () => {
    await db.execute(sql`insert into items (name) values ('twice')`);
    const error = await db.execute(sql`insert into items (name) values ('twice')`).catch((e: unknown) => e);
    expect(uniqueViolation(error)).toBe('items_name_key');
    await expect(client.query('select nonsense from items')).rejects.toMatchObject({ code: '42703' });
  });

  it('fails a statement whose parameters cannot reach the thread, alone', async () => {
    await expect(client.query('select $1::text', [() => 1])).rejects.toMatchObject({ name: 'DataCloneError' });
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails a transaction whose commit fails, leaving nothing', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name, parent) values ('orphan', 999)`);
      }),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await count()).toBe(0);
    await db.execute(sql`insert into items (name) values ('after')`); // the thread goes on
    expect(await count()).toBe(1);
  });

  it('runs many statements and transactions at once without losing one', async () => {
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3
          ? db.execute(sql`insert into items (name) values (${`single ${i}`})`)
          : db.transaction(async (tx) => {
              await tx.execute(sql`insert into items (name) values (${`tx ${i}`})`);
              await tx.execute(sql`insert into items (name) values (${`tx ${i} second`})`);
            }),
      ),
    );
    expect(await count()).toBe(80);
  });

  it('lets a process whose last work was closing it end normally', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../helpers/pglite-thread-child.ts', import.meta.url))],
      {
        cwd: fileURLToPath(new URL('../../', import.meta.url)),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const status = await new Promise((resolve) => child.on('close', resolve)); // its output read to the end
    expect({ status, output: output.trim() }).toEqual({ status: 0, output: 'closed' });
  }, 60_000);

  it('refuses calls once closed', async () => {
    const other = await openPgliteThread({});
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/thread stopped/);
  }, 60_000);
});
