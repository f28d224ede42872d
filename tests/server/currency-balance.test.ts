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
});
