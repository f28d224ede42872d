import { describe, expect, it } from 'vitest';
import type { Account, AccountList, NetWorth, ReconcilePreview, Register, TransferResult } from '../../src/contract/accounts';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import type { Transaction } from '../../src/contract/transactions';
import { signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function client(user: VerifiedUser) {
  const { call, ok } = userClient(app, user);
  return {
    call,
    account: (body: Record<string, unknown>) => ok<Account>('POST', '/accounts', body, 201),
    tx: (body: Record<string, unknown>) => ok<Transaction>('POST', '/transactions', { category: body.type === 'income' ? 'Salary' : 'Groceries', description: 'x', ...body }, 201),
    transfer: (body: Record<string, unknown>) => ok<TransferResult>('POST', '/accounts/transfers', body, 201),
    balanceOf: async (id: string) => (await call<Account>('GET', `/accounts/${id}`)).body.balance,
    dashboard: async (from: string, to: string) => (await call<DashboardAnalytics>('GET', `/dashboard/analytics?period=custom&date_from=${from}&date_to=${to}`)).body,
    netWorth: async (to: string, months = 3) => (await call<NetWorth>('GET', `/accounts/net-worth?to=${to}&months=${months}`)).body,
    currentBalance: async (asOf: string) => (await call<{ balance: number }>('GET', `/transactions/balance/current?as_of=${asOf}`)).body.balance,
  };
}

describe('accounts', () => {
  it('creates accounts with kind defaults, lists them grouped with balances, and refuses bad input field by field', async () => {
    const u = client(await signUpWithAccess(app));
    expect((await u.call<AccountList>('GET', '/accounts')).body).toMatchObject({ accounts: [], groups: [], net_worth: 0 });
    const checking = await u.account({ name: 'Checking', kind: 'checking', opening_balance: 1200.5, opening_date: '2025-01-01', institution: 'First Bank', last4: '1234' });
    expect(checking).toMatchObject({ kind: 'checking', group: 'cash', on_budget: true, currency: 'USD', balance: 1200.5, owed: null, is_liability: false, last4: '1234', order: 0 });
    const card = await u.account({ name: 'Visa', kind: 'credit_card', opening_balance: -300, opening_date: '2025-01-01' });
    expect(card).toMatchObject({ group: 'credit', on_budget: true, is_liability: true, balance: -300, owed: 300, order: 1 });
    const house = await u.account({ name: 'House', kind: 'property', opening_balance: 250000, opening_date: '2025-01-01' });
    expect(house).toMatchObject({ group: 'property', on_budget: false });

    const list = (await u.call<AccountList>('GET', '/accounts')).body;
    expect(list.accounts.map((a) => a.name)).toEqual(['Checking', 'Visa', 'House']);
    expect(list.groups).toEqual([
      { group: 'cash', balance: 1200.5, account_count: 1 },
      { group: 'credit', balance: -300, account_count: 1 },
      { group: 'property', balance: 250000, account_count: 1 },
    ]);
    expect(list).toMatchObject({ net_worth: 250900.5, on_budget_balance: 900.5 });

    const bad = await u.call<{ detail: string }>('POST', '/accounts', { name: ' ', kind: 'boat', last4: '12a4' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/name is required|kind must be one of|last4 must be four digits/);
    expect((await u.call('POST', '/accounts', { name: 'Checking', kind: 'cash' })).status).toBe(409);
    expect((await u.call('POST', '/accounts', { name: 'Euro', kind: 'savings', currency: 'eur', opening_balance: 0.001 })).status).toBe(422);

    // Another user sees none of it.
    const other = client(await signUpWithAccess(app));
    expect((await other.call('GET', `/accounts/${checking.account_id}`)).status).toBe(404);
    expect((await other.call('PUT', `/accounts/${checking.account_id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.call('POST', '/transactions', { account_id: checking.account_id, type: 'expense', amount: 1, date: '2025-01-02', category: 'Groceries' })).status).toBe(422);
    expect((await other.call('GET', `/accounts/${MISSING_ID}/register`)).status).toBe(404);
  });

  it('a 500.00 transfer from checking to savings leaves the month’s spending and income as they were and moves net worth by 0', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account({ name: 'Checking', kind: 'checking', opening_date: '2025-01-01' });
    const savings = await u.account({ name: 'Savings', kind: 'savings', opening_date: '2025-01-01' });
    await u.tx({ account_id: checking.account_id, type: 'income', amount: 3000, date: '2025-03-01' });
    await u.tx({ account_id: checking.account_id, type: 'expense', amount: 120.25, date: '2025-03-05' });
    const before = await u.dashboard('2025-03-01', '2025-03-31');
    const worthBefore = await u.netWorth('2025-03');
    const balanceBefore = await u.currentBalance('2025-03-31');

    const t = await u.transfer({ from_account_id: checking.account_id, to_account_id: savings.account_id, amount: 500, date: '2025-03-10', description: 'To savings' });
    expect(t.from).toMatchObject({ account_id: checking.account_id, type: 'expense', amount: 500, kind: 'transfer', transfer_id: t.transfer_id, counts: false });
    expect(t.to).toMatchObject({ account_id: savings.account_id, type: 'income', amount: 500, kind: 'transfer', transfer_id: t.transfer_id, counts: false });

    const after = await u.dashboard('2025-03-01', '2025-03-31');
    expect(after.totals).toEqual(before.totals);
    expect(after.categories).toEqual(before.categories);
    expect(await u.currentBalance('2025-03-31')).toBe(balanceBefore);
    const worthAfter = await u.netWorth('2025-03');
    expect(worthAfter.net_worth).toEqual(worthBefore.net_worth);
    expect(worthAfter.accounts.map((a) => a.balances[2])).toEqual([2379.75, 500]);
    expect(await u.balanceOf(checking.account_id)).toBe(2379.75);
    expect(await u.balanceOf(savings.account_id)).toBe(500);
    // The list still shows both legs, and its filtered total counts them.
    const march = (await u.call<{ total: number; transactions: Transaction[] }>('GET', '/transactions?date_from=2025-03-01&date_to=2025-03-31')).body;
    expect(march.total).toBe(4);
    expect((await u.call<{ total: number }>('GET', `/transactions?account_id=${savings.account_id}`)).body.total).toBe(1);
    const summary = (await u.call<{ spending: number; income: number }>('GET', '/transactions/summary?date_from=2025-03-01&date_to=2025-03-31')).body;
    expect(summary).toMatchObject({ spending: 120.25, income: 3000 });
  });

  it('editing one leg changes both; deleting one leg deletes both; a transfer into a tracking-only loan is spending of the checking side', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account({ name: 'Checking', kind: 'checking', opening_balance: 5000, opening_date: '2025-01-01' });
    const savings = await u.account({ name: 'Savings', kind: 'savings', opening_date: '2025-01-01' });
    const loan = await u.account({ name: 'Car loan', kind: 'loan', opening_balance: -12000, opening_date: '2025-01-01' });
    expect(loan.on_budget).toBe(false);
    const t = await u.transfer({ from_account_id: checking.account_id, to_account_id: savings.account_id, amount: 200, date: '2025-04-02' });

    const edited = await u.call<Transaction>('PUT', `/transactions/${t.to.transaction_id}`, { amount: 250, date: '2025-04-03' });
    expect(edited.status, edited.raw).toBe(200);
    const both = (await u.call<TransferResult>('GET', `/accounts/transfers/${t.transfer_id}`)).body;
    expect([both.from.amount, both.to.amount, both.from.date, both.to.date]).toEqual([250, 250, '2025-04-03', '2025-04-03']);
    expect(await u.balanceOf(checking.account_id)).toBe(4750);
    expect((await u.call('PUT', `/transactions/${t.to.transaction_id}`, { category: 'Groceries' })).status).toBe(409);

    expect((await u.call('DELETE', `/transactions/${t.from.transaction_id}`)).status).toBe(200);
    expect((await u.call('GET', `/transactions/${t.to.transaction_id}`)).status).toBe(404);
    expect(await u.balanceOf(checking.account_id)).toBe(5000);
    expect(await u.balanceOf(savings.account_id)).toBe(0);

    const before = await u.dashboard('2025-04-01', '2025-04-30');
    const payment = await u.transfer({ from_account_id: checking.account_id, to_account_id: loan.account_id, amount: 350, date: '2025-04-15', description: 'Loan payment' });
    expect(payment.from.counts).toBe(true);
    expect(payment.to.counts).toBe(false);
    const after = await u.dashboard('2025-04-01', '2025-04-30');
    expect(after.totals.spending).toBe(before.totals.spending + 350);
    expect(after.totals.income).toBe(before.totals.income);
    expect((await u.call<Account>('GET', `/accounts/${loan.account_id}`)).body).toMatchObject({ balance: -11650, owed: 11650 });

    // Making the loan on-budget turns the payment into a plain transfer.
    expect((await u.call('PUT', `/accounts/${loan.account_id}`, { on_budget: true })).status).toBe(200);
    expect((await u.dashboard('2025-04-01', '2025-04-30')).totals.spending).toBe(before.totals.spending);
  });

  it('reconciles: the difference from the statement, an adjustment when asked, then the cleared rows are locked until confirmed', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account({ name: 'Checking', kind: 'checking', opening_balance: 1000, opening_date: '2025-01-01' });
    const a = await u.tx({ account_id: checking.account_id, type: 'expense', amount: 40, date: '2025-05-02', cleared: true });
    const b = await u.tx({ account_id: checking.account_id, type: 'expense', amount: 60, date: '2025-05-03' });
    expect((await u.call('PUT', `/transactions/${b.transaction_id}`, { cleared: true })).status).toBe(200);
    await u.tx({ account_id: checking.account_id, type: 'expense', amount: 15, date: '2025-05-04' });

    const preview = await u.call<ReconcilePreview>('GET', `/accounts/${checking.account_id}/reconcile?statement_date=2025-05-31&statement_balance=890`);
    expect(preview.body).toEqual({ statement_date: '2025-05-31', statement_balance: 890, cleared_balance: 900, difference: -10, cleared_count: 2, uncleared_count: 1 });
    expect((await u.call('POST', `/accounts/${checking.account_id}/reconcile`, { statement_date: '2025-05-31', statement_balance: 890 })).status).toBe(409);

    const done = await u.call<{ account: Account; adjustment: Transaction; locked: number }>('POST', `/accounts/${checking.account_id}/reconcile`, { statement_date: '2025-05-31', statement_balance: 890, adjust: true });
    expect(done.status, done.raw).toBe(200);
    expect(done.body.adjustment).toMatchObject({ kind: 'adjustment', type: 'expense', amount: 10, cleared: true, reconciled: true });
    expect(done.body.locked).toBe(3);
    expect(done.body.account).toMatchObject({ reconciled_date: '2025-05-31', reconciled_balance: 890, cleared_balance: 890, balance: 875 });

    const locked = await u.call<{ detail: string }>('PUT', `/transactions/${a.transaction_id}`, { amount: 41 });
    expect(locked.status).toBe(409);
    expect(locked.body.detail).toMatch(/reconciled/);
    expect((await u.call('DELETE', `/transactions/${a.transaction_id}`)).status).toBe(409);
    const confirmed = await u.call<Transaction>('PUT', `/transactions/${a.transaction_id}`, { amount: 41, confirm_reconciled: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ amount: 41, reconciled: false });
  });

  it('the register shows each row with the balance after it, across pages', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account({ name: 'Checking', kind: 'checking', opening_balance: 100, opening_date: '2025-01-01' });
    await u.tx({ account_id: checking.account_id, type: 'income', amount: 50, date: '2025-01-05' });
    await u.tx({ account_id: checking.account_id, type: 'expense', amount: 20, date: '2025-02-10' });
    await u.tx({ account_id: checking.account_id, type: 'expense', amount: 5.5, date: '2025-03-01' });
    const first = (await u.call<Register>('GET', `/accounts/${checking.account_id}/register?limit=2`)).body;
    expect(first.transactions.map((t) => [t.date, t.running_balance])).toEqual([
      ['2025-03-01', 124.5],
      ['2025-02-10', 130],
    ]);
    const second = (await u.call<Register>('GET', `/accounts/${checking.account_id}/register?limit=2&cursor=${first.next_cursor}`)).body;
    expect(second.transactions.map((t) => [t.date, t.running_balance])).toEqual([['2025-01-05', 150]]);
    expect(second.has_more).toBe(false);
  });

  it('a valuation is a market change: net worth moves, spending and income do not', async () => {
    const u = client(await signUpWithAccess(app));
    await u.account({ name: 'Checking', kind: 'checking', opening_date: '2025-01-01' });
    const car = await u.account({ name: 'Car', kind: 'vehicle', opening_balance: 20000, opening_date: '2025-01-01' });
    const before = await u.dashboard('2025-06-01', '2025-06-30');
    const res = await u.call<{ account: Account; transaction: Transaction }>('POST', `/accounts/${car.account_id}/valuations`, { date: '2025-06-30', value: 18500 });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.transaction).toMatchObject({ kind: 'valuation', type: 'expense', amount: 1500, counts: false, category: 'Market change' });
    expect(res.body.account.balance).toBe(18500);
    expect((await u.dashboard('2025-06-01', '2025-06-30')).totals).toEqual(before.totals);
    const worth = await u.netWorth('2025-06', 2);
    expect(worth.net_worth).toEqual([20000, 18500]);
    expect(worth.change).toBe(-1500);
  });

  it('closing asks for a final transfer or an adjustment when the balance is not zero, then hides the account', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account({ name: 'Checking', kind: 'checking', opening_date: '2025-01-01' });
    const old = await u.account({ name: 'Old savings', kind: 'savings', opening_balance: 75, opening_date: '2025-01-01' });
    const refused = await u.call<{ detail: string }>('POST', `/accounts/${old.account_id}/close`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/final transfer.*adjustment/);
    const closed = await u.call<{ account: Account; transaction: Transaction }>('POST', `/accounts/${old.account_id}/close`, { transfer_to_account_id: checking.account_id, date: '2025-07-01' });
    expect(closed.status, closed.raw).toBe(200);
    expect(closed.body.account).toMatchObject({ closed: true, balance: 0 });
    expect(await u.balanceOf(checking.account_id)).toBe(75);
    expect((await u.call<AccountList>('GET', '/accounts')).body.accounts.map((a) => a.name)).toEqual(['Checking']);
    expect((await u.call<AccountList>('GET', '/accounts?include_closed=true')).body.accounts.map((a) => a.name)).toEqual(['Checking', 'Old savings']);
    expect((await u.call('POST', '/transactions', { account_id: old.account_id, type: 'expense', amount: 1, date: '2025-07-02', category: 'Groceries' })).status).toBe(409);
    expect((await u.call('DELETE', `/accounts/${old.account_id}`)).status).toBe(409);
  });

  it('a transaction sent without an account goes to the first on-budget account, made as Main when there is none', async () => {
    const u = client(await signUpWithAccess(app));
    const t = await u.tx({ type: 'expense', amount: 9.99, date: '2025-02-02' });
    const list = (await u.call<AccountList>('GET', '/accounts')).body;
    expect(list.accounts).toHaveLength(1);
    expect(list.accounts[0]).toMatchObject({ account_id: t.account_id, name: 'Main', kind: 'checking', on_budget: true, balance: -9.99 });
  });

  it('an imported row matching the other leg of a transfer (same amount the other way, within 3 days, another account) can be linked as a transfer', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account({ name: 'Checking', kind: 'checking', opening_date: '2025-01-01' });
    const card = await u.account({ name: 'Card', kind: 'credit_card', opening_date: '2025-01-01' });
    await u.tx({ account_id: card.account_id, type: 'expense', amount: 80, date: '2025-08-01' });
    const out = await u.tx({ account_id: checking.account_id, type: 'expense', amount: 80, date: '2025-08-05', category: 'Other', description: 'CARD PAYMENT' });
    const into = await u.tx({ account_id: card.account_id, type: 'income', amount: 80, date: '2025-08-07', category: 'Other Income', description: 'PAYMENT THANK YOU' });
    await u.tx({ account_id: card.account_id, type: 'income', amount: 80, date: '2025-08-12', category: 'Other Income', description: 'too late' });
    const spendingBefore = (await u.dashboard('2025-08-01', '2025-08-31')).totals.spending;
    const matches = (await u.call<{ matches: Transaction[] }>('GET', `/transactions/${out.transaction_id}/transfer-matches`)).body.matches;
    expect(matches.map((m) => m.transaction_id)).toEqual([into.transaction_id]);
    const linked = await u.call<TransferResult>('POST', `/transactions/${out.transaction_id}/link-transfer`, { other_transaction_id: into.transaction_id });
    expect(linked.status, linked.raw).toBe(200);
    expect(linked.body.from).toMatchObject({ transaction_id: out.transaction_id, kind: 'transfer', counts: false, category: 'Transfer' });
    expect((await u.dashboard('2025-08-01', '2025-08-31')).totals.spending).toBe(spendingBefore - 80);
    expect((await u.call('POST', `/transactions/${out.transaction_id}/link-transfer`, { other_transaction_id: into.transaction_id })).status).toBe(422);
  });

  it('demo data comes in a checking account, a card paid monthly, savings fed by transfers and a tracking-only car loan', async () => {
    const u = client(await signUpWithAccess(app));
    const loaded = await u.call('POST', '/transactions/demo?seed=3');
    expect(loaded.status, loaded.raw).toBe(201);
    const list = (await u.call<AccountList>('GET', '/accounts')).body;
    expect(list.accounts.map((a) => [a.name, a.kind, a.on_budget])).toEqual([
      ['Everyday checking', 'checking', true],
      ['Rewards card', 'credit_card', true],
      ['Savings', 'savings', true],
      ['Car loan', 'loan', false],
      ['Savings abroad', 'savings', false],
    ]);
    const [checking, card, savings, loan, abroad] = list.accounts as [Account, Account, Account, Account, Account];
    // A second currency, valued in the base at the demo's rate: nothing is left unconverted.
    expect(abroad).toMatchObject({ currency: 'EUR', balance: 2500 });
    expect(list.unconverted_accounts).toBe(0);
    // The summer trip's charges abroad keep what they were in the destination's currency.
    const trip = (await u.call<{ transactions: Transaction[] }>('GET', '/transactions?limit=1000')).body.transactions.filter((t) => t.original_currency);
    expect(trip.length).toBeGreaterThan(3);
    for (const t of trip) expect(t).toMatchObject({ account_id: card.account_id, base_amount: t.amount, original_currency: expect.stringMatching(/^(EUR|JPY|CAD)$/) });
    // Paid in full each month: what is owed is at most about a month of card spending.
    expect(card.owed!).toBeGreaterThan(0);
    expect(card.owed!).toBeLessThan(6000);
    expect(savings.balance).toBeGreaterThan(11 * 400 - 1);
    expect(loan.owed!).toBeLessThan(18500);
    expect(checking.transaction_count).toBeGreaterThan(50);
    // Removing the demo removes its rows and its accounts.
    expect((await u.call('DELETE', '/transactions/demo')).status).toBe(200);
    expect((await u.call<AccountList>('GET', '/accounts')).body.accounts).toEqual([]);
  });
});
