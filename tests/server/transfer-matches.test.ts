import { describe, expect, it } from 'vitest';
import type { Account, TransferPairs, TransferResult } from '../../src/contract/accounts';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import type { Transaction } from '../../src/contract/transactions';
import { signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

function client(user: VerifiedUser) {
  const { call } = userClient(app, user);
  return {
    call,
    async account(body: Record<string, unknown>): Promise<Account> {
      const res = await call<Account>('POST', '/accounts', { opening_date: '2025-01-01', ...body });
      expect(res.status, res.raw).toBe(201);
      return res.body;
    },
    async tx(body: Record<string, unknown>): Promise<Transaction> {
      const res = await call<Transaction>('POST', '/transactions', { category: body.type === 'income' ? 'Other Income' : 'Other', description: 'x', ...body });
      expect(res.status, res.raw).toBe(201);
      return res.body;
    },
    async pairs(query: string): Promise<TransferPairs> {
      const res = await call<TransferPairs>('GET', `/transactions/transfer-matches?${query}`);
      expect(res.status, res.raw).toBe(200);
      return res.body;
    },
    totals: async (from: string, to: string) => (await call<DashboardAnalytics>('GET', `/dashboard/analytics?period=custom&date_from=${from}&date_to=${to}`)).body.totals,
  };
}

const idsOf = (p: TransferPairs) => p.pairs.map((x) => [x.from.transaction_id, x.to.transaction_id]);

describe('batch transfer matches', () => {
  it('lists likely pairs across accounts (same amount the other way, within 3 days), linking one stops it counting as spending or income', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account({ name: 'Checking', kind: 'checking' });
    const savings = await u.account({ name: 'Savings', kind: 'savings' });
    const out = await u.tx({ account_id: checking.account_id, type: 'expense', amount: 500, date: '2025-08-05', description: 'TO SAVINGS' });
    const into = await u.tx({ account_id: savings.account_id, type: 'income', amount: 500, date: '2025-08-06', description: 'FROM CHECKING' });
    // Not offered: too far apart, the same account, another amount.
    await u.tx({ account_id: savings.account_id, type: 'income', amount: 500, date: '2025-08-10' });
    await u.tx({ account_id: checking.account_id, type: 'income', amount: 500, date: '2025-08-05' });
    await u.tx({ account_id: savings.account_id, type: 'income', amount: 499.99, date: '2025-08-05' });

    const listed = await u.pairs('to=2025-08-31&days=31');
    expect(idsOf(listed)).toEqual([[out.transaction_id, into.transaction_id]]);
    expect(listed.pairs[0]!.from).toMatchObject({ account_id: checking.account_id, amount: 500, type: 'expense' });
    expect(listed).toMatchObject({ has_more: false, next_cursor: null });
    // Outside the window: nothing.
    expect((await u.pairs('to=2025-07-31&days=31')).pairs).toEqual([]);

    const before = await u.totals('2025-08-01', '2025-08-31');
    const linked = await u.call<TransferResult>('POST', `/transactions/${out.transaction_id}/link-transfer`, { other_transaction_id: into.transaction_id });
    expect(linked.status, linked.raw).toBe(200);
    const after = await u.totals('2025-08-01', '2025-08-31');
    expect(after.spending).toBeCloseTo(before.spending - 500, 2);
    expect(after.income).toBeCloseTo(before.income - 500, 2);
    // Linked rows are no longer offered.
    expect((await u.pairs('to=2025-08-31&days=31')).pairs).toEqual([]);
  });

  it('"Not a transfer" keeps a pair out of the list for good, in either direction', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account({ name: 'Checking', kind: 'checking' });
    const card = await u.account({ name: 'Card', kind: 'credit_card' });
    const out = await u.tx({ account_id: checking.account_id, type: 'expense', amount: 42, date: '2025-03-03' });
    const into = await u.tx({ account_id: card.account_id, type: 'income', amount: 42, date: '2025-03-03' });
    expect(idsOf(await u.pairs('to=2025-03-31'))).toHaveLength(1);
    const dismissed = await u.call('POST', `/transactions/${into.transaction_id}/dismiss-transfer-match`, { other_transaction_id: out.transaction_id });
    expect(dismissed.status, dismissed.raw).toBe(200);
    expect((await u.pairs('to=2025-03-31')).pairs).toEqual([]);
    // Dismissing twice is fine; the per-row link still works if the person changes their mind.
    expect((await u.call('POST', `/transactions/${out.transaction_id}/dismiss-transfer-match`, { other_transaction_id: into.transaction_id })).status).toBe(200);
    // A second candidate for the same outgoing row is offered once the nearer one is dismissed.
    const later = await u.tx({ account_id: card.account_id, type: 'income', amount: 42, date: '2025-03-05' });
    expect(idsOf(await u.pairs('to=2025-03-31'))).toEqual([[out.transaction_id, later.transaction_id]]);
  });

  it('pages newest outgoing row first with a cursor', async () => {
    const u = client(await signUpWithAccess(app));
    const a = await u.account({ name: 'A', kind: 'checking' });
    const b = await u.account({ name: 'B', kind: 'savings' });
    const expected: string[] = [];
    for (const day of ['2025-05-01', '2025-05-10', '2025-05-20']) {
      const out = await u.tx({ account_id: a.account_id, type: 'expense', amount: 10, date: day });
      await u.tx({ account_id: b.account_id, type: 'income', amount: 10, date: day });
      expected.unshift(out.transaction_id);
    }
    const first = await u.pairs('to=2025-05-31&limit=2');
    expect(first.pairs.map((p) => p.from.transaction_id)).toEqual(expected.slice(0, 2));
    expect(first.has_more).toBe(true);
    const second = await u.pairs(`to=2025-05-31&limit=2&cursor=${first.next_cursor}`);
    expect(second.pairs.map((p) => p.from.transaction_id)).toEqual(expected.slice(2));
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('never pairs or dismisses across users, and bad input is a 4xx with a detail', async () => {
    const me = client(await signUpWithAccess(app));
    const other = client(await signUpWithAccess(app));
    const mine = await me.account({ name: 'Mine', kind: 'checking' });
    const theirs = await other.account({ name: 'Theirs', kind: 'savings' });
    const out = await me.tx({ account_id: mine.account_id, type: 'expense', amount: 77, date: '2025-06-01' });
    const into = await other.tx({ account_id: theirs.account_id, type: 'income', amount: 77, date: '2025-06-01' });
    expect((await me.pairs('to=2025-06-30')).pairs).toEqual([]);
    expect((await other.pairs('to=2025-06-30')).pairs).toEqual([]);

    const foreign = await me.call<{ detail: string }>('POST', `/transactions/${out.transaction_id}/dismiss-transfer-match`, { other_transaction_id: into.transaction_id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail).toMatch(/other_transaction_id/);
    expect((await other.call('POST', `/transactions/${out.transaction_id}/dismiss-transfer-match`, { other_transaction_id: into.transaction_id })).status).toBe(404);
    const self = await me.call<{ detail: string }>('POST', `/transactions/${out.transaction_id}/dismiss-transfer-match`, { other_transaction_id: out.transaction_id });
    expect(self.status).toBe(422);

    for (const q of ['days=0', 'days=400', 'limit=0', 'limit=201', 'to=2025-13-01', 'cursor=nope']) {
      const res = await me.call<{ detail: unknown }>('GET', `/transactions/transfer-matches?${q}`);
      expect([400, 422], `${q}: ${res.raw}`).toContain(res.status);
      expect(res.body.detail, q).toBeTruthy();
    }
    const bad = await me.call<{ detail: unknown }>('POST', `/transactions/${out.transaction_id}/dismiss-transfer-match`, { other_transaction_id: 'x' });
    expect([400, 422]).toContain(bad.status);
    expect(bad.body.detail).toBeTruthy();
    expect((await app.inject({ method: 'GET', url: '/transactions/transfer-matches' })).statusCode).toBe(401);
  });
});
