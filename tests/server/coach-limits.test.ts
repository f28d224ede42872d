import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pieces } from '../../src/server/services/coach/builtin';
import { TOO_MANY_ANSWERS } from '../../src/server/services/coach/conversation';
import { transactions } from '../../src/server/db/schema';
import { bearer, createTestApp, signUpAndVerify, type TestApp } from '../support/app';

let testApp: TestApp;
let url: string;

beforeAll(async () => {
  // A slow stream (a piece every 200 ms) stays open while the test opens more.
  testApp = await createTestApp({ env: { COACH_STREAM_DELAY_MS: '200', COACH_FREE_DAILY_MESSAGES: '1000' } });
  url = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => testApp?.close());

/** Opens a stream on its own connection; resolves with its status once the first bytes arrive. */
function openStream(token: string, message: string): Promise<{ status: number; body: Promise<string>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/chat/financial-advice-stream`, { method: 'POST', agent: false, headers: { ...bearer(token), 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      const body = new Promise<string>((done) => {
        res.on('data', (piece: string) => (text += piece));
        res.on('end', () => done(text));
        res.on('close', () => done(text));
      });
      res.once('data', () => resolve({ status: res.statusCode!, body, close: () => req.destroy() }));
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end(JSON.stringify({ message }));
  });
}

describe('coach streams per user', () => {
  it('three streams of one user run at once; the fourth gets 429 with a detail, and another user is not affected', async () => {
    const [u, other] = await Promise.all([signUpAndVerify(testApp.app), signUpAndVerify(testApp.app)]);
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await openStream(u.token, 'Give me some tips'));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);

    const fourth = await openStream(u.token, 'Give me some tips');
    expect(fourth.status).toBe(429);
    const refused = JSON.parse(await fourth.body) as { detail: string };
    expect(refused.detail).toBe(TOO_MANY_ANSWERS);

    const others = await openStream(other.token, 'Give me some tips');
    expect(others.status).toBe(200);
    others.close();

    // A stream that ends frees its place.
    open[0]!.close();
    let again = { status: 0, close: () => {} } as Awaited<ReturnType<typeof openStream>>;
    for (let i = 0; i < 50; i++) {
      again = await openStream(u.token, 'Give me some tips');
      if (again.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(again.status).toBe(200);
    for (const s of [...open, again]) s.close();
  });
});

describe('a whole answer', () => {
  it('is handed over without the pause between streamed pieces (nobody watches it being written)', async () => {
    const u = await signUpAndVerify(testApp.app);
    const started = Date.now();
    const res = await testApp.app.inject({ method: 'POST', url: '/chat/financial-advice', headers: bearer(u.token), payload: { message: 'Give me some tips' } });
    const elapsed = Date.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const paced = pieces(res.json<{ response: string }>().response).length * 200;
    // Paced, it takes at least a piece every 200 ms; handed over whole, a fraction of that even on a busy machine.
    expect(paced).toBeGreaterThan(4000);
    expect(elapsed).toBeLessThan(paced / 2);
  }, 120_000);
});

describe('dates out of range in a question', () => {
  it.each(['spending on 0000-01-01', 'How much did I spend on 9999-12-31?', 'spending from 0001-01-01 to 0000-12-31'])('"%s" answers normally or with a 4xx, never a 5xx', async (message) => {
    const u = await signUpAndVerify(testApp.app);
    // The coach reads periods only for a user with transactions.
    await testApp.app.db.insert(transactions).values({ userId: u.userId, date: '2025-06-01', type: 'expense', category: 'Groceries', amountMinor: 4250, merchant: 'FreshMart', description: 'Weekly shop' });
    const res = await testApp.app.inject({ method: 'POST', url: '/chat/financial-advice', headers: bearer(u.token), payload: { message } });
    expect(res.statusCode, res.body).toBeLessThan(500);
    const streamed = await testApp.app.inject({ method: 'POST', url: '/chat/financial-advice-stream', headers: bearer(u.token), payload: { message } });
    expect(streamed.statusCode, streamed.body).toBeLessThan(500);
    expect(streamed.body).not.toContain('"type":"error"');
  });
});
