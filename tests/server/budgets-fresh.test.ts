import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BudgetMonth } from '../../src/contract/budgets';
import type { ImportJob, ImportPreview, Transaction } from '../../src/contract/transactions';
import { budgetsService } from '../../src/server/services/budgets/service';
import { bearer, signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

// The budget keeps each user's amounts and monthly activity between reads, valid while the user's data version
// stays; these tests change what a month is drawn from in every way a user can and compare each read with a month
// drawn from scratch (a new service, nothing held), which stands for an API process that never read the user.
const app = useTestApp();

const fromScratch = (userId: string, month: string) =>
  budgetsService({ budgets: app.repos.budgets, categories: app.repos.categories, transactions: app.repos.transactions, users: app.repos.users }).month(userId, month);

const MONTHS = ['2024-02', '2024-03', '2024-04'] as const;

function client(user: VerifiedUser) {
  const { call, ok } = userClient(app, user);
  return {
    call,
    ok,
    month: (month: string) => ok<BudgetMonth>('GET', `/budgets/${month}`),
    assign: (month: string, category: string, assigned: number) => ok<BudgetMonth>('PUT', `/budgets/${month}/assigned`, { category, assigned }),
    add: (date: string, amount: number, category: string, type = 'expense') => ok<Transaction>('POST', '/transactions', { type, amount, date, category, description: 'x' }, 201),
    /** Every month as the app answers it equals the month drawn from scratch. */
    async same(step: string) {
      for (const m of MONTHS) {
        const { reward: _reward, ...answered } = (await this.month(m)) as BudgetMonth & { reward?: unknown };
        expect(answered, `${step}: ${m}`).toEqual(await fromScratch(user.userId, m));
      }
    },
  };
}

async function importOfx(user: VerifiedUser, name: string): Promise<ImportJob> {
  const file = readFileSync(new URL(`./fixtures/bank/${name}`, import.meta.url));
  const uploaded = await app.inject({ method: 'POST', url: `/transactions/import?file_name=${name}`, headers: { ...bearer(user.token), 'content-type': 'text/csv' }, payload: file });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const preview = uploaded.json<ImportPreview>();
  const committed = await app.inject({ method: 'POST', url: `/transactions/import/${preview.import_id}/commit`, headers: bearer(user.token), payload: { mapping: preview.mapping } });
  expect(committed.statusCode, committed.body).toBe(202);
  // The import runs as a job: its status is read until it has ended (no fixed wait).
  const until = Date.now() + 120_000;
  for (;;) {
    const job = (await app.inject({ method: 'GET', url: `/transactions/import/${preview.import_id}`, headers: bearer(user.token) })).json<ImportJob>();
    if (job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled') return job;
    if (Date.now() > until) throw new Error(`import still ${job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a budget month after its transactions or amounts change', () => {
  it('equals the month drawn from scratch after each create, edit, delete, import and category merge', async () => {
    const user = await signUpWithAccess(app);
    const u = client(user);
    await u.ok('POST', '/transactions/categories', { name: 'Coffee', type: 'expense' }, 201);
    await u.add('2024-02-01', 3000, 'Salary', 'income');
    for (const m of MONTHS) {
      await u.ok('PUT', `/budgets/${m}/rollover`, { category: 'Groceries', rollover: 'full' });
      await u.assign(m, 'Groceries', 300);
      await u.assign(m, 'Dining', 120);
      await u.assign(m, 'Coffee', 40);
    }
    await u.same('amounts only');

    const groceries = await u.add('2024-02-10', 80, 'Groceries');
    await u.same('a transaction added');
    await u.assign('2024-03', 'Groceries', 310);
    await u.ok('PUT', `/transactions/${groceries.transaction_id}`, { amount: 95.5 });
    await u.same('its amount edited');
    await u.ok('PUT', `/transactions/${groceries.transaction_id}`, { category: 'Dining' });
    await u.same('its category edited');
    await u.assign('2024-02', 'Dining', 130);
    await u.ok('PUT', `/transactions/${groceries.transaction_id}`, { date: '2024-03-20' });
    await u.same('its date moved to the next month');
    const coffee = await u.add('2024-04-02', 12.25, 'Coffee');
    await u.same('another added');
    await u.ok('DELETE', `/transactions/${groceries.transaction_id}`);
    await u.same('one deleted');
    const job = await importOfx(user, 'checking-march.ofx');
    expect(job.status).toBe('completed');
    expect(job.rows_imported).toBeGreaterThan(0);
    await u.same('a bank file imported');
    await u.assign('2024-04', 'Coffee', 55);
    await u.ok('POST', '/transactions/categories/Coffee/merge', { into: 'Dining' });
    await u.same('a category merged into another');
    const april = await u.month('2024-04');
    expect(april.groups.flatMap((g) => g.categories).find((c) => c.category === 'Dining')).toMatchObject({ assigned: 175, activity: -12.25 });
    void coffee;
  });

  it('another API process that writes an amount or a transaction is seen by the next read here', async () => {
    const user = await signUpWithAccess(app);
    const u = client(user);
    await u.add('2024-03-01', 1000, 'Salary', 'income');
    await u.assign('2024-03', 'Groceries', 200);
    await u.same('read here first');
    // A second service over the same database stands for a second API process.
    const other = budgetsService({ budgets: app.repos.budgets, categories: app.repos.categories, transactions: app.repos.transactions, users: app.repos.users });
    await other.assign(user.userId, '2024-02', { category: 'Groceries', assigned: 50 });
    await u.same('an amount written by the other process');
    await app.repos.budgets.setAssigned(user.userId, '2024-03', [{ category: 'Groceries', assignedMinor: 23_400 }]);
    expect((await u.month('2024-03')).assigned).toBe(234);
    await u.same('an amount written straight into the table');
    // Edits here again: each answers the month as a fresh read gives it, with the other process's amounts in place.
    for (const assigned of [10, 20]) {
      const { reward: _reward, ...answered } = (await u.assign('2024-04', 'Groceries', assigned)) as BudgetMonth & { reward?: unknown };
      expect(answered).toEqual(await fromScratch(user.userId, '2024-04'));
    }
    await u.same('two edits in a row');
  });
});
