import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_TEXTS } from '../../src/server/routes/dev-oidc';
import { bearer, createTestApp, sessionFrom, signUpAndVerify, uniqueEmail, type TestApp } from '../support/app';
import { formAction, InjectBrowser, sessionFromCallback } from '../server/support/oidc-browser';
import type { JsonSchema, Operation } from './support/openapi';
import { JWT_SECRET, LONG, newPerson, operationsOf, send, validRequest, valueContext, type Person } from './support/world';

/**
 * A standing proof for sign-in methods, generated from the OpenAPI document like the authorization
 * matrix: every operation that adds or removes a way into an account (or hands out the wallet's key)
 * documents 428 and refuses a session that is not fresh, whatever valid request it gets; a Google link
 * finished in another browser never attaches; the built-in Google stand-in never enters an existing
 * account without the dev key. A route added later that links, unlinks or backs up joins by its path.
 */

const ROUNDS = LONG ? 12 : 3;
/** What adds or removes a way in, or exports the wallet key: found by path, not listed. */
const GUARDED = /\/link(\/|$)|\/sign-in-methods\/|\/wallet\/backup$/;
/** Finishing a Google link is bound to the session that prepared it instead (its own proof below). */
const SESSION_BOUND = /\/auth\/link\/google\/complete$/;

let testApp: TestApp;
let app: FastifyInstance;
let operations: Operation[];
let resolve: (s: JsonSchema) => JsonSchema;
let responses: (op: Operation) => Record<string, unknown>;
const figures = { guardedOperations: 0, staleRequests: 0, linkAttempts: 0, standInAttempts: 0 };

beforeAll(async () => {
  testApp = await createTestApp({ env: { JWT_SECRET } });
  app = testApp.app;
  const document = app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
  ({ operations, resolve } = operationsOf(document));
  responses = (op) => document.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
}, 120_000);

afterAll(async () => {
  console.log(`linking: ${JSON.stringify(figures)}`);
  await testApp?.close();
});

const methodsOf = async (token: string) => (await app.inject({ method: 'GET', url: '/users/me/sign-in-methods', headers: bearer(token) })).json<{ methods: unknown[] }>().methods;
const browser = () => new InjectBrowser(app, testApp.config.apiUrl);

describe('sign-in methods need the owner (from the OpenAPI document)', () => {
  it('every operation that links, unlinks or backs up the wallet documents 428 and refuses an older session, changing nothing', async () => {
    const guarded = operations.filter((op) => op.method !== 'GET' && GUARDED.test(op.path) && !SESSION_BOUND.test(op.path));
    expect(guarded.map((op) => op.label).length, guarded.map((op) => op.label).join(', ')).toBeGreaterThanOrEqual(4);
    const undocumented = guarded.filter((op) => !('428' in responses(op))).map((op) => op.label);
    expect(undocumented, 'a route that changes how one signs in must need a fresh sign-in (and document 428)').toEqual([]);

    const owner: Person = await newPerson(app, 'L');
    const ctx = valueContext(owner, resolve);
    for (const op of guarded) {
      figures.guardedOperations++;
      for (let seed = 1; seed <= ROUNDS; seed++) {
        const stale = await sessionFrom(testApp, owner.userId, 10 + seed);
        const req = validRequest(op, ctx, seed);
        // Without the account password in the body, only a fresh sign-in lets the request through.
        if (req.body && typeof req.body === 'object') delete (req.body as Record<string, unknown>).account_password;
        const res = await send(app, op, req, stale);
        figures.staleRequests++;
        expect(res.statusCode, `${op.label} (seed ${seed}) with a session signed in ${10 + seed} minutes ago: ${res.body.slice(0, 200)}`).toBe(428);
        expect(res.json<{ detail: string }>().detail).toBeTruthy();
      }
    }
    expect(await methodsOf(owner.token)).toEqual([]);
  }, 300_000);
});

describe('a Google link belongs to the session that prepared it', () => {
  it('completed in any other browser, by a signed-in stranger or nobody, it never attaches', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      figures.linkAttempts++;
      const [victim, stranger] = await Promise.all([signUpAndVerify(app), signUpAndVerify(app)]);
      const url = (await app.inject({ method: 'POST', url: '/auth/link/google', headers: bearer(victim.token) })).json<{ url: string }>().url;
      const b = browser();
      const { res } = await b.follow('GET', url);
      const { url: landed } = await b.follow('POST', formAction(res.body), { email: uniqueEmail(`stranger-${round}`), action: 'login' });
      const code = landed.searchParams.get('link_code');
      expect(landed.searchParams.get('linked')).toBeNull();
      if (code) {
        const redeemed = await app.inject({ method: 'POST', url: '/auth/link/google/complete', headers: bearer(stranger.token), payload: { code } });
        expect(redeemed.statusCode).toBe(400);
        // Spent: not even the victim's own session can be made to finish a stranger's flow afterwards.
        const replay = await app.inject({ method: 'POST', url: '/auth/link/google/complete', headers: bearer(victim.token), payload: { code } });
        expect(replay.statusCode).toBe(400);
      }
      expect(await methodsOf(victim.token)).toEqual([]);
    }
  }, 300_000);
});

describe('the built-in Google stand-in', () => {
  it('never signs into an existing account without the dev key, from this computer either', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      figures.standInAttempts++;
      const victim = await signUpAndVerify(app);
      // Typed the victim's email, from loopback, no key: refused, and nothing lands on the app.
      const b = browser();
      const { res } = await b.follow('GET', '/auth/login/google');
      const refused = await b.follow('POST', formAction(res.body), { email: victim.email.toUpperCase(), action: 'login' });
      expect(refused.res.statusCode).toBe(403);
      expect(refused.res.body).toContain(EMBEDDED_TEXTS.existingAccount.slice(0, 40));
      expect(await methodsOf(victim.token)).toEqual([]);
      // A stand-in account made once is an existing account too.
      const email = uniqueEmail(`standin-${round}`);
      const first = browser();
      const page = (await first.follow('GET', '/auth/login/google')).res.body;
      const made = await sessionFromCallback(app, (await first.follow('POST', formAction(page), { email, action: 'login' })).url);
      expect(made).toBeTruthy();
      const again = browser();
      const page2 = (await again.follow('GET', '/auth/login/google')).res.body;
      expect((await again.follow('POST', formAction(page2), { email, action: 'login' })).res.statusCode).toBe(403);
    }
  }, 300_000);
});
