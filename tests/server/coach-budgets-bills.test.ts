import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import { runTool } from '../../src/server/services/coach/tools';
import { createTestApp, signUpWithAccess, userClient, type TestApp, type VerifiedUser } from '../support/app';
import { askCoach, coachTools, converse } from '../support/coach';

/**
 * The coach's budget and bill questions on a fixed day (Sunday 15 June 2025), over a budget and
 * recurring items made through the API. Figures are worked out by hand from the rows below.
 */
const TODAY = '2025-06-15';

let testApp: TestApp;
let app: FastifyInstance;
let withPlans: VerifiedUser;
let without: VerifiedUser;
let detectedOnly: VerifiedUser;
let risen: VerifiedUser;

const send = <T>(user: VerifiedUser, method: 'POST' | 'PUT', url: string, payload: object) => userClient(app, user).succeeds<T>(method, url, payload);

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  withPlans = await signUpWithAccess(app);
  without = await signUpWithAccess(app);
  detectedOnly = await signUpWithAccess(app);
  risen = await signUpWithAccess(app);
  // Checking opens with 2,000; June: salary 3,000, groceries 120.50 + 80.25, dining 95.40.
  const checking = await send<Account>(withPlans, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 2000, opening_date: '2025-05-31' });
  const tx = (type: string, amount: number, date: string, category: string, description: string) =>
    send(withPlans, 'POST', '/transactions', { account_id: checking.account_id, type, amount, date, category, description });
  await tx('income', 3000, '2025-06-01', 'Salary', 'ACME PAYROLL');
  await tx('expense', 120.5, '2025-06-03', 'Groceries', 'FRESHMART');
  await tx('expense', 80.25, '2025-06-10', 'Groceries', 'FRESHMART');
  await tx('expense', 95.4, '2025-06-07', 'Dining', 'BISTRO 21');
  // June's budget: groceries 400 (target 450 a month), dining 60.
  await send(withPlans, 'PUT', '/budgets/2025-06/assigned', { category: 'Groceries', assigned: 400 });
  await send(withPlans, 'PUT', '/budgets/2025-06/assigned', { category: 'Dining', assigned: 60 });
  await send(withPlans, 'PUT', '/budgets/2025-06/target', { category: 'Groceries', kind: 'monthly', amount: 450 });
  // Recurring: pay on the 1st; rent on the 20th; phone on the 25th; Netflix on the 17th; the gym every Monday; a yearly cloud plan on 1 August.
  const item = (name: string, kind: string, amount: number, rrule: string) =>
    send(withPlans, 'POST', '/recurring', { name, merchant_pattern: name.toUpperCase(), account_id: checking.account_id, kind, amount, rrule, start_date: '2025-01-01' });
  await item('Salary', 'income', 3000, 'FREQ=MONTHLY;BYMONTHDAY=1');
  await item('Rent', 'bill', 1200, 'FREQ=MONTHLY;BYMONTHDAY=20');
  await item('Phone', 'bill', 45, 'FREQ=MONTHLY;BYMONTHDAY=25');
  await item('Netflix', 'subscription', 15.49, 'FREQ=MONTHLY;BYMONTHDAY=17');
  await item('Gym', 'subscription', 10, 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO');
  await item('Cloud storage', 'subscription', 120, 'FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=1');
  // The other user has spending but no budget and no recurring items.
  const theirs = await send<Account>(without, 'POST', '/accounts', { name: 'Main', kind: 'checking', opening_balance: 500, opening_date: '2025-05-31' });
  await send(without, 'POST', '/transactions', { account_id: theirs.account_id, type: 'expense', amount: 42, date: '2025-06-05', category: 'Groceries', description: 'CORNER SHOP' });
  // A third user pays Netflix 15.49 each month but has set nothing up on Bills.
  const main = await send<Account>(detectedOnly, 'POST', '/accounts', { name: 'Main', kind: 'checking', opening_balance: 500, opening_date: '2024-12-31' });
  for (const mm of ['01', '02', '03', '04', '05', '06']) {
    await send(detectedOnly, 'POST', '/transactions', { account_id: main.account_id, type: 'expense', amount: 15.49, date: `2025-${mm}-05`, category: 'Subscriptions', description: 'NETFLIX.COM', merchant: 'Netflix' });
  }
  // A fourth user: Spotify 9.99 from January to May, 11.99 in June; Netflix steady at 15.49.
  const card = await send<Account>(risen, 'POST', '/accounts', { name: 'Card', kind: 'checking', opening_balance: 800, opening_date: '2024-12-31' });
  for (const mm of ['01', '02', '03', '04', '05', '06']) {
    await send(risen, 'POST', '/transactions', { account_id: card.account_id, type: 'expense', amount: mm === '06' ? 11.99 : 9.99, date: `2025-${mm}-08`, category: 'Subscriptions', description: 'SPOTIFY USA', merchant: 'Spotify' });
    await send(risen, 'POST', '/transactions', { account_id: card.account_id, type: 'expense', amount: 15.49, date: `2025-${mm}-05`, category: 'Subscriptions', description: 'NETFLIX.COM', merchant: 'Netflix' });
  }
}, 120_000);
afterAll(async () => {
  await testApp?.close();
});

const toolsOf = (user: VerifiedUser) => coachTools(app, user.userId, TODAY);
const ask = async (user: VerifiedUser, question: string) => (await askCoach(toolsOf(user), question)).composed;

describe('budget questions (June 2025)', () => {
  it('"How much is left for groceries this month?": 400 − 120.50 − 80.25 = 199.25', async () => {
    const a = await ask(withPlans, 'How much is left for groceries this month?');
    expect(a.tools).toEqual(['get_budget']);
    expect(a.text).toContain('You have **$199.25** left for **Groceries** this month (June 2025): spent $200.75 of $400.00.');
  });

  it('"Am I over budget?" and "Which categories am I overspending in?": dining 95.40 of 60, 35.40 over', async () => {
    for (const q of ['Am I over budget?', 'Which categories am I overspending in?']) {
      const a = await ask(withPlans, q);
      expect(a.tools).toEqual(['get_budget']);
      expect(a.text).toContain('Yes: 1 category is over budget this month (June 2025), $35.40 in all:');
      expect(a.text).toContain('- **Dining**: spent $95.40 of $60.00, **$35.40 over**');
      expect(a.text).not.toContain('Groceries');
    }
  });

  it('"How much have I budgeted for dining?" and for groceries, with its target (450, 50 more than assigned)', async () => {
    expect((await ask(withPlans, 'How much have I budgeted for dining?')).text).toContain('You\'ve budgeted **$60.00** for **Dining** this month (June 2025). You\'ve spent $95.40 of it so far.');
    expect((await ask(withPlans, 'How much have I budgeted for groceries?')).text).toContain('Its target asks for $450.00 this month, $50.00 more than assigned.');
    expect((await ask(withPlans, 'How much did I budget this month?')).text).toContain("You've budgeted **$460.00** in all this month (June 2025):");
  });

  it('a user with no budget is told so and where to set one up, with no figure of another user', async () => {
    for (const q of ['How much is left for groceries this month?', 'Am I over budget?', 'How much have I budgeted for dining?']) {
      const a = await ask(without, q);
      expect(a.text).toContain("You haven't set up a budget yet");
      expect(a.text).toContain('(/budget)');
      expect(a.text).not.toMatch(/\$\d/);
    }
  });
});

describe('bill questions (Sunday 15 June 2025; next pay 1 July)', () => {
  it('"What bills are coming this week?": gym 16 Jun 10, Netflix 17 Jun 15.49, rent 20 Jun 1,200 = 1,225.49', async () => {
    const a = await ask(withPlans, 'What bills are coming this week?');
    expect(a.tools).toEqual(['get_bills_ahead']);
    expect(a.text).toContain('3 payments are due in the next 7 days, **$1,225.49** in all:');
    expect(a.text).toContain('- 16 Jun 2025: **Gym**, $10.00');
    expect(a.text).toContain('- 20 Jun 2025: **Rent**, $1,200.00');
    expect(a.text).not.toContain('Phone');
  });

  it('"What\'s due before payday?": this week\'s 1,225.49 + gym 23 and 30 Jun + phone 45 = 1,290.49; safe to spend 4,703.85 − 1,290.49', async () => {
    const a = await ask(withPlans, "What's due before payday?");
    expect(a.text).toContain('6 payments are due before your next payday (1 Jul 2025), **$1,290.49** in all:');
    expect(a.text).toContain('Safe to spend until payday: **$3,413.36** (on-budget balance $4,703.85 less $1,290.49 due from those accounts).');
  });

  it('"How much do my subscriptions cost a month?": Netflix 15.49 + gym 10 × 52 / 12 = 43.33 + cloud 120 / 12 = 10 = 68.82', async () => {
    const a = await ask(withPlans, 'How much do my subscriptions cost a month?');
    expect(a.tools).toEqual(['get_subscriptions_cost']);
    expect(a.text).toContain('Your 3 subscriptions cost **$68.82 a month** ($825.84 a year):');
    expect(a.text).toContain('- **Gym**: $43.33 a month, next on 16 Jun 2025');
    expect(a.text).not.toContain('Rent');
  });

  it('a user with no recurring items is told so and where to set them up', async () => {
    for (const q of ['What bills are coming this week?', "What's due before payday?"]) {
      const a = await ask(without, q);
      expect(a.text).toContain("You haven't set up any bills or subscriptions yet");
      expect(a.text).toContain('(/bills)');
    }
    const subs = await ask(without, 'How much do my subscriptions cost a month?');
    expect(subs.text).toContain("You haven't set up any subscriptions yet");
    expect(subs.text).not.toMatch(/\$\d/);
  });

  it('with no subscriptions on Bills, what the transactions show (Netflix 15.49 each month) and where to confirm it', async () => {
    const a = await ask(detectedOnly, 'How much do my subscriptions cost a month?');
    expect(a.tools).toEqual(['get_subscriptions_cost', 'find_recurring_charges']);
    expect(a.text).toContain("You haven't set up any subscriptions on Bills yet. From your transactions, 1 charge looks like a subscription, about **$15.49 a month** ($185.88 a year):");
    expect(a.text).toContain('(/bills)');
  });

  it('the LLM path gets the same figures from the same tools', async () => {
    const bills = (await runTool(toolsOf(withPlans), 'get_bills_ahead', '{"until_payday":true}')) as { total: number; payday: string };
    expect(bills).toMatchObject({ total: 1290.49, payday: '2025-07-01' });
    const budget = (await runTool(toolsOf(withPlans), 'get_budget', '{"category":"groceries"}')) as { categories: { available: number; needed: number }[] };
    expect(budget.categories).toEqual([expect.objectContaining({ available: 199.25, needed: 450 })]);
    expect(await runTool(toolsOf(withPlans), 'get_subscriptions_cost', '{}')).toMatchObject({ monthly: 68.82, yearly: 825.84 });
    expect(await runTool(toolsOf(without), 'get_budget', '{}')).toMatchObject({ has_budget: false, set_up: '/budget' });
    expect(await runTool(toolsOf(withPlans), 'get_bills_ahead', '{"days":40}')).toHaveProperty('error');
  });
});

describe('the month ahead and price changes (Sunday 15 June 2025)', () => {
  it('"How much will I have left on the 30th?": 4,703.85 today less gym 16, 23 and 30 Jun (30), Netflix 15.49, rent 1,200, phone 45 = 3,413.36, and what it assumes', async () => {
    for (const q of ['How much will I have left on the 30th?', 'What will my balance be at the end of the month?']) {
      const a = await ask(withPlans, q);
      expect(a.tools).toEqual(['get_balance_on']);
      expect(a.text).toContain('On **30 Jun 2025** you should have about **$3,413.36**.');
      expect(a.text).toContain("That is today's $4,703.85, less $1,290.49 of bills and subscriptions due until then:");
      expect(a.text).toContain('- 20 Jun 2025: **Rent**, −$1,200.00');
      expect(a.text).toContain('day-to-day spending (groceries, eating out, one-offs) is not in it');
      // The day before payday: safe-to-spend would repeat the same figure.
      expect(a.text).not.toContain('Safe to spend');
    }
  });

  it('"How much will I have left by Friday?" (20 June): 4,703.85 − gym 10 − Netflix 15.49 − rent 1,200 = 3,478.36, with safe-to-spend until payday 3,413.36', async () => {
    const a = await ask(withPlans, 'How much will I have left by Friday?');
    expect(a.text).toContain('On **20 Jun 2025** you should have about **$3,478.36**.');
    expect(a.text).not.toContain('Phone');
    expect(a.text).toContain('Safe to spend until payday (1 Jul 2025): $3,413.36.');
  });

  it('"How much will I have on the 5th?" is next month\'s 5th (a Saturday), after pay: 3,413.36 + 3,000 = 6,413.36', async () => {
    const a = await ask(withPlans, 'How much money will I have on the 5th?');
    expect(a.text).toContain('On **5 Jul 2025** you should have about **$6,413.36**.');
    expect(a.text).toContain('plus $3,000.00 of expected income, less $1,290.49 of bills and subscriptions due until then');
    expect(a.text).toContain('- 1 Jul 2025: **Salary**, +$3,000.00');
  });

  it('a day more than 90 days ahead is said to be out of reach, with no figure', async () => {
    const a = await ask(withPlans, 'How much will I have left on 20 December?');
    expect(a.text).toContain("I can only look up to 90 days ahead (until 12 Sept 2025), so I can't tell 20 Dec 2025.");
    expect(a.text).not.toMatch(/\$\d/);
  });

  it('"Which subscriptions went up?": Spotify 9.99 → 11.99 (+20%), Netflix steady; none for a user whose charges stayed', async () => {
    const a = await ask(risen, 'Which subscriptions went up?');
    expect(a.tools).toEqual(['get_price_changes']);
    expect(a.text).toContain('1 subscription or bill went up (the latest charge more than 5 % above the average of the three before it):');
    expect(a.text).toContain('- **Spotify**: $9.99 → $11.99 (+20%)');
    expect(a.text).not.toContain('Netflix');
    const none = await ask(detectedOnly, 'Have any of my subscriptions increased in price?');
    expect(none.text).toContain('None of your subscriptions or bills went up');
    expect(none.text).not.toMatch(/\$\d/);
  });
});

const chat = (user: VerifiedUser, ...turns: string[]) => converse(toolsOf(user), ...turns);

describe('follow-ups to budget and bill answers keep their question', () => {
  it('"and dining?" after what is left for groceries: Dining 95.40 of 60, 35.40 over', async () => {
    const [, dining] = await chat(withPlans, 'How much is left for groceries this month?', 'and dining?');
    expect(dining).toContain('You have nothing left for **Dining** this month (June 2025): you\'ve spent $95.40 of $60.00, **$35.40 over**.');
  });

  it('"and on the 5th?" after the balance on the 30th: 6,413.36; "what about the next two weeks?" after this week\'s bills: 1,290.49 less the gym on 30 Jun = 1,280.49', async () => {
    const [, fifth] = await chat(withPlans, 'How much will I have left on the 30th?', 'and on the 5th?');
    expect(fifth).toContain('On **5 Jul 2025** you should have about **$6,413.36**.');
    const [, fortnight] = await chat(withPlans, 'What bills are coming this week?', 'what about the next two weeks?');
    expect(fortnight).toContain('5 payments are due in the next 14 days, **$1,280.49** in all:');
  });
});
