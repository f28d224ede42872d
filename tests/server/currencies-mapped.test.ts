import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateImportResult } from '../../src/contract/rates';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../support/app';
import { currencyPerson, type CurrencyPerson } from '../support/currency';

let database: TestDatabase;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp({ database });
  app = testApp.app;
});
afterAll(async () => {
  await testApp?.close();
  await database?.drop();
});

type Rate = { date: string; base: string; quote: string; rate: string; source: string; shared: boolean };
const mapped = (u: CurrencyPerson, file: string, mapping: Record<string, string | number | boolean>) =>
  u.call<RateImportResult & { detail?: string }>('POST', `/rates/import?${new URLSearchParams({ format: 'columns', ...Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, String(v)])) })}`, file, 'text/csv');
const own = async (u: CurrencyPerson) => (await u.ok<{ rates: Rate[] }>('GET', '/rates')).rates.filter((r) => !r.shared).map((r) => [r.date, r.base, r.quote, r.rate]);

describe('a rates file in another layout, read by mapping its columns', () => {
  it('a bank’s "Datum;Von;Nach;Kurs" file (decimal comma, DD.MM.YYYY) lands exact rates; the same day and pair again replaces; waiting amounts are converted', async () => {
    const u = await currencyPerson(app);
    const euros = await u.account('Girokonto', 'EUR');
    const bread = await u.spend(euros.account_id, 10, '2025-03-08');
    expect(bread.base_amount).toBeNull();
    const file = '\uFEFFDatum;Von;Nach;Kurs\r\n07.03.2025;EUR;USD;1,0837\r\n07.03.2025;usd;JPY;"147,123456789012"\r\n06.03.2025;EUR;USD;1,079\r\n';
    // Delimiter, date format and decimal mark detected.
    const imported = await mapped(u, file, { date_column: 0, base_column: 1, quote_column: 2, rate_column: 3 });
    expect(imported.status, imported.raw).toBe(201);
    expect(imported.body).toEqual({ format: 'columns', days: 2, rates: 3, currencies: ['EUR', 'JPY', 'USD'], first_date: '2025-03-06', last_date: '2025-03-07', converted: 1, recomputing: false });
    // Kept exactly (more than ten places rounded half to even at the tenth), as the user's imported rates.
    expect(await own(u)).toEqual([
      ['2025-03-07', 'EUR', 'USD', '1.0837'],
      ['2025-03-07', 'USD', 'JPY', '147.123456789'],
      ['2025-03-06', 'EUR', 'USD', '1.079'],
    ]);
    expect((await u.ok<{ rates: Rate[] }>('GET', '/rates')).rates.every((r) => r.source === 'import')).toBe(true);
    // The euro groceries of the 8th waited for a rate: converted at the 7th's 1.0837 now.
    const list = await u.ok<{ transactions: { base_amount: number | null }[] }>('GET', `/transactions?account_id=${euros.account_id}`);
    expect(list.transactions.map((t) => t.base_amount)).toEqual([10.84]);
    expect((await u.ok<{ converted: number; rate: string }>('GET', '/rates/convert?amount=100&from=USD&to=JPY&date=2025-03-07')).converted).toBe(14712);

    const again = await mapped(u, 'Datum;Von;Nach;Kurs\n07.03.2025;EUR;USD;1,0841\n', { date_column: 0, base_column: 1, quote_column: 2, rate_column: 3, decimal_separator: ',', date_format: 'DD.MM.YYYY', delimiter: ';' });
    expect(again.status, again.raw).toBe(201);
    expect((await own(u)).filter((r) => r[0] === '2025-03-07' && r[2] === 'USD')).toEqual([['2025-03-07', 'EUR', 'USD', '1.0841']]);
  });

  it('"date,USD/JPY" with the pair fixed, and an inverted file ("1 quote = rate base" kept as the opposite pair); one user never sees another’s', async () => {
    const a = await currencyPerson(app);
    const b = await currencyPerson(app);
    const pair = await mapped(a, 'date,USD/JPY\n2025-03-03,149.52\n2025-03-04,"1,149.10"\n', { date_column: 0, rate_column: 1, base: 'usd', quote: 'JPY' });
    expect(pair.status, pair.raw).toBe(201);
    expect(pair.body).toMatchObject({ format: 'columns', days: 2, rates: 2, currencies: ['JPY', 'USD'] });
    // No header; the file says 1 JPY = rate EUR: kept as JPY → EUR, so nothing is divided.
    const inverted = await mapped(a, '03/03/2025\t0.00616\n', { has_header: false, date_column: 0, rate_column: 1, base: 'EUR', quote: 'JPY', inverted: true, date_format: 'MM/DD/YYYY' });
    expect(inverted.status, inverted.raw).toBe(201);
    expect(await own(a)).toEqual([
      ['2025-03-04', 'USD', 'JPY', '1149.1'],
      ['2025-03-03', 'JPY', 'EUR', '0.00616'],
      ['2025-03-03', 'USD', 'JPY', '149.52'],
    ]);
    expect(await own(b)).toEqual([]);
    expect((await b.ok<{ converted: number | null }>('GET', '/rates/convert?amount=100&from=USD&to=JPY&date=2025-03-03')).converted).toBeNull();
  });

  it('refuses a file it cannot read whole: a 422 naming the line and the field, nothing kept; a bad mapping names its field', async () => {
    const u = await currencyPerson(app);
    const columns = { date_column: 0, base_column: 1, quote_column: 2, rate_column: 3 };
    const head = 'Date,From,To,Rate\n2025-03-03,EUR,USD,1.05\n';
    const refused = async (file: string, mapping: Record<string, string | number | boolean>, detail: string) => {
      const res = await mapped(u, file, mapping);
      expect(res.status, res.raw).toBe(422);
      expect(res.body.detail).toBe(detail);
    };
    await refused(`${head}2025-03-04,EUR,XYZ,1.05\n`, columns, 'Line 3, quote: "XYZ" is not an ISO 4217 currency code; nothing was imported');
    await refused(`${head}2025-03-04,USD,USD,1\n`, columns, 'Line 3, quote: from and to are both USD; nothing was imported');
    await refused(`${head}2025-03-04,EUR,USD,0\n`, columns, 'Line 3, rate: "0" is not a positive number; nothing was imported');
    await refused(`${head}2025-03-04,EUR,USD,-1.05\n`, columns, 'Line 3, rate: "-1.05" is not a positive number; nothing was imported');
    await refused(`${head}2025-03-04,EUR,USD,abc\n`, columns, 'Line 3, rate: "abc" is not a positive number; nothing was imported');
    await refused(`${head}2025-03-04,EUR,USD,\n`, columns, 'Line 3, rate: the rate is empty; nothing was imported');
    await refused(`${head}2025-02-30,EUR,USD,1.05\n`, columns, 'Line 3, date: "2025-02-30" is not a day written YYYY-MM-DD; nothing was imported');
    await refused('Date,Rate\nsoon,1.05\n', { date_column: 0, rate_column: 1, base: 'EUR', quote: 'USD' }, 'date_format: the days of the date column are written in no layout this import reads; choose date_format');
    await refused('Date,Rate\n', { date_column: 0, rate_column: 1, base: 'EUR', quote: 'USD' }, 'The rates file holds no rates');
    // The mapping itself.
    await refused(head, { date_column: 0, rate_column: 3, base: 'EUR', quote: 'EUR' }, 'quote: base and quote must be different currencies');
    await refused(head, { date_column: 0, rate_column: 3, base: 'ABC', quote: 'EUR' }, 'base must be an ISO 4217 currency code, e.g. USD');
    await refused(head, { rate_column: 3, base: 'USD', quote: 'EUR' }, 'date_column is required: the column that holds the day');
    await refused(head, { date_column: 0, rate_column: 0, base: 'USD', quote: 'EUR' }, 'rate_column must be another column than the day');
    await refused(head, { date_column: 0, rate_column: 3, quote: 'EUR' }, 'base is required: a column of currency codes or one currency for the whole file');
    await refused(head, { date_column: 0, rate_column: 3, base_column: 1, base: 'USD', quote: 'EUR' }, 'base takes a column or one currency, not both');
    await refused(head, { date_column: 'x', rate_column: 3, base: 'USD', quote: 'EUR' }, 'date_column must be a column number (0 is the first)');
    const notColumns = await u.call<{ detail: string }>('POST', '/rates/import?format=ecb-csv&date_column=0', head, 'text/csv');
    expect(notColumns.status).toBe(422);
    expect(await own(u)).toEqual([]);
  });
});
