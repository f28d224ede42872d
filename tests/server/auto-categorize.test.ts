import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestion } from '../../src/contract/autoRules';
import type { ImportJob, ImportPreview, Transaction, TransactionListResponse } from '../../src/contract/transactions';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

/** Categories an import sets on its own: from the merchant's kind at first sight, from the user's filing after. */

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

type Method = 'GET' | 'POST' | 'PUT';
async function ok<T>(user: VerifiedUser, method: Method, url: string, payload?: object, status = 200): Promise<T> {
  const res = await app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

/** Imports a CSV statement (date, description, signed amount) and answers its rows by description. */
async function importRows(user: VerifiedUser, rows: [date: string, description: string, amount: string][]): Promise<Map<string, Transaction>> {
  const text = ['date,description,amount', ...rows.map((r) => r.join(','))].join('\n');
  const res = await app.inject({ method: 'POST', url: '/transactions/import?file_name=s.csv', headers: { ...bearer(user.token), 'content-type': 'text/csv' }, payload: text });
  expect(res.statusCode, res.body).toBe(201);
  const preview = res.json<ImportPreview>();
  await ok<ImportJob>(user, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping }, 202);
  for (let i = 0; i < 1200; i++) {
    const job = await ok<ImportJob>(user, 'GET', `/transactions/import/${preview.import_id}`);
    if (job.status !== 'queued' && job.status !== 'running') {
      expect(job.status).toBe('completed');
      const list = await ok<TransactionListResponse>(user, 'GET', `/transactions?limit=500&import_id=${preview.import_id}`);
      return new Map(list.transactions.map((t) => [t.description, t]));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

/** An OFX 1.x statement of one debit of 45.00. */
const ofx = (day: string, id: string, name: string, memo?: string) =>
  [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>',
    `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${day}<TRNAMT>-45.00<FITID>${id}<NAME>${name}${memo === undefined ? '' : `<MEMO>${memo}`}</STMTTRN>`,
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\r\n');

/** Imports one-row OFX statements into a new checking account of the user; answers the row. */
async function ofxImporter(user: VerifiedUser) {
  const account = await ok<{ account_id: string }>(user, 'POST', '/accounts', { name: 'Checking', kind: 'checking', currency: 'USD', opening_date: '2024-12-31' }, 201);
  return async (text: string) => {
    const res = await app.inject({ method: 'POST', url: `/transactions/import?file_name=s.ofx&account_id=${account.account_id}`, headers: { ...bearer(user.token), 'content-type': 'application/x-ofx' }, payload: text });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<ImportPreview>();
    await ok(user, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping, account_id: account.account_id }, 202);
    for (let i = 0; i < 1200; i++) {
      const job = await ok<ImportJob>(user, 'GET', `/transactions/import/${preview.import_id}`);
      if (job.status === 'completed') return (await ok<TransactionListResponse>(user, 'GET', `/transactions?import_id=${preview.import_id}`)).transactions[0]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  };
}

const categoryOf = (rows: Map<string, Transaction>) => Object.fromEntries([...rows].map(([d, t]) => [d, t.category]));
const suggest = (user: VerifiedUser, t: Transaction) => ok<Suggestion>(user, 'POST', '/rules/suggest', { description: t.description, amount: t.amount, type: t.type });

describe('first sight: the merchant kind gives the category', () => {
  it('a new user’s known chains and clearly named places are filed; unclear kinds, transfers and unknown names stay in Other', async () => {
    const user = await signUpWithAccess(app);
    const rows = await importRows(user, [
      ['2025-03-01', 'STARBUCKS STORE 10443 SEATTLE WA', '-5.40'],
      ['2025-03-02', 'SHELL OIL 57442 AUSTIN TX', '-48.10'],
      ['2025-03-03', 'NETFLIX.COM', '-15.49'],
      ['2025-03-04', 'SQ *ROSE CITY COFFEE ROASTERS', '-4.75'],
      ['2025-03-05', 'ACME WIDGETS PAYROLL', '2400.00'],
      ['2025-03-06', 'TARGET 00012345 AUSTIN TX', '19.99'],
      ['2025-03-07', 'ZELLE PAYMENT TO JOHN SMITH', '-40.00'],
      ['2025-03-08', 'QWERTY HOLDINGS 4471', '-12.00'],
      ['2025-03-09', 'DOWNTOWN BAR 12', '-22.00'],
    ]);
    expect(categoryOf(rows)).toEqual({
      'STARBUCKS STORE 10443 SEATTLE WA': 'Dining',
      'SHELL OIL 57442 AUSTIN TX': 'Transport',
      'NETFLIX.COM': 'Subscriptions',
      // A place the dictionary does not know, whose name says what it is.
      'SQ *ROSE CITY COFFEE ROASTERS': 'Dining',
      'ACME WIDGETS PAYROLL': 'Salary',
      // Money in from a shop: a refund.
      'TARGET 00012345 AUSTIN TX': 'Refunds',
      'ZELLE PAYMENT TO JOHN SMITH': 'Other',
      'QWERTY HOLDINGS 4471': 'Other',
      // "Bar" is a weak word and a bar may be Dining or Entertainment: only suggested.
      'DOWNTOWN BAR 12': 'Other',
    });
    const s = await suggest(user, rows.get('DOWNTOWN BAR 12')!);
    expect(s).toMatchObject({ category: 'Dining', confident: false, source: 'learned' });
    // The form, for a user with no history: the kind and its usual category.
    const fresh = await signUpWithAccess(app);
    expect(await ok<Suggestion>(fresh, 'POST', '/rules/suggest', { description: 'SHELL OIL 57442 AUSTIN TX', amount: 40 })).toMatchObject({
      category: 'Transport',
      confident: true,
      why: 'Shell: fuel, usually Transport',
    });
  });

  it('the form suggests Transport for a transit top-up, Utilities for a phone top-up', async () => {
    const fresh = await signUpWithAccess(app);
    for (const description of ['Bus pass top-up', 'OYSTER AUTO TOP-UP', 'Transit card top up']) {
      expect(await ok<Suggestion>(fresh, 'POST', '/rules/suggest', { description, amount: 20, type: 'expense' }), description).toMatchObject({ category: 'Transport' });
    }
    expect(await ok<Suggestion>(fresh, 'POST', '/rules/suggest', { description: 'Mobile top-up', amount: 10, type: 'expense' })).toMatchObject({ category: 'Utilities' });
  });

  it('a user who files a kind elsewhere is not overruled: the next place of that kind is only suggested', async () => {
    const user = await signUpWithAccess(app);
    const first = await importRows(user, [['2025-03-01', 'SQ *MAPLE LEAF COFFEE 1', '-5.00']]);
    expect(first.get('SQ *MAPLE LEAF COFFEE 1')!.category).toBe('Dining');
    await ok(user, 'PUT', `/transactions/${first.get('SQ *MAPLE LEAF COFFEE 1')!.transaction_id}`, { category: 'Entertainment' });
    const next = await importRows(user, [
      ['2025-04-01', 'SQ *MAPLE LEAF COFFEE 2', '-5.00'],
      ['2025-04-02', 'TST* HARBOR ESPRESSO 9', '-4.00'],
    ]);
    // Their own café filed once: suggested, not applied; another café: the kind's Dining no longer applied unasked.
    expect(categoryOf(next)).toEqual({ 'SQ *MAPLE LEAF COFFEE 2': 'Other', 'TST* HARBOR ESPRESSO 9': 'Other' });
    expect(await suggest(user, next.get('SQ *MAPLE LEAF COFFEE 2')!)).toMatchObject({ category: 'Entertainment', confident: false });
  });
});

describe('learning: the user’s own filing', () => {
  it('a merchant filed twice the same way is applied; once, or filed two ways, is only suggested', async () => {
    const user = await signUpWithAccess(app);
    const a = await importRows(user, [
      ['2025-01-05', 'KWIK PRINT STUDIO 221', '-30.00'],
      ['2025-01-06', 'HOLLOWAY PARTNERS 7', '-80.00'],
    ]);
    expect(categoryOf(a)).toEqual({ 'KWIK PRINT STUDIO 221': 'Other', 'HOLLOWAY PARTNERS 7': 'Other' });
    await ok(user, 'PUT', `/transactions/${a.get('KWIK PRINT STUDIO 221')!.transaction_id}`, { category: 'Shopping' });
    await ok(user, 'PUT', `/transactions/${a.get('HOLLOWAY PARTNERS 7')!.transaction_id}`, { category: 'Education' });

    // Filed once: the next month's row (new store number) is suggested, not applied.
    const b = await importRows(user, [
      ['2025-02-05', 'KWIK PRINT STUDIO 318', '-28.00'],
      ['2025-02-06', 'HOLLOWAY PARTNERS 9', '-80.00'],
    ]);
    expect(categoryOf(b)).toEqual({ 'KWIK PRINT STUDIO 318': 'Other', 'HOLLOWAY PARTNERS 9': 'Other' });
    expect(await suggest(user, b.get('KWIK PRINT STUDIO 318')!)).toMatchObject({ category: 'Shopping', confident: false });
    await ok(user, 'PUT', `/transactions/${b.get('KWIK PRINT STUDIO 318')!.transaction_id}`, { category: 'Shopping' });
    // The other merchant filed a second way: a contradiction.
    await ok(user, 'PUT', `/transactions/${b.get('HOLLOWAY PARTNERS 9')!.transaction_id}`, { category: 'Health' });

    const c = await importRows(user, [
      ['2025-03-05', 'KWIK PRINT STUDIO 402', '-31.00'],
      ['2025-03-06', 'HOLLOWAY PARTNERS 11', '-80.00'],
    ]);
    expect(categoryOf(c)).toEqual({ 'KWIK PRINT STUDIO 402': 'Shopping', 'HOLLOWAY PARTNERS 11': 'Other' });
  });

  it('a bank file’s payee with a changing date or reference is learned under its clean name', async () => {
    const user = await signUpWithAccess(app);
    const importOfx = await ofxImporter(user);
    let row = await importOfx(ofx('20250110', 'A1', 'POS PURCHASE 01/10 PLEXA LOOM 4401'));
    expect(row.category).toBe('Other');
    await ok(user, 'PUT', `/transactions/${row.transaction_id}`, { category: 'Personal Care' });
    row = await importOfx(ofx('20250210', 'A2', 'POS PURCHASE 02/10 PLEXA LOOM 4417'));
    expect(row.category).toBe('Other');
    await ok(user, 'PUT', `/transactions/${row.transaction_id}`, { category: 'Personal Care' });
    row = await importOfx(ofx('20250310', 'A3', 'POS PURCHASE 03/10 PLEXA LOOM 4420'));
    expect(row.category).toBe('Personal Care');
  });
});

describe('OFX names cut at 32 characters', () => {
  it('the NAME is continued by the MEMO (or replaced by a MEMO that repeats it), so the clean name and the category are found', async () => {
    const user = await signUpWithAccess(app);
    const importOfx = await ofxImporter(user);
    // Cut mid-word: "DEBIT CARD PURCHASE 01/14 STARBU" + "CKS STORE 1201".
    const cut = await importOfx(ofx('20250114', 'B1', 'DEBIT CARD PURCHASE 01/14 STARBU', 'CKS STORE 1201 AUSTIN TX'));
    expect(cut).toMatchObject({ description: 'DEBIT CARD PURCHASE 01/14 STARBUCKS STORE 1201 AUSTIN TX', merchant_name: 'Starbucks', category: 'Dining', notes: null });
    // Cut after a space (the value is trimmed to 31 characters).
    const spaced = await importOfx(ofx('20250115', 'B2', 'DEBIT CARD PURCHASE 01/15 SHELL', 'OIL 57442 AUSTIN TX'));
    expect(spaced).toMatchObject({ description: 'DEBIT CARD PURCHASE 01/15 SHELL OIL 57442 AUSTIN TX', merchant_name: 'Shell', category: 'Transport' });
    // The MEMO holds the whole text.
    const whole = await importOfx(ofx('20250116', 'B3', 'POS PURCHASE 01/16 WHOLEFDS MKT 1', 'POS PURCHASE 01/16 WHOLEFDS MKT 10233 AUSTIN TX'));
    expect(whole).toMatchObject({ description: 'POS PURCHASE 01/16 WHOLEFDS MKT 10233 AUSTIN TX', category: 'Groceries', notes: null });
    // A short NAME keeps its MEMO as notes.
    const short = await importOfx(ofx('20250117', 'B4', 'NETFLIX.COM', 'Monthly plan'));
    expect(short).toMatchObject({ description: 'NETFLIX.COM', notes: 'Monthly plan' });
  });
});
