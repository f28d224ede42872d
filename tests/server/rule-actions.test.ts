import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { Rule, RulePreview } from '../../src/contract/autoRules';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import type { SplitResponse } from '../../src/contract/splits';
import type { Transaction } from '../../src/contract/transactions';
import { signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

function client(user: VerifiedUser) {
  const { call, ok } = userClient(app, user);
  return {
    call,
    ok,
    account: (name: string, kind = 'checking') => ok<Account>('POST', '/accounts', { name, kind }, 201),
    row: (body: Record<string, unknown>) => ok<Transaction>('POST', '/transactions', { type: 'expense', category: 'Other', ...body }, 201),
    rule: (conditions: unknown[], actions: Record<string, unknown>) => ok<Rule>('POST', '/rules', { name: 'r', conditions, actions }, 201),
    get: (id: string) => ok<Transaction>('GET', `/transactions/${id}`),
    lines: async (id: string) => (await ok<SplitResponse>('GET', `/transactions/${id}/split`)).lines.map((l) => [l.category, l.amount, l.memo]),
  };
}

const spentIn = (d: DashboardAnalytics) => Object.fromEntries(d.categories.map((c) => [c.category, c.amount]));

describe('rule actions that split a row or mark it as a transfer', () => {
  it('splits matching rows by percentages and by amounts with a rest line; preview counts first, apply splits, rows that do not fit are left', async () => {
    const u = client(await signUpWithAccess(app));
    const costco = await u.row({ amount: 120.01, date: '2026-03-02', description: 'COSTCO WHSE #123' });
    const costco2 = await u.row({ amount: 40, date: '2026-03-09', description: 'COSTCO WHSE #123' });
    const refund = await u.row({ type: 'income', amount: 30, date: '2026-03-10', description: 'COSTCO WHSE #123' });
    const other = await u.row({ amount: 50, date: '2026-03-03', description: 'SHELL OIL' });

    const byPercent = await u.rule([{ field: 'description', op: 'contains', value: 'costco' }], {
      split: [
        { category: 'Groceries', percent: 70, memo: 'food' },
        { category: 'Shopping', percent: 30 },
      ],
    });
    const preview = await u.ok<RulePreview>('GET', `/rules/${byPercent.rule_id}/preview`);
    expect(preview).toMatchObject({ matched: 3, split: 2, transferred: 0 });
    expect((await u.get(costco.transaction_id)).split).toBe(false);

    expect(await u.ok('POST', `/rules/${byPercent.rule_id}/apply`)).toMatchObject({ split: 2, transferred: 0 });
    // 70 % of 120.01 is 84.007: the cent left by rounding goes to the last line, so the lines add up exactly.
    expect(await u.lines(costco.transaction_id)).toEqual([
      ['Groceries', 84.01, 'food'],
      ['Shopping', 36.0, null],
    ]);
    expect(await u.lines(costco2.transaction_id)).toEqual([
      ['Groceries', 28, 'food'],
      ['Shopping', 12, null],
    ]);
    // The refund is income (the lines are expense categories); the other merchant does not match.
    expect((await u.get(refund.transaction_id)).split).toBe(false);
    expect((await u.get(other.transaction_id)).split).toBe(false);
    const dash = await u.ok<DashboardAnalytics>('GET', '/dashboard/analytics?period=custom&date_from=2026-03-01&date_to=2026-03-31');
    expect(spentIn(dash)).toMatchObject({ Groceries: 112.01, Shopping: 48, Other: 50 });
    // Applied again: split rows are left as they are.
    expect(await u.ok('POST', `/rules/${byPercent.rule_id}/apply`)).toMatchObject({ split: 0 });

    // Amounts with a rest line: 15 to Utilities, the rest to Transport; a row of 10 cannot give 15 and is left alone.
    const shell = await u.row({ amount: 60, date: '2026-03-12', description: 'SHELL OIL' });
    const small = await u.row({ amount: 10, date: '2026-03-13', description: 'SHELL OIL' });
    const byAmount = await u.rule([{ field: 'description', op: 'contains', value: 'shell' }], {
      tags: ['car'],
      split: [{ category: 'Utilities', amount: 15, memo: 'car wash' }, { category: 'Transport' }],
    });
    expect(await u.ok('POST', `/rules/${byAmount.rule_id}/apply`)).toMatchObject({ split: 2 });
    expect(await u.lines(shell.transaction_id)).toEqual([
      ['Utilities', 15, 'car wash'],
      ['Transport', 45, null],
    ]);
    expect(await u.lines(other.transaction_id)).toEqual([
      ['Utilities', 15, 'car wash'],
      ['Transport', 35, null],
    ]);
    expect(await u.get(small.transaction_id)).toMatchObject({ split: false, tags: ['car'] });
  });

  it('refuses split actions that cannot add up, with a 422 naming the field', async () => {
    const u = client(await signUpWithAccess(app));
    const cond = [{ field: 'description', op: 'contains', value: 'x' }];
    const refused = async (actions: Record<string, unknown>) => {
      const res = await u.call<{ detail: string }>('POST', '/rules', { conditions: cond, actions });
      expect(res.status, res.raw).toBe(422);
      return res.body.detail;
    };
    expect(await refused({ split: [{ category: 'Groceries', percent: 60 }, { category: 'Shopping', percent: 30 }] })).toMatch(/percentages must add up to 100/);
    expect(await refused({ split: [{ category: 'Groceries' }, { category: 'Shopping' }] })).toMatch(/only one line may take the rest/);
    expect(await refused({ split: [{ category: 'Groceries', amount: 5, percent: 10 }, { category: 'Shopping' }] })).toMatch(/an amount or a percent, not both/);
    expect(await refused({ split: [{ category: 'Groceries', percent: 50 }] })).toMatch(/at least 2 lines/);
    expect(await refused({ split: [{ category: 'Groceries', percent: 50 }, { category: 'Nope' }] })).toMatch(/actions\.split\[1\]\.category/);
    expect(await refused({ split: [{ category: 'Groceries', percent: 50 }, { category: 'Salary' }] })).toMatch(/all be income categories or all expense/);
    expect(await refused({ transfer_account_id: '00000000-0000-4000-8000-000000000000' })).toMatch(/not one of your open accounts/);
    const acc = await u.account('Savings', 'savings');
    expect(await refused({ transfer_account_id: acc.account_id, category: 'Groceries' })).toMatch(/cannot go with a category or a split/);
  });

  it('marks matching rows as transfers: linked to the matching row of the other account, or with a new leg there', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account('Checking');
    const savings = await u.account('Savings', 'savings');
    // The savings account already has the incoming side of the first move (imported there), 2 days later.
    const out1 = await u.row({ account_id: checking.account_id, amount: 200, date: '2026-04-01', description: 'ONLINE TRANSFER TO SAV 0042' });
    const in1 = await u.row({ account_id: savings.account_id, type: 'income', category: 'Other Income', amount: 200, date: '2026-04-03', description: 'TRANSFER FROM CHK' });
    const out2 = await u.row({ account_id: checking.account_id, amount: 75, date: '2026-04-15', description: 'ONLINE TRANSFER TO SAV 0042' });
    const before = await u.ok<Account>('GET', `/accounts/${savings.account_id}`);

    const rule = await u.rule([{ field: 'description', op: 'contains', value: 'TRANSFER TO SAV' }], { transfer_account_id: savings.account_id });
    expect(await u.ok<RulePreview>('GET', `/rules/${rule.rule_id}/preview`)).toMatchObject({ matched: 2, transferred: 2 });
    expect(await u.ok('POST', `/rules/${rule.rule_id}/apply`)).toMatchObject({ transferred: 2, split: 0 });

    const linked = await u.get(out1.transaction_id);
    expect(linked).toMatchObject({ kind: 'transfer', category: 'Transfer' });
    expect(await u.get(in1.transaction_id)).toMatchObject({ kind: 'transfer', transfer_id: linked.transfer_id });
    const made = await u.get(out2.transaction_id);
    expect(made.kind).toBe('transfer');
    const legs = await u.ok<{ from: Transaction; to: Transaction }>('GET', `/accounts/transfers/${made.transfer_id}`);
    expect(legs.to).toMatchObject({ account_id: savings.account_id, type: 'income', amount: 75, date: '2026-04-15' });
    // The matched row was already in savings; the new leg adds 75 to its balance; nothing counts as spending.
    expect((await u.ok<Account>('GET', `/accounts/${savings.account_id}`)).balance).toBeCloseTo(before.balance + 75, 2);
    const dash = await u.ok<DashboardAnalytics>('GET', '/dashboard/analytics?period=custom&date_from=2026-04-01&date_to=2026-04-30');
    expect(dash.categories).toEqual([]);
    // Applied again: transfer legs are left as they are.
    expect(await u.ok('POST', `/rules/${rule.rule_id}/apply`)).toMatchObject({ transferred: 0 });
  });

  it("one user's rule never reaches another's rows or accounts", async () => {
    const a = client(await signUpWithAccess(app));
    const b = client(await signUpWithAccess(app));
    const theirs = await b.account('Their savings', 'savings');
    const res = await a.call<{ detail: string }>('POST', '/rules', { conditions: [{ field: 'description', op: 'contains', value: 'x' }], actions: { transfer_account_id: theirs.account_id } });
    expect(res.status).toBe(422);
    const row = await b.row({ amount: 20, date: '2026-03-02', description: 'COSTCO' });
    const rule = await a.rule([{ field: 'description', op: 'contains', value: 'costco' }], { split: [{ category: 'Groceries', percent: 50 }, { category: 'Shopping', percent: 50 }] });
    expect(await a.ok('POST', `/rules/${rule.rule_id}/apply`)).toMatchObject({ split: 0 });
    expect((await b.get(row.transaction_id)).split).toBe(false);
  });
});
