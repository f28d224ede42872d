/**
 * The bank import's look-up of hand-typed rows a bank row may be (repositories/importMatches.ts), its
 * two plans in one run: the range walk of the account's dates (a hashed semi-join of the batch's
 * (amount, date) pairs; the only plan before) against one index probe per pair, and the one the
 * repository picks from the account's monthly rollup. Seeds one
 * account as bench-bank-import.ts does (every seeded row hand-typed: the worst case), then asks for the
 * candidates of one import batch (2,000 rows over 73 days, as a 10,000-row yearly statement's batch).
 *
 *   npx tsx src/tools/bench-import-matches.ts --rows 100000
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { addDays, today } from '../contract/calendar';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { transactionsRepository } from '../server/repositories/transactions';
import { benchEnv, createBenchUser, freshBenchStore, rows, seedTransactions } from './benchSeed';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const ROWS = Math.floor(positiveOption(argv, 'rows', 100_000));
const BATCH = 2_000;
const log = (line: string) => console.log(`[bench:import-matches] ${line}`);

async function main() {
  const store = await freshBenchStore('bench_matches');
  try {
    const database = await openDatabase(loadConfig(benchEnv(store)));
    const db = database.db;
    const user = await createBenchUser(db, 'bench-matches@example.com', 'bench password 1');
    await seedTransactions(db, user.id, ROWS, log, { accounts: 1 });
    const [account] = await rows<{ id: string }>(db, sql`select account_id as id from transactions where user_id = ${user.id} limit 1`);
    // One batch of a yearly 10,000-row statement: 2,000 rows over the newest 73 days, amounts 3.00–203.00.
    const end = today();
    const keys = Array.from({ length: BATCH }, (_, i) => ({ amountMinor: 300 + ((i * 7919) % 20_000), date: addDays(end, -Math.floor((i * 73) / BATCH)) }));
    const query = { from: addDays(end, -76), to: addDays(end, 3), keys, days: 3 };
    const repo = transactionsRepository(db);

    const walk = async () =>
      rows<{ id: string }>(
        db,
        sql`select id from transactions where account_id = ${account!.id} and user_id = ${user.id} and date >= ${query.from} and date <= ${query.to}
          and bank_id is null and source = 'manual' and kind = 'standard' and parent_id is null
          and exists (select 1 from unnest(${sql.param(keys.map((k) => k.amountMinor))}::bigint[], ${sql.param(keys.map((k) => k.date))}::date[]) as k(a, d)
            where k.a = amount_minor and date between k.d - 3 and k.d + 3)`,
      );
    const probes = async () =>
      rows<{ id: string }>(
        db,
        sql`select distinct t.id from unnest(${sql.param(keys.map((k) => k.amountMinor))}::bigint[], ${sql.param(keys.map((k) => k.date))}::date[]) as k(a, d)
          cross join lateral (select x.id from transactions x where x.user_id = ${user.id} and x.amount_minor = k.a and x.date between k.d - 3 and k.d + 3
            and x.account_id = ${account!.id} and x.bank_id is null and x.source = 'manual' and x.kind = 'standard' and x.parent_id is null) t`,
      );
    const picked = () => repo.manualCandidates(user.id, account!.id, query);
    const time = async (run: () => Promise<unknown[]>) => {
      let best = Infinity;
      let found = 0;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        found = (await run()).length;
        best = Math.min(best, performance.now() - t0);
      }
      return { ms: best, found };
    };
    log(`account of ${ROWS.toLocaleString('en-US')} rows, one batch of ${BATCH} (amount, date) pairs; load average ${loadavg()[0]!.toFixed(1)}`);
    const before = await time(walk);
    const probed = await time(probes);
    const after = await time(picked);
    log(`range walk (the only plan before): ${before.ms.toFixed(0)} ms, ${before.found} candidates`);
    log(`index probes: ${probed.ms.toFixed(0)} ms, ${probed.found} candidates`);
    log(`the repository's pick: ${after.ms.toFixed(0)} ms, ${after.found} candidates; before/after ${(before.ms / after.ms).toFixed(2)}×`);
    await database.close();
  } finally {
    await store.drop();
    if (store.dataDir) rmSync(store.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
