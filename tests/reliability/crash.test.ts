import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/app';
import { allTransactions, cents, createAccount, http, LONG, logIn, startApi, type Account, type ApiProcess } from './support/api';

/**
 * kill -9 the API while it acknowledges writes, restart it, and count acknowledged writes that
 * are gone (must be 0); then check the rollups (summary totals) against a sum of the rows.
 * PGlite always; PostgreSQL when DATABASE_URL is set, and only with fsync on (.ci/run starts one).
 */
const ROUNDS = LONG ? 10 : 1;
const WRITERS = 8;

interface RoundResult {
  acknowledged: number;
  lost: number;
}

async function writeUntilKilled(api: ApiProcess, account: Account, round: number, acked: Map<string, number>): Promise<void> {
  let stop = false;
  const writer = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const description = `r${round}-w${w}-${i}`;
      const amount = 1 + ((w * 131 + i * 17) % 9000) / 100;
      try {
        const res = await http(api.url, 'POST', '/transactions', { token: account.token, body: { type: i % 5 === 0 ? 'income' : 'expense', amount, date: '2026-01-15', category: i % 5 === 0 ? 'Salary' : 'Groceries', description } });
        if (res.status === 201) acked.set(description, (i % 5 === 0 ? 1 : -1) * cents(amount));
      } catch {
        // The connection died with the process: not acknowledged.
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  // Kill at a moment that differs per round, once writes are flowing.
  const until = Date.now() + 60_000;
  const before = acked.size;
  while (acked.size < before + 25 + ((round * 7) % 20) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 150 + ((round * 97) % 400)));
  await api.kill9();
  stop = true;
  await Promise.all(writers);
}

async function crashRounds(start: () => Promise<ApiProcess>): Promise<RoundResult[]> {
  let api = await start();
  const account = await createAccount(api.url);
  const acked = new Map<string, number>();
  const results: RoundResult[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      await writeUntilKilled(api, account, round, acked);
      api = await start();
      account.token = await logIn(api.url, account);
      const rows = await allTransactions(api.url, account.token);
      const stored = new Set(rows.map((r) => r.description));
      const lost = [...acked.keys()].filter((d) => !stored.has(d)).length;
      results.push({ acknowledged: acked.size, lost });

      // The rollups the summaries read agree with the rows that survived.
      const overview = await http<{ balance: number; total_income: number; total_expenses: number; transaction_count: number }>(api.url, 'GET', '/transactions/summary/overview?month=2026-01', { token: account.token });
      expect(overview.status).toBe(200);
      const income = rows.filter((r) => r.type === 'income').reduce((s, r) => s + cents(r.amount), 0);
      const expenses = rows.filter((r) => r.type === 'expense').reduce((s, r) => s + cents(r.amount), 0);
      expect({ count: overview.body.transaction_count, income: cents(overview.body.total_income), expenses: cents(overview.body.total_expenses) }).toEqual({ count: rows.length, income, expenses });
    }
  } finally {
    await api.stop();
  }
  console.log(`crash: ${ROUNDS} kill -9 rounds, ${results.at(-1)?.acknowledged ?? 0} acknowledged writes, ${results.reduce((s, r) => s + r.lost, 0)} lost`);
  return results;
}

describe('kill -9 during writes loses no acknowledged write', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('on the embedded PGlite', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'finu-crash-'));
    dirs.push(dataDir);
    const results = await crashRounds(() => startApi({ dataDir }));
    expect(results.map((r) => r.lost)).toEqual(results.map(() => 0));
    expect(results.at(-1)!.acknowledged).toBeGreaterThanOrEqual(25 * ROUNDS);
  });

  describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
    let database: TestDatabase;
    afterAll(async () => {
      await database?.drop();
    });

    it('with fsync on', async () => {
      database = await createTestDatabase();
      const client = new pg.Client({ connectionString: database.databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ fsync: string }>('show fsync');
      await client.end();
      expect(rows[0]!.fsync, 'the crash test needs a PostgreSQL with fsync on (PG_DURABLE=1 tests/support/postgres.sh start DIR)').toBe('on');
      const results = await crashRounds(() => startApi({ databaseUrl: database.databaseUrl! }));
      expect(results.map((r) => r.lost)).toEqual(results.map(() => 0));
    });
  });
});
