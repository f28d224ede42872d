import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

/**
 * Input the database cannot store (NUL bytes, impossible dates, amounts that
 * round to 0 cents, a token naming no user id) answered 500. Each is a 422 (401 for the token)
 * whose detail names the field. Defect 9: answers carry `Cache-Control: no-store`.
 */

const JWT_SECRET = 'bad-input-test-secret-0123456789abcdef';
let testApp: TestApp;
let app: FastifyInstance;
let user: VerifiedUser;
let goalId: string;
let conversationId: string;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json | string, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { ...bearer(user.token), ...headers }, ...(payload === undefined ? {} : { payload }) });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const cursorOf = (body: Json) => Buffer.from(JSON.stringify(body)).toString('base64url');

beforeAll(async () => {
  testApp = await createTestApp({ env: { JWT_SECRET, COACH_STREAM_DELAY_MS: '0' } });
  app = testApp.app;
  user = await signUpWithAccess(app);
  const goal = await call('POST', '/goals', { name: 'Bike', target_amount: 500, target_date: day(200) });
  expect(goal.statusCode, goal.body).toBe(201);
  goalId = goal.json<{ goal_id: string }>().goal_id;
  const conversation = await call('POST', '/chat/start-new-conversation', { title: 'Plans' });
  expect(conversation.statusCode, conversation.body).toBeLessThan(300);
  conversationId = conversation.json<{ conversation_id: string }>().conversation_id;
});
afterAll(async () => {
  await testApp?.close();
});

const NUL = 'a\u0000b';
const transaction = { type: 'expense', amount: 12.5, date: '2024-05-01', category: 'Groceries' };

describe('a NUL byte in any free text answers 422 naming the field', () => {
  const cases: [string, () => Promise<{ statusCode: number; body: string }>, RegExp][] = [
    ['transaction description', () => call('POST', '/transactions', { ...transaction, description: NUL }), /description/],
    ['transaction merchant', () => call('POST', '/transactions', { ...transaction, merchant: NUL }), /merchant/],
    ['transaction notes', () => call('POST', '/transactions', { ...transaction, notes: NUL }), /notes/],
    ['transaction tags', () => call('POST', '/transactions', { ...transaction, tags: [NUL] }), /tags/],
    ['transaction search q', () => call('GET', `/transactions?q=${encodeURIComponent(NUL)}`), /\bq\b/],
    ['category name in the body', () => call('POST', '/transactions/categories', { name: NUL, type: 'expense' }), /name/],
    ['category name in the path', () => call('DELETE', `/transactions/categories/${encodeURIComponent(NUL)}`), /name/],
    ['CSV file name', () => call('POST', `/transactions/import?file_name=${encodeURIComponent(NUL)}`, 'date,amount\n2024-01-01,-5\n', { 'content-type': 'text/csv' }), /file_name/],
    ['CSV content', () => call('POST', '/transactions/import', 'date,amount,description\n2024-01-01,-5,a\u0000b\n', { 'content-type': 'text/csv' }), /NUL/],
    ['goal name', () => call('POST', '/goals', { name: NUL, target_amount: 10, target_date: day(30) }), /name/],
    ['goal notes', () => call('PUT', `/goals/${goalId}`, { notes: NUL }), /notes/],
    ['fund move note', () => call('POST', `/goals/${goalId}/add-funds`, { amount: 1, note: NUL }), /note/],
    ['chat message', () => call('POST', '/chat/financial-advice', { message: NUL }), /message/],
    ['conversation title', () => call('POST', '/chat/start-new-conversation', { title: NUL }), /title/],
    ['conversation rename', () => call('PUT', `/chat/conversation/${conversationId}/rename`, { new_title: NUL }), /new_title/],
    ['conversation search', () => call('GET', `/chat/user-conversations/search?search=${encodeURIComponent(NUL)}`), /search/],
    ['full_name on the profile', () => call('PUT', '/users/me/profile', { full_name: NUL }), /full_name/],
    ['full_name at sign-up', () => app.inject({ method: 'POST', url: '/users/signup', payload: { email: 'nul@example.com', password: 'correct horse battery', full_name: NUL } }), /full_name/],
    ['checkout session_id', () => call('POST', '/subscription/confirm', { session_id: NUL }), /session_id/],
  ];
  it.each(cases)('%s', async (_name, send, field) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(422);
    const detail = JSON.parse(res.body).detail as string;
    expect(detail).toMatch(field);
    expect(detail).toMatch(/NUL/);
  });
});

describe('an impossible date or month that passes a YYYY-MM-DD pattern answers 422', () => {
  const cases: [string, () => Promise<{ statusCode: number; body: string }>, RegExp][] = [
    ['transaction date 2026-02-30', () => call('POST', '/transactions', { ...transaction, date: '2026-02-30' }), /date/],
    ['transaction date 0000-00-00', () => call('POST', '/transactions', { ...transaction, date: '0000-00-00' }), /date/],
    ['filter date_from 2026-02-30', () => call('GET', '/transactions?date_from=2026-02-30'), /date_from/],
    ['balance as_of 0000-00-00', () => call('GET', '/transactions/balance/current?as_of=0000-00-00'), /as_of/],
    ['overview month=0000-01', () => call('GET', '/transactions/summary/overview?month=0000-01'), /month/],
    ['monthly income month=0000-01', () => call('GET', '/transactions/income/monthly?month=0000-01'), /month/],
    ['goal target_date 0000-00-00', () => call('PUT', `/goals/${goalId}`, { target_date: '0000-00-00' }), /target_date/],
    ['conversations from 2026-02-30', () => call('GET', '/chat/user-conversations?from=2026-02-30'), /from/],
    ['conversations to 0000-00-00', () => call('GET', '/chat/user-conversations?to=0000-00-00'), /\bto\b/],
    ['a cursor holding 2026-02-30', () => call('GET', `/transactions?include_total=false&cursor=${cursorOf({ s: 'date', o: 'desc', v: '2026-02-30', i: '00000000-0000-4000-8000-000000000000' })}`), /cursor/],
    ['a cursor holding 0000-00-00', () => call('GET', `/transactions?include_total=false&cursor=${cursorOf({ s: 'date', o: 'desc', v: '0000-00-00', i: '00000000-0000-4000-8000-000000000000' })}`), /cursor/],
    ['a cursor whose id is 36 dashes', () => call('GET', `/transactions?include_total=false&cursor=${cursorOf({ s: 'date', o: 'desc', v: '2024-01-01', i: '-'.repeat(36) })}`), /cursor/],
    ['a created_at cursor in year 0', () => call('GET', `/transactions?sort=created_at&include_total=false&cursor=${cursorOf({ s: 'created_at', o: 'desc', v: '0000-01-01T00:00:00.000Z', i: '00000000-0000-4000-8000-000000000000' })}`), /cursor/],
  ];
  it.each(cases)('%s', async (_name, send, field) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.parse(res.body).detail).toMatch(field);
  });

  it('a real date still works, and the cursor of a real page still pages', async () => {
    for (const date of ['2024-02-29', '2024-03-01']) expect((await call('POST', '/transactions', { ...transaction, date })).statusCode).toBe(201);
    const first = await call('GET', '/transactions?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json<{ next_cursor: string }>().next_cursor;
    const second = await call('GET', `/transactions?limit=1&include_total=false&cursor=${next}`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ transactions: { date: string }[] }>().transactions[0]!.date).toBe('2024-02-29');
  });
});

describe('an amount between 0 and 0.005 (it rounds to 0 cents) answers 422', () => {
  for (const amount of [1e-9, 5e-324, 0.001]) {
    it.each([
      ['transaction amount', () => call('POST', '/transactions', { ...transaction, amount }), /amount/],
      ['transaction amount on change', () => call('PUT', '/transactions/00000000-0000-4000-8000-000000000000', { amount }), /amount/],
      ['goal target_amount', () => call('POST', '/goals', { name: 'Tiny', target_amount: amount, target_date: day(30) }), /target_amount/],
      ['add funds', () => call('POST', `/goals/${goalId}/add-funds`, { amount }), /amount/],
      ['withdraw funds', () => call('POST', `/goals/${goalId}/withdraw-funds`, { amount }), /amount/],
    ] as const)(`%s of ${amount}`, async (_name, send, field) => {
      const res = await send();
      expect(res.statusCode, res.body).toBe(422);
      expect(JSON.parse(res.body).detail).toMatch(field);
    });
  }

  it('0.01 is the smallest amount and is kept exactly', async () => {
    const res = await call('POST', '/transactions', { ...transaction, amount: 0.01 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ amount: number }>().amount).toBe(0.01);
  });
});

describe('a token signed with the server secret whose sub is not a user id', () => {
  for (const sub of ['not-a-uuid', '-'.repeat(36), '\u0000', '00000000-0000-4000-8000-00000000000g']) {
    it(`answers 401 for sub ${JSON.stringify(sub)}`, async () => {
      const token = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(JWT_SECRET));
      const res = await app.inject({ method: 'GET', url: '/users/me', headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(401);
    });
  }
});

describe('Cache-Control: no-store on answers carrying user data (defect 9)', () => {
  it.each(['/users/me', '/users/me/profile', '/transactions', '/goals', '/chat/conversations', '/subscription/status', '/dashboard/analytics', '/transactions/export'])('GET %s', async (url) => {
    const res = await call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('also on errors and on sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: '/users/me' })).headers['cache-control']).toBe('no-store');
    const login = await app.inject({ method: 'POST', url: '/users/login', payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('errors the router raises before any route runs', () => {
  it('a path parameter over the length limit answers 414 with a detail', async () => {
    const res = await call('GET', `/transactions/${'x'.repeat(500)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: 'A path parameter is too long' });
  });
});
