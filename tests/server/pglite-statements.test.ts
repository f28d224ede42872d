import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePgliteReads } from '../../src/server/db/pgliteStatements';

// PGlite's query() with reads prepared once under a name (src/server/db/pgliteStatements.ts): the
// same answers as PGlite's own path, through schema changes, errors and cache eviction.
describe('PGlite prepared reads', { timeout: 120_000 }, () => {
  // One PGlite for the file (starting one costs seconds of CPU); each test starts from PGlite's own
  // query, no prepared statement and a new table, and prepares its reads afresh.
  let pg: PGlite;
  let ownQuery: PGlite['query'];
  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
    ownQuery = pg.query;
  }, 600_000);
  afterAll(async () => {
    await pg?.close();
  });

  async function open(max?: number) {
    pg.query = ownQuery;
    await pg.exec(`deallocate all; drop table if exists t; create table t (id int primary key, name text, tags text[], at timestamptz, day date, n bigint);
      insert into t select g, 'row ' || g, array['a', 'b' || g], '2026-01-02T03:04:05Z'::timestamptz + g * interval '1 day', date '2026-01-01' + g, g * 1000000000000 from generate_series(1, 20) g;`);
    const plain = pg.query.bind(pg);
    const stats = preparePgliteReads(pg, { max });
    return { pg, plain, stats };
  }

  it('answers what PGlite answers, in both row modes, with parameters of every type, and reuses the statement', async () => {
    const { pg, plain, stats } = await open();
    const text = 'select id, name, tags, at, day, n from t where id > $1 and day <= $2 and name like $3 and n >= $4 order by id desc limit $5';
    const params = [3, '2026-01-15', 'row %', 5_000_000_000_000, 4];
    for (const rowMode of ['object', 'array'] as const) {
      const expected = await plain(text, params, { rowMode });
      expect((await pg.query(text, params, { rowMode })).rows).toEqual(expected.rows);
      expect((await pg.query(text, params, { rowMode })).fields).toEqual(expected.fields);
    }
    // The caller's parsers (drizzle passes some with every query) win over PGlite's, the others stay PGlite's.
    const parsers = { 1184: (v: string) => `at ${v}`, 1082: (v: string) => `day ${v}` };
    for (const rowMode of ['object', 'array'] as const) {
      const expected = await plain(text, params, { rowMode, parsers });
      expect((await pg.query(text, params, { rowMode, parsers })).rows).toEqual(expected.rows);
    }
    expect((await pg.query<{ at: string; n: number; tags: string[] }>(text, params, { parsers })).rows[0]).toMatchObject({ at: expect.stringMatching(/^at 2026-/), n: 14_000_000_000_000, tags: ['a', 'b14'] });
    expect(stats()).toMatchObject({ prepared: 1, reused: 6, size: 1 });
    // Other values through the same statement.
    expect((await pg.query<{ id: number }>(text, [0, '2026-01-03', 'row %', 0, 10])).rows.map((r) => r.id)).toEqual([2, 1]);
    expect((await pg.query('select $1::int + 1 as x', [null])).rows).toEqual([{ x: null }]);
  });

  it('leaves writes on PGlite’s own path and sees their effects at once', async () => {
    const { pg, stats } = await open();
    const count = async () => (await pg.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;
    expect(await count()).toBe(20);
    await pg.query('insert into t (id, name) values ($1, $2)', [21, 'new']);
    expect(await count()).toBe(21);
    await pg.transaction(async (tx) => {
      await tx.query('delete from t where id > 10');
      expect((await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(10);
    });
    expect(await count()).toBe(10);
    expect(stats()).toMatchObject({ prepared: 1 });
  });

  it('follows schema changes: a new column, a dropped index, a table rebuilt', async () => {
    const { pg } = await open();
    const star = 'select * from t where id = $1';
    expect(Object.keys((await pg.query<object>(star, [1])).rows[0]!)).toEqual(['id', 'name', 'tags', 'at', 'day', 'n']);
    await pg.exec('alter table t add column extra text default $$x$$');
    expect((await pg.query<{ extra: string }>(star, [1])).rows[0]!.extra).toBe('x');
    await pg.exec('create index t_name on t (name)');
    expect((await pg.query<{ id: number }>('select id from t where name = $1', ['row 7'])).rows).toEqual([{ id: 7 }]);
    await pg.exec('drop index t_name');
    expect((await pg.query<{ id: number }>('select id from t where name = $1', ['row 7'])).rows).toEqual([{ id: 7 }]);
    await pg.exec('drop table t; create table t (id text primary key); insert into t values ($$only$$)');
    expect((await pg.query<{ id: string }>('select id from t where id = $1', ['only'])).rows).toEqual([{ id: 'only' }]);
  });

  it('reports errors as PGlite does and keeps working after them', async () => {
    const { pg } = await open();
    await expect(pg.query('select nope from t')).rejects.toThrow(/column "nope" does not exist/);
    await expect(pg.query('select id from t where id = $1', ['not a number'])).rejects.toThrow(/invalid input syntax for type integer/);
    await expect(pg.query('select 1 / $1::int as x', [0])).rejects.toThrow(/division by zero/);
    expect((await pg.query('select id from t where id = $1', [2])).rows).toEqual([{ id: 2 }]);
    expect((await pg.query('select 1 / $1::int as x', [1])).rows).toEqual([{ x: 1 }]);
  });

  it('keeps at most max statements, closing the least recently used', async () => {
    const { pg, stats } = await open(3);
    for (let i = 0; i < 10; i++) expect((await pg.query<{ x: number }>(`select ${i} + $1::int as x`, [1])).rows[0]!.x).toBe(i + 1);
    expect(stats()).toMatchObject({ prepared: 10, size: 3 });
    // The server holds only the cached ones (plus none left over).
    expect((await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n).toBe(3);
  });

  it('serialises concurrent callers', async () => {
    const { pg } = await open();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => pg.query<{ id: number }>('select id from t where id = $1', [(i % 20) + 1])));
    expect(answers.map((a) => a.rows[0]!.id)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 20) + 1));
  });
});
