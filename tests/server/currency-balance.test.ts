import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { currencyPerson } from '../support/currency';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
}, 600_000);
afterAll(async () => {
  await testApp?.close();
});

type Analytics = { balance: number; totals: { spending: number }; unconverted_count: number; balance_unconverted_count: number };

describe('the dashboard balance in the base currency', () => {
  it('the all-time balance counts every unconverted row, also those outside the selected period', async () => {
    const u = await currencyPerson(app);
    const call = u.ok;
    const checking = await u.account('Checking');
    const euros = await u.account('Girokonto', 'EUR');
    await u.importRates();
    await u.spend(euros.account_id, 10, '2025-03-06'); // 10.79 USD
    await u.spend(euros.account_id, 20, '2025-03-20'); // no rate within 7 days: unconverted
    await u.spend(checking.account_id, 50, '2025-04-02');

    const april = await call<Analytics>('GET', '/dashboard/analytics?period=custom&date_from=2025-04-01&date_to=2025-04-30&time_unit=days');
    // April's own totals have nothing unconverted; the balance (every row ever) leaves the 20.00 EUR out and says so.
    expect(april).toMatchObject({ totals: { spending: 50 }, unconverted_count: 0, balance: -60.79, balance_unconverted_count: 1 });

    const march = await call<Analytics>('GET', '/dashboard/analytics?period=custom&date_from=2025-03-01&date_to=2025-03-31&time_unit=days');
    expect(march).toMatchObject({ totals: { spending: 10.79 }, unconverted_count: 1, balance: -60.79, balance_unconverted_count: 1 });
  });

  it('a rate that arrives later converts the amounts that waited for it: an imported file, then a typed rate; the counts drop', async () => {
    const u = await currencyPerson(app);
    const call = u.ok;
    const euros = await u.account('Girokonto', 'EUR');
    const spend = (amount: number, date: string) => u.spend(euros.account_id, amount, date);
    expect((await spend(20, '2025-03-20')).base_amount).toBeNull();
    expect((await spend(10, '2025-05-02')).base_amount).toBeNull();
    type Overview = { balance: number; unconverted_count: number };
    const allTime = () => call<Analytics>('GET', '/dashboard/analytics?period=all_time&time_unit=months');
    expect(await call<Overview>('GET', '/transactions/summary/overview')).toMatchObject({ balance: 0, unconverted_count: 2 });

    // 1 EUR = 1.0900 USD on the 19th: the 20th looks back a day and finds it.
    const file = 'Date,USD,JPY,\n2025-03-19,1.0900,160.00,\n';
    const imported = await u.importRates(file);
    expect(imported).toMatchObject({ rates: 2, converted: 1, recomputing: false });
    expect(await call<Overview>('GET', '/transactions/summary/overview')).toMatchObject({ balance: -21.8, unconverted_count: 1 });
    expect(await allTime()).toMatchObject({ balance: -21.8, balance_unconverted_count: 1, totals: { spending: 21.8 }, unconverted_count: 1 });

    // A rate typed for the 1st of May reaches the 2nd.
    await call('POST', '/rates', { date: '2025-05-01', base: 'EUR', quote: 'USD', rate: '1.1' });
    expect(await call<Overview>('GET', '/transactions/summary/overview')).toMatchObject({ balance: -32.8, unconverted_count: 0 });
    expect(await allTime()).toMatchObject({ balance: -32.8, balance_unconverted_count: 0, totals: { spending: 32.8 }, unconverted_count: 0 });
  });
});
