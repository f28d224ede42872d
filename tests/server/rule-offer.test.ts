import { describe, expect, it } from 'vitest';
import { offeredRule, type RuleOffer } from '../../src/contract/autoRules';
import type { Transaction } from '../../src/contract/transactions';
import { bearer, signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

function client(user: VerifiedUser) {
  const call = userClient(app, user).succeeds;
  return {
    call,
    row: (description: string, date: string, extra: Record<string, unknown> = {}) =>
      call<Transaction>('POST', '/transactions', { type: 'expense', amount: 12.5, date, category: 'Other', description, ...extra }),
    refile: (id: string, category: string) => call<Transaction>('PUT', `/transactions/${id}`, { category }),
    offer: async (id: string) => (await call<{ offer: RuleOffer | null }>('GET', `/rules/offer?transaction_id=${id}`)).offer,
  };
}

describe('GET /rules/offer: a rule offered after one re-filing by hand', () => {
  it('offers "always file <merchant> as <category>" when the merchant has other rows; the accepted rule files the next one', async () => {
    const u = client(await signUpWithAccess(app));
    const first = await u.row('SQ *BLUE BOTTLE 0341', '2026-03-02');
    await u.refile(first.transaction_id, 'Dining');
    // The only row of its merchant: a rule would change nothing, so none is offered.
    expect(await u.offer(first.transaction_id)).toBeNull();

    const second = await u.row('SQ *BLUE BOTTLE 0342', '2026-03-09');
    await u.refile(second.transaction_id, 'Dining');
    const offer = await u.offer(second.transaction_id);
    expect(offer).toMatchObject({ merchant: 'Blue Bottle Coffee', category: 'Dining' });

    await u.call('POST', '/rules', offeredRule(offer!));
    expect(await u.offer(second.transaction_id)).toBeNull();
    const suggestion = await u.call<{ category: string; source: string }>('POST', '/rules/suggest', { description: 'SQ *BLUE BOTTLE 0399', amount: 6 });
    expect(suggestion).toMatchObject({ category: 'Dining', source: 'rule' });
  });

  it('a dismissed merchant/category pair is not offered again; another category for the merchant still is', async () => {
    const u = client(await signUpWithAccess(app));
    const a = await u.row('Corner Deli', '2026-03-02', { merchant: 'Corner Deli' });
    const b = await u.row('Corner Deli', '2026-03-03', { merchant: 'Corner Deli' });
    await u.refile(b.transaction_id, 'Dining');
    expect(await u.offer(b.transaction_id)).toMatchObject({ merchant: 'Corner Deli', category: 'Dining' });
    await u.call('POST', '/rules/offers/dismiss', { merchant: 'Corner Deli', category: 'Dining' });
    expect(await u.offer(b.transaction_id)).toBeNull();
    await u.refile(a.transaction_id, 'Dining');
    expect(await u.offer(a.transaction_id)).toBeNull();
    await u.refile(a.transaction_id, 'Groceries');
    expect(await u.offer(a.transaction_id)).toMatchObject({ merchant: 'Corner Deli', category: 'Groceries' });
    // Back in Other: nothing to offer.
    await u.refile(a.transaction_id, 'Other');
    expect(await u.offer(a.transaction_id)).toBeNull();
  });

  it("another user's row is a 404, and their rows of the same merchant do not count", async () => {
    const u = client(await signUpWithAccess(app));
    const them = client(await signUpWithAccess(app));
    await them.row('Corner Deli', '2026-03-02', { merchant: 'Corner Deli' });
    const mine = await u.row('Corner Deli', '2026-03-03', { merchant: 'Corner Deli' });
    await u.refile(mine.transaction_id, 'Dining');
    expect(await u.offer(mine.transaction_id)).toBeNull();
    const res = await app.inject({ method: 'GET', url: `/rules/offer?transaction_id=${mine.transaction_id}`, headers: bearer((await signUpWithAccess(app)).token) });
    expect(res.statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/rules/offer', headers: bearer((await signUpWithAccess(app)).token) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toHaveProperty('detail');
  });
});
