import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import { runTool } from '../../src/server/services/coach/tools';
import { createTestApp, signUpWithAccess, userClient, type TestApp, type VerifiedUser } from '../support/app';
import { askCoach, coachTools } from '../support/coach';

/**
 * The coach's account questions over a fixed set of accounts on a fixed day (15 June 2025). Figures
 * are worked out by hand from the rows below.
 */
const TODAY = '2025-06-15';

let testApp: TestApp;
let app: FastifyInstance;
let user: VerifiedUser;

const post = <T>(url: string, payload: object) => userClient(app, user).succeeds<T>('POST', url, payload);

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  user = await signUpWithAccess(app);
  // Checking opens 2,000 on 31 Dec 2024; the card owes 0; savings 5,000; the car loan 15,000 owed.
  const checking = await post<Account>('/accounts', { name: 'Checking', kind: 'checking', opening_balance: 2000, opening_date: '2024-12-31' });
  const card = await post<Account>('/accounts', { name: 'Visa card', kind: 'credit_card', opening_date: '2024-12-31' });
  const savings = await post<Account>('/accounts', { name: 'Savings', kind: 'savings', opening_balance: 5000, opening_date: '2024-12-31' });
  const loan = await post<Account>('/accounts', { name: 'Car loan', kind: 'loan', opening_balance: -15000, opening_date: '2024-12-31' });
  for (const m of ['01', '02', '03', '04', '05', '06']) {
    await post('/transactions', { account_id: checking.account_id, type: 'income', amount: 3000, date: `2025-${m}-01`, category: 'Salary' });
    await post('/transactions', { account_id: card.account_id, type: 'expense', amount: 400, date: `2025-${m}-05`, category: 'Groceries' });
    await post('/accounts/transfers', { from_account_id: checking.account_id, to_account_id: savings.account_id, amount: 500, date: `2025-${m}-02` });
    await post('/accounts/transfers', { from_account_id: checking.account_id, to_account_id: loan.account_id, amount: 300, date: `2025-${m}-10` });
    // The card is paid in full on the 8th for what it owed by then (June's payment too).
    await post('/accounts/transfers', { from_account_id: checking.account_id, to_account_id: card.account_id, amount: 400, date: `2025-${m}-08` });
  }
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

const ask = async (question: string) => (await askCoach(coachTools(app, user.userId, TODAY), question)).composed;

describe('the coach knows the accounts (fixed data, 15 June 2025)', () => {
  it('"What\'s my checking balance?": 2,000 + 6 × (3,000 − 500 − 300 − 400) = 12,800', async () => {
    const a = await ask("What's my checking balance?");
    expect(a.tools).toEqual(['get_accounts']);
    expect(a.text).toContain('Your **Checking** balance is $12,800.00 today.');
  });

  it('"How much do I owe on my card?": paid in full each month, so 0; on the car loan 15,000 − 6 × 300 = 13,200', async () => {
    expect((await ask('How much do I owe on my card?')).text).toContain('You owe **$0.00** on your Visa card today.');
    expect((await ask('How much do I still owe on the car loan?')).text).toContain('You owe **$13,200.00** on your Car loan today.');
  });

  it('"What\'s my net worth and how did it change this year?": 12,800 + 8,000 − 13,200 = 7,600 now, −8,000 at the end of December: up 15,600', async () => {
    const a = await ask("What's my net worth and how did it change this year?");
    expect(a.tools).toEqual(['get_net_worth']);
    expect(a.text).toContain('Your net worth is **$7,600.00** today: $20,800.00 in assets minus $13,200.00 owed.');
    expect(a.text).toContain('It is up $15,600.00 since the end of December 2024.');
  });

  it('"How much did I move to savings?": 6 × 500 this year, never counted as spending', async () => {
    const a = await ask('How much did I move to savings?');
    expect(a.tools).toEqual(['get_transfers_into']);
    expect(a.text).toContain('You moved **$3,000.00** into **Savings**');
    expect(a.text).toContain('in 6 transfers');
    // Spending this year is the card's groceries and the loan payments (the loan is tracking only), never the moves to savings or the card payments.
    const spending = (await runTool(coachTools(app, user.userId, TODAY), 'get_cash_flow', JSON.stringify({ start_date: '2025-01-01', end_date: '2025-06-15' }))) as { spending: number };
    expect(spending.spending).toBe(6 * 400 + 6 * 300);
  });
});
