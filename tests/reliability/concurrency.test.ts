import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_HISTORY_MAX_LIMIT } from '../../src/contract/goals';
import { createTestDatabase, type TestDatabase } from '../support/app';
import { allTransactions, cents, createAccount, http, LONG, startApi, type Account, type ApiProcess } from './support/api';

/**
 * Two API processes on one PostgreSQL, hammered at once with fund moves (deposits and
 * withdrawals on one goal) and transaction writes (creates and deletes). Whatever interleaving
 * the database chose, the balances must equal a recomputation from the stored rows, the goal
 * never dips below zero, and every acknowledged write is there.
 */
const OPERATIONS = LONG ? 2000 : 200;

interface Goal {
  goal_id: string;
  current_amount: number;
}
interface FundMove {
  type: 'deposit' | 'withdrawal';
  amount: number;
  balance_after: number;
}

describe.runIf(process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  let database: TestDatabase;
  const apis: ApiProcess[] = [];
  let account: Account;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Started together: the migrator lock makes one of them migrate.
    apis.push(...(await Promise.all([startApi({ databaseUrl: database.databaseUrl! }), startApi({ databaseUrl: database.databaseUrl! })])));
    account = await createAccount(apis[0]!.url);
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await database?.drop();
  });

  it(`${OPERATIONS} concurrent fund moves and transaction writes: balances equal a recomputation from rows`, async () => {
    const base = (i: number) => apis[i % 2]!.url;
    const created = await http<Goal>(base(0), 'POST', '/goals', { token: account.token, body: { name: 'Emergency fund', target_amount: 1_000_000, target_date: '2031-01-01', initial_amount: 100 } });
    expect(created.status).toBe(201);
    const goalId = created.body.goal_id;

    let deposited = cents(100);
    let withdrawn = 0;
    let refusedWithdrawals = 0;
    const ackedTransactions = new Map<string, number>();
    const deletedIds = new Set<string>();
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

    const operation = async (i: number) => {
      const kind = i % 4;
      if (kind === 0 || kind === 1) {
        const withdrawal = kind === 1;
        const amount = withdrawal ? 5 + (i % 37) : 1 + (i % 23);
        const res = await http(base(i), 'POST', `/goals/${goalId}/${withdrawal ? 'withdraw' : 'add'}-funds`, { token: account.token, body: { amount } });
        count(res.status);
        if (res.status === 200) {
          if (withdrawal) withdrawn += cents(amount);
          else deposited += cents(amount);
        } else if (withdrawal && res.status === 400) refusedWithdrawals++;
        return;
      }
      const amount = 3 + (i % 97) / 4;
      const type = kind === 2 ? 'expense' : 'income';
      const res = await http<{ transaction_id: string }>(base(i), 'POST', '/transactions', { token: account.token, body: { type, amount, date: '2026-02-10', category: type === 'income' ? 'Salary' : 'Groceries', description: `op ${i}` } });
      count(res.status);
      if (res.status !== 201) return;
      ackedTransactions.set(res.body.transaction_id, (type === 'income' ? 1 : -1) * cents(amount));
      // Every fifth one is deleted again through the other process.
      if (i % 5 === 2) {
        const del = await http(base(i + 1), 'DELETE', `/transactions/${res.body.transaction_id}`, { token: account.token });
        count(del.status);
        if (del.status === 200 || del.status === 204) deletedIds.add(res.body.transaction_id);
      }
    };
    await Promise.all(Array.from({ length: OPERATIONS }, (_, i) => operation(i)));

    // No 5xx, and only answers the rules allow.
    expect([...statuses.keys()].every((s) => [200, 201, 204, 400].includes(s)), JSON.stringify([...statuses])).toBe(true);

    // The goal: its amount is what the acknowledged moves left, its history adds up to it, it never went below zero.
    const goal = await http<Goal>(base(1), 'GET', `/goals/${goalId}`, { token: account.token });
    expect(cents(goal.body.current_amount)).toBe(deposited - withdrawn);
    const moves: FundMove[] = [];
    for (let offset = 0; ; offset += GOAL_HISTORY_MAX_LIMIT) {
      const page = await http<{ transactions: FundMove[]; total: number }>(base(0), 'GET', `/goals/${goalId}/transactions?limit=${GOAL_HISTORY_MAX_LIMIT}&offset=${offset}`, { token: account.token });
      moves.push(...page.body.transactions);
      if (moves.length >= page.body.total) break;
    }
    const fromHistory = moves.reduce((s, m) => s + (m.type === 'deposit' ? 1 : -1) * cents(m.amount), 0);
    expect(fromHistory).toBe(deposited - withdrawn);
    expect(moves.every((m) => m.balance_after >= 0)).toBe(true);

    // Transactions: every acknowledged create is there unless deleted, and the rollup totals equal the rows.
    const rows = await allTransactions(base(0), account.token);
    const stored = new Set(rows.map((r) => r.transaction_id));
    const missing = [...ackedTransactions.keys()].filter((id) => !deletedIds.has(id) && !stored.has(id));
    expect(missing).toEqual([]);
    expect([...deletedIds].filter((id) => stored.has(id))).toEqual([]);
    const overview = await http<{ balance: number; transaction_count: number }>(base(1), 'GET', '/transactions/summary/overview?month=2026-02', { token: account.token });
    const balanceFromRows = rows.reduce((s, r) => s + (r.type === 'income' ? 1 : -1) * cents(r.amount), 0);
    const expected = [...ackedTransactions].filter(([id]) => !deletedIds.has(id)).reduce((s, [, v]) => s + v, 0);
    expect({ count: overview.body.transaction_count, balance: cents(overview.body.balance) }).toEqual({ count: rows.length, balance: balanceFromRows });
    expect(balanceFromRows).toBe(expected);
    console.log(`concurrency: ${OPERATIONS} operations on 2 processes, ${moves.length} fund moves (${refusedWithdrawals} withdrawals refused), ${rows.length} transactions, 0 inconsistent balances`);
  });

  it('a double click on demo data through both processes leaves one demo set; a category deleted during creates leaves no orphan', async () => {
    const base = (i: number) => apis[i % 2]!.url;
    const demoTotal = async () => (await http<{ total: number }>(base(0), 'GET', '/transactions?source=demo&limit=1', { token: account.token })).body.total;
    expect((await http(base(0), 'POST', '/transactions/demo?seed=3', { token: account.token })).status).toBe(201);
    const setSize = await demoTotal();
    const loads = await Promise.all([0, 1, 2, 3, 4].map((i) => http(base(i), 'POST', '/transactions/demo?seed=3', { token: account.token })));
    expect(loads.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await demoTotal()).toBe(setSize);

    for (let round = 0; round < (LONG ? 20 : 5); round++) {
      const name = `Race ${round}`;
      expect((await http(base(round), 'POST', '/transactions/categories', { token: account.token, body: { name, type: 'expense' } })).status).toBe(201);
      const creates = Array.from({ length: 10 }, (_, i) =>
        http(base(i), 'POST', '/transactions', { token: account.token, body: { type: 'expense', amount: 4, date: '2026-02-11', category: name, description: `race ${round}.${i}` } }),
      );
      const del = new Promise((r) => setTimeout(r, round * 2)).then(() => http(base(round + 1), 'DELETE', `/transactions/categories/${encodeURIComponent(name)}`, { token: account.token }));
      const [deleted, ...created] = await Promise.all([del, ...creates]);
      const categories = (await http<{ categories: { name: string }[] }>(base(0), 'GET', '/transactions/categories', { token: account.token })).body.categories.map((c) => c.name);
      const rows = (await allTransactions(base(1), account.token)).filter((r) => r.category === name);
      if (categories.includes(name)) expect(rows.length).toBe(created.filter((r) => r.status === 201).length);
      else {
        expect(rows).toEqual([]);
        expect(deleted.status).not.toBe(409);
      }
    }
  });
});
