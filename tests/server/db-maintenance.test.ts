import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportJob, ImportPreview } from '../../src/contract/transactions';
import { needs, TRANSACTIONS_VACUUM_ROWS } from '../../src/server/db/maintenance';
import type { NewTransaction } from '../../src/server/repositories/transactions';
import { bearer, createTestApp, logIn, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';
import { seedPgliteDataDir } from '../support/db-template';

/**
 * The embedded database's stand-in for autovacuum (src/server/db/maintenance.ts): after an import job,
 * after demo data, after enough changed rows, and at start when the last run left pages behind, the
 * `transactions` table is vacuumed (its visibility map covers every page, so the text search's walk is
 * an index-only scan: no heap row visited) and analyzed (the planner has statistics), and nothing that
 * was acknowledged is lost. PostgreSQL runs its own autovacuum, so these run on PGlite only.
 */
const onPglite = !process.env.DATABASE_URL;
const dirs: string[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function diskApp(dir: string, checkMs = 0): Promise<TestApp> {
  // A new directory starts as a copy of the migrated template; a restart opens what the last app left.
  await seedPgliteDataDir(dir);
  const t = await createTestApp({ dataDir: dir, env: { PGLITE_VACUUM_CHECK_MS: String(checkMs) } });
  apps.push(t);
  return t;
}
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'finu-maintenance-'));
  dirs.push(d);
  return d;
};

async function one<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T> {
  return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
}

/** The visibility map's coverage of `transactions`, whether it has planner statistics, and how many rows it holds. */
async function state(app: FastifyInstance) {
  return one<{ pages: number; allVisible: number; analyzed: boolean; rows: number; vacuums: number }>(
    app,
    sql`select (pg_relation_size('transactions') / current_setting('block_size')::int)::int as pages, relallvisible as "allVisible",
      exists (select 1 from pg_statistic where starelid = 'transactions'::regclass) as analyzed,
      (select count(*)::int from transactions) as rows, pg_stat_get_vacuum_count('transactions'::regclass)::int as vacuums
      from pg_class where oid = 'transactions'::regclass`,
  );
}

/** Every page all-visible and statistics gathered: what the job leaves behind. */
async function maintained(app: FastifyInstance) {
  await expect.poll(async () => {
    const s = await state(app);
    return s.pages > 0 && s.allVisible === s.pages && s.analyzed;
  }, { timeout: 20_000, interval: 500 }).toBe(true);
}

/**
 * The search's walk in date order reads the index alone: no heap row fetched. The plan is pinned to the
 * index walk (sequential scans and sorts off for this statement's transaction), so what is asserted is the
 * visibility map the maintenance job leaves, not the planner's choice on a table whose size the test does not set.
 */
async function walkHeapFetches(app: FastifyInstance, userId: string): Promise<number> {
  const plan = await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return ((await tx.execute(
      sql`explain (analyze, costs off, timing off) select id, date, search from transactions where user_id = ${userId} order by date desc, id desc limit 5000`,
    )) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']);
  });
  expect(plan.join('\n')).toMatch(/Index Only Scan Backward using transactions_user_date_idx/);
  return Number(/Heap Fetches: (\d+)/.exec(plan.join('\n'))?.[1] ?? NaN);
}

function csv(rows: number, tag: string): string {
  const lines = ['date,description,amount'];
  for (let i = 0; i < rows; i++) lines.push(`2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')},${tag} coffee ${i},-${(3 + (i % 40)).toFixed(2)}`);
  return lines.join('\n');
}

async function importCsv(app: FastifyInstance, user: VerifiedUser, body: string): Promise<ImportJob> {
  const up = await app.inject({ method: 'POST', url: '/transactions/import?file_name=m.csv', headers: { ...bearer(user.token), 'content-type': 'text/csv' }, payload: body });
  expect(up.statusCode, up.body).toBe(201);
  const preview = up.json<ImportPreview>();
  const committed = await app.inject({ method: 'POST', url: `/transactions/import/${preview.import_id}/commit`, headers: bearer(user.token), payload: { mapping: preview.mapping } });
  expect(committed.statusCode, committed.body).toBe(202);
  await app.importRunner.idle();
  const job = await app.inject({ method: 'GET', url: `/transactions/import/${preview.import_id}`, headers: bearer(user.token) });
  return job.json<ImportJob>();
}

const rowsFor = (n: number, tag: string): NewTransaction[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'expense', amountMinor: 100 + i, date: `2024-0${1 + (i % 9)}-1${i % 10}`, category: 'Dining', description: `${tag} ${i}`, merchant: null, notes: null, tags: [], currency: null }));

describe.runIf(onPglite)('the embedded database vacuums and analyzes without autovacuum', () => {
  it('after an import job: every page all-visible, statistics gathered, the walk reads no heap row', { timeout: 120_000 }, async () => {
    const t = await diskApp(newDir());
    const user = await signUpWithAccess(t.app);
    const before = await state(t.app);
    const job = await importCsv(t.app, user, csv(1_200, 'imported'));
    expect(job.status).toBe('completed');
    expect(job.rows_imported).toBe(1_200);
    await maintained(t.app);
    const after = await state(t.app);
    expect(after.vacuums).toBeGreaterThan(before.vacuums);
    expect(await walkHeapFetches(t.app, user.userId)).toBe(0);
    // The search answers from the vacuumed table as before.
    const res = await t.app.inject({ method: 'GET', url: '/transactions?q=imported%20coffee&limit=50', headers: bearer(user.token) });
    expect(res.json<{ total: number }>().total).toBe(1_200);
  });

  it('after demo data is loaded', { timeout: 120_000 }, async () => {
    const t = await diskApp(newDir());
    const user = await signUpWithAccess(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/transactions/demo', headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(201);
    await maintained(t.app);
    expect(await walkHeapFetches(t.app, user.userId)).toBe(0);
  });

  it(`after ${TRANSACTIONS_VACUUM_ROWS.toLocaleString('en-US')} changed rows by any path, on its periodic look`, { timeout: 120_000 }, async () => {
    const t = await diskApp(newDir(), 200);
    const user = await signUpWithAccess(t.app);
    // Rows written straight through the repository: no import job or demo load announces them.
    await t.app.repos.transactions.insertMany(t.app.db, user.userId, rowsFor(TRANSACTIONS_VACUUM_ROWS + 200, 'direct'), 'manual');
    await maintained(t.app);
    expect(await walkHeapFetches(t.app, user.userId)).toBe(0);
  });

  it('at start, when the last run stopped before vacuuming; every acknowledged row is still there', { timeout: 120_000 }, async () => {
    const dir = newDir();
    const first = await diskApp(dir);
    const user = await signUpWithAccess(first.app);
    await first.app.repos.transactions.insertMany(first.app.db, user.userId, rowsFor(600, 'before restart'), 'manual');
    const unvacuumed = await state(first.app);
    expect(unvacuumed.allVisible).toBeLessThan(unvacuumed.pages);
    await first.app.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await diskApp(dir);
    // Vacuumed before the server was ready (onReady): nothing to wait for.
    const s = await state(second.app);
    expect(s.allVisible).toBe(s.pages);
    expect(s.analyzed).toBe(true);
    expect(s.rows).toBe(600);
    const login = await logIn(second.app, user.email, user.password);
    expect(login.statusCode).toBe(200);
    const token = login.json<{ access_token: string }>().access_token;
    const list = await second.app.inject({ method: 'GET', url: '/transactions?q=restart&limit=10', headers: bearer(token) });
    expect(list.json<{ total: number }>().total).toBe(600);
  });
});

describe('when a table needs a vacuum or an analyze (autovacuum defaults, and sooner for transactions)', () => {
  const table = { name: 'transaction_daily_totals', reltuples: 10_000, relpages: 100, relallvisible: 100, blocks: 100, ins: 0, dead: 0, mod: 0, analyzed: true };
  it('other tables: dead rows over 50 + 20 %, inserts over 1,000 + 20 %, changes over 50 + 10 % for statistics', () => {
    expect(needs(table, false)).toEqual({ vacuum: false, analyze: false });
    expect(needs({ ...table, dead: 2_049 }, false).vacuum).toBe(false);
    expect(needs({ ...table, dead: 2_050 }, false).vacuum).toBe(true);
    expect(needs({ ...table, ins: 2_999 }, false).vacuum).toBe(false);
    expect(needs({ ...table, ins: 3_000 }, false).vacuum).toBe(true);
    expect(needs({ ...table, mod: 1_050 }, false).analyze).toBe(true);
    expect(needs({ ...table, mod: 1_049 }, false).analyze).toBe(false);
    expect(needs({ ...table, analyzed: false }, false).analyze).toBe(true);
    expect(needs({ ...table, blocks: 0, reltuples: -1, analyzed: false }, false).analyze).toBe(false);
    // Pages added since the last vacuum only count for transactions.
    expect(needs({ ...table, blocks: 150 }, true).vacuum).toBe(false);
  });
  it(`transactions: ${TRANSACTIONS_VACUUM_ROWS.toLocaleString('en-US')} changed rows, or at start any page added or most pages unmarked`, () => {
    const tx = { ...table, name: 'transactions', reltuples: 1_000_000, relpages: 32_000, relallvisible: 32_000, blocks: 32_000 };
    expect(needs({ ...tx, ins: 999 }, false).vacuum).toBe(false);
    expect(needs({ ...tx, ins: 600, dead: 400 }, false).vacuum).toBe(true);
    expect(needs({ ...tx, blocks: 32_001 }, false).vacuum).toBe(false);
    expect(needs({ ...tx, blocks: 32_001 }, true).vacuum).toBe(true);
    expect(needs({ ...tx, relallvisible: 31_100 }, true).vacuum).toBe(false);
    expect(needs({ ...tx, relallvisible: 31_000 }, true).vacuum).toBe(true);
    // An import job or demo load announced its writes: any changed row.
    expect(needs({ ...tx, ins: 1 }, false, true).vacuum).toBe(true);
    expect(needs({ ...tx }, false, true).vacuum).toBe(false);
  });
});
