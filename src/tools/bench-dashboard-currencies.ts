/**
 * `npx tsx src/tools/bench-dashboard-currencies.ts`: the dashboard over 1,000,000 transactions in one
 * currency, then the same rows in three (two of the twelve accounts turned into EUR and GBP accounts,
 * reference rates for every day but one month, so that month's rows of those accounts are not converted).
 * Seeds the rows as `npm run bench` does (benchSeed.ts), times what GET /dashboard/analytics answers
 * (buildAnalytics) in this process for three periods, and prints the ratio three-currency / single-currency
 * (target ≤ 1.5×). Also times the base-currency recompute of the foreign accounts' rows and the rollup
 * rebuild. Not part of npm test; docs/performance.md keeps one line of it.
 *
 *   npx tsx src/tools/bench-dashboard-currencies.ts --rows 10000
 *   npx tsx src/tools/bench-dashboard-currencies.ts              (1,000,000 rows: a quiet machine)
 *   DATABASE_URL=postgres://… npx tsx src/tools/bench-dashboard-currencies.ts
 */
import { sql } from 'drizzle-orm';
import { addDays, today } from '../contract/calendar';
import type { DashboardPeriod } from '../contract/dashboard';
import { accountsRepository } from '../server/repositories/accounts';
import { budgetsRepository } from '../server/repositories/budgets';
import { dashboardRepository } from '../server/repositories/dashboard';
import { ratesRepository } from '../server/repositories/rates';
import { baseMinorOf } from '../server/repositories/rollups';
import { transactionsRepository } from '../server/repositories/transactions';
import { buildAnalytics } from '../server/services/dashboard';
import { recomputeBaseAmounts } from '../server/services/rates/recompute';
import { ratesService } from '../server/services/rates/service';
import { createBenchUser, rows, runWithBenchDatabase, seedTransactions } from './benchSeed';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const ROWS = positiveOption(argv, 'rows', 1_000_000);
const RUNS = positiveOption(argv, 'runs', 30);
const PERIODS: DashboardPeriod[] = ['30_days', '12_months', 'all_time'];
const log = (line: string) => console.log(line);
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

runWithBenchDatabase('bench_currencies', async (db) => {
  const user = await createBenchUser(db, 'bench-currencies@example.com', 'bench currencies password');
  let started = performance.now();
  log(`seeding ${ROWS.toLocaleString('en-US')} transactions…`);
  await seedTransactions(db, user.id, ROWS, log);
  log(`seeded in ${seconds(started)}`);
  const dashboard = dashboardRepository(db);
  const day = today();

  const time = async (label: string) => {
    const p50: Record<string, number> = {};
    for (const period of PERIODS) {
      const times: number[] = [];
      let unconverted = 0;
      for (let run = 0; run <= RUNS; run++) {
        started = performance.now();
        const answer = await buildAnalytics(dashboard, { userId: user.id, period, timeUnit: period === 'all_time' ? 'months' : period === '12_months' ? 'months' : 'days', currency: 'USD', today: day });
        if (run > 0) times.push(performance.now() - started);
        unconverted = answer.unconverted_count;
      }
      p50[period] = quantile(times, 0.5);
      log(`${label} ${period}: p50 ${p50[period]!.toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms over ${RUNS} runs (${unconverted} not converted)`);
    }
    return p50;
  };
  const single = await time('one currency');

  // Three currencies: the savings and credit-card accounts become EUR and GBP accounts; reference
  // rates for every day of the six years but one month, whose rows of those accounts stay not converted.
  const accounts = (await accountsRepository(db).plain(user.id)).filter((a) => a.kind === 'savings' || a.kind === 'credit_card');
  await db.execute(sql`update accounts set currency = case when kind = 'savings' then 'EUR' else 'GBP' end where id in (${sql.join(accounts.map((a) => sql`${a.id}::uuid`), sql`, `)})`);
  const first = addDays(day, -6 * 365 - 10);
  const gap = addDays(day, -400).slice(0, 7);
  const rates: { date: string; base: string; quote: string; rate: string }[] = [];
  for (let d = first, i = 0; d <= day; d = addDays(d, 1), i++) {
    if (d.startsWith(gap)) continue;
    rates.push({ date: d, base: 'EUR', quote: 'USD', rate: (1.05 + (i % 100) / 1000).toFixed(4) }, { date: d, base: 'EUR', quote: 'GBP', rate: (0.84 + (i % 50) / 1000).toFixed(4) });
  }
  await ratesRepository(db).replace(null, 'provider', rates);
  const [moved] = await rows<{ n: number }>(db, sql`select count(*)::int as n from transactions where account_id in (${sql.join(accounts.map((a) => sql`${a.id}::uuid`), sql`, `)})`);
  started = performance.now();
  const left = await recomputeBaseAmounts({ transactions: transactionsRepository(db), accounts: accountsRepository(db), rates: ratesService({ repo: ratesRepository(db) }) }, user.id, 'USD');
  log(`base amounts of ${moved!.n.toLocaleString('en-US')} rows in EUR and GBP computed in ${seconds(started)} (${left} not converted)`);
  started = performance.now();
  await db.execute(sql`select finu_rebuild_rollups(array[${user.id}]::uuid[])`);
  await db.execute(sql`analyze`);
  log(`rollups rebuilt in ${seconds(started)}`);
  const three = await time('three currencies');

  // The budget's starting money before this month: the per-account rollup (what the budget reads) against the
  // read of every earlier row of the EUR and GBP accounts it replaced (migration 0073), alternating.
  const month = `${day.slice(0, 7)}-01`;
  const budgets = budgetsRepository(db);
  const base = baseMinorOf(user.id);
  const rowRead = () =>
    rows<{ net: string | null; unconverted: string }>(db, sql`select sum(case when transactions.type = 'income' then ${base} else -(${base}) end)::text as net, count(*) filter (where ${base} is null)::text as unconverted
      from transactions join accounts a on a.id = transactions.account_id
      where transactions.user_id = ${user.id} and a.on_budget and a.currency <> (select u.currency from users u where u.id = ${user.id}) and transactions.parent_id is null and transactions.date < ${month}`);
  const [byRows] = await rowRead();
  const before = await budgets.onBudgetBalance(user.id, month);
  log(`budget starting money: rows ${byRows!.net} (${byRows!.unconverted} not converted) in EUR and GBP; rollup total ${before.beforeMinor} (${before.unconverted} not converted)`);
  const rollupTimes: number[] = [];
  const rowTimes: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    started = performance.now();
    await rowRead();
    if (run > 0) rowTimes.push(performance.now() - started);
    started = performance.now();
    await budgets.onBudgetBalance(user.id, month);
    if (run > 0) rollupTimes.push(performance.now() - started);
  }
  log(`budget starting money: every earlier foreign row p50 ${quantile(rowTimes, 0.5).toFixed(1)} ms (p95 ${quantile(rowTimes, 0.95).toFixed(1)}); the rollup (all on-budget accounts) p50 ${quantile(rollupTimes, 0.5).toFixed(1)} ms (p95 ${quantile(rollupTimes, 0.95).toFixed(1)})`);
  log(`ratio three / one currency (p50): ${PERIODS.map((p) => `${p} ${(three[p]! / single[p]!).toFixed(2)}×`).join(', ')} (target ≤ 1.5×)`);
});
