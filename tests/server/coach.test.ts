import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals, goalTransactions, transactions, users } from '../../src/server/db/schema';
import { builtinCoach, composeAnswer } from '../../src/server/services/coach/builtin';
import { coachData } from '../../src/server/services/coach/data';
import { amountMentioned, recognise } from '../../src/server/services/coach/intents';
import { periodMentioned } from '../../src/server/services/coach/period';
import { toolDefinitions } from '../../src/server/services/coach/tools';
import type { CoachRequest } from '../../src/server/services/coach/types';
import { createTestApp, signUpAndVerify, type TestApp } from '../support/app';

/**
 * The built-in coach over a fixed data set on a fixed day (Sunday 15 June 2025). Every expected
 * figure below is worked out by hand from the rows in `seed` (see the comments), not by the code.
 */
const TODAY = '2025-06-15';
const NOW = new Date('2025-06-15T12:00:00Z');

let testApp: TestApp;
let app: FastifyInstance;
let userId: string;
let euroUserId: string;
let emptyUserId: string;

type Row = typeof transactions.$inferInsert;
const tx = (user: string, date: string, type: 'income' | 'expense', category: string, amount: number, merchant: string | null = null): Row => ({
  userId: user,
  date,
  type,
  category,
  amountMinor: Math.round(amount * 100),
  merchant,
  description: merchant ?? category,
});

/**
 * Jan–Jun 2025: salary 3,000 on the 1st; rent 1,200 (Landlord Ltd) on the 2nd; Netflix 15.49 on the 5th;
 * Spotify 9.99 on the 10th from Feb; FitLife Gym 40 on the 3rd from Mar; groceries at FreshMart
 * (Feb–Apr 3 × 100 on the 7th/14th/21st, May 85.20 + 92.40 + 78.15 + 101.05 on the 4th/11th/18th/25th,
 * Jun 2 × 120 on the 6th/13th); dining at Bistro 21 (Mar 60, Apr 50, May 3 × 45, Jun 5 × 60).
 */
function seed(user: string): Row[] {
  const rows: Row[] = [];
  for (const m of ['01', '02', '03', '04', '05', '06']) {
    rows.push(tx(user, `2025-${m}-01`, 'income', 'Salary', 3000, 'Acme Corp'));
    rows.push(tx(user, `2025-${m}-02`, 'expense', 'Housing', 1200, 'Landlord Ltd'));
    rows.push(tx(user, `2025-${m}-05`, 'expense', 'Subscriptions', 15.49, 'Netflix'));
    if (m !== '01') rows.push(tx(user, `2025-${m}-10`, 'expense', 'Subscriptions', 9.99, 'Spotify'));
    if (m >= '03') rows.push(tx(user, `2025-${m}-03`, 'expense', 'Health', 40, 'FitLife Gym'));
  }
  for (const m of ['02', '03', '04']) for (const d of ['07', '14', '21']) rows.push(tx(user, `2025-${m}-${d}`, 'expense', 'Groceries', 100, 'FreshMart'));
  rows.push(tx(user, '2025-05-04', 'expense', 'Groceries', 85.2, 'FreshMart'));
  rows.push(tx(user, '2025-05-11', 'expense', 'Groceries', 92.4, 'FreshMart'));
  rows.push(tx(user, '2025-05-18', 'expense', 'Groceries', 78.15, 'FreshMart'));
  rows.push(tx(user, '2025-05-25', 'expense', 'Groceries', 101.05, 'FreshMart'));
  rows.push(tx(user, '2025-06-06', 'expense', 'Groceries', 120, 'FreshMart'));
  rows.push(tx(user, '2025-06-13', 'expense', 'Groceries', 120, 'FreshMart'));
  rows.push(tx(user, '2025-03-15', 'expense', 'Dining', 60, 'Bistro 21'));
  rows.push(tx(user, '2025-04-15', 'expense', 'Dining', 50, 'Bistro 21'));
  for (const d of ['08', '20', '28']) rows.push(tx(user, `2025-05-${d}`, 'expense', 'Dining', 45, 'Bistro 21'));
  for (const d of ['02', '05', '08', '11', '14']) rows.push(tx(user, `2025-06-${d}`, 'expense', 'Dining', 60, 'Bistro 21'));
  return rows;
}

/** "Summer vacation": 3,000 by 31 Dec 2025, created 15 Jan with 300; 240 added on the 1st of Feb–Jun (1,500 saved). */
async function seedGoal(user: string) {
  const [goal] = await app.db
    .insert(goals)
    .values({ userId: user, name: 'Summer vacation', targetAmountMinor: 300_000, currentAmountMinor: 150_000, targetDate: '2025-12-31', category: 'vacation', createdAt: new Date('2025-01-15T00:00:00Z') })
    .returning();
  const moves = [{ at: '2025-01-15', amount: 30_000, note: 'Initial amount' }, ...['02', '03', '04', '05', '06'].map((m) => ({ at: `2025-${m}-01`, amount: 24_000, note: null }))];
  let balance = 0;
  for (const move of moves) {
    balance += move.amount;
    await app.db.insert(goalTransactions).values({ goalId: goal!.id, userId: user, type: 'deposit', amountMinor: move.amount, balanceAfterMinor: balance, note: move.note, createdAt: new Date(`${move.at}T09:00:00Z`) });
  }
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const [a, b, c] = await Promise.all([signUpAndVerify(app), signUpAndVerify(app), signUpAndVerify(app)]);
  userId = a.userId;
  euroUserId = b.userId;
  emptyUserId = c.userId;
  await app.db.update(users).set({ fullName: 'Alex Morgan' }).where(eq(users.id, userId));
  await app.db.update(users).set({ currency: 'EUR' }).where(eq(users.id, euroUserId));
  await app.db.insert(transactions).values([...seed(userId), ...seed(euroUserId)]);
  await seedGoal(userId);
});
afterAll(async () => {
  await testApp?.close();
});

function request(question: string, user = userId, currency = 'USD'): CoachRequest {
  return {
    question,
    history: [],
    profile: { name: user === userId ? 'Alex Morgan' : null, currency, monthlyIncome: null, mainGoal: null, helpWith: [] },
    tools: { data: coachData(app.db, user), currency, today: TODAY, now: NOW },
  };
}

async function ask(question: string, user = userId, currency = 'USD') {
  const { intent, composed } = await composeAnswer(request(question, user, currency));
  return { intent: intent.kind, text: composed.text, tools: composed.tools };
}

describe('the built-in coach answers from the user’s own numbers (fixed data, 15 June 2025)', () => {
  it('"How much did I spend on groceries last month?": May 2025 Groceries, 356.80 over 4 transactions', async () => {
    const a = await ask('How much did I spend on groceries last month?');
    expect(a.intent).toBe('spending');
    // 85.20 + 92.40 + 78.15 + 101.05
    expect(a.text).toContain('You spent [**$356.80**](/transactions?type=expense&category=Groceries&date_from=2025-05-01&date_to=2025-05-31) on **Groceries** last month, May 2025 (1–31 May 2025), across 4 transactions.');
    // May spending: 1,200 + 15.49 + 9.99 + 40 + 356.80 + 135 = 1,757.28; 356.80 / 1,757.28 = 20.3%
    expect(a.text).toContain('That is 20.3% of everything you spent in that period ($1,757.28).');
    // "Usual" is always the 3 full months before the current one (Mar, Apr, May), whatever period is asked about,
    // so every answer in a chat quotes the same figure: (300 + 300 + 356.80) / 3 = 318.93
    expect(a.text).toContain('you usually spend about $318.93 a month there');
    expect(a.text).toMatch(/\*\*Next step:\*\*/);
  });

  it('"Summarise this month": income, spending, net and savings rate of 1–15 June, against 1–15 May', async () => {
    const a = await ask('Summarise this month');
    expect(a.intent).toBe('summary');
    expect(a.text).toContain('Here is June 2025 so far (1–15 Jun 2025) at a glance:');
    expect(a.text).toContain('- Income: **$3,000.00**');
    // June 1–15: 1,200 + 15.49 + 9.99 + 40 + 240 + 300 = 1,805.48. May 1–15: 1,200 + 15.49 + 9.99 + 40 + 177.60 + 45 = 1,488.08 → up 21.3%
    expect(a.text).toContain('- Spending: **$1,805.48** (up 21.3% on the same days of the month before, $1,488.08)');
    // 3,000 − 1,805.48 = 1,194.52; 1,194.52 / 3,000 = 39.8%
    expect(a.text).toContain('- Net: **$1,194.52**, a savings rate of 39.8%');
    expect(a.text).toContain('- Top categories: Housing $1,200.00, Dining $300.00 and Groceries $240.00');
    expect(a.text).toContain('- Goals: 1 of 1 on track or reached');
  });

  it('"Can I afford a 1,200 laptop in March?": March 2026, 9 months of average net savings ahead', async () => {
    const a = await ask('Can I afford a 1,200 laptop in March?');
    expect(a.intent).toBe('affordability');
    // Balance: 18,000 income − 9,544.69 spending = 8,455.31. Mar–May average: income 3,000, spending (1,625.48 + 1,615.48 + 1,757.28) / 3 = 1,666.08, net 1,333.92.
    // By March 2026: 8,455.31 + 9 × 1,333.92 = 20,460.59; after the laptop 19,260.59.
    expect(a.text).toContain('**Yes, you can afford a $1,200.00 laptop in March 2026.**');
    expect(a.text).toContain('Your balance is $8,455.31 today');
    expect(a.text).toContain('you kept $1,333.92 a month on average (income $3,000.00, spending $1,666.08)');
    expect(a.text).toContain('so by March 2026 you should have about **$20,460.59**');
    expect(a.text).toContain('you would still have $19,260.59');
    // The vacation goal needs 229.43 a month (see the goals test).
    expect(a.text).toContain('your goals need $229.43 a month');
  });

  it('affordability says "tight" inside a month of spending, and "not yet" with the saving needed', async () => {
    const tight = await ask('Can I afford an $8,000 trip this month?');
    // 8,455.31 − 8,000 = 455.31, less than one month of spending (1,666.08).
    expect(tight.text).toContain('**Just about, but it would be tight.**');
    expect(tight.text).toContain('would leave $455.31');
    const notYet = await ask('can i afford a 25k car next month');
    // July 2025: 8,455.31 + 1,333.92 = 9,789.23; 25,000 − 9,789.23 = 15,210.77 short.
    expect(notYet.text).toContain('**Not yet.**');
    expect(notYet.text).toContain('That is $15,210.77 short of a $25,000.00 car in July 2025.');
    expect(notYet.text).toContain('saving an extra $15,210.77 a month until then');
  });

  it('"Am I on track for my vacation goal?": saved, on track, monthly need and when it is reached at the current pace', async () => {
    const a = await ask('Am I on track for my vacation goal?');
    expect(a.intent).toBe('goals');
    // Plan from 15 Jan to 31 Dec (350 days), 151 days in: expected 3,000 × 151/350 = 1,294.28 ≤ 1,500 saved → on track.
    // 199 days left = 6.54 months: 1,500 / 6.54 = 229.43 a month. Last 90 days: 3 × 240 → 240 a month → 1,500 / 240 = 6.25 → 7 months → January 2026.
    // 3,000 − 1,500 = 1,500 still to go.
    expect(a.text).toContain('**Summer vacation**: $1,500.00 of $3,000.00 saved (50%), **$1,500.00 still to go**, on track: you need $229.43 a month to reach it by the target date 31 Dec 2025.');
    expect(a.text).toContain('At your pace of the last 90 days ($240.00 a month) you would reach it in January 2026.');
    expect(a.text).toContain('**Next step:** keep adding $229.43 a month to Summer vacation');
  });

  it('"Where can I cut back?": categories above the usual of the 90 days before, and the recurring charges', async () => {
    const a = await ask('Where can I cut back?');
    expect(a.intent).toBe('overspending');
    // 17 May–15 Jun: 1,200 + 15.49 + 9.99 + 40 + 419.20 + 390 = 2,074.68. Usual (16 Feb–16 May ÷ 3): 1,200 + 25.48 + 40 + 292.53 + 51.67 = 1,609.68.
    expect(a.text).toContain('In the last 30 days (17 May – 15 Jun 2025) you spent **$2,074.68**, against a usual $1,609.68 for 30 days');
    // Dining 45 + 45 + 5 × 60 = 390 vs 155 / 3 = 51.67; Groceries 78.15 + 101.05 + 240 = 419.20 vs 877.60 / 3 = 292.53.
    expect(a.text).toContain('- **Dining**: $390.00, usually $51.67 ($338.33 more)');
    expect(a.text).toContain('- **Groceries**: $419.20, usually $292.53 ($126.67 more)');
    expect(a.text).not.toContain('**Subscriptions**:');
    // Subscriptions (rent is a bill): FitLife Gym 40 + Netflix 15.49 + Spotify 9.99 = 65.48 a month.
    expect(a.text).toContain('You also pay 3 subscriptions costing $65.48 a month ($785.76 a year)');
    expect(a.text).toContain('**Next step:** cut Dining by 10% next month: that is about $39.00 back in your pocket.');
  });

  it('recurring charges: steady monthly merchants, not frequent ones', async () => {
    const a = await ask('What subscriptions do I have?');
    expect(a.intent).toBe('recurring');
    // Landlord Ltd 1,200 + FitLife Gym 40 + Netflix 15.49 + Spotify 9.99 = 1,265.48 a month.
    expect(a.text).toContain('I found 4 recurring charges in the last 13 months (11 May 2024 – 15 Jun 2025), costing **$1,265.48 a month** ($15,185.76 a year).');
    expect(a.text).toContain('**Subscriptions and memberships** ($65.48 a month):');
    expect(a.text).toContain('**Regular bills** ($1,200.00 a month):');
    expect(a.text).toContain('- **Landlord Ltd**: $1,200.00 a month ($14,400.00 a year), last charged 2 Jun 2025');
    expect(a.text).toContain('- **Netflix**: $15.49 a month ($185.88 a year), last charged 5 Jun 2025');
    expect(a.text).toContain('- **Spotify**: $9.99 a month ($119.88 a year), last charged 10 Jun 2025');
    // FreshMart (3 a month) and Bistro 21 (more than twice a month on average) are not subscriptions.
    expect(a.text).not.toContain('FreshMart');
    expect(a.text).not.toContain('Bistro 21');
  });

  it('balance, savings rate, income and a merchant', async () => {
    const balance = await ask('What is my balance?');
    expect(balance.text).toContain('Your balance is **$8,455.31** as of 15 Jun 2025: $18,000.00 of income minus $9,544.69 of spending recorded since 1 Jan 2025.');
    expect(balance.text).toContain('you have $1,500.00 put aside in your savings goals');
    const rate = await ask('What is my savings rate?');
    // May: 3,000 − 1,757.28 = 1,242.72 → 41.4%
    expect(rate.text).toContain('you kept **$1,242.72**: a savings rate of **41.4%**');
    const income = await ask('How much did I earn last month?');
    expect(income.text).toContain('Your income last month, May 2025 (1–31 May 2025) was **$3,000.00**, from Salary $3,000.00.');
    const netflix = await ask('How much have I paid Netflix this month?');
    expect(netflix.text).toContain('You spent **$15.49** at **Netflix** so far this month (1–15 Jun 2025), across 1 transaction.');
  });

  it('answers in the user’s currency', async () => {
    const a = await ask('How much did I spend on groceries last month?', euroUserId, 'EUR');
    expect(a.text).toContain('You spent [**€356.80**](/transactions?type=expense&category=Groceries&date_from=2025-05-01&date_to=2025-05-31) on **Groceries**');
  });

  it('refuses buy/sell advice on specific securities, and steers off-topic questions back', async () => {
    for (const q of ['Should I buy Tesla stock?', 'Is bitcoin a good buy right now?', 'Should I sell my $NVDA shares?']) {
      const a = await ask(q);
      expect(a.intent, q).toBe('securities');
      expect(a.text).toContain("I can't tell you whether to buy or sell a specific stock, fund or cryptocurrency");
      expect(a.text).not.toMatch(/\$\d/);
    }
    const off = await ask('Write me a poem about the sea');
    expect(off.intent).toBe('off_topic');
    expect(off.text).toContain("That's outside what I can help with");
  });

  it('greets with suggestions, and says so when there is no data to answer from', async () => {
    const hello = await ask('Hello');
    expect(hello.text).toContain('Hi Alex!');
    const none = await ask('How much did I spend on groceries last month?', emptyUserId);
    expect(none.text).toContain("I don't see any transactions in your account yet");
    const tips = await ask('Any tips?', emptyUserId);
    expect(tips.intent).toBe('tips');
    expect(tips.text).toContain('Pay yourself first');
  });

  it('tips are built from the user’s averages', async () => {
    const a = await ask('Give me some tips to save more');
    expect(a.intent).toBe('tips');
    // Mar–May average: keeps 1,333.92 of 3,000 = 44.5%.
    expect(a.text).toContain('You keep 44.5% of your income on average');
    // 8,455.31 / 1,666.08 = 5.1 months of spending.
    expect(a.text).toContain('covers about 5.1 months of spending');
  });

  it('streams the answer in pieces that add up to the whole answer, and stops when aborted', async () => {
    const engine = builtinCoach({ chunkDelayMs: 0 });
    const pieces: string[] = [];
    for await (const e of engine.answer(request('Summarise this month'), new AbortController().signal)) if (e.type === 'text') pieces.push(e.text);
    expect(pieces.length).toBeGreaterThan(20);
    expect(pieces.join('')).toBe((await ask('Summarise this month')).text);

    const controller = new AbortController();
    const slow = builtinCoach({ chunkDelayMs: 5 });
    const got: string[] = [];
    for await (const e of slow.answer(request('Give me some tips'), controller.signal)) {
      if (e.type !== 'text') continue;
      got.push(e.text);
      if (got.length === 3) controller.abort();
    }
    expect(got).toHaveLength(3);
  });
});

describe('intent recognition and parsing', () => {
  const names = { categories: ['Groceries', 'Dining', 'Transport'], merchants: ['Netflix', 'Whole Foods'], goals: ['Summer vacation', 'Emergency fund'] };
  const cases: [string, string][] = [
    ['How much did I spend on groceries last month?', 'spending'],
    ['What did I spend at Whole Foods in March?', 'spending'],
    ['Where do I spend the most? Top merchants please', 'spending'],
    ['How much did I spend on subscriptions last month?', 'spending'],
    ['What are my recurring charges?', 'recurring'],
    ['Am I on track for my vacation goal?', 'goals'],
    ['When will I reach my emergency fund?', 'goals'],
    ['Where can I cut back?', 'overspending'],
    ['Am I overspending?', 'overspending'],
    ['What is my savings rate?', 'savings_rate'],
    ['Summarise this month', 'summary'],
    ['How am I doing?', 'summary'],
    ['What was my income in May?', 'income'],
    ["What's my balance?", 'balance'],
    ['Can I afford a 1,200 laptop in March?', 'affordability'],
    ['Give me some budgeting tips', 'tips'],
    ['Any tips?', 'tips'],
    ['Should I buy Tesla stock?', 'securities'],
    ['What is the capital of France?', 'off_topic'],
    ['hi', 'greeting'],
    ['thanks!', 'thanks'],
  ];
  for (const [question, kind] of cases) {
    it(`"${question}" → ${kind}`, () => {
      expect(recognise(question, names, TODAY).kind).toBe(kind);
    });
  }

  it('reads amounts and leaves years and counts alone', () => {
    expect(amountMentioned('Can I afford a 1,200 laptop in March 2026?')).toBe(1200);
    expect(amountMentioned('a $99.50 jacket')).toBe(99.5);
    expect(amountMentioned('a 2.5k holiday')).toBe(2500);
    expect(amountMentioned('in 3 months, a €900 bike')).toBe(900);
    expect(amountMentioned('something in 2026')).toBeNull();
  });

  it('reads the periods a question names', () => {
    expect(periodMentioned('last month', TODAY)).toMatchObject({ start: '2025-05-01', end: '2025-05-31' });
    expect(periodMentioned('in March', TODAY)).toMatchObject({ start: '2025-03-01', end: '2025-03-31' });
    expect(periodMentioned('in December', TODAY)).toMatchObject({ start: '2024-12-01', end: '2024-12-31' });
    expect(periodMentioned('this month', TODAY)).toMatchObject({ start: '2025-06-01', end: '2025-06-15' });
    expect(periodMentioned('the last 7 days', TODAY)).toMatchObject({ start: '2025-06-09', end: '2025-06-15' });
    expect(periodMentioned('last week', TODAY)).toMatchObject({ start: '2025-06-02', end: '2025-06-08' });
    expect(periodMentioned('this year', TODAY)).toMatchObject({ start: '2025-01-01', end: '2025-06-15' });
    expect(periodMentioned('May I ask something', TODAY)).toBeNull();
  });

  it('the same tool functions are offered to an LLM, each with a JSON schema', () => {
    const tools = toolDefinitions();
    expect(tools.map((t) => t.function.name).sort()).toEqual(
      [
        'answer_question',
        'query_transactions',
        'check_affordability',
        'compare_spending_to_usual',
        'find_recurring_charges',
        'get_accounts',
        'get_balance',
        'get_net_worth',
        'get_transfers_into',
        'get_cash_flow',
        'get_goals',
        'get_income',
        'get_month_summary',
        'get_spending',
        'get_top_merchants',
        'get_bills_due',
        'get_balance_on',
        'get_price_changes',
        'get_budget',
        'get_bills_ahead',
        'get_subscriptions_cost',
      ].sort(),
    );
    const query = tools.find((t) => t.function.name === 'query_transactions')!;
    expect(query.function.parameters).toMatchObject({ type: 'object', required: ['measure'] });
    const affordability = tools.find((t) => t.function.name === 'check_affordability')!;
    expect(affordability.function.parameters).toMatchObject({ type: 'object', required: ['amount'] });
  });
});
