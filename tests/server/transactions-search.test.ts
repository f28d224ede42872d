import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionListResponse } from '../../src/contract/schemas/transactions';
import type { NewTransaction } from '../../src/server/repositories/transactions';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

/**
 * Text search takes one of three paths (src/server/repositories/transactions.ts searchPage): a rare
 * word through the GIN index, a common one by walking the list order and stopping at a full page,
 * and a word the walk cannot fill a page with. Whatever the path, the page, its order, the cursor and
 * the total must be what the words ask for: checked here against plain SQL over the same rows.
 */
const ROWS = 7_000;
let t: TestApp;
let user: VerifiedUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpWithAccess(t.app);
  const rows: NewTransaction[] = [];
  for (let i = 0; i < ROWS; i++) {
    const words = [
      i % 5 === 0 ? 'coffee' : 'groceries', // common: a fifth of the rows, everywhere
      i < 800 ? 'vintage' : '', // many matches, all among the oldest rows: the walk cannot fill a page
      i % 1_000 === 7 ? 'rarebird' : '', // rare
    ].join(' ');
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 4) * 86_400_000).toISOString().slice(0, 10);
    rows.push({ type: 'expense', amountMinor: 100 + ((i * 7919) % 50_000), date: day, category: 'Dining', description: `${words} #${i}`, merchant: null, notes: null, tags: [], currency: null });
  }
  await t.app.repos.transactions.insertMany(t.app.db, user.userId, rows, 'manual');
}, 300_000);
afterAll(async () => t?.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/transactions?${query}`, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TransactionListResponse>();
};

/** The same question in plain SQL: ids in order, and how many match. */
async function expected(word: string, order: string, limit: number, offset = 0): Promise<{ ids: string[]; total: number }> {
  const like = `%${word}%`;
  const ids = (await t.app.db.execute(
    sql`select id from transactions where user_id = ${user.userId} and description ilike ${like} order by ${sql.raw(order)} limit ${limit} offset ${offset}`,
  )) as unknown as { rows: { id: string }[] };
  const count = (await t.app.db.execute(sql`select count(*)::int as n from transactions where user_id = ${user.userId} and description ilike ${like}`)) as unknown as { rows: { n: number }[] };
  return { ids: ids.rows.map((r) => r.id), total: count.rows[0]!.n };
}

describe('text search on every path answers what the words ask', () => {
  for (const word of ['coffee', 'vintage', 'rarebird']) {
    it(`'${word}': first page by date, its total and the next pages by cursor`, { timeout: 120_000 }, async () => {
      const want = await expected(word, 'date desc, id desc', 150);
      const first = await list(`q=${word}&limit=50`);
      expect(first.total).toBe(want.total);
      expect(first.transactions.map((x) => x.transaction_id)).toEqual(want.ids.slice(0, 50));
      expect(first.has_more).toBe(want.total > 50);
      if (!first.next_cursor) return;
      const second = await list(`q=${word}&limit=50&include_total=false&cursor=${encodeURIComponent(first.next_cursor)}`);
      expect(second.total).toBeNull();
      expect(second.transactions.map((x) => x.transaction_id)).toEqual(want.ids.slice(50, 100));
    });

    it(`'${word}': oldest first, by amount, and an offset page`, { timeout: 120_000 }, async () => {
      const asc = await list(`q=${word}&limit=20&order=asc&include_total=false`);
      expect(asc.transactions.map((x) => x.transaction_id)).toEqual((await expected(word, 'date asc, id asc', 20)).ids);
      const byAmount = await list(`q=${word}&limit=20&sort=amount&order=desc`);
      expect(byAmount.transactions.map((x) => x.transaction_id)).toEqual((await expected(word, 'amount_minor desc, id desc', 20)).ids);
      const paged = await list(`q=${word}&limit=20&offset=40`);
      expect(paged.transactions.map((x) => x.transaction_id)).toEqual((await expected(word, 'date desc, id desc', 20, 40)).ids);
    });
  }

  it('a word with another filter, and a word nobody has', { timeout: 120_000 }, async () => {
    const filtered = await list('q=coffee&type=expense&category=Dining&limit=30');
    expect(filtered.transactions.map((x) => x.transaction_id)).toEqual((await expected('coffee', 'date desc, id desc', 30)).ids);
    const none = await list('q=zzqx&limit=50');
    expect(none).toMatchObject({ transactions: [], total: 0, has_more: false, next_cursor: null });
  });
});
