/**
 * `npx tsx src/tools/bench-rate-import.ts`: importing a ten-year ECB reference-rate file (about 2,600
 * business days × 30 currencies, generated) for a user who holds 1,000,000 transactions, the rows of two
 * of their twelve accounts (EUR and GBP) waiting for a rate, against the same import for a user with no
 * transactions. Both go through the rates service POST /rates/import calls, so the first includes converting
 * the waiting rows the file's days reach when they are few, or handing them to the recompute job, whose run is
 * timed after. Prints the times, the ratio, and PASS/FAIL against the target (the import under 5 s); checks
 * that no row the file reaches still waits and that the rollups' unconverted counts equal the rows'. Not part
 * of npm test.
 *
 *   npx tsx src/tools/bench-rate-import.ts --rows 100000
 *   npx tsx src/tools/bench-rate-import.ts                  (1,000,000 rows: a quiet machine)
 *   DATABASE_URL=postgres://… npx tsx src/tools/bench-rate-import.ts
 */
import { sql } from 'drizzle-orm';
import { addDays, today } from '../contract/calendar';
import { accountsRepository } from '../server/repositories/accounts';
import { ratesRepository } from '../server/repositories/rates';
import { baseAmountsOnly } from '../server/repositories/rollups';
import { transactionsRepository } from '../server/repositories/transactions';
import { runBaseRecompute } from '../server/services/rates/recompute';
import { ratesService } from '../server/services/rates/service';
import { historyCsv } from './benchEcb';
import { createBenchUser, rows, runWithBenchDatabase, seedTransactions } from './benchSeed';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const ROWS = positiveOption(argv, 'rows', 1_000_000);
const YEARS = positiveOption(argv, 'years', 10);
const CURRENCIES = positiveOption(argv, 'currencies', 30);
const TARGET_MS = 5000;
const log = (line: string) => console.log(line);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

runWithBenchDatabase('bench_rate_import', async (db) => {
  const transactions = transactionsRepository(db);
  const rates = ratesService({ repo: ratesRepository(db), waiting: transactions });
  // Ending today: the seeded rows (six years up to today) all lie within the file's days.
  const file = historyCsv(YEARS, CURRENCIES, today());
  log(`file: ${file.days.toLocaleString('en-US')} days × ${CURRENCIES} currencies (${file.first} to ${today()}), ${(file.text.length / 1024 / 1024).toFixed(1)} MB`);

  // The same file for a user without transactions: what the import itself costs.
  const bare = await createBenchUser(db, 'bench-rate-import-bare@example.com', 'bench rate import password');
  let started = performance.now();
  await rates.importFile(bare.id, file.text);
  const bareMs = performance.now() - started;
  log(`import, no transactions: ${secs(bareMs)}`);

  const user = await createBenchUser(db, 'bench-rate-import@example.com', 'bench rate import password');
  started = performance.now();
  log(`seeding ${ROWS.toLocaleString('en-US')} transactions…`);
  await seedTransactions(db, user.id, ROWS, log);
  log(`seeded in ${secs(performance.now() - started)}`);
  // Two accounts in another currency whose rows have no rate yet (not converted, counted so in the rollups).
  const foreign = (await accountsRepository(db).plain(user.id)).filter((a) => a.kind === 'savings' || a.kind === 'credit_card');
  const ids = sql.join(foreign.map((a) => sql`${a.id}::uuid`), sql`, `);
  await db.execute(sql`update accounts set currency = case when kind = 'savings' then 'EUR' else 'GBP' end where id in (${ids})`);
  await baseAmountsOnly(db, (tx) => tx.execute(sql`update transactions set base_amount_minor = null where user_id = ${user.id} and account_id in (${ids})`));
  await db.execute(sql`select finu_rebuild_rollups(array[${user.id}]::uuid[])`);
  await db.execute(sql`analyze`);
  const waitingNow = async () =>
    Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from transactions where user_id = ${user.id} and account_id in (${ids}) and base_amount_minor is null and date >= ${file.first}`))[0]!.n);
  const waiting = await waitingNow();
  log(`${waiting.toLocaleString('en-US')} rows in EUR and GBP wait for a rate`);

  started = performance.now();
  const result = await rates.importFile(user.id, file.text);
  const ms = performance.now() - started;
  log(`import with ${ROWS.toLocaleString('en-US')} transactions: ${result.rates.toLocaleString('en-US')} rates, ${result.converted.toLocaleString('en-US')} rows converted${result.recomputing ? ', the rest handed to the recompute job' : ''} in ${secs(ms)}`);
  if (result.recomputing) {
    // What the user then waits for in the background: the job's run over this user's rows.
    started = performance.now();
    const finished = await runBaseRecompute({ transactions, accounts: accountsRepository(db), rates });
    log(`the recompute job converted the rest in ${secs(performance.now() - started)} (${finished} user finished)`);
  }

  const left = await waitingNow();
  const [rollup] = await rows<{ n: number }>(db, sql`select coalesce(sum(unconverted), 0)::int as n from transaction_daily_totals where user_id = ${user.id} and day >= ${addDays(file.first, 0)}`);
  const [byRows] = await rows<{ n: number }>(db, sql`select count(*)::int as n from transactions where user_id = ${user.id} and counts and account_id in (${ids}) and base_amount_minor is null and date >= ${file.first}`);
  log(`left waiting: ${left} rows; rollups' unconverted ${rollup!.n} = rows' ${byRows!.n}: ${rollup!.n === byRows!.n ? 'yes' : 'NO'}`);
  const pass = ms < TARGET_MS && left === 0 && rollup!.n === byRows!.n;
  log(`ratio with / without transactions: ${(ms / bareMs).toFixed(2)}×; ${pass ? 'PASS' : 'FAIL'} (target: the import answers in < ${TARGET_MS / 1000} s; every waiting row converted, in it or by the job after)`);
  if (!pass) process.exitCode = 1;
});
