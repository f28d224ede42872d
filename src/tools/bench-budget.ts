/**
 * `npx tsx src/tools/bench-budget.ts`: how long drawing one month of the category budget takes for a user
 * with 1,000,000 transactions over six years and 30 categories with an amount assigned every month and a target. Seeds
 * the rows as `npm run bench` does (benchSeed.ts), then times the budget service's month (what
 * GET /budgets/{month} answers) in this process, for the first, a middle and the last month, and editing one amount
 * (PUT /budgets/{month}/assigned), each with nothing held (a new service: what a first read costs) and with the
 * amounts and activity held between reads, taking turns. Not part of
 * npm test. Prints the figures; docs/performance.md keeps one line of them.
 *
 *   npx tsx src/tools/bench-budget.ts
 *   npx tsx src/tools/bench-budget.ts --rows 100000 --runs 50
 *   DATABASE_URL=postgres://… npx tsx src/tools/bench-budget.ts
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addMonths, thisMonth } from '../contract/calendar';
import { budgetsRepository } from '../server/repositories/budgets';
import { categoriesRepository } from '../server/repositories/categories';
import { transactionsRepository } from '../server/repositories/transactions';
import { usersRepository } from '../server/repositories/users';
import { budgetsService } from '../server/services/budgets/service';
import { createRewardsService } from '../server/services/rewards';
import { rewardsRepository } from '../server/repositories/rewards';
import { createBenchUser, rows, runWithBenchDatabase, seedTransactions } from './benchSeed';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const ROWS = positiveOption(argv, 'rows', 1_000_000);
const RUNS = positiveOption(argv, 'runs', 30);
const log = (line: string) => console.log(line);
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

runWithBenchDatabase('bench_budget', async (db) => {
  const user = await createBenchUser(db, 'bench-budget@example.com', 'bench budget password');
  let started = performance.now();
  log(`seeding ${ROWS.toLocaleString('en-US')} transactions…`);
  await seedTransactions(db, user.id, ROWS, log);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // 30 expense categories (the seeded ones, then own ones up to 30), each with an amount every month of the six years.
  const last = thisMonth();
  const first = addMonths(last, -71);
  const seeded = (await rows<{ category: string }>(db, sql`select distinct category from transaction_monthly_totals where user_id = ${user.id} and type = 'expense'`)).map((r) => r.category);
  const categories = [...seeded, ...Array.from({ length: Math.max(0, 30 - seeded.length) }, (_, i) => `Bench category ${i + 1}`)];
  await db.execute(sql`insert into budget_assignments (user_id, month, category, assigned_minor)
    select ${user.id}::uuid, (${`${first}-01`}::date + make_interval(months => m))::date, c, 10000 + m * 100
    from generate_series(0, 71) as m, unnest(${`{${categories.map((c) => `"${c.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]) as c`);
  await db.execute(sql`insert into budget_rollovers (user_id, category, from_month, rollover) values (${user.id}, ${seeded[0] ?? 'Groceries'}, ${`${first}-01`}, 'full')`);
  // A target on every category: monthly, by a month and a share of income in turn.
  await db.execute(sql`insert into budget_targets (user_id, category, kind, amount_minor, by_month, percent)
    select ${user.id}::uuid, c, (array['monthly', 'by_date', 'income_share'])[1 + (n::int % 3)],
      case when n::int % 3 = 2 then null else 50000 end, case when n::int % 3 = 1 then ${`${last}-01`}::date end, case when n::int % 3 = 2 then 5 end
    from unnest(${`{${categories.map((c) => `"${c.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]) with ordinality as t(c, n)`);
  log(`${categories.length} categories × 72 months assigned (${first} to ${last}), each with a target`);

  const deps = { budgets: budgetsRepository(db), categories: categoriesRepository(db), transactions: transactionsRepository(db), users: usersRepository(db) };
  // "nothing held": a new service per call, which reads every amount and month as each call did before the parts were
  // kept between reads (and as a process that has not read this user yet does); "held": one service, as the API has.
  const service = budgetsService(deps);
  for (const [label, month] of [
    ['first month', first],
    ['middle month', addMonths(first, 36)],
    ['last month', last],
  ] as const) {
    const times = { cold: [] as number[], held: [] as number[] };
    for (let run = 0; run <= RUNS; run++) {
      for (const way of run % 2 === 0 ? (['cold', 'held'] as const) : (['held', 'cold'] as const)) {
        started = performance.now();
        const drawn = await (way === 'held' ? service : budgetsService(deps)).month(user.id, month);
        if (run > 0) times[way].push(performance.now() - started);
        if (run === 0 && drawn.groups.length === 0) throw new Error('no categories drawn');
      }
    }
    log(`${label} (${month}): nothing held p50 ${quantile(times.cold, 0.5).toFixed(1)} ms, p95 ${quantile(times.cold, 0.95).toFixed(1)}; held p50 ${quantile(times.held, 0.5).toFixed(1)} ms, p95 ${quantile(times.held, 0.95).toFixed(1)} (${RUNS} runs each, taking turns)`);
  }

  // Editing one amount (PUT /budgets/{month}/assigned) in the last month, one edit after another as a person types
  // them, with nothing held and held, taking turns.
  const rewardsRepo = rewardsRepository(db);
  const quiet = { error: () => undefined } as unknown as FastifyBaseLogger;
  const rewards = createRewardsService(rewardsRepo, quiet);
  const withRewards = budgetsService({ ...deps, rewards });
  const category = categories[0]!;
  const puts = { cold: [] as number[], held: [] as number[] };
  for (let run = 0; run <= RUNS; run++) {
    for (const way of run % 2 === 0 ? (['cold', 'held'] as const) : (['held', 'cold'] as const)) {
      const assigned = 100 + run + (way === 'held' ? 0.5 : 0);
      const edit = way === 'held' ? withRewards : budgetsService({ ...deps, rewards });
      started = performance.now();
      await edit.assign(user.id, last, { category, assigned });
      if (run > 0) puts[way].push(performance.now() - started);
      // The page reads the month once before the first edit; the held way's next edit starts from what it holds.
      if (run === 0 && way === 'held') await withRewards.month(user.id, last);
    }
  }
  for (const way of ['cold', 'held'] as const) log(`edit one amount, ${way === 'cold' ? 'nothing held' : 'held'}: p50 ${quantile(puts[way], 0.5).toFixed(1)} ms, p95 ${quantile(puts[way], 0.95).toFixed(1)} ms over ${RUNS} runs`);
});
