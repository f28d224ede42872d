import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateImportResult } from '../../src/contract/rates';
import { createTestApp, createTestDatabase, signUpWithAccess, type TestApp, type TestDatabase, type VerifiedUser, userClient } from '../support/app';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/rates/${name}`, import.meta.url), 'utf8');

let database: TestDatabase;
let testApp: TestApp;
let app: FastifyInstance;
let provider: Server;
let providerHits = 0;

beforeAll(async () => {
  // The provider: a local HTTP server serving the ECB's XML format.
  provider = createServer((req, res) => {
    providerHits++;
    if (req.url !== '/eurofxref-daily.xml') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/xml' }).end(fixture('eurofxref-hist.xml'));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  database = await createTestDatabase();
  testApp = await createTestApp({ database, env: { RATES_PROVIDER_URL: `http://127.0.0.1:${port}/eurofxref-daily.xml` } });
  app = testApp.app;
});
afterAll(async () => {
  await testApp?.close();
  await database?.drop();
  await new Promise((resolve) => provider?.close(resolve));
});

function client(user: VerifiedUser) {
  const { call } = userClient(app, user);
  return {
    call,
    convert: async (amount: string, from: string, to: string, date: string) =>
      (await call<{ converted: number | null; rate: string | null; rate_date: string | null }>('GET', `/rates/convert?amount=${amount}&from=${from}&to=${to}&date=${date}`)).body,
  };
}

describe('exchange rates', () => {
  it("imports the ECB's daily eurofxref.csv, whose day is written '27 November 2026'", async () => {
    const u = client(await signUpWithAccess(app));
    const daily = 'Date, USD, JPY, BGN, \n27 November 2026, 1.0837, 162.51, 1.9558, \n';
    const imported = await u.call<RateImportResult>('POST', '/rates/import', daily, 'text/csv');
    expect(imported.status, imported.raw).toBe(201);
    expect(imported.body).toMatchObject({ format: 'ecb-csv', days: 1, rates: 3, currencies: ['BGN', 'JPY', 'USD'], first_date: '2026-11-27', last_date: '2026-11-27' });
    expect(await u.convert('1000.00', 'EUR', 'USD', '2026-11-27')).toMatchObject({ converted: 1083.7, rate_date: '2026-11-27' });
    // A day that is neither form is refused with the line it is on.
    const wrong = await u.call<{ detail: string }>('POST', '/rates/import', 'Date, USD, \n31 Novembre 2026, 1.0837, \n', 'text/csv');
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toBe('Line 2: "31 Novembre 2026" is not a date (YYYY-MM-DD or "27 November 2026")');
  });

  it('imports the ECB CSV: each day kept exactly, cross rates via the euro, the previous business day within 7 days, never 1:1', async () => {
    const u = client(await signUpWithAccess(app));
    const imported = await u.call<RateImportResult>('POST', '/rates/import', fixture('eurofxref-hist.csv'), 'text/csv');
    expect(imported.status, imported.raw).toBe(201);
    expect(imported.body).toEqual({ format: 'ecb-csv', days: 3, rates: 15, currencies: ['BGN', 'GBP', 'JPY', 'KWD', 'USD'], first_date: '2025-03-05', last_date: '2025-03-07', converted: 0, recomputing: false });
    // Direct: 1,000.00 EUR at 1.0837 is 1,083.70 USD.
    expect(await u.convert('1000.00', 'EUR', 'USD', '2025-03-07')).toMatchObject({ converted: 1083.7, rate: '1.0837', rate_date: '2025-03-07' });
    // Inverse and cross, exact fractions rounded once (half-even) to the minor unit.
    expect(await u.convert('1083.70', 'USD', 'EUR', '2025-03-07')).toMatchObject({ converted: 1000 });
    expect(await u.convert('100.00', 'USD', 'GBP', '2025-03-07')).toMatchObject({ converted: 77.56, rate: '0.7755836486' });
    // JPY has no minor unit, KWD three.
    expect(await u.convert('1000.00', 'USD', 'JPY', '2025-03-07')).toMatchObject({ converted: 147753 });
    expect(await u.convert('100', 'EUR', 'KWD', '2025-03-07')).toMatchObject({ converted: 33.41 });
    expect(await u.convert('1.234', 'KWD', 'EUR', '2025-03-07')).toMatchObject({ converted: 3.69 });
    // A Saturday takes Friday's rate; eight days on there is none: not converted, not 1:1.
    expect(await u.convert('10', 'EUR', 'USD', '2025-03-08')).toMatchObject({ converted: 10.84, rate_date: '2025-03-07' });
    expect(await u.convert('10', 'EUR', 'USD', '2025-03-15')).toEqual({ amount: 10, from: 'EUR', to: 'USD', date: '2025-03-15', converted: null, rate: null, rate_date: null });
    expect(await u.convert('10', 'EUR', 'USD', '2025-03-04')).toMatchObject({ converted: null });
    // A currency the file does not have is not converted either.
    expect(await u.convert('10', 'EUR', 'CHF', '2025-03-07')).toMatchObject({ converted: null });
    // Importing again replaces, never duplicates.
    await u.call('POST', '/rates/import', fixture('eurofxref-hist.csv'), 'text/csv');
    expect((await u.call<{ total: number }>('GET', '/rates?base=EUR&quote=USD&from=2025-03-01&to=2025-03-31')).body.total).toBe(3);
  });

  it('imports the ECB XML format and keeps a typed rate; one user never sees another user’s rates', async () => {
    const a = client(await signUpWithAccess(app));
    const b = client(await signUpWithAccess(app));
    const imported = await a.call<RateImportResult>('POST', '/rates/import', fixture('eurofxref-hist.xml'), 'application/xml');
    expect(imported.status, imported.raw).toBe(201);
    expect(imported.body).toMatchObject({ format: 'ecb-xml', days: 2, rates: 6, first_date: '2025-04-03', last_date: '2025-04-04' });
    expect(await a.convert('100', 'EUR', 'GBP', '2025-04-04')).toMatchObject({ converted: 85.05, rate: '0.85053' });
    const typed = await a.call('POST', '/rates', { date: '2025-05-02', base: 'chf', quote: 'USD', rate: '1.2015' });
    expect(typed.status, typed.raw).toBe(201);
    expect(typed.body).toEqual({ date: '2025-05-02', base: 'CHF', quote: 'USD', rate: '1.2015', source: 'typed', shared: false });
    expect(await a.convert('100', 'CHF', 'USD', '2025-05-02')).toMatchObject({ converted: 120.15 });
    expect(await a.convert('120.15', 'USD', 'CHF', '2025-05-03')).toMatchObject({ converted: 100 });

    const own = (await b.call<{ rates: { shared: boolean }[] }>('GET', '/rates')).body.rates.filter((r) => !r.shared);
    expect(own).toEqual([]);
    expect(await b.convert('100', 'CHF', 'USD', '2025-05-02')).toMatchObject({ converted: null });
    // The first test's user imported March's file: not this user's.
    expect(await b.convert('100', 'EUR', 'KWD', '2025-03-07')).toMatchObject({ converted: null });
  });

  it('fetches the provider’s file on the schedule (a local server) as shared reference rates everyone reads', async () => {
    const before = providerHits;
    expect(await app.ratesFetch!.runAt(new Date(Date.now() + 60 * 60_000))).toBe(true);
    expect(providerHits).toBeGreaterThan(before);
    const u = client(await signUpWithAccess(app));
    const list = (await u.call<{ rates: { base: string; quote: string; rate: string; source: string; shared: boolean; date: string }[] }>('GET', '/rates?quote=USD&from=2025-04-01&to=2025-04-30')).body.rates;
    expect(list.filter((r) => r.shared)).toEqual([
      { date: '2025-04-04', base: 'EUR', quote: 'USD', rate: '1.1057', source: 'provider', shared: true },
      { date: '2025-04-03', base: 'EUR', quote: 'USD', rate: '1.1097', source: 'provider', shared: true },
    ]);
    expect(await u.convert('50', 'EUR', 'JPY', '2025-04-06')).toMatchObject({ converted: 8086, rate_date: '2025-04-04' });
  });

  it('a transfer of 1,000.00 EUR to a USD account at 1.0837 lands 1,083.70 USD and moves net worth by 0; the rate moving later is a currency effect', async () => {
    const u = client(await signUpWithAccess(app));
    const account = async (body: Record<string, unknown>) => {
      const res = await u.call<{ account_id: string; currency: string }>('POST', '/accounts', body);
      expect(res.status, res.raw).toBe(201);
      return res.body;
    };
    const checking = await account({ name: 'Checking', kind: 'checking', opening_balance: 2000, opening_date: '2025-03-01' });
    const savings = await account({ name: 'Sparkonto', kind: 'savings', currency: 'EUR', opening_balance: 5000, opening_date: '2025-03-01' });
    expect([checking.currency, savings.currency]).toEqual(['USD', 'EUR']);
    type Series = { net_worth: number[]; currency_effect: number[]; unconverted_accounts: number; accounts: { balances: number[] }[] };
    const series = async (to: string, months: number) => (await u.call<Series>('GET', `/accounts/net-worth?to=${to}&months=${months}`)).body;
    // No rate yet: the euro account is not converted (counted, never 1:1), and a transfer without a rate is refused.
    expect(await series('2025-03', 1)).toMatchObject({ net_worth: [2000], unconverted_accounts: 1 });
    const refused = await u.call<{ detail: string }>('POST', '/accounts/transfers', { from_account_id: savings.account_id, to_account_id: checking.account_id, amount: 1000, date: '2025-03-07' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/No EUR→USD rate for 2025-03-07/);

    await u.call('POST', '/rates/import', fixture('eurofxref-hist.csv'), 'text/csv');
    const before = await series('2025-03', 1);
    expect(before).toMatchObject({ net_worth: [7418.5], unconverted_accounts: 0 });
    const moved = await u.call<{ from: { amount: number; base_amount: number }; to: { amount: number; base_amount: number } }>('POST', '/accounts/transfers', {
      from_account_id: savings.account_id,
      to_account_id: checking.account_id,
      amount: 1000,
      rate: '1.0837',
      date: '2025-03-07',
    });
    expect(moved.status, moved.raw).toBe(201);
    expect(moved.body.from).toMatchObject({ amount: 1000, base_amount: 1083.7 });
    expect(moved.body.to).toMatchObject({ amount: 1083.7, base_amount: 1083.7 });
    const after = await series('2025-03', 1);
    expect(after.net_worth).toEqual(before.net_worth);
    expect(after.accounts.map((a) => a.balances[0])).toEqual([3083.7, 4000]);

    // "100.00 EUR, and 108.37 USD arrived": the implied rate is kept.
    const typed = await u.call<{ to: { amount: number } }>('POST', '/accounts/transfers', { from_account_id: savings.account_id, to_account_id: checking.account_id, amount: 100, to_amount: 108.37, date: '2025-03-06' });
    expect(typed.status, typed.raw).toBe(201);
    expect(typed.body.to.amount).toBe(108.37);
    const kept = (await u.call<{ rates: { rate: string; source: string }[] }>('GET', '/rates?base=EUR&quote=USD&from=2025-03-06&to=2025-03-06')).body.rates;
    expect(kept).toContainEqual(expect.objectContaining({ rate: '1.0837', source: 'typed' }));
    // Without a rate or an amount, the day's rate is used (1.0790 on 2025-03-06).
    const daily = await u.call<{ to: { amount: number } }>('POST', '/accounts/transfers', { from_account_id: savings.account_id, to_account_id: checking.account_id, amount: 10, date: '2025-03-06' });
    expect(daily.body.to.amount).toBe(10.79);

    // April's shared reference rate (1.1057 on 2025-04-04) revalues the 3,890.00 EUR left: a currency effect, not income.
    const spring = await series('2025-04', 2);
    expect(spring.currency_effect).toEqual([0, 85.58]);
    expect(spring.net_worth[1]! - spring.net_worth[0]!).toBeCloseTo(85.58, 2);
  });

  it('a card charged abroad keeps both amounts ("100.00 EUR, charged 108.37 USD"); an amount without a rate is not converted', async () => {
    const u = client(await signUpWithAccess(app));
    const card = (await u.call<{ account_id: string }>('POST', '/accounts', { name: 'Visa', kind: 'credit_card', opening_date: '2025-01-01' })).body;
    const euros = (await u.call<{ account_id: string }>('POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_date: '2025-01-01' })).body;
    type Tx = { amount: number; base_amount: number | null; original_amount: number | null; original_currency: string | null; transaction_id: string };
    const dinner = await u.call<Tx>('POST', '/transactions', { account_id: card.account_id, type: 'expense', amount: 108.37, original_amount: 100, original_currency: 'eur', date: '2025-06-12', category: 'Dining', description: 'Time Out Market, Lisbon' });
    expect(dinner.status, dinner.raw).toBe(201);
    expect(dinner.body).toMatchObject({ amount: 108.37, base_amount: 108.37, original_amount: 100, original_currency: 'EUR' });
    expect((await u.call<Tx>('GET', `/transactions/${dinner.body.transaction_id}`)).body).toMatchObject({ original_amount: 100, original_currency: 'EUR' });
    const kept = (await u.call<{ rates: { base: string; quote: string; rate: string; source: string }[] }>('GET', '/rates?base=EUR&quote=USD&from=2025-06-12&to=2025-06-12')).body.rates;
    expect(kept).toEqual([{ date: '2025-06-12', base: 'EUR', quote: 'USD', rate: '1.0837', source: 'typed', shared: false }]);
    // The euro account's row takes the base amount at that day's rate (the one just kept)…
    const bread = await u.call<Tx>('POST', '/transactions', { account_id: euros.account_id, type: 'expense', amount: 10, date: '2025-06-13', category: 'Groceries', description: 'Padaria' });
    expect(bread.body).toMatchObject({ amount: 10, base_amount: 10.84 });
    // …and a day with no rate within 7 days stays not converted: null, never 10.00 as if 1:1.
    const later = await u.call<Tx>('POST', '/transactions', { account_id: euros.account_id, type: 'expense', amount: 10, date: '2025-07-30', category: 'Groceries', description: 'Padaria' });
    expect(later.body).toMatchObject({ amount: 10, base_amount: null });
    // Moving it to a day with a rate converts it.
    const moved = await u.call<Tx>('PUT', `/transactions/${later.body.transaction_id}`, { date: '2025-06-14' });
    expect(moved.body).toMatchObject({ base_amount: 10.84 });
    const bad = await u.call<{ detail: string }>('POST', '/transactions', { account_id: card.account_id, type: 'expense', amount: 5, original_amount: 5, date: '2025-06-12', category: 'Dining' });
    expect(bad.status).toBe(422);
    expect(bad.raw).toMatch(/original_amount and original_currency go together/);
  });

  it('refuses bad input with a detail (4xx, never 500)', async () => {
    const u = client(await signUpWithAccess(app));
    const bad = async (method: 'GET' | 'POST', url: string, payload?: unknown, type?: string) => {
      const res = await u.call<{ detail: unknown }>(method, url, payload, type);
      expect(res.status, res.raw).toBeGreaterThanOrEqual(400);
      expect(res.status, res.raw).toBeLessThan(500);
      expect(res.body.detail, res.raw).toBeTruthy();
      return res;
    };
    // The same currency twice is about the quote ("To" in the form), and says so.
    expect((await bad('POST', '/rates', { date: '2025-05-02', base: 'USD', quote: 'USD', rate: '1' })).body.detail).toBe('quote: base and quote must be different currencies');
    await bad('POST', '/rates', { date: '2025-05-02', base: 'USD', quote: 'EUR', rate: 1.1 });
    await bad('POST', '/rates', { date: '2025-05-02', base: 'USD', quote: 'EUR', rate: '-1' });
    await bad('POST', '/rates', { date: '2025-05-02', base: 'USD', quote: 'EUR', rate: '0' });
    await bad('POST', '/rates', { date: '2025-02-30', base: 'USD', quote: 'EUR', rate: '1.1' });
    await bad('POST', '/rates', { date: '2025-05-02', base: 'US', quote: 'EUR', rate: '1.1' });
    await bad('POST', '/rates/import', 'hello,world\n1,2\n', 'text/csv');
    await bad('POST', '/rates/import', 'Date,USD\n2025-13-45,1.1\n', 'text/csv');
    await bad('POST', '/rates/import', 'Date,USD\n2025-01-02,abc\n', 'text/csv');
    await bad('POST', '/rates/import', '<?xml version="1.0"?><nothing/>', 'application/xml');
    await bad('POST', '/rates/import', '', 'text/csv');
    await bad('GET', '/rates/convert?amount=abc&from=USD&to=EUR&date=2025-01-01');
    await bad('GET', '/rates/convert?amount=1.5&from=JPY&to=EUR&date=2025-01-01');
    await bad('GET', '/rates/convert?amount=1&from=USD&to=EUR');
    expect((await app.inject({ method: 'GET', url: '/rates' })).statusCode).toBe(401);
  });
});
