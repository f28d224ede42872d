import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CATEGORIES,
  type Category,
  type CurrentBalance,
  type ExpenseCategories,
  type MonthlyIncome,
  type MonthlyReport,
  type SummaryOverview,
  type Transaction,
  type TransactionListResponse,
} from '../../src/contract/transactions';
import type { NewTransaction } from '../../src/server/repositories/transactions';
import { parseCsv } from '../../src/server/services/import/csv';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';
import { merchantOf } from '../../src/server/services/transactions/merchantName';

let testApp: TestApp;
let app: FastifyInstance;
let user: VerifiedUser;
let other: VerifiedUser;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  [user, other] = await Promise.all([signUpWithAccess(app), signUpWithAccess(app)]);
});
afterAll(() => testApp?.close());

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, token = user.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const valid = { type: 'expense', amount: 12.5, date: '2024-03-14', category: 'Groceries', description: 'Weekly shop', merchant: 'Corner Market' };

async function create(fields: Json = {}, token = user.token): Promise<Transaction> {
  const res = await call('POST', '/transactions', { ...valid, ...fields }, token);
  expect(res.statusCode, res.body).toBe(201);
  // The points it may earn travel beside the transaction (tests/server/rewards.test.ts covers them).
  const { reward: _reward, ...created } = res.json<Transaction & { reward?: unknown }>();
  return created;
}

async function freshUser() {
  return signUpWithAccess(app);
}

describe('POST /transactions', () => {
  it('creates an expense and answers it with transaction_id, a two-place amount and the stored fields', async () => {
    const res = await call('POST', '/transactions', {
      ...valid,
      amount: 1234.5,
      category: 'groceries',
      merchant: '  ',
      notes: 'for the party',
      tags: ['Party', 'party', 'food'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reward, ...t } = res.json<Transaction & { reward?: unknown }>();
    // The user's first transaction earns points (docs/decisions.md, "Rewards").
    expect(reward).toMatchObject({ points: 55, title: 'First transaction logged' });
    expect(t).toEqual({
      transaction_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // No account_id sent: the user's first on-budget account, made as "Main" for a user who has none.
      account_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'standard',
      transfer_id: null,
      counts: true,
      cleared: false,
      reconciled: false,
      type: 'expense',
      amount: 1234.5,
      currency: null,
      date: '2024-03-14',
      category: 'Groceries',
      description: 'Weekly shop',
      merchant: null,
      // No merchant: the clean name of the description (services/merchants).
      merchant_name: 'Weekly Shop',
      merchant_kind: null,
      bank_id: null,
      notes: 'for the party',
      tags: ['party', 'food'],
      source: 'manual',
      import_id: null,
      base_amount: 1234.5,
      original_amount: null,
      original_currency: null,
      split: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await call('GET', `/transactions/${t.transaction_id}`)).json()).toEqual(t);
  });

  it('accepts income with a currency and a user-defined category', async () => {
    const u = await freshUser();
    expect((await call('POST', '/transactions/categories', { name: 'Side Hustle', type: 'income' }, u.token)).statusCode).toBe(201);
    const t = await create({ type: 'income', amount: 300, category: 'side hustle', currency: 'eur' }, u.token);
    expect(t).toMatchObject({ type: 'income', amount: 300, category: 'Side Hustle', currency: 'EUR' });
  });

  it.each([
    [{ amount: -5 }, 'amount must be greater than 0'],
    [{ amount: 0 }, 'amount must be greater than 0'],
    [{ amount: 1.234 }, 'amount must have at most two decimal places'],
    [{ amount: '12.50' }, 'amount must be a number'],
    [{ amount: undefined }, 'amount is required'],
    [{ amount: 1e12 }, 'amount must be less than 100,000,000,000'],
    [{ date: '2024-02-30' }, 'date must be a real calendar date'],
    [{ date: '2023-02-29' }, 'date must be a real calendar date'],
    [{ date: '14/03/2024' }, 'date must be a date like 2024-05-31 (YYYY-MM-DD)'],
    [{ date: undefined }, 'date is required'],
    [{ type: 'transfer' }, "type must be 'income' or 'expense'"],
    [{ description: 'x'.repeat(256) }, 'description must be at most 255 characters'],
    [{ merchant: 'x'.repeat(121) }, 'merchant must be at most 120 characters'],
    [{ notes: 'x'.repeat(2001) }, 'notes must be at most 2000 characters'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags must have at most 10 entries'],
    [{ tags: ['x'.repeat(33)] }, 'tags must each be at most 32 characters'],
    [{ category: '' }, 'category is required'],
    [{ currency: 'EURO' }, 'currency must be a three-letter ISO 4217 code'],
  ])('refuses %j with 422 "%s"', async (fields, detail) => {
    const res = await call('POST', '/transactions', { ...valid, ...fields } as Json);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
  });

  it('refuses an unknown category with a 422 that says where the categories come from', async () => {
    const res = await call('POST', '/transactions', { ...valid, category: 'Yachts' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe("category 'Yachts' is not a known category: use one from GET /transactions/categories or create it with POST /transactions/categories");
  });

  it('refuses unknown fields with 422 naming them', async () => {
    const res = await call('POST', '/transactions', { ...valid, user_id: other.userId });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('user_id');
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'POST', url: '/transactions', payload: valid });
    expect(res.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/transactions' })).statusCode).toBe(401);
  });
});

describe('GET, PUT and DELETE /transactions/{id}', () => {
  it('PUT changes only the fields sent and moves updated_at', async () => {
    const t = await create({ notes: 'keep me', tags: ['a'] });
    await new Promise((r) => setTimeout(r, 5));
    const res = await call('PUT', `/transactions/${t.transaction_id}`, { amount: 99.99, category: 'Dining' });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Transaction>();
    expect(updated).toEqual({ ...t, amount: 99.99, base_amount: 99.99, category: 'Dining', updated_at: expect.any(String) });
    expect(updated.updated_at > t.updated_at).toBe(true);
  });

  it('PUT can clear optional text with null and validates like POST', async () => {
    const t = await create({ notes: 'temporary' });
    expect((await call('PUT', `/transactions/${t.transaction_id}`, { notes: null })).json()).toMatchObject({ notes: null });
    const bad = await call('PUT', `/transactions/${t.transaction_id}`, { amount: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('amount must be greater than 0');
    const empty = await call('PUT', `/transactions/${t.transaction_id}`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toContain('Send at least one field to change');
    const unknown = await call('PUT', `/transactions/${t.transaction_id}`, { category: 'Nope' });
    expect(unknown.statusCode).toBe(422);
  });

  it('DELETE removes it; afterwards it answers 404', async () => {
    const t = await create();
    const res = await call('DELETE', `/transactions/${t.transaction_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Transaction deleted', transaction_id: t.transaction_id });
    expect((await call('GET', `/transactions/${t.transaction_id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/transactions/${t.transaction_id}`)).statusCode).toBe(404);
  });

  it("another user's transaction answers 404 to GET, PUT and DELETE and stays unchanged", async () => {
    const t = await create({ description: 'mine' });
    for (const [method, payload] of [['GET'], ['PUT', { amount: 1 }], ['DELETE']] as const) {
      const res = await call(method, `/transactions/${t.transaction_id}`, payload as Json | undefined, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Transaction not found' });
    }
    expect((await call('GET', `/transactions/${t.transaction_id}`)).json()).toEqual(t);
  });

  it.each([['not-a-uuid'], ['12345'], [MISSING_ID]])('id %s answers 404', async (id) => {
    for (const method of ['GET', 'DELETE'] as const) expect((await call(method, `/transactions/${id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/transactions/${id}`, { amount: 1 })).statusCode).toBe(404);
  });
});

/** A known data set for one user, written through the repository (the API's own writes are tested above). */
function dataset(): NewTransaction[] {
  const rows: NewTransaction[] = [];
  const cats = ['Groceries', 'Dining', 'Transport', 'Housing', 'Salary'];
  for (let i = 0; i < 130; i++) {
    const category = cats[i % cats.length]!;
    const type = category === 'Salary' ? 'income' : 'expense';
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 6) + 1).padStart(2, '0');
    rows.push({
      type,
      amountMinor: 100 + ((i * 7919) % 50000),
      // Several rows share each date, so the id tie-break matters.
      date: `2024-${month}-${day}`,
      category,
      description: i % 10 === 0 ? `Starbucks coffee ${i}` : `Item ${i}`,
      merchant: i % 3 === 0 ? 'Whole Foods' : 'Local Shop',
      notes: i % 17 === 0 ? 'reimbursable expense' : null,
      tags: i % 4 === 0 ? ['work', 'q1'] : i % 4 === 1 ? ['work'] : [],
      currency: null,
    });
  }
  return rows;
}

describe('GET /transactions: filters, order and pages', () => {
  let owner: VerifiedUser;
  let all: Transaction[];

  const list = async (query: string, token = owner.token) => {
    const res = await call('GET', `/transactions?${query}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TransactionListResponse>();
  };
  const byDateDesc = (a: Transaction, b: Transaction) => (a.date === b.date ? (a.transaction_id < b.transaction_id ? 1 : -1) : a.date < b.date ? 1 : -1);

  beforeAll(async () => {
    owner = await freshUser();
    await app.repos.transactions.insertMany(app.db, owner.userId, dataset(), 'manual');
    all = (await list('limit=500')).transactions;
  });

  it('answers the newest first (date desc, then transaction_id desc) with the total and default limit 50', async () => {
    const page = await list('');
    expect(page.total).toBe(130);
    expect(page.limit).toBe(50);
    expect(page.offset).toBe(0);
    expect(page.transactions).toHaveLength(50);
    expect(page.has_more).toBe(true);
    expect(all).toHaveLength(130);
    expect(all).toEqual([...all].sort(byDateDesc));
  });

  it('caps limit at 500 and says so', async () => {
    const page = await list('limit=100000');
    expect(page.limit).toBe(500);
    expect(page.transactions).toHaveLength(130);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
  });

  it('offset pages cover every row exactly once in the same order', async () => {
    const seen: Transaction[] = [];
    for (let offset = 0; offset < 130; offset += 40) seen.push(...(await list(`limit=40&offset=${offset}`)).transactions);
    expect(seen.map((t) => t.transaction_id)).toEqual(all.map((t) => t.transaction_id));
  });

  it.each([
    ['date', 'desc'],
    ['date', 'asc'],
    ['amount', 'desc'],
    ['amount', 'asc'],
    ['created_at', 'desc'],
  ])('cursor pages (sort=%s order=%s) cover every row exactly once, in order', async (sort, order) => {
    const first = await list(`sort=${sort}&order=${order}&limit=500`);
    const seen: Transaction[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: TransactionListResponse = await list(`sort=${sort}&order=${order}&limit=17&include_total=false${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.total).toBeNull();
      seen.push(...page.transactions);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen.map((t) => t.transaction_id)).toEqual(first.transactions.map((t) => t.transaction_id));
    const key = (t: Transaction) => (sort === 'amount' ? t.amount : sort === 'date' ? t.date : t.created_at);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [key(seen[i - 1]!), key(seen[i]!)];
      if (order === 'desc') expect(a >= b).toBe(true);
      else expect(a <= b).toBe(true);
    }
  });

  const cases: [string, (t: Transaction) => boolean][] = [
    ['type=income', (t) => t.type === 'income'],
    ['category=dining', (t) => t.category === 'Dining'],
    ['category=Dining&category=Transport', (t) => t.category === 'Dining' || t.category === 'Transport'],
    ['category=Dining,Transport', (t) => t.category === 'Dining' || t.category === 'Transport'],
    ['date_from=2024-02-01&date_to=2024-03-15', (t) => t.date >= '2024-02-01' && t.date <= '2024-03-15'],
    ['category=Groceries&date_from=2024-03-01&date_to=2024-04-30', (t) => t.category === 'Groceries' && t.date >= '2024-03-01' && t.date <= '2024-04-30'],
    ['amount_min=100&amount_max=250.5', (t) => t.amount >= 100 && t.amount <= 250.5],
    ['q=starb', (t) => t.description.startsWith('Starbucks')],
    ['q=STARBUCKS coffee', (t) => t.description.startsWith('Starbucks')],
    ['q=whole', (t) => t.merchant === 'Whole Foods'],
    ['q=reimburs', (t) => t.notes === 'reimbursable expense'],
    ['tags=work', (t) => t.tags.includes('work')],
    ['tags=work,q1', (t) => t.tags.includes('work') && t.tags.includes('q1')],
    ['type=expense&q=whole&tags=work&amount_min=50', (t) => t.type === 'expense' && t.merchant === 'Whole Foods' && t.tags.includes('work') && t.amount >= 50],
    ['category=Nonexistent', () => false],
  ];
  it.each(cases)('filter %s answers exactly the matching rows and their total', async (query, match) => {
    const page = await list(`${query}&limit=500`);
    const expected = all.filter(match);
    expect(page.transactions.map((t) => t.transaction_id)).toEqual(expected.map((t) => t.transaction_id));
    expect(page.total).toBe(expected.length);
  });

  it('the unfiltered pages answer every field as plain SQL reads it (timestamps to the millisecond, as toISOString writes them)', async () => {
    // The columns keep milliseconds (precision 3); the page's JSON carries them as epoch milliseconds, which must come back exact.
    const edges = ['2024-01-01 00:00:00.999+00', '2024-01-01 00:00:00.001+00', '1999-12-31 23:59:59.999+00', '2024-02-29 12:00:00+00'];
    await app.db.execute(
      sql`update transactions set created_at = (${sql.param(edges)}::timestamptz[])[1 + (abs(hashtext(id::text)) % 4)], updated_at = (${sql.param(edges)}::timestamptz[])[1 + (abs(hashtext(id::text) / 4) % 4)] where user_id = ${owner.userId}`,
    );
    const res = (await app.db.execute(sql`
      select id, account_id::text as account_id, kind, transfer_id::text as transfer_id, counts, cleared, reconciled, type, amount_minor::text as amount, currency, date::text as date, category, description, merchant, notes, array_to_json(tags)::text as tags, source, import_id::text as import_id, bank_id, merchant_name, merchant_kind, base_amount_minor::text as base_amount, original_amount_minor::text as original_amount, original_currency, split,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
      from transactions where user_id = ${owner.userId}`)) as unknown as { rows: Record<string, string | null>[] };
    const expected = new Map(
      res.rows.map((r) => [
        r.id!,
        { transaction_id: r.id, account_id: r.account_id, kind: r.kind, transfer_id: r.transfer_id, counts: r.counts, cleared: r.cleared, reconciled: r.reconciled, type: r.type, amount: Number(r.amount) / 100, currency: r.currency, date: r.date, category: r.category, description: r.description, merchant: r.merchant, notes: r.notes, tags: JSON.parse(r.tags!), source: r.source, import_id: r.import_id, created_at: r.created_at, updated_at: r.updated_at,
          bank_id: r.bank_id,
          base_amount: r.base_amount === null ? null : Number(r.base_amount) / 100,
          original_amount: r.original_amount === null ? null : Number(r.original_amount) / 100,
          original_currency: r.original_currency,
          split: r.split,
          // Rows stored without a clean merchant name get it when read.
          ...(r.merchant_name !== null ? { merchant_name: r.merchant_name, merchant_kind: r.merchant_kind } : ((m) => ({ merchant_name: m.merchantName, merchant_kind: m.merchantKind }))(merchantOf(r.merchant, r.description))) },
      ]),
    );
    for (const [sort, order] of [['date', 'desc'], ['amount', 'asc'], ['created_at', 'desc']] as const) {
      let cursor: string | null = null;
      const seen: Transaction[] = [];
      do {
        const page: TransactionListResponse = await list(`sort=${sort}&order=${order}&limit=50${cursor ? `&include_total=false&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...page.transactions);
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toHaveLength(130);
      for (const t of seen) expect(t).toEqual(expected.get(t.transaction_id));
    }
    expect(new Set([...expected.values()].map((t) => t.created_at))).toEqual(new Set(['2024-01-01T00:00:00.999Z', '2024-01-01T00:00:00.001Z', '1999-12-31T23:59:59.999Z', '2024-02-29T12:00:00.000Z']));
  });

  it('text search reads accented words and ignores punctuation-only input', async () => {
    const u = await freshUser();
    const cafe = await create({ description: 'Frühstück im Café', merchant: 'Café Sonne' }, u.token);
    await create({ description: 'Something else' }, u.token);
    for (const q of ['café', 'Café sonne', 'frühst']) {
      const page = await list(`q=${encodeURIComponent(q)}`, u.token);
      expect(page.transactions.map((t) => t.transaction_id), q).toEqual([cafe.transaction_id]);
    }
    expect((await list(`q=${encodeURIComponent('!!! ---')}`, u.token)).total).toBe(2);
  });

  it('a text search pages with a cursor too', async () => {
    const expected = all.filter((t) => t.merchant === 'Whole Foods');
    const first = await list('q=whole&limit=10');
    const second = await list(`q=whole&limit=10&include_total=false&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect([...first.transactions, ...second.transactions].map((t) => t.transaction_id)).toEqual(expected.slice(0, 20).map((t) => t.transaction_id));
  });

  it("another user's list holds none of these rows", async () => {
    const page = await list('limit=500', other.token);
    const mine = new Set(all.map((t) => t.transaction_id));
    expect(page.transactions.some((t) => mine.has(t.transaction_id))).toBe(false);
  });

  it.each([
    ['date_from=2024-05-01&date_to=2024-04-01', 'date_to must be on or after date_from'],
    ['amount_min=10&amount_max=5', 'amount_max must be at least amount_min'],
    ['date_from=2024-13-01', 'date_from must be'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=abc', 'limit must be a whole number'],
    ['offset=100001', 'offset must be at most 100000; use cursor (next_cursor) for deeper pages'],
    ['sort=merchant', 'sort must be date, amount or created_at'],
    ['order=up', 'order must be asc or desc'],
    ['type=transfer', "type must be 'income' or 'expense'"],
    ['cursor=garbage', 'cursor is invalid'],
    ['include_total=maybe', 'include_total must be true or false'],
  ])('%s answers 422 "%s"', async (query, detail) => {
    const res = await call('GET', `/transactions?${query}`, undefined, owner.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
  });

  it('a cursor from another sort order is refused, and a cursor cannot be combined with offset', async () => {
    const { next_cursor } = await list('limit=5');
    const wrongSort = await call('GET', `/transactions?sort=amount&cursor=${encodeURIComponent(next_cursor!)}`, undefined, owner.token);
    expect(wrongSort.statusCode).toBe(422);
    const withOffset = await call('GET', `/transactions?offset=5&cursor=${encodeURIComponent(next_cursor!)}`, undefined, owner.token);
    expect(withOffset.statusCode).toBe(422);
    expect(withOffset.json().detail).toContain('offset cannot be combined with cursor');
  });
});

describe('summaries and reports', () => {
  let owner: VerifiedUser;
  const today = new Date().toISOString().slice(0, 10);
  const thisMonth = today.slice(0, 7);
  const previousMonth = new Date(Date.UTC(Number(thisMonth.slice(0, 4)), Number(thisMonth.slice(5)) - 2, 1)).toISOString().slice(0, 7);
  const future = `${Number(today.slice(0, 4)) + 1}-01-15`;

  beforeAll(async () => {
    owner = await freshUser();
    const t = owner.token;
    await create({ type: 'income', amount: 3000, date: `${thisMonth}-01`, category: 'Salary' }, t);
    await create({ type: 'income', amount: 200, date: `${thisMonth}-01`, category: 'Freelance' }, t);
    await create({ type: 'expense', amount: 1200, date: `${thisMonth}-01`, category: 'Housing' }, t);
    await create({ type: 'expense', amount: 300, date: `${thisMonth}-01`, category: 'Groceries' }, t);
    await create({ type: 'expense', amount: 100, date: `${thisMonth}-01`, category: 'Dining' }, t);
    await create({ type: 'income', amount: 2500, date: `${previousMonth}-25`, category: 'Salary' }, t);
    await create({ type: 'expense', amount: 400.25, date: `${previousMonth}-10`, category: 'Groceries' }, t);
    // A scheduled bill next year: in the lists, not in today's balance.
    await create({ type: 'expense', amount: 50, date: future, category: 'Utilities' }, t);
  });

  it('GET /transactions/summary/overview: balance, totals, this and last month, top spending', async () => {
    const res = await call('GET', '/transactions/summary/overview', undefined, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<SummaryOverview>();
    expect(o).toMatchObject({
      currency: 'USD',
      balance: 3699.75,
      total_income: 5700,
      total_expenses: 2000.25,
      transaction_count: 7,
      first_date: `${previousMonth}-10`,
      last_date: future,
      current_month: { month: thisMonth, income: 3200, expenses: 1600, net: 1600, transaction_count: 5, savings_rate: 50 },
      previous_month: { month: previousMonth, income: 2500, expenses: 400.25, net: 2099.75, transaction_count: 2, savings_rate: 84 },
      has_demo_data: false,
    });
    expect(o.top_expense_categories.map((c) => [c.category, c.total, c.percentage])).toEqual([
      ['Housing', 1200, 75],
      ['Groceries', 300, 18.8],
      ['Dining', 100, 6.3],
    ]);
  });

  it('GET /transactions/reports/monthly/{year}/{month}: totals, categories, every day, largest expenses', async () => {
    const [y, m] = thisMonth.split('-').map(Number);
    const res = await call('GET', `/transactions/reports/monthly/${y}/${m}`, undefined, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<MonthlyReport>();
    expect(r).toMatchObject({ year: y, month: m, date_from: `${thisMonth}-01`, income: 3200, expenses: 1600, net: 1600, savings_rate: 50, transaction_count: 5 });
    expect(r.previous_month).toMatchObject({ month: previousMonth, income: 2500, expenses: 400.25 });
    expect(r.categories.map((c) => [c.type, c.category, c.total])).toEqual([
      ['income', 'Salary', 3000],
      ['income', 'Freelance', 200],
      ['expense', 'Housing', 1200],
      ['expense', 'Groceries', 300],
      ['expense', 'Dining', 100],
    ]);
    expect(r.daily[0]).toEqual({ date: `${thisMonth}-01`, income: 3200, expenses: 1600, net: 1600 });
    expect(r.daily).toHaveLength(Number(r.date_to.slice(8)));
    expect(r.daily.slice(1).every((d) => d.income === 0 && d.expenses === 0)).toBe(true);
    expect(r.largest_expenses.map((t) => t.amount)).toEqual([1200, 300, 100]);
  });

  it.each([
    ['2024/13', 'month must be 1 to 12'],
    ['2024/0', 'month must be 1 to 12'],
    ['abc/1', 'year must be a whole number'],
  ])('a report for %s answers 422', async (path, detail) => {
    const res = await call('GET', `/transactions/reports/monthly/${path}`, undefined, owner.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
  });

  it('GET /transactions/balance/current counts up to today, or up to as_of', async () => {
    const now = (await call('GET', '/transactions/balance/current', undefined, owner.token)).json<CurrentBalance>();
    expect(now).toEqual({ balance: 3699.75, total_income: 5700, total_expenses: 2000.25, transaction_count: 7, currency: 'USD', as_of: today, unconverted_count: 0 });
    const later = (await call('GET', `/transactions/balance/current?as_of=${future}`, undefined, owner.token)).json<CurrentBalance>();
    expect(later).toMatchObject({ balance: 3649.75, transaction_count: 8 });
  });

  it('GET /transactions/categories/expenses: this month by default, any period on request', async () => {
    const month = (await call('GET', '/transactions/categories/expenses', undefined, owner.token)).json<ExpenseCategories>();
    expect(month).toMatchObject({ date_from: `${thisMonth}-01`, date_to: today, total: 1600 });
    expect(month.categories.map((c) => [c.category, c.total, c.count, c.percentage])).toEqual([
      ['Housing', 1200, 1, 75],
      ['Groceries', 300, 1, 18.8],
      ['Dining', 100, 1, 6.3],
    ]);
    const both = (await call('GET', `/transactions/categories/expenses?date_from=${previousMonth}-01&date_to=${today}`, undefined, owner.token)).json<ExpenseCategories>();
    expect(both.categories[0]).toMatchObject({ category: 'Housing', total: 1200 });
    expect(both.categories.find((c) => c.category === 'Groceries')).toMatchObject({ total: 700.25, count: 2 });
  });

  it('GET /transactions/income/monthly: this month by source and a history with empty months as zeros', async () => {
    const res = await call('GET', '/transactions/income/monthly?months=3', undefined, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<MonthlyIncome>();
    expect(r).toMatchObject({ month: thisMonth, income: 3200, expenses: 1600, net: 1600 });
    expect(r.sources.map((s) => [s.category, s.total, s.percentage])).toEqual([
      ['Salary', 3000, 93.8],
      ['Freelance', 200, 6.3],
    ]);
    expect(r.history.map((h) => [h.income, h.expenses])).toEqual([
      [0, 0],
      [2500, 400.25],
      [3200, 1600],
    ]);
    expect(r.history[2]!.month).toBe(thisMonth);
    expect(r.average_income).toBe(1900);
    expect((await call('GET', '/transactions/income/monthly?months=0', undefined, owner.token)).statusCode).toBe(422);
  });

  it('a new user gets zeros, not errors', async () => {
    const u = await freshUser();
    const o = (await call('GET', '/transactions/summary/overview', undefined, u.token)).json<SummaryOverview>();
    expect(o).toMatchObject({ balance: 0, transaction_count: 0, first_date: null, top_expense_categories: [], current_month: { income: 0, savings_rate: null } });
  });
});

describe('search finds tags', () => {
  it("'#recurring' in the search finds the rows tagged recurring, alone or with words", async () => {
    const u = await freshUser();
    const rent = await create({ description: 'Rent', tags: ['recurring'] }, u.token);
    await create({ description: 'Gym', tags: ['recurring', 'health'] }, u.token);
    await create({ description: 'Rent deposit', tags: [] }, u.token);
    const ids = async (q: string) => (await call('GET', `/transactions?q=${encodeURIComponent(q)}&sort=date`, undefined, u.token)).json<TransactionListResponse>().transactions.map((t) => t.description).sort();
    expect(await ids('#recurring')).toEqual(['Gym', 'Rent']);
    expect(await ids('#Recurring rent')).toEqual(['Rent']);
    expect(await ids('#recurring #health')).toEqual(['Gym']);
    expect(await ids('#nosuchtag')).toEqual([]);
    expect(rent.tags).toEqual(['recurring']);
  });
});

describe('categories', () => {
  it('GET lists the default set first, with usage counts', async () => {
    const u = await freshUser();
    await create({ category: 'Dining' }, u.token);
    const { categories } = (await call('GET', '/transactions/categories', undefined, u.token)).json<{ categories: Category[] }>();
    expect(categories.map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.map((c) => c.name));
    expect(categories.every((c) => c.is_default)).toBe(true);
    expect(categories.find((c) => c.name === 'Dining')!.transaction_count).toBe(1);
  });

  it('POST adds a category, unique per user ignoring case; DELETE removes it unless it is used', async () => {
    const u = await freshUser();
    const created = await call('POST', '/transactions/categories', { name: 'Pets', type: 'expense', color: '#AABBCC' }, u.token);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ name: 'Pets', type: 'expense', color: '#aabbcc', is_default: false, transaction_count: 0 });
    expect((await call('POST', '/transactions/categories', { name: 'pets', type: 'expense' }, u.token)).statusCode).toBe(409);
    expect((await call('POST', '/transactions/categories', { name: 'groceries', type: 'expense' }, u.token)).statusCode).toBe(409);
    // Another user may use the same name; it is not theirs to see.
    expect((await call('POST', '/transactions/categories', { name: 'Pets', type: 'expense' }, other.token)).statusCode).toBe(201);

    const t = await create({ category: 'PETS' }, u.token);
    expect(t.category).toBe('Pets');
    const inUse = await call('DELETE', '/transactions/categories/Pets', undefined, u.token);
    expect(inUse.statusCode).toBe(409);
    await call('DELETE', `/transactions/${t.transaction_id}`, undefined, u.token);
    expect((await call('DELETE', '/transactions/categories/pets', undefined, u.token)).statusCode).toBe(200);
    expect((await call('DELETE', '/transactions/categories/Pets', undefined, u.token)).statusCode).toBe(404);
    expect((await call('DELETE', '/transactions/categories/Groceries', undefined, u.token)).statusCode).toBe(409);
  });

  it.each([
    [{ name: '', type: 'expense' }, 'name is required'],
    [{ name: 'a,b', type: 'expense' }, 'name must not contain commas'],
    [{ name: 'x'.repeat(41), type: 'expense' }, 'name must be at most 40 characters'],
    [{ name: 'Ok', type: 'both' }, "type must be 'income' or 'expense'"],
    [{ name: 'Ok', type: 'expense', color: 'red' }, 'color must be like #1c7ed6'],
  ])('POST %j answers 422', async (body, detail) => {
    const res = await call('POST', '/transactions/categories', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
  });
});

describe('GET /transactions/export', () => {
  it('streams the filtered list as CSV with a header row and proper quoting', async () => {
    const u = await freshUser();
    await create({ description: 'Dinner, with "friends"', merchant: 'Line\nBreak Bistro', category: 'Dining', date: '2024-01-02', tags: ['a', 'b'] }, u.token);
    await create({ description: '=HYPERLINK("x")', category: 'Shopping', date: '2024-01-03' }, u.token);
    await create({ type: 'income', amount: 10, category: 'Salary', date: '2024-01-04', currency: 'EUR' }, u.token);
    const res = await call('GET', '/transactions/export?type=expense&sort=date&order=asc', undefined, u.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    // A UTF-8 byte order mark first, so Excel shows "Bäckerei Müller" rather than mojibake.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(res.body.replace(/^\uFEFF/, ''), ',').map((r) => r.cells);
    expect(records[0]).toEqual(['date', 'type', 'amount', 'currency', 'category', 'description', 'merchant', 'notes', 'tags', 'transaction_id', 'created_at']);
    expect(records).toHaveLength(3);
    expect(records[1]!.slice(0, 9)).toEqual(['2024-01-02', 'expense', '12.50', 'USD', 'Dining', 'Dinner, with "friends"', 'Line\nBreak Bistro', '', 'a;b']);
    expect(records[2]![5]).toBe('\'=HYPERLINK("x")');
    expect(res.body.split('\r\n')[1]).toContain('"Dinner, with ""friends"""');
  });

  it('exports more rows than one internal page, every one once', async () => {
    const u = await freshUser();
    await app.repos.transactions.insertMany(app.db, u.userId, dataset().concat(dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset(), dataset()), 'manual');
    const res = await call('GET', '/transactions/export', undefined, u.token);
    const ids = parseCsv(res.body, ',').slice(1).map((r) => r.cells[9]);
    expect(ids).toHaveLength(130 * 17);
    expect(new Set(ids).size).toBe(130 * 17);
  });
});

describe('demo data', () => {
  it('POST /transactions/demo loads a realistic year ending today; the same seed gives the same data', async () => {
    const u = await freshUser();
    const kept = await create({ description: 'my own' }, u.token);
    const res = await call('POST', '/transactions/demo?seed=7', undefined, u.token);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.inserted).toBeGreaterThan(500);
    expect(body.date_to <= new Date().toISOString().slice(0, 10)).toBe(true);

    const overview = (await call('GET', '/transactions/summary/overview', undefined, u.token)).json<SummaryOverview>();
    expect(overview.has_demo_data).toBe(true);
    // The demo's transfers between its accounts (savings, the card payment) are neither income nor spending.
    const uncounted = async () => Number(((await app.db.execute(sql`select count(*) as n from transactions where user_id = ${u.userId} and not counts`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    const notIncomeOrSpending = await uncounted();
    expect(notIncomeOrSpending).toBeGreaterThan(20);
    expect(overview.transaction_count).toBe(body.inserted + 1 - notIncomeOrSpending);
    const { categories } = (await call('GET', '/transactions/categories', undefined, u.token)).json<{ categories: Category[] }>();
    for (const name of ['Salary', 'Housing', 'Groceries', 'Utilities', 'Subscriptions', 'Dining', 'Transport', 'Travel', 'Gifts & Donations', 'Refunds']) {
      expect(categories.find((c) => c.name === name)!.transaction_count, name).toBeGreaterThan(0);
    }
    const december = (await call('GET', '/transactions?category=Gifts %26 Donations&limit=500', undefined, u.token)).json<TransactionListResponse>();
    expect(december.transactions.every((t) => t.date.slice(5, 7) === '12')).toBe(true);

    // Reloading replaces the demo rows rather than doubling them.
    const again = await call('POST', '/transactions/demo?seed=7', undefined, u.token);
    expect(again.json().inserted).toBe(body.inserted);
    const balance = (await call('GET', '/transactions/balance/current', undefined, u.token)).json<CurrentBalance>();
    expect(balance.transaction_count).toBe(body.inserted + 1 - (await uncounted()));

    const removed = await call('DELETE', '/transactions/demo', undefined, u.token);
    expect(removed.json()).toEqual({ message: 'Demo data removed', deleted: body.inserted });
    const after = (await call('GET', '/transactions', undefined, u.token)).json<TransactionListResponse>();
    expect(after.transactions.map((t) => t.transaction_id)).toEqual([kept.transaction_id]);
    expect(after.total).toBe(1);
  });
});
