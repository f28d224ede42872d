import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionListResponse } from '../../src/contract/transactions';
import type { NewTransaction } from '../../src/server/repositories/transactions';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

/**
 * Text search takes one of three paths (src/server/repositories/transactions/search.ts searchPage): a word
 * found among the first rows of the list order walks that order and stops at a full page (within the
 * first rows: 'coffee'; further down: 'tram'), a word absent from them goes to the GIN index ('rarebird',
 * and 'vintage' newest first), and a word the walk cannot fill a page with falls back to the index too
 * ('magpie': a few among the newest rows, a few more further down). Whatever the path, the page, its
 * order, the cursor and the total must be what the words ask for: checked here against plain SQL over
 * the same rows, for every sort and direction.
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
      i % 50 === 0 ? 'tram' : '', // one row in 50: the walk fills a page only after its first 500 rows
      i % 700 === 3 || (i >= ROWS - 400 && i % 100 === 3) ? 'magpie' : '', // a few among the newest, too few for a page
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

/** The same question in plain SQL (every word a substring of the description): ids in order, and how many match. */
async function expected(word: string, order: string, limit: number, offset = 0, days?: { from: string; to: string }): Promise<{ ids: string[]; total: number }> {
  const matching = sql.join(
    [...word.split(' ').map((w) => sql`description ilike ${`%${w}%`}`), ...(days ? [sql`date >= ${days.from}::date and date <= ${days.to}::date`] : [])],
    sql` and `,
  );
  const ids = (await t.app.db.execute(
    sql`select id from transactions where user_id = ${user.userId} and ${matching} order by ${sql.raw(order)} limit ${limit} offset ${offset}`,
  )) as unknown as { rows: { id: string }[] };
  const count = (await t.app.db.execute(sql`select count(*)::int as n from transactions where user_id = ${user.userId} and ${matching}`)) as unknown as { rows: { n: number }[] };
  return { ids: ids.rows.map((r) => r.id), total: count.rows[0]!.n };
}

const SORTS = [
  ['date', 'desc', 'date desc, id desc'],
  ['date', 'asc', 'date asc, id asc'],
  ['amount', 'desc', 'amount_minor desc, id desc'],
  ['amount', 'asc', 'amount_minor asc, id asc'],
  ['created_at', 'desc', 'created_at desc, id desc'],
  ['created_at', 'asc', 'created_at asc, id asc'],
] as const;

describe('text search on every path answers what the words ask', () => {
  for (const word of ['coffee', 'tram', 'vintage', 'rarebird', 'magpie']) {
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

  it('every sort and direction, three pages by cursor, equal the plain ORDER BY … LIMIT', { timeout: 300_000 }, everySortByCursor);
  it('words and a day range (the index-only walk in date order), by cursor and by offset', { timeout: 300_000 }, wordsAndDays);

  it('a word with another filter, and a word nobody has', { timeout: 120_000 }, async () => {
    const filtered = await list('q=coffee&type=expense&category=Dining&limit=30');
    expect(filtered.transactions.map((x) => x.transaction_id)).toEqual((await expected('coffee', 'date desc, id desc', 30)).ids);
    const none = await list('q=zzqx&limit=50');
    expect(none).toMatchObject({ transactions: [], total: 0, has_more: false, next_cursor: null });
  });
});

/**
 * The same answers once the table is vacuumed: the date-order walk then reads only the (user_id, date,
 * id) INCLUDE (search) index (migration 0019; no heap row on all-visible pages) and the page's rows by
 * id. Before the vacuum the same walk visits the heap, so both states are compared with plain SQL.
 */
describe('text search after a vacuum (index-only walk)', () => {
  beforeAll(async () => {
    await t.app.db.execute(sql`vacuum (analyze) transactions`);
  }, 120_000);

  it('every sort and direction, three pages by cursor, equal the plain ORDER BY … LIMIT', { timeout: 300_000 }, everySortByCursor);
  it('words and a day range, by cursor and by offset', { timeout: 300_000 }, wordsAndDays);
  it("the first page and total of each word's path", { timeout: 120_000 }, async () => {
    for (const word of ['coffee', 'tram', 'vintage', 'rarebird', 'magpie']) {
      const want = await expected(word, 'date desc, id desc', 50);
      const first = await list(`q=${word}&limit=50`);
      expect(first.total, word).toBe(want.total);
      expect(first.transactions.map((x) => x.transaction_id), word).toEqual(want.ids);
    }
  });
});

async function everySortByCursor() {
  for (const word of ['coffee', 'tram', 'vintage', 'magpie', 'cof tra']) {
    for (const [sort, order, sqlOrder] of SORTS) {
      const want = await expected(word, sqlOrder, 75);
      const got: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 3; page++) {
        const res: TransactionListResponse = await list(`q=${encodeURIComponent(word)}&limit=25&sort=${sort}&order=${order}&include_total=false${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        got.push(...res.transactions.map((x) => x.transaction_id));
        cursor = res.next_cursor;
        if (!cursor) break;
      }
      expect(got, `${word} by ${sort} ${order}`).toEqual(want.ids);
    }
  }
}

/** Rows are four a day from 2020-01-01: these ranges hold the newest rows, a middle stretch, and the oldest. */
const DAY_RANGES = [
  { from: '2021-01-01', to: '2025-01-01' },
  { from: '2020-06-01', to: '2020-09-30' },
  { from: '2020-01-01', to: '2020-03-31' },
];

async function wordsAndDays() {
  for (const word of ['coffee', 'tram', 'vintage', 'magpie']) {
    for (const days of DAY_RANGES) {
      for (const [order, sqlOrder] of [
        ['desc', 'date desc, id desc'],
        ['asc', 'date asc, id asc'],
      ] as const) {
        const want = await expected(word, sqlOrder, 60, 0, days);
        const got: string[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < 3; page++) {
          const res: TransactionListResponse = await list(
            `q=${word}&date_from=${days.from}&date_to=${days.to}&limit=20&order=${order}&include_total=${page === 0}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          if (page === 0) expect(res.total, `${word} ${days.from} total`).toBe(want.total);
          got.push(...res.transactions.map((x) => x.transaction_id));
          cursor = res.next_cursor;
          if (!cursor) break;
        }
        expect(got, `${word} ${days.from}..${days.to} ${order}`).toEqual(want.ids);
      }
      const offsetPage = await list(`q=${word}&date_from=${days.from}&date_to=${days.to}&limit=10&offset=20&include_total=false`);
      expect(offsetPage.transactions.map((x) => x.transaction_id), `${word} ${days.from} offset`).toEqual((await expected(word, 'date desc, id desc', 10, 20, days)).ids);
    }
  }
}

