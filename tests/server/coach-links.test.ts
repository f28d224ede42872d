import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewTransaction } from '../../src/server/repositories/transactions';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

/**
 * Every figure can be checked: an amount in the coach's answer links to the transactions list
 * filtered to the rows behind it, and that list (the same query on the list's API) holds rows that
 * add up to the figure shown. Followed through a follow-up that inherits the subject ("and in …?").
 * Periods are named with their year, so the answer does not depend on today's date.
 */
let t: TestApp;
let user: VerifiedUser;

const row = (date: string, category: string, amountMinor: number, merchant: string, type: 'income' | 'expense' = 'expense'): NewTransaction => ({
  type,
  amountMinor,
  date,
  category,
  description: merchant,
  merchant,
  notes: null,
  tags: [],
  currency: null,
});

beforeAll(async () => {
  t = await createTestApp({ env: { COACH_STREAM_DELAY_MS: '0', COACH_FREE_DAILY_MESSAGES: '1000' } });
  user = await signUpWithAccess(t.app);
  const rows: NewTransaction[] = [];
  for (let d = 1; d <= 28; d += 3) {
    rows.push(row(`2025-10-${String(d).padStart(2, '0')}`, 'Groceries', 2_000 + d * 137, "TRADER JOE'S #552"));
    rows.push(row(`2025-09-${String(d).padStart(2, '0')}`, 'Groceries', 1_500 + d * 91, 'WHOLEFDS MKT 10233'));
    rows.push(row(`2025-10-${String(d).padStart(2, '0')}`, 'Dining', 1_800 + d * 11, 'TST* NOPA RESTAURANT'));
  }
  rows.push(row('2025-10-15', 'Salary', 420_000, 'ACME CORP PAYROLL', 'income'));
  await t.app.repos.transactions.insertMany(t.app.db, user.userId, rows, 'manual');
}, 300_000);
afterAll(async () => t?.close());

const ask = async (message: string, conversationId?: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/chat/financial-advice', headers: bearer(user.token), payload: { message, ...(conversationId ? { conversation_id: conversationId } : {}) } });
  expect(res.statusCode).toBe(200);
  return res.json<{ response: string; conversation_id: string }>();
};

/** The figures an answer links, each with the list's own total of the rows behind it. */
async function linkedFigures(answer: string) {
  const out: { shown: string; listed: string; count: number }[] = [];
  for (const [, shown, href] of answer.matchAll(/\[\*\*\$([\d,.]+)\*\*\]\((\/transactions\?[^)]+)\)/g)) {
    const res = await t.app.inject({ method: 'GET', url: `${href}&limit=500`, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ transactions: { amount: number }[]; total: number }>();
    const sum = list.transactions.reduce((s, x) => s + Math.round(x.amount * 100), 0);
    out.push({ shown: shown!, listed: (sum / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }), count: list.total });
  }
  return out;
}

describe('every figure of the coach links to the rows behind it', () => {
  it('a category total, then a follow-up for another month: each linked list adds up to the figure shown', async () => {
    const first = await ask('How much did I spend on groceries in October 2025?');
    const a = await linkedFigures(first.response);
    expect(a, first.response).toHaveLength(1);
    expect(a[0]!.listed).toBe(a[0]!.shown);
    expect(a[0]!.count).toBe(10);

    const second = await ask('and in September 2025?', first.conversation_id);
    const b = await linkedFigures(second.response);
    expect(b, second.response).toHaveLength(1);
    expect(b[0]!.listed).toBe(b[0]!.shown);
    expect(b[0]!.shown).not.toBe(a[0]!.shown);
  });

  it('a kind of merchant that is the whole of its category in the period links to that category', async () => {
    // Every Dining row of October is the restaurant: "eating out" is a kind, and its rows are all of Dining.
    const whole = await ask('How much did I spend at restaurants in October 2025?');
    const figures = await linkedFigures(whole.response);
    expect(figures, whole.response).toHaveLength(1);
    expect(whole.response).toContain('category=Dining');
    expect(figures[0]!.listed).toBe(figures[0]!.shown);
    expect(figures[0]!.count).toBe(10);
  });

  it('everything spent in a month links to that month of spending', async () => {
    const answer = await ask('What did I spend in total in October 2025?');
    const figures = await linkedFigures(answer.response);
    expect(figures.length, answer.response).toBeGreaterThanOrEqual(1);
    for (const f of figures) expect(f.listed).toBe(f.shown);
  });
});
