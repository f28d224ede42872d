import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBudget } from '../../src/server/services/coach/budgetsBills';
import { createTestApp, type TestApp } from '../support/app';
import { askCoach, coachTools } from '../support/coach';
import { currencyPerson, type CurrencyPerson as Client } from '../support/currency';

let testApp: TestApp;
let app: FastifyInstance;

// Building the migrated database template after a migration changes takes a while on a busy machine.
beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
}, 600_000);
afterAll(async () => {
  await testApp?.close();
});

type Dashboard = { totals: { income: number; spending: number; transaction_count: number }; categories: { category: string; amount: number; count: number }[]; top_merchants: { merchant: string; amount: number }[]; unconverted_count: number };
type Report = { expenses: number; income: number; transaction_count: number; unconverted_count: number };
type Budget = { activity: number; unconverted_count: number };

const march = (u: Client) => ({
  dashboard: () => u.ok<Dashboard>('GET', '/dashboard/analytics?period=custom&date_from=2025-03-01&date_to=2025-03-31&time_unit=days'),
  report: () => u.ok<Report>('GET', '/transactions/reports/monthly/2025/3'),
  budget: () => u.ok<Budget>('GET', '/budgets/2025-03'),
});

/** A USD user with a euro account, the March rates file, and March spending in both currencies. */
async function euroMarch() {
  const u = await currencyPerson(app);
  const checking = await u.account('Checking');
  const euros = await u.account('Girokonto', 'EUR');
  await u.importRates();
  const spend = u.spend;
  await spend(checking.account_id, 50, '2025-03-06', 'Safeway');
  const bread = await spend(euros.account_id, 10, '2025-03-06', 'Padaria');
  const late1 = await spend(euros.account_id, 20, '2025-03-20', 'Padaria');
  const late2 = await spend(euros.account_id, 30, '2025-03-21', 'Mercado');
  return { u, checking, euros, bread, late: [late1, late2] };
}

describe('totals in the base currency', () => {
  it('a euro account’s rows count in a USD dashboard, report and budget at the day’s rate; rows with no rate are left out and counted', async () => {
    const { u, bread, late } = await euroMarch();
    expect(bread.base_amount).toBe(10.79);
    expect(late.map((l) => l.base_amount)).toEqual([null, null]);
    const m = march(u);
    // 50.00 USD + 10.00 EUR at 1.0790; the two euro rows of the 20th and 21st have no rate: out, never 1:1.
    const dashboard = await m.dashboard();
    expect(dashboard.totals.spending).toBe(60.79);
    expect(dashboard.unconverted_count).toBe(2);
    expect(dashboard.categories).toEqual([expect.objectContaining({ category: 'Groceries', amount: 60.79, count: 4 })]);
    expect(dashboard.top_merchants.find((x) => x.merchant === 'Padaria')?.amount).toBe(10.79);
    expect(await m.report()).toMatchObject({ expenses: 60.79, transaction_count: 4, unconverted_count: 2 });
    expect(await m.budget()).toMatchObject({ activity: -60.79, unconverted_count: 2 });
    // Totals of a text search sum the rows themselves, by the same rule: 10.79 counted, the 20th's left out.
    const searched = await u.ok<{ spending: number; expense_count: number; unconverted_count: number }>('GET', '/transactions/summary?q=padaria&date_from=2025-03-01&date_to=2025-03-31');
    expect(searched).toMatchObject({ spending: 10.79, expense_count: 2, unconverted_count: 1 });
    // The list's totals over the month (read from the rollups) say how many they left out, like the dashboard.
    const listTotals = await u.ok<{ currency: string; spending: number; transaction_count: number; unconverted_count: number }>('GET', '/transactions/summary?date_from=2025-03-01&date_to=2025-03-31');
    expect(listTotals).toMatchObject({ currency: 'USD', spending: 60.79, transaction_count: 4, unconverted_count: 2 });
    // A day's view reads the daily rollup: the same base amounts.
    const days = await u.ok<{ series: { bucket: string; spending: number }[] }>('GET', '/dashboard/analytics?period=custom&date_from=2025-03-06&date_to=2025-03-06&time_unit=days');
    expect(days.series).toEqual([expect.objectContaining({ bucket: '2025-03-06', spending: 60.79 })]);

    // Moving one to a day with a rate converts it; deleting the other leaves nothing unconverted.
    await u.ok('PUT', `/transactions/${late[0]!.transaction_id}`, { date: '2025-03-07' });
    expect(await m.dashboard()).toMatchObject({ totals: { spending: 82.46 }, unconverted_count: 1 });
    await u.ok('DELETE', `/transactions/${late[1]!.transaction_id}`);
    expect(await m.report()).toMatchObject({ expenses: 82.46, unconverted_count: 0 });
    expect(await m.budget()).toMatchObject({ activity: -82.46, unconverted_count: 0 });
  });

  it('rebuilding the rollups from the rows (what the migration does for users with a foreign account) gives the triggers’ figures', async () => {
    const { u } = await euroMarch();
    const m = march(u);
    const before = [await m.dashboard(), await m.report(), await m.budget()];
    await testApp.app.db.execute(sql`select finu_rebuild_rollups(array[${u.userId}]::uuid[])`);
    expect([await m.dashboard(), await m.report(), await m.budget()]).toEqual(before);
  });

  it('the budget’s starting money reads a euro account’s base amounts from the per-account rollup, kept through an edit and a delete and rebuilt from the rows alike', async () => {
    const { u, bread, late } = await euroMarch();
    type April = { ready_to_assign: number; unconverted_count: number };
    // Before April: −50.00 USD − 10.00 EUR at 1.0790 (10.79) = −60.79; the rows of the 20th and 21st have no rate.
    expect(await u.ok<April>('GET', '/budgets/2025-04')).toMatchObject({ ready_to_assign: -60.79, unconverted_count: 2 });
    // 10.00 → 12.00 EUR at 1.0790 = 12.95 (12.948 rounded half to even); one row without a rate deleted.
    await u.ok('PUT', `/transactions/${bread.transaction_id}`, { amount: 12 });
    await u.ok('DELETE', `/transactions/${late[1]!.transaction_id}`);
    const april = await u.ok<April>('GET', '/budgets/2025-04');
    expect(april).toMatchObject({ ready_to_assign: -62.95, unconverted_count: 1 });
    await app.repos.transactions.rebuildRollups(u.userId);
    expect(await u.ok<April>('GET', '/budgets/2025-04')).toEqual(april);
    await testApp.app.db.execute(sql`select finu_rebuild_rollups(array[${u.userId}]::uuid[])`);
    expect(await u.ok<April>('GET', '/budgets/2025-04')).toEqual(april);
  });

  it('a CSV imported into a euro account gets base amounts at the rate of each row’s day; a day without one is not converted', async () => {
    const u = await currencyPerson(app);
    const euros = await u.ok<{ account_id: string }>('POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_date: '2025-01-01' });
    await u.importRates();
    const file = ['date,description,amount', '2025-03-05,Padaria,-10.00', '2025-03-08,Mercado,-100.00', '2025-03-20,Farmacia,-5.00', '2025-03-07,Salario,200.00'].join('\n');
    const preview = await u.ok<{ import_id: string; mapping: unknown }>('POST', '/transactions/import?file_name=m.csv', file, 'text/csv');
    await u.ok('POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping, account_id: euros.account_id });
    await app.importRunner.idle();
    const list = await u.ok<{ transactions: { description: string; amount: number; base_amount: number | null }[] }>('GET', `/transactions?account_id=${euros.account_id}&limit=50`);
    const byName = Object.fromEntries(list.transactions.map((t) => [t.description, [t.amount, t.base_amount]]));
    // 1.0771 on the 5th; a Saturday takes Friday's 1.0837; the 20th has none within 7 days.
    expect(byName).toEqual({ Padaria: [10, 10.77], Mercado: [100, 108.37], Farmacia: [5, null], Salario: [200, 216.74] });
    expect(await march(u).dashboard()).toMatchObject({ totals: { spending: 119.14, income: 216.74 }, unconverted_count: 1 });
  });

  it('changing the base currency recomputes the stored base amounts in a job; rows without a rate become not converted', async () => {
    const { u } = await euroMarch();
    const bystander = await euroMarch();
    const rows = async () => {
      const list = await u.ok<{ transactions: { description: string; amount: number; base_amount: number | null }[] }>('GET', '/transactions?limit=50');
      return Object.fromEntries(list.transactions.map((t) => [`${t.description} ${t.amount}`, t.base_amount]));
    };
    const changed = await u.ok<{ currency: string; base_amounts_recomputing?: boolean }>('PUT', '/users/me/profile', { currency: 'EUR' });
    expect(changed).toMatchObject({ currency: 'EUR', base_amounts_recomputing: true });
    expect(await app.baseRecompute.runAt(new Date('2033-01-02T00:00:00Z'))).toBe(true);
    expect((await u.ok<{ base_amounts_recomputing?: boolean }>('GET', '/users/me/profile')).base_amounts_recomputing).toBeUndefined();
    // In euros: the euro rows are themselves, the dollar row of the 6th is 50 / 1.0790.
    expect(await rows()).toEqual({ 'Safeway 50': 46.34, 'Padaria 10': 10, 'Padaria 20': 20, 'Mercado 30': 30 });
    expect(await march(u).dashboard()).toMatchObject({ totals: { spending: 106.34 }, unconverted_count: 0 });
    expect(await march(u).budget()).toMatchObject({ activity: -106.34, unconverted_count: 0 });
    // April starts from the same money: the dollar account now counts by its base amounts (the rollup rebuilt with them).
    expect(await u.ok('GET', '/budgets/2025-04')).toMatchObject({ ready_to_assign: -106.34, unconverted_count: 0 });
    // Back to dollars: the euro rows of the 20th and 21st have no rate again.
    await u.ok('PUT', '/users/me/profile', { currency: 'USD' });
    await app.baseRecompute.runAt(new Date('2033-01-03T00:00:00Z'));
    expect(await rows()).toEqual({ 'Safeway 50': 50, 'Padaria 10': 10.79, 'Padaria 20': null, 'Mercado 30': null });
    expect(await march(u).report()).toMatchObject({ expenses: 60.79, unconverted_count: 2 });
    expect(await u.ok('GET', '/budgets/2025-04')).toMatchObject({ ready_to_assign: -60.79, unconverted_count: 2 });
    // Another user's figures never moved; saving the same currency again queues nothing.
    expect(await march(bystander.u).dashboard()).toMatchObject({ totals: { spending: 60.79 }, unconverted_count: 2 });
    expect(await u.ok('PUT', '/users/me/profile', { currency: 'USD' })).not.toHaveProperty('base_amounts_recomputing');
    const bad = await u.call<{ detail: unknown }>('PUT', '/users/me/profile', { currency: 'EURO' });
    expect([400, 422]).toContain(bad.status);
    expect(bad.body.detail).toBeTruthy();
  });

  it('one user’s rates and rows never reach another’s totals; bad input is a 4xx with a detail', async () => {
    await euroMarch();
    const other = await currencyPerson(app);
    const euros = await other.ok<{ account_id: string }>('POST', '/accounts', { name: 'Konto', kind: 'checking', currency: 'EUR', opening_date: '2025-01-01' });
    // Without rates of their own, the other user's euro row is not converted (the first user's file is theirs alone).
    await other.ok('POST', '/transactions', { account_id: euros.account_id, type: 'expense', amount: 10, date: '2025-03-06', category: 'Groceries', description: 'Padaria' });
    expect(await march(other).dashboard()).toMatchObject({ totals: { spending: 0, transaction_count: 1 }, unconverted_count: 1 });
    expect(await march(other).report()).toMatchObject({ expenses: 0, unconverted_count: 1 });
    for (const url of ['/dashboard/analytics?period=custom&date_from=2025-02-30&date_to=2025-03-31', '/transactions/reports/monthly/2025/13', '/budgets/2025-3']) {
      const res = await other.call<{ detail: unknown }>('GET', url);
      expect(res.status, res.raw).toBeGreaterThanOrEqual(400);
      expect(res.status, res.raw).toBeLessThan(500);
      expect(res.body.detail, res.raw).toBeTruthy();
    }
  });
});

describe('what was still in the account’s currency, in the base currency', () => {
  it('opening balances in the balance and the budget’s starting money, the dashboard’s recent rows and the report’s largest expenses', async () => {
    const u = await currencyPerson(app);
    const checking = await u.ok<{ account_id: string }>('POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 1000, opening_date: '2025-01-01' });
    // Opened on the 6th at 1.0790: 500.00 EUR = 539.50 USD. Opened in January (no rate in the file): not converted.
    const euros = await u.ok<{ account_id: string }>('POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_balance: 500, opening_date: '2025-03-06' });
    await u.ok('POST', '/accounts', { name: 'Old euros', kind: 'savings', currency: 'EUR', opening_balance: 100, opening_date: '2025-01-02' });
    await u.importRates();
    const spend = (account: string, amount: number, date: string, merchant: string) =>
      u.ok('POST', '/transactions', { account_id: account, type: 'expense', amount, date, category: 'Groceries', description: merchant, merchant });
    await spend(checking.account_id, 50, '2025-03-06', 'Safeway');
    await spend(euros.account_id, 100, '2025-03-07', 'Padaria'); // 108.37 USD at 1.0837
    await spend(euros.account_id, 20, '2025-03-20', 'Mercado'); // no rate: not converted

    // 1,000.00 + 539.50 − 50.00 − 108.37 = 1,381.13; the January opening and the row of the 20th left out, counted.
    const balance = await u.ok<{ balance: number; unconverted_count: number }>('GET', '/transactions/balance/current?as_of=2025-03-31');
    expect(balance).toMatchObject({ balance: 1381.13, unconverted_count: 2 });
    const overview = await u.ok<{ balance: number; unconverted_count: number }>('GET', '/transactions/summary/overview');
    expect(overview).toMatchObject({ balance: 1381.13, unconverted_count: 2 });

    // April's budget starts from the same money: nothing assigned, no April activity.
    const april = await u.ok<{ ready_to_assign: number; unconverted_count: number }>('GET', '/budgets/2025-04');
    expect(april).toMatchObject({ ready_to_assign: 1381.13, unconverted_count: 2 });

    // The report ranks by base amount: 108.37 before 50.00; the row with no rate cannot be ranked and is counted.
    const report = await u.ok<{ largest_expenses: { description: string; amount: number; base_amount: number | null }[]; unconverted_count: number }>('GET', '/transactions/reports/monthly/2025/3');
    expect(report.largest_expenses.map((t) => [t.description, t.amount, t.base_amount])).toEqual([
      ['Padaria', 100, 108.37],
      ['Safeway', 50, 50],
    ]);
    expect(report.unconverted_count).toBe(1);

    // The dashboard's recent rows carry their account's currency and the base amount.
    const dashboard = await u.ok<{ recent: { description: string; amount: number; currency: string; base_amount: number | null }[] }>('GET', '/dashboard/analytics?period=custom&date_from=2025-03-01&date_to=2025-03-31&time_unit=days');
    expect(dashboard.recent.map((t) => [t.description, t.amount, t.currency, t.base_amount])).toEqual([
      ['Mercado', 20, 'EUR', null],
      ['Padaria', 100, 'EUR', 108.37],
      ['Safeway', 50, 'USD', 50],
    ]);
  });

  it('a row of an account in the base currency carries its amount as base amount on every path: typed, CSV, bank file, transfer, demo', async () => {
    const u = await currencyPerson(app);
    const checking = await u.ok<{ account_id: string }>('POST', '/accounts', { name: 'Checking', kind: 'checking', opening_date: '2024-01-01' });
    const savings = await u.ok<{ account_id: string }>('POST', '/accounts', { name: 'Savings', kind: 'savings', opening_date: '2024-01-01' });
    const typed = await u.ok<{ amount: number; base_amount: number | null }>('POST', '/transactions', { account_id: checking.account_id, type: 'expense', amount: 12.5, date: '2025-03-06', category: 'Groceries', description: 'Typed' });
    expect(typed.base_amount).toBe(12.5);
    const csv = ['date,description,amount', '2025-03-05,From CSV,-10.00'].join('\n');
    const preview = await u.ok<{ import_id: string; mapping: unknown }>('POST', '/transactions/import?file_name=m.csv', csv, 'text/csv');
    await u.ok('POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping, account_id: checking.account_id });
    // One import of a user runs at a time: the CSV's job ends before the bank file is uploaded.
    await app.importRunner.idle();
    const ofx = readFileSync(new URL('./fixtures/bank/checking-march.ofx', import.meta.url), 'utf8');
    const bank = await u.ok<{ import_id: string; mapping: unknown }>('POST', '/transactions/import?file_name=export.ofx', ofx, 'text/plain');
    await u.ok('POST', `/transactions/import/${bank.import_id}/commit`, { mapping: bank.mapping, account_id: savings.account_id });
    await app.importRunner.idle();
    await u.ok('POST', '/accounts/transfers', { from_account_id: checking.account_id, to_account_id: savings.account_id, amount: 200, date: '2025-03-07', description: 'To savings' });
    const list = await u.ok<{ transactions: { description: string; amount: number; base_amount: number | null }[] }>('GET', '/transactions?limit=50');
    // 1 typed + 1 CSV + 4 from the OFX file + 2 transfer legs.
    expect(list.transactions).toHaveLength(8);
    for (const t of list.transactions) expect([t.description, t.base_amount]).toEqual([t.description, t.amount]);

    const demo = await currencyPerson(app);
    await demo.ok('POST', '/transactions/demo');
    const accounts = await demo.ok<{ accounts: { account_id: string; currency: string }[] }>('GET', '/accounts');
    const abroad = new Set(accounts.accounts.filter((a) => a.currency !== 'USD').map((a) => a.account_id));
    const rows = await demo.ok<{ transactions: { account_id: string; amount: number; base_amount: number | null }[] }>('GET', '/transactions?limit=1000');
    const home = rows.transactions.filter((t) => !abroad.has(t.account_id));
    expect(home.length).toBeGreaterThan(100);
    expect(home.filter((t) => t.base_amount !== t.amount)).toEqual([]);
  });
});

describe('the coach’s trip answer', () => {
  it('"How much did the Lisbon trip cost me?": the total in the base currency, the charges in euros beside it, an amount with no rate counted', async () => {
    const u = await currencyPerson(app);
    const card = await u.ok<{ account_id: string }>('POST', '/accounts', { name: 'Visa', kind: 'credit_card', opening_date: '2025-01-01' });
    const euros = await u.ok<{ account_id: string }>('POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_date: '2025-01-01' });
    const pay = (account: string, date: string, amount: number, merchant: string, description: string, category: string, paidThere?: number) =>
      u.ok('POST', '/transactions', {
        account_id: account, type: 'expense', amount, date, category, description, merchant,
        ...(paidThere === undefined ? {} : { original_amount: paidThere, original_currency: 'EUR' }),
      });
    await pay(card.account_id, '2025-03-03', 640, 'TAP Air Portugal', 'Flights to Lisbon', 'Travel');
    await pay(card.account_id, '2025-03-06', 50.17, 'Time Out Market', 'Lunch in Lisbon', 'Dining', 46.5);
    await pay(card.account_id, '2025-03-07', 73.91, 'Cervejaria Ramiro', 'Dinner in Lisbon', 'Dining', 68.2);
    // From the euro account on a day no rate reaches (the typed ones are 13 days older): not converted.
    await pay(euros.account_id, '2025-03-20', 10, 'Pastelaria Lisboa', 'Pastries in Lisbon', 'Dining');
const { composed } = await askCoach(coachTools(app, u.userId, '2025-03-31'), 'How much did the Lisbon trip cost me?');
    // 640.00 + 50.17 + 73.91 = 764.08 USD; in euros 46.50 + 68.20 = 114.70, which came to 50.17 + 73.91 = 124.08.
    expect(composed.text).toContain('$764.08');
    expect(composed.text).toContain('Paid in EUR: €114.70 (= $124.08)');
    expect(composed.text).toContain('1 amount not converted: left out of the total');
  });
});

describe('the coach’s budget answers', () => {
  it('start from the money the Budget page starts from: an opening in euros at its day’s rate, one without a rate left out and counted', async () => {
    const u = await currencyPerson(app);
    const checking = await u.ok<{ account_id: string }>('POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 1000, opening_date: '2025-01-01' });
    // 500.00 EUR opened on the 6th at 1.0790 = 539.50 USD; the January one has no rate.
    await u.ok('POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_balance: 500, opening_date: '2025-03-06' });
    await u.ok('POST', '/accounts', { name: 'Old euros', kind: 'savings', currency: 'EUR', opening_balance: 100, opening_date: '2025-01-02' });
    await u.importRates();
    await u.ok('POST', '/transactions', { account_id: checking.account_id, type: 'expense', amount: 50, date: '2025-03-06', category: 'Groceries', description: 'Safeway' });
    const page = await u.ok<{ ready_to_assign: number; unconverted_count: number }>('GET', '/budgets/2025-04');
    // 1,000.00 + 539.50 − 50.00 (before, without rates, the coach said 950.00: the euro opening not converted).
    expect(page).toMatchObject({ ready_to_assign: 1489.5, unconverted_count: 1 });
    const coach = await getBudget(coachTools(app, u.userId, '2025-04-15'), { month: '2025-04' });
    expect(coach.ready_to_assign).toBe(1489.5);
  });
});
