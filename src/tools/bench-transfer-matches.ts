/**
 * `npx tsx src/tools/bench-transfer-matches.ts`: "Match transfers" (GET /transactions/transfer-matches,
 * the batch list of likely transfer pairs) for a user with 1,000,000 transactions over twelve accounts
 * (seeded as `npm run bench` does, benchSeed.ts) plus `--pairs` real own transfers in the last 90 days
 * (an outgoing row and its incoming twin a day later in another account). Through the API in this
 * process (`app.inject`); prints p50 and p95 of the first page and of walking every page of the default
 * 90-day window, then the plan of one probe (the per-row lookup the list makes for each outgoing row).
 * Not part of `npm test`.
 *
 *   npx tsx src/tools/bench-transfer-matches.ts --rows 100000 --runs 20
 *   DATABASE_URL=postgres://… npx tsx src/tools/bench-transfer-matches.ts
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { usersRepository } from '../server/repositories/users';
import { hashPassword } from '../server/services/passwords';
import { freshBenchStore, rows, seedTransactions } from './benchSeed';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const ROWS = Math.floor(positiveOption(argv, 'rows', 1_000_000));
const RUNS = Math.floor(positiveOption(argv, 'runs', 20));
const PAIRS = Math.floor(positiveOption(argv, 'pairs', 120));
const EMAIL = 'bench-transfers@example.com';
const PASSWORD = 'bench password 1';
const log = (line: string) => console.log(`[bench:transfer-matches] ${line}`);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  const store = await freshBenchStore('bench_transfers');
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(store.dataDir ? { DATA_DIR: store.dataDir } : {}),
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  };
  try {
    const config = loadConfig(env);
    const database = await openDatabase(config);
    const users = usersRepository(database.db);
    const user = (await users.create({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), fullName: 'Bench User' }))!;
    await users.markVerified(user.id);
    const started = performance.now();
    log(`seeding ${ROWS.toLocaleString('en-US')} transactions…`);
    await seedTransactions(database.db, user.id, ROWS, log);
    // Own transfers: checking → savings, amounts no seeded row has (whole hundreds above the merchants' ranges).
    const [checking, savings] = await rows<{ id: string }>(database.db, sql`select id from accounts where user_id = ${user.id} order by position limit 2`);
    await database.db.execute(sql`
      insert into transactions (user_id, account_id, type, amount_minor, date, category, description, source)
      select ${user.id}::uuid, case when leg = 0 then ${checking!.id}::uuid else ${savings!.id}::uuid end, case when leg = 0 then 'expense' else 'income' end,
        1000000 + g * 100, current_date - 1 - (g * 89 / ${PAIRS}) + leg, 'Uncategorized', 'Transfer ' || g, 'import'
      from generate_series(1, ${PAIRS}) as g cross join (values (0), (1)) as l(leg)`);
    await database.db.execute(sql`analyze transactions`);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (${PAIRS} own transfers in the last 90 days)`);

    // The probe the list makes for one outgoing row (the lateral subquery of the accounts repository's pairs()).
    const [out] = await rows<{ id: string; account_id: string; amount_minor: number; date: string }>(
      database.db,
      sql`select id, account_id, amount_minor, date::text from transactions where user_id = ${user.id} and type = 'expense' order by date desc, id desc limit 1`,
    );
    const plan = await rows<{ 'QUERY PLAN': string }>(
      database.db,
      sql`explain analyze select b.id from transactions b
        where b.user_id = ${user.id} and b.amount_minor = ${out!.amount_minor} and b.type = 'income'
          and b.account_id <> ${out!.account_id} and b.transfer_id is null and b.kind = 'standard'
          and b.date between ${out!.date}::date - 3 and ${out!.date}::date + 3
        order by abs(b.date - ${out!.date}::date), b.id limit 1`,
    );
    // The whole first page as the accounts repository's pairs() asks it (kept in step by hand).
    const pagePlan = await rows<{ 'QUERY PLAN': string }>(
      database.db,
      sql`explain analyze select a.id as out_id, b.id as in_id
        from transactions a
        cross join lateral (
          select b.id from transactions b
          where b.user_id = a.user_id and b.amount_minor = a.amount_minor and b.type = 'income'
            and b.account_id <> a.account_id and b.transfer_id is null and b.kind = 'standard'
            and b.date between a.date - 3 and a.date + 3
            and not exists (select 1 from transfer_match_dismissals d where d.user_id = a.user_id and d.low_id = least(a.id, b.id) and d.high_id = greatest(a.id, b.id))
          order by abs(b.date - a.date), b.id
          limit 1
        ) b
        where a.user_id = ${user.id} and a.type = 'expense' and a.kind = 'standard' and a.transfer_id is null
          and a.date between current_date - 89 and current_date
        order by a.date desc, a.id desc
        limit 51`,
    );
    const window = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from transactions where user_id = ${user.id} and type = 'expense' and date > current_date - 90 and date <= current_date`);
    await database.close();

    const app = await buildApp(config, { logger: false });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/users/login', payload: { email: EMAIL, password: PASSWORD } });
      const token = login.json<{ access_token: string }>().access_token;
      const headers = { authorization: `Bearer ${token}` };
      await app.inject({ method: 'POST', url: '/subscription/trial/start', headers });
      const first: number[] = [];
      const walk: number[] = [];
      let found = 0;
      let pages = 0;
      for (let run = 0; run <= RUNS; run++) {
        let cursor: string | null = null;
        let t0 = performance.now();
        found = 0;
        pages = 0;
        const walkStart = t0;
        do {
          const res: { statusCode: number; body: string; json: <T>() => T } = await app.inject({ method: 'GET', url: `/transactions/transfer-matches${cursor ? `?cursor=${cursor}` : ''}`, headers });
          if (res.statusCode !== 200) throw new Error(`transfer-matches: ${res.statusCode} ${res.body}`);
          const body: { pairs: unknown[]; next_cursor: string | null } = res.json();
          if (pages === 0 && run > 0) first.push(performance.now() - t0);
          found += body.pairs.length;
          pages += 1;
          cursor = body.next_cursor;
          t0 = performance.now();
        } while (cursor);
        if (run > 0) walk.push(performance.now() - walkStart);
      }
      const where = `${ROWS.toLocaleString('en-US')} rows, ${window[0]!.n.toLocaleString('en-US')} outgoing rows in the window, ${store.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs`;
      log(`first page: p50 ${percentile(first, 0.5).toFixed(1)} ms, p95 ${percentile(first, 0.95).toFixed(1)} ms (${where})`);
      log(`every page (${pages}, ${found} pairs): p50 ${percentile(walk, 0.5).toFixed(1)} ms, p95 ${percentile(walk, 0.95).toFixed(1)} ms`);
      log('plan of the first page:');
      for (const line of pagePlan) console.log(`  ${line['QUERY PLAN']}`);
      log('plan of one probe:');
      for (const line of plan) console.log(`  ${line['QUERY PLAN']}`);
    } finally {
      await app.close();
    }
  } finally {
    await store.drop();
    if (store.dataDir) rmSync(store.dataDir, { recursive: true, force: true });
  }
}

await main();
