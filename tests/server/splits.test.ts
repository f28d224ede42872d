import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { BudgetMonth } from '../../src/contract/budgets';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import type { SplitResponse } from '../../src/contract/splits';
import type { ImportPreview, Transaction, TransactionListResponse } from '../../src/contract/transactions';
import { bearer, signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

function client(user: VerifiedUser) {
  const { call, ok } = userClient(app, user);
  return {
    call,
    ok,
    spend: (date: string, amount: number, category = 'Shopping', extra: Record<string, unknown> = {}) =>
      ok<Transaction>('POST', '/transactions', { type: 'expense', amount, date, category, description: 'Costco', merchant: 'COSTCO WHSE #123', ...extra }, 201),
    split: (id: string, lines: { category: string; amount: number; memo?: string }[]) => ok<SplitResponse>('PUT', `/transactions/${id}/split`, { lines }),
    list: async (query = '') => ok<TransactionListResponse>('GET', `/transactions?include_total=true${query}`),
    dashboard: (from: string, to: string) => ok<DashboardAnalytics>('GET', `/dashboard/analytics?period=custom&date_from=${from}&date_to=${to}`),
    budget: (month: string) => ok<BudgetMonth>('GET', `/budgets/${month}`),
    account: (id: string) => ok<Account>('GET', `/accounts/${id}`),
  };
}

/** The database's own words for a refused statement (drizzle wraps them as "Failed query"). */
const refusal = (statement: string) =>
  app.db.execute(statement).then(
    () => 'accepted',
    (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
  );

const spentIn = (d: DashboardAnalytics) => Object.fromEntries(d.categories.map((c) => [c.category, [c.amount, c.count]]));
const activity = (m: BudgetMonth, category: string) => m.groups.flatMap((g) => g.categories).find((c) => c.category === category)?.activity ?? 0;

describe('splits: one bank row divided into category lines', () => {
  it('the lines, not the split row, count in the dashboard, budget activity, category spending and export; the list shows the row once', async () => {
    const u = client(await signUpWithAccess(app));
    const row = await u.spend('2025-03-10', 100);
    await u.spend('2025-03-11', 20, 'Groceries', { merchant: 'Trader Joes', description: 'groceries' });
    const before = await u.account(row.account_id);

    const split = await u.split(row.transaction_id, [
      { category: 'Groceries', amount: 60.25, memo: 'food' },
      { category: 'Utilities', amount: 39.75 },
    ]);
    expect(split.transaction).toMatchObject({ transaction_id: row.transaction_id, split: true, amount: 100, category: 'Shopping', counts: false });
    expect(split.lines.map((l) => [l.category, l.amount, l.memo])).toEqual([
      ['Groceries', 60.25, 'food'],
      ['Utilities', 39.75, null],
    ]);

    // Dashboard (rollups): the lines by category, the split row's own category gone; spending unchanged.
    const dash = await u.dashboard('2025-03-01', '2025-03-31');
    expect(spentIn(dash)).toEqual({ Groceries: [80.25, 2], Utilities: [39.75, 1] });
    expect(dash.totals.spending).toBe(120);
    // Category spending of the period.
    const cats = await u.ok<{ total: number; categories: { category: string; total: number }[] }>('GET', '/transactions/categories/expenses?date_from=2025-03-01&date_to=2025-03-31');
    expect(cats.total).toBe(120);
    expect(Object.fromEntries(cats.categories.map((c) => [c.category, c.total]))).toEqual({ Groceries: 80.25, Utilities: 39.75 });
    // Budget activity for the month.
    const month = await u.budget('2025-03');
    expect([activity(month, 'Groceries'), activity(month, 'Utilities'), activity(month, 'Shopping')]).toEqual([-80.25, -39.75, 0]);
    // The account's balance moves by the bank row only, once.
    expect((await u.account(row.account_id)).balance).toBe(before.balance);

    // The list: one row for the split, the total and a filtered total count rows, not lines.
    const list = await u.list();
    expect(list.transactions.map((t) => [t.amount, t.split])).toEqual([
      [20, false],
      [100, true],
    ]);
    expect(list.total).toBe(2);
    expect((await u.list('&date_from=2025-03-01&date_to=2025-03-31')).total).toBe(2);
    expect((await u.list('&date_from=2025-03-01&date_to=2025-03-31&type=expense')).transactions).toHaveLength(2);
    // A search for the payee finds the split row once.
    expect((await u.list('&q=costco')).transactions.map((t) => t.transaction_id)).toEqual([row.transaction_id]);
    // Filter totals (amount filter reads rows): lines are counted, the split row is not.
    const totals = await u.ok<{ spending: number; transaction_count: number }>('GET', '/transactions/summary?date_from=2025-03-01&date_to=2025-03-31&amount_min=0.01');
    expect(totals.spending).toBe(120);
    expect((await u.ok<{ spending: number }>('GET', '/transactions/summary?date_from=2025-03-01&date_to=2025-03-31')).spending).toBe(120);

    // The export writes the lines.
    const csv = (await u.call('GET', '/transactions/export?date_from=2025-03-01&date_to=2025-03-31')).raw;
    expect(csv).toContain('60.25');
    expect(csv).toContain('39.75');
    expect(csv).not.toMatch(/,100(\.00)?,/);
  });

  it('editing keeps the invariant: date and account changes move the lines; amount, type and category ask for the lines; re-splitting replaces them; unsplit and delete undo it', async () => {
    const u = client(await signUpWithAccess(app));
    const row = await u.spend('2025-04-30', 50);
    await u.split(row.transaction_id, [
      { category: 'Groceries', amount: 30 },
      { category: 'Dining', amount: 20 },
    ]);
    // The date moves the lines with it.
    await u.ok('PUT', `/transactions/${row.transaction_id}`, { date: '2025-05-02', description: 'Costco run' });
    expect(activity(await u.budget('2025-04'), 'Groceries')).toBe(0);
    expect(activity(await u.budget('2025-05'), 'Groceries')).toBe(-30);
    // So does the account: the lines follow, the balances move by the bank row once.
    const card = await u.ok<Account>('POST', '/accounts', { name: 'Card', kind: 'credit_card' }, 201);
    await u.ok('PUT', `/transactions/${row.transaction_id}`, { account_id: card.account_id });
    const moved = (await app.db.execute(`select count(*)::int as n from transactions where parent_id = '${row.transaction_id}' and account_id = '${card.account_id}'`)) as unknown as { rows: { n: number }[] };
    expect(moved.rows[0]!.n).toBe(2);
    expect((await u.account(card.account_id)).owed).toBe(50);
    expect(activity(await u.budget('2025-05'), 'Groceries')).toBe(-30);
    // Amount, type, category of a split row: 409 naming the way.
    for (const change of [{ amount: 51 }, { type: 'income' }, { category: 'Dining' }]) {
      const res = await u.call<{ detail: string }>('PUT', `/transactions/${row.transaction_id}`, change);
      expect(res.status, res.raw).toBe(409);
      expect(res.body.detail).toMatch(/split/);
    }
    // A line is not changed or deleted on its own.
    const { lines } = await u.ok<SplitResponse>('GET', `/transactions/${row.transaction_id}/split`);
    expect(lines).toHaveLength(2);
    expect((await u.call('PUT', `/transactions/${lines[0]!.transaction_id}`, { amount: 1 })).status).toBe(409);
    expect((await u.call('DELETE', `/transactions/${lines[0]!.transaction_id}`)).status).toBe(409);
    // Re-splitting replaces the lines.
    await u.split(row.transaction_id, [
      { category: 'Groceries', amount: 10 },
      { category: 'Dining', amount: 15 },
      { category: 'Utilities', amount: 25 },
    ]);
    expect(spentIn(await u.dashboard('2025-05-01', '2025-05-31'))).toEqual({ Groceries: [10, 1], Dining: [15, 1], Utilities: [25, 1] });
    // Unsplit: one row again, in its own category.
    const back = await u.ok<SplitResponse>('DELETE', `/transactions/${row.transaction_id}/split`);
    expect(back.transaction).toMatchObject({ split: false, counts: true, category: 'Shopping' });
    expect(spentIn(await u.dashboard('2025-05-01', '2025-05-31'))).toEqual({ Shopping: [50, 1] });
    // Delete a split row: its lines go with it.
    await u.split(row.transaction_id, [
      { category: 'Groceries', amount: 49.99 },
      { category: 'Dining', amount: 0.01 },
    ]);
    await u.ok('DELETE', `/transactions/${row.transaction_id}`);
    expect(spentIn(await u.dashboard('2025-05-01', '2025-05-31'))).toEqual({});
    expect((await u.list()).total).toBe(0);
  });

  it('the database refuses lines that do not add up, whoever writes them', async () => {
    const u = client(await signUpWithAccess(app));
    const row = await u.spend('2025-06-01', 10);
    const { lines } = await u.split(row.transaction_id, [
      { category: 'Groceries', amount: 4 },
      { category: 'Dining', amount: 6 },
    ]);
    expect(await refusal(`update transactions set amount_minor = 500 where id = '${lines[0]!.transaction_id}'`)).toMatch(/split lines of .* sum to 1100 in 2 lines, not 1000/);
    expect(await refusal(`update transactions set amount_minor = 2000 where id = '${row.transaction_id}'`)).toMatch(/sum to 1000 in 2 lines, not 2000/);
    expect(await refusal(`delete from transactions where id = '${lines[1]!.transaction_id}'`)).toMatch(/sum to 400 in 1 lines/);
    expect(await refusal(`update transactions set split = false where id = '${row.transaction_id}'`)).toMatch(/has lines but is not split/);
    expect((await u.ok<SplitResponse>('GET', `/transactions/${row.transaction_id}/split`)).lines.map((l) => l.amount)).toEqual([4, 6]);
  });

  it("the list carries a split row's lines (category, amount, memo) for it to show under the row; other rows have none", async () => {
    const u = client(await signUpWithAccess(app));
    const row = await u.spend('2025-03-10', 100);
    await u.spend('2025-03-11', 20, 'Groceries');
    await u.split(row.transaction_id, [
      { category: 'Groceries', amount: 60.25, memo: 'food' },
      { category: 'Utilities', amount: 39.75 },
    ]);
    const { transactions } = await u.list();
    expect(transactions.map((t) => [t.amount, t.split_lines])).toEqual([
      [20, undefined],
      [
        100,
        [
          { category: 'Groceries', amount: 60.25, memo: 'food' },
          { category: 'Utilities', amount: 39.75, memo: null },
        ],
      ],
    ]);
    // Only in the list: one row read alone stays as it was.
    expect((await u.ok<Transaction>('GET', `/transactions/${row.transaction_id}`)).split_lines).toBeUndefined();
  });

  it('bad input answers 4xx with a detail; another user sees nothing', async () => {
    const u = client(await signUpWithAccess(app));
    const other = client(await signUpWithAccess(app));
    const row = await u.spend('2025-07-01', 30);
    const put = (lines: unknown, id = row.transaction_id) => u.call<{ detail: string }>('PUT', `/transactions/${id}/split`, { lines });

    const short = await put([{ category: 'Groceries', amount: 10 }, { category: 'Dining', amount: 10 }]);
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe("The lines add up to 20.00, not the transaction's 30.00");
    expect((await put([{ category: 'Groceries', amount: 30 }])).status).toBe(422);
    expect((await put([{ category: 'Nope', amount: 10 }, { category: 'Dining', amount: 20 }])).body.detail).toMatch(/lines\[0\]\.category 'Nope' is not a known category/);
    expect((await put([{ category: 'Groceries', amount: -10 }, { category: 'Dining', amount: 40 }])).status).toBe(422);
    expect((await put([{ category: 'Groceries', amount: 10.001 }, { category: 'Dining', amount: 20 }])).status).toBe(422);
    expect((await put('x')).status).toBe(422);
    expect((await u.call('DELETE', `/transactions/${row.transaction_id}/split`)).status).toBe(409);
    expect((await put([{ category: 'Groceries', amount: 10 }, { category: 'Dining', amount: 20 }], 'not-an-id')).status).toBe(404);

    // A transfer leg cannot be split.
    const a = await u.ok<Account>('POST', '/accounts', { name: 'Savings', kind: 'savings' }, 201);
    const transfer = await u.ok<{ from: Transaction }>('POST', '/accounts/transfers', { from_account_id: row.account_id, to_account_id: a.account_id, amount: 30, date: '2025-07-02' }, 201);
    expect((await put([{ category: 'Groceries', amount: 10 }, { category: 'Dining', amount: 20 }], transfer.from.transaction_id)).status).toBe(409);

    // Another user's transaction: 404 to read, split or unsplit, and it stays as it was.
    const lines = [
      { category: 'Groceries', amount: 10 },
      { category: 'Dining', amount: 20 },
    ];
    expect((await other.call('PUT', `/transactions/${row.transaction_id}/split`, { lines })).status).toBe(404);
    await u.split(row.transaction_id, lines);
    expect((await other.call('GET', `/transactions/${row.transaction_id}/split`)).status).toBe(404);
    expect((await other.call('DELETE', `/transactions/${row.transaction_id}/split`)).status).toBe(404);
    expect((await other.list()).total).toBe(0);
    expect(spentIn(await other.dashboard('2025-07-01', '2025-07-31'))).toEqual({});
  });

  it('undoing an import removes its split rows with their lines', async () => {
    const user = await signUpWithAccess(app);
    const u = client(user);
    const upload = await app.inject({
      method: 'POST',
      url: '/transactions/import?file_name=march.ofx',
      headers: { ...bearer(user.token), 'content-type': 'application/x-ofx' },
      payload: readFileSync(new URL('./fixtures/bank/checking-march.ofx', import.meta.url)),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const preview = upload.json<ImportPreview>();
    await u.ok('POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping }, 202);
    const until = Date.now() + 60_000;
    while ((await u.ok<{ status: string }>('GET', `/transactions/import/${preview.import_id}`)).status !== 'completed') {
      if (Date.now() > until) throw new Error('import still running');
      await new Promise((r) => setTimeout(r, 50));
    }
    const rows = (await u.list()).transactions.filter((t) => t.type === 'expense');
    const target = rows[0]!;
    const half = Math.round(target.amount * 50) / 100;
    await u.split(target.transaction_id, [
      { category: 'Groceries', amount: half },
      { category: 'Dining', amount: Math.round((target.amount - half) * 100) / 100 },
    ]);
    await u.ok('DELETE', `/transactions/import/${preview.import_id}`);
    expect((await u.list()).total).toBe(0);
    expect(spentIn(await u.dashboard('2024-01-01', '2024-12-31'))).toEqual({});
    expect((await app.db.execute(`select count(*)::int as n from transactions where parent_id = '${target.transaction_id}'`)) as unknown as { rows: { n: number }[] }).toMatchObject({ rows: [{ n: 0 }] });
  });
});
