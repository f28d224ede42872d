import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { ImportJob, ImportPreview, Transaction, TransactionListResponse } from '../../src/contract/transactions';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

const call = (user: VerifiedUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object | string, contentType?: string) =>
  app.inject({ method, url, headers: { ...bearer(user.token), ...(contentType ? { 'content-type': contentType } : {}) }, ...(payload ? { payload } : {}) });

async function importInto(user: VerifiedUser, accountId: string, name: string, body: string | Buffer, contentType: string) {
  const res = await call(user, 'POST', `/transactions/import?${new URLSearchParams({ file_name: name, account_id: accountId })}`, body as string, contentType);
  expect(res.statusCode, res.body).toBe(201);
  const preview = res.json<ImportPreview>();
  const commit = await call(user, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping, account_id: accountId });
  expect(commit.statusCode, commit.body).toBe(202);
  const until = Date.now() + 60_000;
  for (;;) {
    const job = (await call(user, 'GET', `/transactions/import/${preview.import_id}`)).json<ImportJob>();
    if (job.status !== 'queued' && job.status !== 'running') return { preview, job };
    if (Date.now() > until) throw new Error(`import still ${job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a bank row finds the hand-typed row it is in an account busy in its dates', () => {
  it('with 250 rows in the statement’s months (more than walking them is worth for 4 bank rows), the typed coffee is still matched, and only it', async () => {
    const user = await signUpWithAccess(app);
    const account = (await call(user, 'POST', '/accounts', { name: 'Checking', kind: 'checking' })).json<Account>();
    // 250 earlier rows in March 2024 from a CSV, none of the statement's amounts.
    const csv = ['Date,Description,Amount', ...Array.from({ length: 250 }, (_, i) => `2024-03-${String(1 + (i % 28)).padStart(2, '0')},CORNER SHOP ${i},-${(100 + i).toFixed(2)}`)].join('\n');
    expect((await importInto(user, account.account_id, 'busy.csv', csv, 'text/csv')).job).toMatchObject({ status: 'completed', rows_imported: 250 });
    const typed = await call(user, 'POST', '/transactions', { account_id: account.account_id, type: 'expense', amount: 4.75, date: '2024-03-02', category: 'Dining', description: 'Coffee', merchant: 'Blue Bottle' });
    expect(typed.statusCode, typed.body).toBe(201);

    const { preview, job } = await importInto(user, account.account_id, 'checking-march.ofx', readFileSync(new URL('./fixtures/bank/checking-march.ofx', import.meta.url)), 'text/plain');
    expect(preview.counts).toMatchObject({ new: 3, matched: 1 });
    expect(job).toMatchObject({ rows_imported: 3, rows_matched: 1 });
    const rows = (await call(user, 'GET', `/transactions?limit=500&account_id=${account.account_id}`)).json<TransactionListResponse>().transactions;
    expect(rows).toHaveLength(254);
    expect(rows.find((t) => t.transaction_id === typed.json<Transaction>().transaction_id)).toMatchObject({ bank_id: '2024030400001', source: 'manual' });
  });
});
