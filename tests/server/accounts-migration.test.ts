import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoYear } from '../../src/server/services/demo/generator';

/**
 * The accounts migration (0031) moves every existing transaction into one "Main" account per user
 * without changing a balance, a rollup or a count: the database as it was before it, loaded with
 * demo data, is compared with itself after.
 */
const migrations = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../src/server/db/migrations');
const ACCOUNTS_IDX = 31;

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder that stops before the accounts migration. */
function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'finu-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

const rowsOf = async (pg: PGlite, query: string) => (await pg.query<Record<string, unknown>>(query)).rows;

const balances = `select user_id, sum(case when type = 'income' then amount_minor else -amount_minor end)::text as balance, count(*)::int as n from transactions group by user_id order by user_id`;
const rollups = `select user_id, month::text, category, type, total_minor::text, count from transaction_monthly_totals order by 1, 2, 3, 4`;
const merchants = `select user_id, month::text, merchant, total_minor::text, count from transaction_merchant_monthly order by 1, 2, 3`;
const daily = `select user_id, sum(total_minor)::text, sum(count)::int from transaction_daily_totals group by 1 order by 1`;

describe('accounts migration', () => {
  const before = migrationsBefore(ACCOUNTS_IDX);
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  // Two users of about the same size: the other users' rows are many, so the table is rewritten. One
  // user with nearly every row: the column's default gives them their account and only the small user's
  // rows are updated.
  it.each([
    { shape: 'two users of a size', small: undefined },
    { shape: 'one user with most rows', small: 40 },
  ])("keeps every user's balance, rollups and counts to the cent, each user's rows in one Main account in their currency ($shape)", async ({ small }) => {
    const pg = new PGlite();
    const db = drizzle(pg);
    await migrate(db, { migrationsFolder: before });
    const users = [
      { id: '00000000-0000-4000-8000-000000000001', currency: 'USD', seed: 7 },
      { id: '00000000-0000-4000-8000-000000000002', currency: 'EUR', seed: 8 },
    ];
    for (const u of users) {
      await pg.query(`insert into users (id, email, currency) values ($1, $2, $3)`, [u.id, `${u.seed}@example.com`, u.currency]);
      const year = generateDemoYear(u.seed, '2026-06-30');
      const rows = small !== undefined && u.seed === 8 ? year.slice(0, small) : year;
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        await pg.query(
          `insert into transactions (user_id, type, amount_minor, date, category, description, merchant, source)
           select $1, r.type, r.amount_minor, r.date, r.category, r.description, r.merchant, 'demo'
           from jsonb_to_recordset($2::jsonb) as r(type text, amount_minor bigint, date date, category text, description text, merchant text)`,
          [u.id, JSON.stringify(chunk.map((t) => ({ type: t.type, amount_minor: t.amountMinor, date: t.date, category: t.category, description: t.description, merchant: t.merchant })))],
        );
      }
    }
    // A user without transactions gets no account (the empty state guides them to a first one).
    await pg.query(`insert into users (id, email) values ('00000000-0000-4000-8000-000000000003', 'none@example.com')`);
    const snapshot = async () => ({ balances: await rowsOf(pg, balances), rollups: await rowsOf(pg, rollups), merchants: await rowsOf(pg, merchants), daily: await rowsOf(pg, daily), counts: await rowsOf(pg, 'select user_id, count from transaction_user_counts order by 1') });
    const was = await snapshot();
    expect(was.balances).toHaveLength(2);

    await migrate(db, { migrationsFolder: migrations });

    expect(await snapshot()).toEqual(was);
    const accounts = await rowsOf(pg, `select a.user_id, a.name, a.kind, a.currency, a.on_budget, a.opening_balance_minor::text as opening from accounts a order by a.user_id`);
    expect(accounts).toEqual([
      { user_id: users[0]!.id, name: 'Main', kind: 'checking', currency: 'USD', on_budget: true, opening: '0' },
      { user_id: users[1]!.id, name: 'Main', kind: 'checking', currency: 'EUR', on_budget: true, opening: '0' },
    ]);
    // The Main accounts' ids are computed from the user's id: well-formed UUIDs (version 8) the contract accepts.
    for (const a of await rowsOf(pg, `select id from accounts`)) expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // No default is left on the column, and every index of the table is valid.
    expect(await rowsOf(pg, `select column_default, is_nullable from information_schema.columns where table_name = 'transactions' and column_name = 'account_id'`)).toEqual([{ column_default: null, is_nullable: 'NO' }]);
    expect(await rowsOf(pg, `select count(*)::int as n from pg_index where indrelid = 'transactions'::regclass and not (indisvalid and indisready)`)).toEqual([{ n: 0 }]);
    // With one user owning nearly every row, theirs were not written: their account is the column's
    // value kept in the catalog when it was added (only a rewrite of the table would clear it).
    const kept = await rowsOf(pg, `select atthasmissing from pg_attribute where attrelid = 'transactions'::regclass and attname = 'account_id'`);
    expect(kept).toEqual([{ atthasmissing: small !== undefined }]);
    // Each account's rollup gives the same balance as the rows.
    const perAccount = await rowsOf(pg, `select a.user_id, sum(m.net_minor)::text as balance, sum(m.count)::int as n from accounts a join account_monthly_totals m on m.account_id = a.id group by a.user_id order by a.user_id`);
    expect(perAccount).toEqual(was.balances.map((b) => ({ user_id: b.user_id, balance: b.balance, n: b.n })));
    expect(await rowsOf(pg, `select count(*)::int as n from transactions t join accounts a on a.id = t.account_id and a.user_id = t.user_id`)).toEqual([{ n: was.balances.reduce((n, b) => n + Number(b.n), 0) }]);
    await pg.close();
  }, 180_000);
});
