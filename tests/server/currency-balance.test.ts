import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpWithAccess, type TestApp } from '../support/app';

// Rates 2025-03-05..07 (EUR→USD 1.0771, 1.0790, 1.0837); a day more than 7 days after has none.
const ratesFile = readFileSync(new URL('./fixtures/rates/eurofxref-hist.csv', import.meta.url), 'utf8');

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
    const user = await signUpWithAccess(app);
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown, contentType?: string) => {
      const res = await app.inject({ method, url, headers: { ...bearer(user.token), ...(contentType ? { 'content-type': contentType } : {}) }, ...(payload === undefined ? {} : { payload: payload as string }) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as T;
    };
    const checking = await call<{ account_id: string }>('POST', '/accounts', { name: 'Checking', kind: 'checking', opening_date: '2025-01-01' });
    const euros = await call<{ account_id: string }>('POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_date: '2025-01-01' });
    await call('POST', '/rates/import', ratesFile, 'text/csv');
    const spend = (account: string, amount: number, date: string) => call('POST', '/transactions', { account_id: account, type: 'expense', amount, date, category: 'Groceries', description: 'Shop' });
    await spend(euros.account_id, 10, '2025-03-06'); // 10.79 USD
    await spend(euros.account_id, 20, '2025-03-20'); // no rate within 7 days: unconverted
    await spend(checking.account_id, 50, '2025-04-02');

    const april = await call<Analytics>('GET', '/dashboard/analytics?period=custom&date_from=2025-04-01&date_to=2025-04-30&time_unit=days');
    // April's own totals have nothing unconverted; the balance (every row ever) leaves the 20.00 EUR out and says so.
    expect(april).toMatchObject({ totals: { spending: 50 }, unconverted_count: 0, balance: -60.79, balance_unconverted_count: 1 });

    const march = await call<Analytics>('GET', '/dashboard/analytics?period=custom&date_from=2025-03-01&date_to=2025-03-31&time_unit=days');
    expect(march).toMatchObject({ totals: { spending: 10.79 }, unconverted_count: 1, balance: -60.79, balance_unconverted_count: 1 });
  });

  it('a rate that arrives later converts the amounts that waited for it: an imported file, then a typed rate; the counts drop', async () => {
    const user = await signUpWithAccess(app);
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown, contentType?: string) => {
      const res = await app.inject({ method, url, headers: { ...bearer(user.token), ...(contentType ? { 'content-type': contentType } : {}) }, ...(payload === undefined ? {} : { payload: payload as string }) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as T;
    };
    const euros = await call<{ account_id: string }>('POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_date: '2025-01-01' });
    const spend = (amount: number, date: string) => call<{ transaction_id: string; base_amount: number | null }>('POST', '/transactions', { account_id: euros.account_id, type: 'expense', amount, date, category: 'Groceries', description: 'Shop' });
    expect((await spend(20, '2025-03-20')).base_amount).toBeNull();
    expect((await spend(10, '2025-05-02')).base_amount).toBeNull();
    type Overview = { balance: number; unconverted_count: number };
    const allTime = () => call<Analytics>('GET', '/dashboard/analytics?period=all_time&time_unit=months');
    expect(await call<Overview>('GET', '/transactions/summary/overview')).toMatchObject({ balance: 0, unconverted_count: 2 });

    // 1 EUR = 1.0900 USD on the 19th: the 20th looks back a day and finds it.
    const file = 'Date,USD,JPY,\n2025-03-19,1.0900,160.00,\n';
    const imported = await call<{ rates: number; converted: number; recomputing: boolean }>('POST', '/rates/import', file, 'text/csv');
    expect(imported).toMatchObject({ rates: 2, converted: 1, recomputing: false });
    expect(await call<Overview>('GET', '/transactions/summary/overview')).toMatchObject({ balance: -21.8, unconverted_count: 1 });
    expect(await allTime()).toMatchObject({ balance: -21.8, balance_unconverted_count: 1, totals: { spending: 21.8 }, unconverted_count: 1 });

    // A rate typed for the 1st of May reaches the 2nd.
    await call('POST', '/rates', { date: '2025-05-01', base: 'EUR', quote: 'USD', rate: '1.1' });
    expect(await call<Overview>('GET', '/transactions/summary/overview')).toMatchObject({ balance: -32.8, unconverted_count: 0 });
    expect(await allTime()).toMatchObject({ balance: -32.8, balance_unconverted_count: 0, totals: { spending: 32.8 }, unconverted_count: 0 });
  });
});
