import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** What PGlite keeps to itself: the locks its own `query` takes. */
interface PgliteLocks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

interface Statement {
  name: string;
  /** Its parameters' types, as PostgreSQL inferred them (the values are serialised for them). */
  types: number[];
}

/**
 * Named prepared statements on one PGlite. PGlite's own `query` sends every statement as a new
 * unnamed one, so PostgreSQL parses and plans it on every call: for the dispatcher's claim that
 * planning is most of its cost. Here a statement is parsed once per text, and PostgreSQL keeps
 * its generic plan once that is as good as a custom one (as it does for any driver's prepared
 * statements); each call is then one bind, describe, execute and sync in a single round into the
 * engine. The texts used most recently are kept (`max`), the others closed.
 */
export function createPreparedStatements(pg: PGlite, { max = 256 } = {}) {
  const locks = pg as unknown as PgliteLocks;
  /** By text, the least recently used first. */
  const statements = new Map<string, Statement>();
  let named = 0;

  const run = async (message: Uint8Array) => (await pg.execProtocol(message, { syncToFs: false })).messages;

  async function statementFor(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    if (statements.size >= max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      await run(Buffer.concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]));
    }
    const name = `sb_${++named}`;
    const described = await run(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  }

  async function execute(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    const statement = await statementFor(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[statement.types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await run(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, pg.parsers, options)[0]!;
  }

  return {
    /**
     * Runs `text` as a prepared statement: in the caller's open transaction (`inTransaction`,
     * whose lock the caller holds), or on its own once no transaction is open, written through
     * to the files as PGlite's `query` does.
     */
    query(text: string, params: unknown[] = [], options?: QueryOptions, inTransaction = false): Promise<Results> {
      if (inTransaction) return locks._runExclusiveQuery(() => execute(text, params, options));
      return locks._runExclusiveTransaction(() =>
        locks._runExclusiveQuery(async () => {
          const result = await execute(text, params, options);
          await pg.syncToFs();
          return result;
        }),
      );
    },
  };
}
