import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../src/contract/account';
import { Wallet } from 'ethers';
import { identities } from '../../src/server/db/schema';
import { TRANSFER_IN_FLIGHT } from '../../src/server/services/account/lifecycle';
import { bearer, createTestApp, grantPoints, logIn, mailTo, signUpAndVerify, signUpWithAccess, uniqueEmail, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
}, 120_000);
afterAll(() => testApp?.close());

type Json = Record<string, unknown>;
/** Rows of a raw query (the drizzle driver's result carries them in `rows`). */
const sqlRows = async <T>(query: string) => (await app.db.execute(query)) as unknown as { rows: T[] };
const call = (user: VerifiedUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
  app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
const ok = async (user: VerifiedUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Json, status = [200, 201, 202]) => {
  const res = await call(user, method, url, payload);
  expect(status, `${method} ${url}: ${res.body}`).toContain(res.statusCode);
  return res;
};
const form = (url: string, fields: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * Uses every feature once through the API, so the user has rows in every table. A table added later
 * fails `every table holds rows` below until a step here creates its data: that keeps the deletion proof whole.
 */
async function useEverything(user: VerifiedUser): Promise<void> {
  await ok(user, 'POST', '/chat/financial-advice', { message: 'What is my balance?' }); // free message: daily usage
  const session = (await ok(user, 'POST', '/subscription/create-checkout-session', { plan_id: 'monthly' })).json<{ session_id: string }>();
  expect((await form(`/billing/checkout/${session.session_id}/pay`, { name: 'Ada', card_number: '4242 4242 4242 4242', expiry, cvc: '123' })).statusCode).toBe(303);
  await ok(user, 'POST', '/subscription/confirm', { session_id: session.session_id });
  await ok(user, 'PUT', '/users/me/profile', { full_name: 'Ada Lovelace' });
  await ok(user, 'POST', '/transactions/categories', { name: 'Side Hustle', type: 'income' });
  const shop = (await ok(user, 'POST', '/transactions', { type: 'expense', amount: 12.5, date: '2024-03-14', category: 'Groceries', description: 'Weekly shop', merchant: 'Corner Market' })).json<{ transaction_id: string }>();
  await ok(user, 'PUT', `/transactions/${shop.transaction_id}`, { type: 'expense', amount: 12.5, date: '2024-03-14', category: 'Dining', description: 'Weekly shop', merchant: 'Corner Market' }); // a correction the rules learn from
  // Budgets, rules, tags, bills and notifications.
  await ok(user, 'PUT', '/budgets/2024-03/assigned', { category: 'Groceries', assigned: 300 });
  await ok(user, 'PUT', '/budgets/2024-03/rollover', { category: 'Groceries', rollover: 'full' });
  await ok(user, 'PUT', '/budgets/2024-03/mode', { mode: 'tracking' });
  await ok(user, 'PUT', '/budgets/2024-03/target', { category: 'Groceries', kind: 'monthly', amount: 400 });
  await ok(user, 'POST', '/calendar/feed');
  await ok(user, 'POST', '/rules', { match: 'all', conditions: [{ field: 'description', op: 'contains', value: 'coffee' }], actions: { category: 'Dining' } });
  await ok(user, 'POST', '/tags', { name: 'holiday' });
  const checking = (await ok(user, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 100 })).json<{ account_id: string }>();
  const savings = (await ok(user, 'POST', '/accounts', { name: 'Savings', kind: 'savings' })).json<{ account_id: string }>();
  const moved = (await ok(user, 'POST', '/transactions', { account_id: checking.account_id, type: 'expense', amount: 40, date: '2024-03-20', category: 'Other', description: 'Out' })).json<{ transaction_id: string }>();
  const arrived = (await ok(user, 'POST', '/transactions', { account_id: savings.account_id, type: 'income', amount: 40, date: '2024-03-20', category: 'Other Income', description: 'In' })).json<{ transaction_id: string }>();
  await ok(user, 'POST', `/transactions/${moved.transaction_id}/dismiss-transfer-match`, { other_transaction_id: arrived.transaction_id }); // "not a transfer"
  const bill = (await ok(user, 'POST', '/recurring', { name: 'Rent', merchant_pattern: 'Parkside', account_id: checking.account_id, kind: 'bill', amount: 900, rrule: 'FREQ=MONTHLY;BYMONTHDAY=1', start_date: '2024-01-01' })).json<{ recurring_id: string }>();
  await ok(user, 'PUT', `/recurring/${bill.recurring_id}/occurrences/2024-02-01`, { status: 'skipped' });
  await ok(user, 'POST', '/recurring/suggestions/dismiss', { key: 'corner market|expense' });
  await ok(user, 'PATCH', '/notifications/settings', { due_days: 5 });
  await ok(user, 'POST', '/rates', { date: '2024-03-01', base: 'EUR', quote: 'USD', rate: '1.0837' });
  await app.notifications.notify(user.userId, { kind: 'bill_due', title: 'Rent is due', body: 'Rent is due on the 1st.', link: '/bills', dedupeKey: `rent-${user.userId}` });
  await ok(user, 'POST', '/transactions', { type: 'income', amount: 300, date: '2024-03-15', category: 'Side Hustle', description: 'Gig' });
  const csv = 'Date,Description,Amount\n2024-04-01,Coffee,-3.50\n2024-04-02,Salary,2000.00\n';
  const upload = await app.inject({ method: 'POST', url: '/transactions/import?file_name=bank.csv', headers: { ...bearer(user.token), 'content-type': 'text/csv' }, payload: csv });
  expect(upload.statusCode, upload.body).toBe(201);
  const preview = upload.json<{ import_id: string; mapping: unknown }>();
  await ok(user, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping as Json });
  const goal = (await ok(user, 'POST', '/goals', { name: 'Trip', target_amount: 1000, target_date: new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10) })).json<{ goal_id: string }>();
  await ok(user, 'POST', `/goals/${goal.goal_id}/add-funds`, { amount: 50 });
  await ok(user, 'POST', '/chat/financial-advice', { message: 'How much did I spend on groceries?' });
  await ok(user, 'POST', '/support/messages', { topic: 'other', subject: 'Hello', message: 'Just saying hello to support.' });
  await ok(user, 'POST', '/users/me/exports');
  await app.exportRunner.idle();
  await app.inject({ method: 'POST', url: '/users/forgot-password', payload: { email: user.email } }); // a live reset token
  await ok(user, 'GET', '/api/wallet/info'); // the custodial wallet, created on first use
  await ok(user, 'POST', '/api/rewards/convert-points-to-finu', { points: 100, to_address: '0x000000000000000000000000000000000000dead' }); // a transfer
  await ok(user, 'POST', '/users/me/reauthenticate', { password: user.password }); // a confirmed session
  await ok(user, 'POST', '/auth/link/google'); // a Google link flow in progress
  // A linked wallet (the SIWE flow itself is proven in web3.test.ts), and a sign-in nonce issued to it.
  const wallet = Wallet.createRandom().address;
  await app.db.insert(identities).values({ userId: user.userId, kind: 'ethereum', issuer: 'eip155', subject: wallet.toLowerCase() });
  expect((await app.inject({ method: 'GET', url: `/web3/nonce?wallet_address=${wallet}` })).statusCode).toBe(200);
  expect((await logIn(app, user.email, 'not the password at all')).statusCode).toBe(401); // a throttle row keyed by the email
  const second = (await logIn(app, user.email, user.password)).json<{ access_token: string }>().access_token;
  expect((await app.inject({ method: 'POST', url: '/users/logout', headers: bearer(second) })).statusCode).toBeLessThan(300); // a revoked token
}

const counts = () => app.repos.account.countRows.bind(app.repos.account);

describe('DELETE /users/me: delete my account', () => {
  it('removes every row of the user in every table (found from the catalogue) and nothing of anyone else', async () => {
    const doomed = await signUpAndVerify(app);
    const bystander = await signUpAndVerify(app);
    await useEverything(doomed);
    await useEverything(bystander);

    const tables = await app.repos.account.userTables();
    expect(tables.length).toBeGreaterThanOrEqual(15);
    const before = await counts()(doomed.userId);
    const empty = Object.entries(before).filter(([, n]) => n === 0).map(([t]) => t);
    expect(empty, 'every table holds rows of the user before deletion (add a step to useEverything for a new table)').toEqual([]);
    const bystanderBefore = await counts()(bystander.userId);
    const doomedWallet = (await sqlRows<{ subject: string }>(`select subject from identities where user_id = '${doomed.userId}' and kind = 'ethereum'`)).rows[0]!.subject;
    const noncesOf = async (address: string) => (await sqlRows<{ n: number }>(`select count(*)::int as n from web3_nonces where address = '${address}'`)).rows[0]!.n;
    expect(await noncesOf(doomedWallet)).toBe(1);

    const res = await call(doomed, 'DELETE', '/users/me', { password: doomed.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account and all your data have been deleted.' });

    // Keyed by the email, not the id: the throttles of that address go too (before any new login below makes one).
    const byEmail = await sqlRows<{ n: number }>(`select count(*)::int as n from auth_throttles where key like '%${doomed.email}'`);
    expect(byEmail.rows[0]!.n).toBe(0);
    const after = await counts()(doomed.userId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await app.repos.users.findById(doomed.userId)).toBeUndefined();
    expect(await counts()(bystander.userId)).toEqual(bystanderBefore);

    // The session has ended and the account cannot log in any more.
    expect((await call(doomed, 'GET', '/users/me/profile')).statusCode).toBe(401);
    expect((await logIn(app, doomed.email, doomed.password)).statusCode).toBe(401);
    // Nothing is left for the address: the old (reset, verification) links are gone, and the goodbye
    // mail is sent without being kept; nor the throttles of that email, nor the wallet's nonces.
    expect(await mailTo(app, doomed.email)).toEqual([]);
    expect(await noncesOf(doomedWallet)).toBe(0);
    const bystanderWallet = (await sqlRows<{ subject: string }>(`select subject from identities where user_id = '${bystander.userId}' and kind = 'ethereum'`)).rows[0]!.subject;
    expect(await noncesOf(bystanderWallet)).toBe(1);
    const bystanderThrottles = await sqlRows<{ n: number }>(`select count(*)::int as n from auth_throttles where key like '%${bystander.email}'`);
    expect(bystanderThrottles.rows[0]!.n).toBeGreaterThan(0);
    // The address is free to sign up again.
    expect((await app.inject({ method: 'POST', url: '/users/signup', payload: { email: doomed.email, password: doomed.password } })).statusCode).toBe(201);
  }, 120_000);

  it('a conversion signed and on its way to the chain holds the deletion (409) until it is confirmed; one not yet signed is cancelled with the account', async () => {
    const user = await signUpAndVerify(app);
    await grantPoints(app, user.userId, 300);
    const converted = await ok(user, 'POST', '/api/rewards/convert-points-to-finu', { points: 100, to_address: '0x000000000000000000000000000000000000dead' });
    const transferId = converted.json<{ transfer_id: string }>().transfer_id;
    // What the transfer worker does when it signs: the transaction is out of the account's hands.
    await app.db.execute(`update token_transfers set status = 'submitted', nonce = 0, tx_hash = '0x${'ab'.repeat(32)}' where id = '${transferId}'`);
    const held = await call(user, 'DELETE', '/users/me', { password: user.password });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ detail: TRANSFER_IN_FLIGHT });
    expect((await call(user, 'GET', '/users/me/profile')).statusCode).toBe(200);

    await app.db.execute(`update token_transfers set status = 'confirmed' where id = '${transferId}'`);
    await ok(user, 'POST', '/api/rewards/convert-points-to-finu', { points: 100, to_address: '0x000000000000000000000000000000000000dead' }); // pending: cancelled below
    expect((await call(user, 'DELETE', '/users/me', { password: user.password })).statusCode).toBe(200);
    const left = await sqlRows<{ n: number }>(`select count(*)::int as n from token_transfers where user_id = '${user.userId}'`);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('GET /users/me/deletion names the custodial wallet and the points, and creates no wallet', async () => {
    const user = await signUpAndVerify(app);
    expect((await ok(user, 'GET', '/users/me/deletion')).json()).toEqual({ wallet: null, points_balance: 0 });
    expect((await ok(user, 'GET', '/users/me/deletion')).json().wallet).toBeNull();
    const address = (await ok(user, 'GET', '/api/wallet/info')).json<{ address: string }>().address;
    await grantPoints(app, user.userId, 120);
    const preview = (await ok(user, 'GET', '/users/me/deletion')).json<{ wallet: { address: string; finu_balance: string | null }; points_balance: number }>();
    expect(preview.wallet.address).toBe(address);
    expect(preview.points_balance).toBe(120);
  });

  it('asks for the right password and deletes nothing otherwise', async () => {
    const user = await signUpAndVerify(app);
    const missing = await call(user, 'DELETE', '/users/me', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Enter your password to confirm' });
    const wrong = await call(user, 'DELETE', '/users/me', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Password is incorrect' });
    expect((await call(user, 'GET', '/users/me/profile')).statusCode).toBe(200);
  });

  it('an account without a password confirms with the typed phrase', async () => {
    const user = await signUpAndVerify(app);
    await app.db.execute(`update users set password_hash = null where id = '${user.userId}'`);
    const wrong = await call(user, 'DELETE', '/users/me', { confirmation: 'delete' });
    expect(wrong.json()).toEqual({ detail: 'Type "delete my account" to confirm' });
    const res = await call(user, 'DELETE', '/users/me', { confirmation: 'Delete my account' });
    expect(res.statusCode).toBe(200);
    expect(await app.repos.users.findById(user.userId)).toBeUndefined();
  });

  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/users/me', payload: { password: 'x' } })).statusCode).toBe(401);
  });
});

describe('download all my data', () => {
  it('builds a zip in the background with JSON of every record and a CSV of transactions', async () => {
    const user = await signUpAndVerify(app, uniqueEmail('export'));
    await useEverything(user);
    const started = await ok(user, 'POST', '/users/me/exports', undefined, [202]);
    const job = started.json<ExportJob>();
    expect(job).toMatchObject({ status: 'queued', progress: 0, file_size: null });
    await app.exportRunner.idle();

    const done = (await ok(user, 'GET', `/users/me/exports/${job.export_id}`)).json<ExportJob>();
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect(done.rows_total).toBeGreaterThan(10);
    expect((await ok(user, 'GET', '/users/me/exports/latest')).json()).toEqual({ export: done });

    const download = await call(user, 'GET', `/users/me/exports/${job.export_id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'transactions.json', 'transactions.csv', 'goals.json', 'goal_transactions.json', 'chat_messages.json', 'support_messages.json']));
    expect(names).not.toContain('email_tokens.json');
    const profile = JSON.parse(strFromU8(files['profile.json']!));
    expect(profile).toMatchObject({ user_id: user.userId, email: user.email, full_name: 'Ada Lovelace' });
    const txs = JSON.parse(strFromU8(files['transactions.json']!)) as Json[];
    expect(txs).toHaveLength(6);
    expect(txs.every((t) => t.user_id === user.userId && !('search' in t))).toBe(true);
    // A UTF-8 byte order mark first, as in the list's export (decoding drops it from the text).
    expect([...files['transactions.csv']!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = strFromU8(files['transactions.csv']!).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe('date,type,amount,currency,category,description,merchant,notes,tags,transaction_id,created_at');
    expect(csv).toHaveLength(7);
    expect(csv.some((l) => l.startsWith('2024-03-14,expense,12.50,USD,Dining,Weekly shop,Corner Market'))).toBe(true);
    expect(strFromU8(files['users.json'] ?? new Uint8Array())).not.toMatch(/password_hash/);
  }, 120_000);

  it('lists transactions.csv (and transactions.json) by date, oldest first, whatever order they were entered in', async () => {
    const user = await signUpWithAccess(app, uniqueEmail('export-order'));
    const dates = ['2024-05-02', '2023-11-30', '2024-05-01', '2024-01-15', '2023-11-30', '2024-12-31', '2022-07-04'];
    for (const [i, date] of dates.entries()) {
      await ok(user, 'POST', '/transactions', { type: 'expense', amount: 10 + i, date, category: 'Groceries', description: `Shop ${i}` });
    }
    const job = (await ok(user, 'POST', '/users/me/exports', undefined, [202])).json<ExportJob>();
    await app.exportRunner.idle();
    const download = await call(user, 'GET', `/users/me/exports/${job.export_id}/download`);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const rows = strFromU8(files['transactions.csv']!).trim().split('\r\n').slice(1).map((l) => l.split(','));
    const sorted = [...rows].sort((a, b) => a[0]!.localeCompare(b[0]!) || a[9]!.localeCompare(b[9]!));
    expect(rows.map((r) => r[0])).toEqual([...dates].sort());
    expect(rows.map((r) => r[9])).toEqual(sorted.map((r) => r[9])); // same date: by transaction id
    const json = JSON.parse(strFromU8(files['transactions.json']!)) as Json[];
    expect(json.map((t) => t.id)).toEqual(rows.map((r) => r[9]));
  }, 120_000);

  it('one user cannot read or download another user’s export', async () => {
    const owner = await signUpAndVerify(app);
    const other = await signUpAndVerify(app);
    const job = (await ok(owner, 'POST', '/users/me/exports', undefined, [202])).json<ExportJob>();
    await app.exportRunner.idle();
    expect((await call(other, 'GET', `/users/me/exports/${job.export_id}`)).json()).toEqual({ detail: 'Export not found' });
    expect((await call(other, 'GET', `/users/me/exports/${job.export_id}/download`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/users/me/exports/latest')).json()).toEqual({ export: null });
    expect((await call(other, 'GET', '/users/me/exports/not-a-uuid')).statusCode).toBe(422);
  });
});

describe('POST /support/messages', () => {
  it('stores the message and mails it to support with the user as reply-to', async () => {
    const user = await signUpAndVerify(app);
    const res = await ok(user, 'POST', '/support/messages', { topic: 'billing', subject: 'Charged twice?', message: 'I think I was charged twice this month.' }, [201]);
    expect(res.json()).toMatchObject({ message_id: expect.any(String), message: expect.stringMatching(/on its way/) });
    const mail = (await mailTo(app, testApp.config.supportEmail)).find((m) => m.subject === '[Support · billing] Charged twice?');
    expect(mail?.text).toContain(user.email);
    expect(mail?.text).toContain('I think I was charged twice this month.');
  });

  it('refuses a bad message with a readable 422 and stores nothing', async () => {
    const user = await signUpAndVerify(app);
    const res = await call(user, 'POST', '/support/messages', { topic: 'billing', subject: ' ', message: 'short' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'subject: Subject is required' });
    expect((await app.repos.account.countRows(user.userId))['support_messages']).toBe(0);
  });
});
