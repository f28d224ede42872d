import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite's `query()` (the per-request floor).
 *
 * PGlite's own `query()` sends every statement as the unnamed one, in five separate calls into the
 * database (parse, describe, bind and describe, execute, sync), so PostgreSQL parses, analyses and
 * plans it afresh each time. Here a read (`select …` / `with …`) is parsed once under a name and kept;
 * each later call is one bind, describe, execute and sync in a single call. PostgreSQL's plan cache
 * does the rest: it plans the first five executions with the values (custom plans) and then keeps a
 * generic plan only when that plan is estimated no dearer than those; a schema change (an index
 * dropped or made, a table altered) invalidates the cached plans and PostgreSQL replans by itself.
 *
 * Writes keep PGlite's own path (they are planned once per statement anyway and many carry long
 * parameter lists). The cache holds at most `max` statements, the least recently used closed first.
 * Statements run under PGlite's own mutexes, as `query()` does: never inside another caller's
 * transaction (a transaction's queries go through its own object, not through this method).
 */

/** The internals of PGlite that its own `query()` uses (present at run time; protected in the typings). */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number | string, (value: unknown) => string>;
  parsers: Record<number | string, (value: string, typeId?: number) => unknown>;
}

type Query = PGlite['query'];

const READ = /^\s*(select|with)\b/i;
/** PostgreSQL's answer when a cached plan's result columns no longer match the table (after an ALTER). */
const STALE_RESULT = 'cached plan must not change result type';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface PreparedStatementsStats {
  /** Statements parsed under a name (cache misses). */
  prepared: number;
  /** Executions of a statement already prepared (cache hits). */
  reused: number;
  /** Statements in the cache now. */
  size: number;
}

/**
 * Makes `client.query()` prepare reads once and reuse them (see above). Call after the migrations.
 * Answers counters for tests and benches.
 */
export function preparePgliteReads(client: PGlite, { max = 200 }: { max?: number } = {}): () => PreparedStatementsStats {
  const pg = client as unknown as PGliteInternals;
  const { serialize } = protocol;
  const plain: Query = client.query.bind(client);
  /** Statement text → its name and parameter types, least recently used first. */
  const cache = new Map<string, { name: string; types: number[] }>();
  let serial = 0;
  let prepared = 0;
  let reused = 0;

  const exec = async (parts: Uint8Array[]) => (await client.execProtocol(concat(parts), { syncToFs: false })).messages;

  const statementFor = async (text: string, options?: QueryOptions) => {
    const hit = cache.get(text);
    if (hit) {
      cache.delete(text);
      cache.set(text, hit);
      reused++;
      return hit;
    }
    const name = `finu_s${++serial}`;
    const described = await exec([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    cache.set(text, statement);
    prepared++;
    if (cache.size > max) {
      const [oldText, old] = cache.entries().next().value as [string, { name: string }];
      cache.delete(oldText);
      await exec([serialize.close({ type: 'S', name: old.name }), serialize.sync()]);
    }
    return statement;
  };

  const run = async (text: string, params: unknown[], options?: QueryOptions) => {
    const statement = await statementFor(text, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.types[i]!;
      const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    try {
      const messages = await exec([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
      if (!options?.parsers) return parse.parseResults(messages, pg.parsers, options)[0]!;
      // parseResults merges the caller's parsers into PGlite's table with an object spread: 318 keys,
      // about 0.1 ms on every query (drizzle passes parsers with every one). The caller's parsers over
      // PGlite's by prototype instead: the same lookups, nine own properties to set.
      const { parsers, ...rest } = options;
      const merged = Object.assign(Object.create(pg.parsers) as PGliteInternals['parsers'], parsers);
      return parse.parseResults(messages, merged, rest)[0]!;
    } catch (error) {
      if (error instanceof Error && error.message.includes(STALE_RESULT)) {
        cache.delete(text);
        await exec([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
      }
      throw error;
    }
  };

  client.query = async function preparedQuery<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!READ.test(text) || options?.blob) return plain<T>(text, params, options);
    await pg._checkReady();
    const result = await pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          return await run(text, params, options);
        } catch (error) {
          // A plan cached before the table changed shape: prepare it again, once.
          if (error instanceof Error && error.message.includes(STALE_RESULT)) return run(text, params, options);
          throw error;
        }
      }),
    );
    return result as Results<T>;
  } as Query;

  return () => ({ prepared, reused, size: cache.size });
}
