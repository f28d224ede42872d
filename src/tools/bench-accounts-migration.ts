/**
 * Times the accounts migration on a large history: builds a PGlite database at the migration before it,
 * loads `--rows` transactions (default 1,000,000) over `--users` users (default 12), then times the accounts
 * migration alone and every later one, and checks each user's balance and count are unchanged.
 * `--main-share 0.95` gives the first user that share of the rows and splits the rest evenly (the usual
 * shape: one person owns most of a database); without it every user has the same number.
 *   npx tsx src/tools/bench-accounts-migration.ts --rows 100000
 *   npx tsx src/tools/bench-accounts-migration.ts --rows 1000000 --main-share 0.95
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { positiveOption } from './cliOptions';

const ACCOUNTS_IDX = 31;
const migrations = resolve(fileURLToPath(new URL('.', import.meta.url)), '../server/db/migrations');

/** A copy of the migrations folder that stops before `idx`. */
function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'finu-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

const rows = positiveOption(process.argv, 'rows', 1_000_000);
const userCount = positiveOption(process.argv, 'users', 12);
const mainShare = positiveOption(process.argv, 'main-share', 1 / userCount);
if (mainShare > 1) throw new Error('--main-share is a fraction of the rows, at most 1');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

const before = migrationsBefore(ACCOUNTS_IDX);
const through = migrationsBefore(ACCOUNTS_IDX + 1);
const dataDir = mkdtempSync(join(tmpdir(), 'finu-accounts-bench-'));
try {
  const pg = new PGlite(dataDir);
  const db = drizzle(pg);
  await migrate(db, { migrationsFolder: before });
  for (let u = 0; u < userCount; u++) {
    await pg.query(`insert into users (id, email, currency) values ($1, $2, 'USD')`, [`00000000-0000-4000-8000-${String(u + 1).padStart(12, '0')}`, `bench-${u}@example.com`]);
  }
  let t = performance.now();
  const main = Math.round(rows * mainShare);
  const rowsOf = (u: number) => (u === 0 ? main : userCount > 1 ? Math.ceil((rows - main) / (userCount - 1)) : 0);
  let loaded = 0;
  // In chunks so the rollup triggers' work stays in bounded transactions; dates spread over ten years.
  for (let u = 0; u < userCount; u++) {
    const id = `00000000-0000-4000-8000-${String(u + 1).padStart(12, '0')}`;
    const perUser = rowsOf(u);
    loaded += perUser;
    for (let from = 0; from < perUser; from += 50_000) {
      const to = Math.min(perUser, from + 50_000) - 1;
      await pg.query(
        `insert into transactions (user_id, type, amount_minor, date, category, description, merchant, source)
         select $1, case when i % 7 = 0 then 'income' else 'expense' end, 100 + (i::bigint * 7919) % 90000,
           date '2016-01-01' + (i % 3650), (array['Groceries','Transport','Dining','Housing','Salary'])[1 + i % 5],
           'bench row ' || i, (array['Corner Shop','Metro','Bistro',null])[1 + i % 4], 'import'
         from generate_series($2::int, $3::int) as i`,
        [id, from, to],
      );
    }
  }
  console.log(`loaded ${loaded.toLocaleString('en')} transactions over ${userCount} users (the first has ${rowsOf(0).toLocaleString('en')}) in ${seconds(t)} s`);
  const balances = `select user_id, sum(case when type = 'income' then amount_minor else -amount_minor end)::text as balance, count(*)::int as n from transactions group by user_id order by user_id`;
  const was = JSON.stringify((await pg.query(balances)).rows);

  t = performance.now();
  await migrate(db, { migrationsFolder: through });
  console.log(`accounts migration (00${ACCOUNTS_IDX}): ${seconds(t)} s`);
  t = performance.now();
  await migrate(db, { migrationsFolder: migrations });
  console.log(`every later migration: ${seconds(t)} s`);

  const now = JSON.stringify((await pg.query(balances)).rows);
  const perAccount = (await pg.query<{ n: number }>(`select count(distinct account_id)::int as n from transactions`)).rows[0]!.n;
  console.log(now === was ? `balances and counts unchanged for ${userCount} users; rows in ${perAccount} accounts` : 'BALANCES CHANGED');
  await pg.close();
  if (now !== was) process.exitCode = 1;
} finally {
  for (const dir of [before, through, dataDir]) rmSync(dir, { recursive: true, force: true });
}
