import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

// Races that a double click or two tabs produce; on PostgreSQL (CI's second leg) they really interleave.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (user: VerifiedUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

const demoCount = async (user: VerifiedUser) => {
  const categories = await call(user, 'GET', '/transactions?source=demo&limit=1');
  return categories.json<{ total: number }>().total;
};

describe('concurrent writes of one user', () => {
  it('five demo loads at once replace each other: exactly one demo set remains', async () => {
    const user = await signUpWithAccess(t.app);
    const one = await call(user, 'POST', '/transactions/demo?seed=7');
    expect(one.statusCode).toBe(201);
    const setSize = await demoCount(user);
    expect(setSize).toBeGreaterThan(100);
    const all = await Promise.all([1, 2, 3, 4, 5].map(() => call(user, 'POST', '/transactions/demo?seed=7')));
    expect(all.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await demoCount(user)).toBe(setSize);
  });

  it('deleting a category while transactions are created in it never leaves a transaction in a category that is gone', async () => {
    const user = await signUpWithAccess(t.app);
    for (let round = 0; round < 5; round++) {
      const name = `Side project ${round}`;
      expect((await call(user, 'POST', '/transactions/categories', { name, type: 'expense' })).statusCode).toBe(201);
      const creates = Array.from({ length: 20 }, (_, i) =>
        call(user, 'POST', '/transactions', { type: 'expense', amount: 10 + i, date: '2026-03-10', category: name, description: `round ${round} #${i}` }),
      );
      // The delete starts while the creates are between their category check and their insert.
      const del = new Promise<void>((resolve) => setTimeout(resolve, round * 3)).then(() => call(user, 'DELETE', `/transactions/categories/${encodeURIComponent(name)}`));
      const [deleted, ...created] = await Promise.all([del, ...creates]);
      for (const r of created) expect([201, 422]).toContain(r.statusCode);
      expect([200, 204, 409]).toContain(deleted.statusCode);
      const categories = (await call(user, 'GET', '/transactions/categories')).json<{ categories: { name: string }[] }>().categories.map((c) => c.name);
      const listed = await call(user, 'GET', `/transactions?category=${encodeURIComponent(name)}&limit=100`);
      const inCategory = listed.statusCode === 200 ? listed.json<{ total: number }>().total : 0;
      if (categories.includes(name)) {
        // The delete lost: it said so (409), and every create went through.
        expect(deleted.statusCode).toBe(409);
        expect(inCategory).toBe(created.filter((r) => r.statusCode === 201).length);
      } else {
        // The delete won: creates after it were refused, none before it (it would have been in use).
        expect(created.filter((r) => r.statusCode === 201)).toHaveLength(0);
        const orphans = (await call(user, 'GET', '/transactions?limit=100')).json<{ transactions: { category: string }[] }>().transactions.filter((i) => i.category === name);
        expect(orphans).toHaveLength(0);
      }
    }
  });
});
