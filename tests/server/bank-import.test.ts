import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import { type ImportJob, type ImportMappingInput, type ImportPreview, type Transaction, type TransactionListResponse, importVerdict } from '../../src/contract/transactions';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

/** Fixture bytes as they are on disk (the QIF is Latin-1). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/bank/${name}`, import.meta.url));

const call = (user: VerifiedUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

async function upload(user: VerifiedUser, name: string, accountId?: string, contentType = 'text/csv'): Promise<ImportPreview> {
  const query = new URLSearchParams({ file_name: name, ...(accountId ? { account_id: accountId } : {}) });
  const res = await app.inject({ method: 'POST', url: `/transactions/import?${query}`, headers: { ...bearer(user.token), 'content-type': contentType }, payload: fixture(name) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportPreview>();
}

async function finished(user: VerifiedUser, importId: string): Promise<ImportJob> {
  const until = Date.now() + 60_000;
  for (;;) {
    const job = (await call(user, 'GET', `/transactions/import/${importId}`)).json<ImportJob>();
    if (job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled') return job;
    if (Date.now() > until) throw new Error(`import ${importId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function importFile(user: VerifiedUser, name: string, accountId?: string, mapping?: Partial<ImportMappingInput>): Promise<{ preview: ImportPreview; job: ImportJob }> {
  const preview = await upload(user, name, accountId);
  const res = await call(user, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping: { ...preview.mapping, ...mapping }, ...(accountId ? { account_id: accountId } : {}) });
  expect(res.statusCode, res.body).toBe(202);
  return { preview, job: await finished(user, preview.import_id) };
}

const listAll = async (user: VerifiedUser, query = '') => (await call(user, 'GET', `/transactions?limit=500&sort=date&order=asc${query}`)).json<TransactionListResponse>().transactions;
const row = (t: Transaction) => [t.date, t.type, t.amount, t.merchant];

async function newAccount(user: VerifiedUser, name: string, kind: string): Promise<Account> {
  const res = await call(user, 'POST', '/accounts', { name, kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Account>();
}

describe('bank files: detected by content, read with the right amounts, dates, signs and payees', () => {
  it('an OFX 1.x SGML checking statement (named .txt: the content decides)', async () => {
    const user = await signUpWithAccess(app);
    const res = await app.inject({ method: 'POST', url: '/transactions/import?file_name=export.txt', headers: { ...bearer(user.token), 'content-type': 'text/plain' }, payload: fixture('checking-march.ofx') });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<ImportPreview>();
    expect(p.format).toBe('ofx');
    expect(p.counts).toEqual({ rows: 4, new: 4, duplicates: 0, duplicates_in_file: 0, matched: 0, pending: 0, errors: 0 });
    expect(p.rows.map((r) => [r.line, r.date, r.type, r.amount, r.merchant, r.notes])).toEqual([
      [22, '2024-03-04', 'expense', 4.75, 'SQ *BLUE BOTTLE 0341', 'POS PURCHASE'],
      [30, '2024-03-15', 'income', 2500, 'ACME CORP PAYROLL', null],
      [37, '2024-03-18', 'expense', 1850, 'ZELLE PAYMENT TO OAKRIDGE PROPERTY MGMT', null],
      [44, '2024-03-22', 'expense', 62.18, 'AMZN Mktp US*2K4 & more', 'Order 113-55'],
    ]);
  });

  it('a QFX from a credit card: purchases are spending, the payment is money in; clean merchant names are stored and listed', async () => {
    const user = await signUpWithAccess(app);
    const card = await newAccount(user, 'Visa', 'credit_card');
    const { preview, job } = await importFile(user, 'card-march.qfx', card.account_id);
    expect(preview.format).toBe('ofx');
    expect(preview.mapping.invert_sign).toBe(false);
    expect(job).toMatchObject({ status: 'completed', format: 'ofx', rows_imported: 3, rows_duplicate: 0, rows_matched: 0 });
    const rows = await listAll(user, `&account_id=${card.account_id}`);
    expect(rows.map((t) => [...row(t), t.merchant_name, t.merchant_kind, t.bank_id, t.cleared])).toEqual([
      ['2024-03-05', 'expense', 23.45, 'UBER *EATS', 'Uber Eats', 'food_delivery', '320240305000012345', true],
      ['2024-03-09', 'expense', 15.49, 'NETFLIX.COM', 'Netflix', 'streaming', '320240309000012346', true],
      ['2024-03-25', 'income', 300, 'PAYMENT THANK YOU', 'Credit Card Payment', 'transfer', '320240325000012347', true],
    ]);
    // The clean name is searchable.
    const found = await listAll(user, '&q=netflix');
    expect(found.map((t) => t.merchant_name)).toEqual(['Netflix']);
  });

  it('a card OFX that lists purchases as positive DEBITs is read with its signs flipped (invert_sign suggested)', async () => {
    const user = await signUpWithAccess(app);
    const text = fixture('card-march.qfx').toString('latin1').replace(/<TRNAMT>-/g, '<TRNAMT>').replace('<TRNAMT>300.00', '<TRNAMT>-300.00');
    const res = await app.inject({ method: 'POST', url: '/transactions/import', headers: { ...bearer(user.token), 'content-type': 'application/x-ofx' }, payload: text });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<ImportPreview>();
    expect(p.mapping.invert_sign).toBe(true);
    expect(p.rows.map((r) => [r.type, r.amount])).toEqual([
      ['expense', 23.45],
      ['expense', 15.49],
      ['income', 300],
    ]);
  });

  it('an OFX 2.x XML savings statement with a decimal comma and accented payees', async () => {
    const user = await signUpWithAccess(app);
    const p = await upload(user, 'savings-2x.ofx');
    expect(p.format).toBe('ofx');
    expect(p.rows.map((r) => [r.date, r.type, r.amount, r.merchant, r.notes])).toEqual([
      ['2024-01-31', 'income', 3.21, 'Zinsen / Interest', null],
      ['2024-01-10', 'expense', 200, 'Café Müller', 'Überweisung'],
    ]);
  });

  it('a CAMT.053 statement: a batch entry becomes one row per transaction, a pending entry is left out', async () => {
    const user = await signUpWithAccess(app);
    const { preview, job } = await importFile(user, 'camt053-batch.xml');
    expect(preview.format).toBe('camt');
    expect(preview.counts).toEqual({ rows: 5, new: 4, duplicates: 0, duplicates_in_file: 0, matched: 0, pending: 1, errors: 0 });
    expect(importVerdict(preview.counts, { skipDuplicates: true, skipFileDuplicates: false, bankFile: true })).toBe('4 new, 0 matched, 1 skipped');
    expect(preview.rows.map((r) => [r.status, r.date, r.type, r.amount, r.merchant, r.notes])).toEqual([
      ['new', '2024-04-02', 'income', 1250, 'Muster GmbH', 'Gehalt April 2024'],
      ['new', '2024-04-05', 'expense', 100, 'Stadtwerke München', 'Strom Abschlag April'],
      ['new', '2024-04-05', 'expense', 45.5, 'Telekom Deutschland GmbH', 'Mobilfunk Kundennr 123'],
      ['new', '2024-04-05', 'expense', 35, 'Fitnessstudio Aktiv', 'SAMMELLASTSCHRIFT'],
      ['pending', '2024-04-29', 'expense', 12.9, 'Spotify AB', null],
    ]);
    expect(job).toMatchObject({ status: 'completed', rows_imported: 4, rows_duplicate: 1 });
    expect((await listAll(user)).map((t) => t.bank_id).sort()).toEqual(['2024040200011', '2024040500022/B-1', '2024040500022/B-2', '2024040500022/B-3']);
  });

  it('a Latin-1 QIF whose days are all 12 or less: the day/month order is asked, and the chosen one is used', async () => {
    const user = await signUpWithAccess(app);
    const p = await upload(user, 'latin1.qif');
    expect(p.format).toBe('qif');
    expect(p.detected.date_format_ambiguous).toBe(true);
    const res = await call(user, 'POST', `/transactions/import/${p.import_id}/preview`, { mapping: { ...p.mapping, date_format: 'DD/MM/YYYY' } });
    expect(res.statusCode, res.body).toBe(200);
    const dayFirst = res.json<ImportPreview>();
    expect(dayFirst.rows.map((r) => [r.date, r.type, r.amount, r.merchant, r.notes, r.category])).toEqual([
      ['2024-04-03', 'expense', 12.5, 'Bäckerei Groß', 'Brötchen', 'Groceries'],
      ['2024-04-05', 'income', 1500, 'Salaire Société Générale', null, 'Other Income'],
      ['2024-04-07', 'expense', 42, 'Café Crème', null, 'Other'],
    ]);
    const monthFirst = (await call(user, 'POST', `/transactions/import/${p.import_id}/preview`, { mapping: { ...p.mapping, date_format: 'MM/DD/YYYY' } })).json<ImportPreview>();
    expect(monthFirst.rows.map((r) => r.date)).toEqual(['2024-03-04', '2024-05-04', '2024-07-04']);
  });
});

describe('bank files: duplicates never twice', () => {
  it.each([
    ['checking-march.ofx', 4],
    ['card-march.qfx', 3],
    ['savings-2x.ofx', 2],
    ['camt053-batch.xml', 4],
    ['latin1.qif', 3],
  ])('%s imported twice adds its rows once', async (name, rows) => {
    const user = await signUpWithAccess(app);
    const first = await importFile(user, name);
    expect(first.job.rows_imported).toBe(rows);
    const again = await upload(user, name);
    expect(again.counts.new).toBe(0);
    const second = await importFile(user, name);
    expect(second.job.rows_imported).toBe(0);
    expect(await listAll(user)).toHaveLength(rows);
  });

  it('an overlapping statement adds only its new row; the bank id is kept per account', async () => {
    const user = await signUpWithAccess(app);
    await importFile(user, 'checking-march.ofx');
    const { preview, job } = await importFile(user, 'checking-overlap.ofx');
    expect(preview.counts).toMatchObject({ rows: 3, new: 1, duplicates: 2 });
    expect(job.rows_imported).toBe(1);
    expect((await listAll(user)).map((t) => t.bank_id)).toEqual(['2024030400001', '2024031500002', '2024031800003', '2024032200004', '2024040200005']);
    // A search for the clean name finds the bank's spelling of it.
    expect((await listAll(user, '&q=amazon')).map((t) => [t.merchant, t.merchant_name])).toEqual([['AMZN Mktp US*2K4 & more', 'Amazon']]);
    // The same statement into another account is another account's rows.
    const savings = await newAccount(user, 'Savings', 'savings');
    expect((await upload(user, 'checking-overlap.ofx', savings.account_id)).counts.new).toBe(3);
  });

  it('a bank row matching a hand-typed transaction (same amount, date within 3 days, same merchant once cleaned) links to it instead of adding one', async () => {
    const user = await signUpWithAccess(app);
    const typed = await call(user, 'POST', '/transactions', { type: 'expense', amount: 4.75, date: '2024-03-02', category: 'Dining', description: 'Coffee', merchant: 'Blue Bottle' });
    expect(typed.statusCode, typed.body).toBe(201);
    // Same amount and date but another merchant: not the same transaction.
    await call(user, 'POST', '/transactions', { type: 'expense', amount: 62.18, date: '2024-03-22', category: 'Shopping', description: 'Shoes', merchant: 'Zappos' });
    const { preview, job } = await importFile(user, 'checking-march.ofx');
    expect(preview.counts).toMatchObject({ new: 3, matched: 1 });
    expect(preview.rows[0]!.status).toBe('matched');
    expect(importVerdict(preview.counts, { skipDuplicates: true, skipFileDuplicates: false, bankFile: true })).toBe('3 new, 1 matched, 0 skipped');
    expect(job).toMatchObject({ rows_imported: 3, rows_matched: 1 });
    const rows = await listAll(user);
    expect(rows).toHaveLength(5);
    const coffee = rows.find((t) => t.transaction_id === typed.json<Transaction>().transaction_id)!;
    expect(coffee).toMatchObject({ bank_id: '2024030400001', date: '2024-03-02', merchant: 'Blue Bottle', source: 'manual' });
    // Importing again: the linked row holds the bank id, so nothing is added or linked twice.
    expect((await upload(user, 'checking-march.ofx')).counts).toMatchObject({ new: 0, matched: 0, duplicates: 4 });

    // Undo: the batch's rows go, the hand-typed row stays and is unlinked.
    const undo = await call(user, 'DELETE', `/transactions/import/${preview.import_id}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ deleted: 3 });
    const after = await listAll(user);
    expect(after.map((t) => [t.merchant, t.bank_id])).toEqual([
      ['Blue Bottle', null],
      ['Zappos', null],
    ]);
  });

  it("undo removes exactly its batch: the balance is back, the earlier batch and another user's rows stay", async () => {
    const user = await signUpWithAccess(app);
    const other = await signUpWithAccess(app);
    await importFile(other, 'checking-march.ofx');
    const first = await importFile(user, 'checking-march.ofx');
    const balanceBefore = (await call(user, 'GET', '/transactions/balance/current')).json<{ balance: number }>().balance;
    const second = await importFile(user, 'checking-overlap.ofx');
    expect(second.job.rows_imported).toBe(1);
    expect((await call(user, 'GET', '/transactions/balance/current')).json<{ balance: number }>().balance).toBeCloseTo(balanceBefore - 38.4, 2);
    const undo = await call(user, 'DELETE', `/transactions/import/${second.preview.import_id}`);
    expect(undo.json()).toMatchObject({ deleted: 1 });
    expect((await call(user, 'GET', '/transactions/balance/current')).json<{ balance: number }>().balance).toBeCloseTo(balanceBefore, 2);
    expect((await listAll(user)).map((t) => t.import_id)).toEqual(Array(4).fill(first.preview.import_id));
    expect(await listAll(other)).toHaveLength(4);
    // Another user cannot undo it.
    expect((await call(other, 'DELETE', `/transactions/import/${first.preview.import_id}`)).statusCode).toBe(404);
    expect(await listAll(user)).toHaveLength(4);
  });

  it('bad input gets a detail, never a 500', async () => {
    const user = await signUpWithAccess(app);
    const broken = await app.inject({ method: 'POST', url: '/transactions/import', headers: { ...bearer(user.token), 'content-type': 'text/csv' }, payload: 'OFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n<BANKMSGSRSV1>' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail).toMatch(/OFX/);
    const empty = await app.inject({ method: 'POST', url: '/transactions/import', headers: { ...bearer(user.token), 'content-type': 'text/csv' }, payload: '!Type:Bank\r\n' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('The file has no transactions');
    const res = await app.inject({ method: 'POST', url: '/transactions/import?account_id=00000000-0000-4000-8000-000000000000', headers: { ...bearer(user.token), 'content-type': 'text/csv' }, payload: fixture('checking-march.ofx') });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/account_id/);
  });
});

describe('merchant names on manual entry', () => {
  it('a typed transaction stores its clean merchant name and kind; the raw text stays', async () => {
    const user = await signUpWithAccess(app);
    const res = await call(user, 'POST', '/transactions', { type: 'expense', amount: 5, date: '2024-03-02', category: 'Dining', description: 'SQ *BLUE BOTTLE 0341' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Transaction>()).toMatchObject({ merchant: null, description: 'SQ *BLUE BOTTLE 0341', merchant_name: 'Blue Bottle Coffee', merchant_kind: 'coffee_shop' });
  });
});

describe('bank files: a row the bank marks PENDING in its payee text', () => {
  it('is held back as pending (not added beside the posted row it becomes)', async () => {
    const user = await signUpWithAccess(app);
    await importFile(user, 'checking-march.ofx');
    // The next download lists the same coffee again, still pending, in the posted list with a new FITID.
    const pendingCopy = fixture('checking-march.ofx')
      .toString('latin1')
      .replace(/<FITID>2024030400001(\r?\n)<NAME>SQ \*BLUE BOTTLE 0341/, '<FITID>P-20240303-1$1<NAME>PENDING SQ *BLUE BOTTLE 0341')
      .replace('<FITID>2024031500002', '<FITID>2024033000009');
    const res = await app.inject({ method: 'POST', url: '/transactions/import?file_name=next.ofx', headers: { ...bearer(user.token), 'content-type': 'application/x-ofx' }, payload: pendingCopy });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<ImportPreview>();
    expect(preview.counts).toMatchObject({ new: 1, pending: 1, duplicates: 2 });
    const commit = await call(user, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping });
    expect(commit.statusCode, commit.body).toBe(202);
    expect(await finished(user, preview.import_id)).toMatchObject({ status: 'completed', rows_imported: 1 });
    const coffee = (await listAll(user)).filter((t) => t.amount === 4.75);
    expect(coffee.map((t) => t.bank_id)).toEqual(['2024030400001']);
  });
});
