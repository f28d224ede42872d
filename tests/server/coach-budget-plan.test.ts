import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { CoachTurn } from '../../src/server/services/coach/types';
import { bearer, createTestApp, signUpWithAccess, userClient, type TestApp, type VerifiedUser } from '../support/app';
import { askCoach, coachTools } from '../support/coach';

/**
 * The coach plans a budget: "what should I budget for dining?" (the median of the last six complete
 * months) and "if I move 50 from fun to groceries…" (what each would have left), on a fixed day
 * (Sunday 15 June 2025). Figures are worked out by hand from the rows below.
 */
const TODAY = '2025-06-15';

let testApp: TestApp;
let app: FastifyInstance;
let person: VerifiedUser;
let newcomer: VerifiedUser;

const send = <T>(user: VerifiedUser, method: 'POST' | 'PUT', url: string, payload: object) => userClient(app, user).succeeds<T>(method, url, payload);

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  person = await signUpWithAccess(app);
  newcomer = await signUpWithAccess(app);
  const checking = await send<Account>(person, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 3000, opening_date: '2024-11-30' });
  const tx = (amount: number, date: string, category: string, description: string) =>
    send(person, 'POST', '/transactions', { account_id: checking.account_id, type: 'expense', amount, date, category, description });
  await send(person, 'POST', '/transactions/categories', { name: 'Fun', type: 'expense' });
  // December: nothing at all (before the person used Finu). Groceries every month from January.
  for (const mm of ['01', '02', '03', '04', '05']) await tx(200, `2025-${mm}-04`, 'Groceries', 'FRESHMART');
  // Dining: January 120, February 80.50 (50 + 30.50), March none, April 150.25, May 99.75.
  await tx(120, '2025-01-10', 'Dining', 'BISTRO 21');
  await tx(50, '2025-02-08', 'Dining', 'BISTRO 21');
  await tx(30.5, '2025-02-20', 'Dining', 'TACO TRUCK');
  await tx(150.25, '2025-04-12', 'Dining', 'BISTRO 21');
  await tx(99.75, '2025-05-09', 'Dining', 'BISTRO 21');
  // June: groceries 180.40, fun 35.
  await tx(180.4, '2025-06-06', 'Groceries', 'FRESHMART');
  await tx(35, '2025-06-07', 'Fun', 'BOWLING');
  // June's budget: groceries 200, fun 100, dining 90.
  await send(person, 'PUT', '/budgets/2025-06/assigned', { category: 'Groceries', assigned: 200 });
  await send(person, 'PUT', '/budgets/2025-06/assigned', { category: 'Fun', assigned: 100 });
  await send(person, 'PUT', '/budgets/2025-06/assigned', { category: 'Dining', assigned: 90 });
  const theirs = await send<Account>(newcomer, 'POST', '/accounts', { name: 'Main', kind: 'checking', opening_balance: 500, opening_date: '2025-05-31' });
  await send(newcomer, 'POST', '/transactions', { account_id: theirs.account_id, type: 'expense', amount: 42, date: '2025-06-05', category: 'Dining', description: 'CAFE' });
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

const ask = (user: VerifiedUser, question: string, history: CoachTurn[] = []) => askCoach(coachTools(app, user.userId, TODAY), question, history);

describe('"what should I budget for dining?"', () => {
  it('the median of January–May (December had no data): 0, 80.50, 99.75, 120, 150.25 → 99.75, with the months and a link to the row', async () => {
    const { composed } = await ask(person, 'What should I budget for dining?');
    expect(composed.tools).toEqual(['get_budget']);
    expect(composed.text).toContain("I'd budget about **$99.75** a month for **Dining**: the median of the last 5 complete months of what you spent there. You've assigned $90.00 for June 2025 so far.");
    expect(composed.text).toContain('- January 2025: $120.00\n- February 2025: $80.50\n- March 2025: $0.00\n- April 2025: $150.25\n- May 2025: $99.75');
    expect(composed.text).not.toContain('December');
    expect(composed.text).toContain('[**Dining** on Budget](/budget?month=2025-06&category=Dining)');
  });

  it('an even count takes the mean of the middle two: groceries 200 × 5 → 200; "and groceries?" follows', async () => {
    const first = await ask(person, 'How much should I set aside for dining each month?');
    expect(first.composed.text).toContain('**$99.75**');
    const history: CoachTurn[] = [
      { role: 'user', content: 'How much should I set aside for dining each month?' },
      { role: 'assistant', content: first.composed.text, meta: { budget_bill: first.budgetBill } },
    ];
    const next = await ask(person, 'and groceries?', history);
    expect(next.composed.text).toContain("I'd budget about **$200.00** a month for **Groceries**");
  });

  it('someone with no complete month yet gets no figure, and a category must be named', async () => {
    const { composed } = await ask(newcomer, 'What should I budget for dining?');
    expect(composed.text).toContain("I can't suggest an amount for **Dining** yet: I see no spending at all in the last 6 months");
    expect(composed.text).not.toMatch(/\$42/);
    const none = await ask(person, 'What should I budget?');
    expect(none.composed.text).toContain('Which category do you mean?');
    expect(none.composed.text).not.toMatch(/\$\d/);
  });
});

describe('"if I move 50 from fun to groceries…"', () => {
  it('fun 100 − 35 = 65 → 15 left; groceries 200 − 180.40 = 19.60 → 69.60 left; nothing is moved', async () => {
    const { composed } = await ask(person, 'If I move 50 from fun to groceries, what would each have left?');
    expect(composed.tools).toEqual(['get_budget']);
    expect(composed.text).toContain('If you move **$50.00** from **Fun** to **Groceries** this month (June 2025), they would have:');
    expect(composed.text).toContain('- [**Fun**](/budget?month=2025-06&category=Fun): **$15.00** left (now $65.00; assigned $50.00 instead of $100.00)');
    expect(composed.text).toContain('- [**Groceries**](/budget?month=2025-06&category=Groceries): **$69.60** left (now $19.60; assigned $250.00 instead of $200.00)');
    expect(composed.text).toContain('Nothing has been moved.');
    const month = await app.inject({ method: 'GET', url: '/budgets/2025-06', headers: bearer(person.token) });
    const fun = month.json<{ groups: { categories: { category: string; assigned: number }[] }[] }>().groups.flatMap((g) => g.categories).find((c) => c.category === 'Fun');
    expect(fun?.assigned).toBe(100);
  });

  it('moving more than is left says it would be overspent: 80 from fun → −15', async () => {
    const { composed } = await ask(person, 'what if I moved $80 out of Fun into Groceries?');
    expect(composed.text).toContain('- [**Fun**](/budget?month=2025-06&category=Fun): nothing left, **$15.00 over** (now $65.00; assigned $20.00 instead of $100.00)');
    expect(composed.text).toContain('- [**Groceries**](/budget?month=2025-06&category=Groceries): **$99.60** left (now $19.60; assigned $280.00 instead of $200.00)');
    expect(composed.text).toContain('**Fun** has only $65.00 left, so moving $80.00 would leave it overspent.');
  });

  it('a group or an unknown word gets a question, not a figure', async () => {
    const other = await ask(newcomer, 'if I move 50 from fun to groceries');
    // The newcomer has no "Fun" category: Fun is the budget group of Dining, Shopping, Entertainment, Travel and Gifts.
    expect(other.composed.text).toMatch(/^Which categories do you mean\? "fun" is a group on your budget \(.*\*\*Dining\*\*.*\), not one category\./);
    expect(other.composed.text).not.toContain('left (now');
    const unknown = await ask(person, 'if I move 50 from piano lessons to groceries');
    expect(unknown.composed.text).toContain('I don\'t have a category called "piano lessons"');
  });
});
