import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEFAULT_PASSWORD, logIn, mailTo, signUp, signUpAndVerify, uniqueEmail, type OutboxMail, type TestApp } from '../support/app';

const APP_URL = 'http://app.finu.test:3000';

let main: TestApp;
let app: FastifyInstance;
/** A second app with a strict auth rate limit and a route that fails the way a bug would. */
let strict: TestApp;

beforeAll(async () => {
  // One after the other: two PGlite start-ups at once only compete for the CPU.
  main = await createTestApp({ env: { APP_URL } });
  app = main.app;
  strict = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' },
    beforeReady: (instance) => {
      instance.get('/test/crash', async () => {
        const error = new Error('select password_hash from users where id = $1 -- relation "users" does not exist');
        throw Object.assign(error, { code: '42P01', detail: 'Key (email)=(someone@example.com) already exists.' });
      });
    },
  });
});
afterAll(async () => {
  await Promise.all([main?.close(), strict?.close()]);
});

/** What every error response must look like to a client. */
function expectErrorBody(res: LightMyRequestResponse, status: number, detail?: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['detail']);
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
  if (detail !== undefined) expect(body.detail).toBe(detail);
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|stack|node_modules|select |insert |update |relation "|sql/i);
}

describe('every error answers JSON with only a detail string', () => {
  it('an unknown route answers 404', async () => {
    expectErrorBody(await app.inject({ method: 'GET', url: '/no/such/thing?x=1' }), 404, 'No route for GET /no/such/thing');
  });

  it('a wrong method on a known path answers 404', async () => {
    expectErrorBody(await app.inject({ method: 'DELETE', url: '/users/login' }), 404);
  });

  it('validation answers 422, bad JSON 400, a foreign media type 415, a huge body 413', async () => {
    expectErrorBody(await app.inject({ method: 'POST', url: '/users/login', payload: { email: 'x' } }), 422);
    expectErrorBody(await app.inject({ method: 'POST', url: '/users/login', headers: { 'content-type': 'application/json' }, body: '{' }), 400, 'Request body is not valid JSON');
    expectErrorBody(await app.inject({ method: 'POST', url: '/users/login', headers: { 'content-type': 'application/xml' }, body: '<a/>' }), 415);
    const huge = JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(1024 * 1024 + 10) });
    expectErrorBody(await app.inject({ method: 'POST', url: '/users/login', headers: { 'content-type': 'application/json' }, body: huge }), 413, 'Request body is too large');
  });

  it('authentication failures answer 401, conflicts 409', async () => {
    expectErrorBody(await app.inject({ method: 'GET', url: '/users/me' }), 401, 'Not authenticated');
    const email = uniqueEmail('conflict');
    await signUp(app, email);
    expectErrorBody(await app.inject({ method: 'POST', url: '/users/signup', payload: { email, password: DEFAULT_PASSWORD } }), 409);
  });

  it('an unexpected failure answers 500 {"detail":"Internal server error"} without the error’s text', async () => {
    const res = await strict.app.inject({ method: 'GET', url: '/test/crash' });
    expectErrorBody(res, 500, 'Internal server error');
    expect(res.body).toBe('{"detail":"Internal server error"}');
  });
});

describe('auth calls are rate limited per client', () => {
  it('the 4th login within a minute (limit 3) answers 429 with a detail', async () => {
    const email = uniqueEmail('limited');
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) answers.push((await logIn(strict.app, email, 'wrong password')).statusCode);
    expect(answers).toEqual([401, 401, 401]);

    const fourth = await logIn(strict.app, email, 'wrong password');
    expectErrorBody(fourth, 429, 'Too many attempts. Please wait a minute and try again.');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the limit is counted per route: signing up still works while login is limited', async () => {
    const res = await strict.app.inject({ method: 'POST', url: '/users/signup', payload: { email: uniqueEmail('other-route'), password: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(201);
  });

  it('ordinary reads are not limited', async () => {
    for (let i = 0; i < 5; i++) expect((await strict.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe('a database failure', () => {
  // Runs last on the strict app: it breaks that app's schema on purpose.
  it('answers 500 {"detail":"Internal server error"} with no SQL or table names', async () => {
    await strict.app.db.execute(sql`drop table email_tokens`);
    const res = await strict.app.inject({ method: 'POST', url: '/users/signup', payload: { email: uniqueEmail('db-down'), password: DEFAULT_PASSWORD } });
    expectErrorBody(res, 500, 'Internal server error');
    expect(res.body).not.toContain('email_tokens');
  });
});

describe('CORS allows the app origin only', () => {
  const preflight = (origin: string) =>
    app.inject({ method: 'OPTIONS', url: '/users/login', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' } });

  it('a preflight from APP_URL is allowed with the Authorization header', async () => {
    const res = await preflight(APP_URL);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(APP_URL);
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('a request from APP_URL gets access-control-allow-origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { origin: APP_URL } });
    expect(res.headers['access-control-allow-origin']).toBe(APP_URL);
  });

  it('another origin gets no access-control-allow-origin', async () => {
    for (const origin of ['http://evil.example', 'http://app.finu.test:3001', 'https://app.finu.test:3000']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: '/health', headers: { origin } })).headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('security headers', () => {
  it('are present on API answers, errors included', async () => {
    for (const res of [await app.inject({ method: 'GET', url: '/health' }), await app.inject({ method: 'GET', url: '/users/me' })]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('the API describes itself', () => {
  it('GET /health reports the database engine', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('OpenAPI JSON at /docs/json lists the auth calls of the spec', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    const calls: [string, string][] = [
      ['/users/login', 'post'],
      ['/users/signup', 'post'],
      ['/users/verify-email', 'get'],
      ['/users/resend-verification', 'post'],
      ['/users/forgot-password', 'post'],
      ['/users/reset-password', 'post'],
      ['/users/me', 'get'],
      ['/users/me/profile', 'get'],
      ['/users/me/profile', 'put'],
      ['/users/me/change-password', 'post'],
    ];
    for (const [path, method] of calls) expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(paths['/users/me']!.get).toMatchObject({ security: [{ bearerAuth: [] }] });
  });

  it('OpenAPI describes the signed-in calls with their bearer security and error answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, { summary?: string; security?: unknown; responses?: Record<string, unknown> }>>;
    const calls: [string, string, string[]][] = [
      ['/users/me/onboarding', 'post', ['200', '401', '422']],
      ['/users/logout', 'post', ['200', '401']],
      ['/users/me/exports', 'post', ['202', '401', '409']],
      ['/goals', 'get', ['200', '401', '403']],
      ['/goals', 'post', ['201', '401', '403', '409', '422']],
      ['/goals/{id}', 'put', ['200', '401', '403', '404', '422']],
      ['/goals/{id}/withdraw-funds', 'post', ['200', '400', '401', '403', '404']],
      ['/goals/{id}/transaction-summary', 'get', ['200', '401', '403', '404']],
      ['/dashboard/analytics', 'get', ['200', '401', '403', '422']],
      ['/transactions/summary', 'get', ['200', '401', '403', '422']],
      ['/transactions', 'get', ['200', '401', '422']],
    ];
    for (const [path, method, statuses] of calls) {
      const operation = paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toMatchObject({ summary: expect.any(String), security: [{ bearerAuth: [] }] });
      expect(Object.keys(operation!.responses ?? {}), `${method.toUpperCase()} ${path}`).toEqual(expect.arrayContaining(statuses));
    }
  });

  it('the Swagger UI is served at /docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('GET /dev/outbox (outside production)', () => {
  it('is closed to a caller without the dev key: no anonymous account takeover through a reset link', async () => {
    const victim = await signUpAndVerify(app);
    const forgot = await app.inject({ method: 'POST', url: '/users/forgot-password', payload: { email: victim.email } });
    expect(forgot.statusCode).toBe(200);

    for (const attempt of [
      { url: `/dev/outbox?to=${encodeURIComponent(victim.email)}` },
      { url: `/dev/outbox?to=${encodeURIComponent(victim.email)}&key=guess-guess-guess-guess` },
      { url: `/dev/outbox?to=${encodeURIComponent(victim.email)}`, headers: { 'x-dev-key': '' } },
      { url: `/dev/outbox?to=${encodeURIComponent(victim.email)}`, headers: { 'x-dev-key': app.devKey!.slice(0, -1) } },
      { url: `/dev/outbox?to=${encodeURIComponent(victim.email)}`, headers: { authorization: `Bearer ${victim.token}` } },
    ]) {
      const res = await app.inject({ method: 'GET', ...attempt });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'The development routes need the key printed in the server log at start (header X-Dev-Key or ?key=)' });
      expect(res.body).not.toContain('reset-password');
    }

    // The person running the app opens the link printed at start-up, with the key in the query.
    const own = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(victim.email)}&key=${app.devKey}` });
    expect(own.statusCode).toBe(200);
    expect((own.json().messages as OutboxMail[])[0]!.subject).toMatch(/reset/i);
  });

  it('lists mail newest first, filtered by recipient in any letter case', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await signUp(app, first);
    await signUp(app, second);

    const res = await app.inject({ method: 'GET', url: '/dev/outbox?limit=2', headers: { 'x-dev-key': app.devKey! } });
    expect(res.statusCode).toBe(200);
    const messages = res.json().messages as OutboxMail[];
    expect(messages.map((m) => m.to)).toEqual([second, first]);
    expect(Date.parse(messages[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(messages[1]!.created_at));

    const mine = await mailTo(app, first.toUpperCase());
    expect(mine.map((m) => m.to)).toEqual([first]);
  });

  it('a verified user’s later mail comes before the verification mail', async () => {
    const user = await signUpAndVerify(app);
    await app.inject({ method: 'POST', url: '/users/forgot-password', payload: { email: user.email } });
    expect((await mailTo(app, user.email)).map((m) => m.subject)).toEqual(['Reset your Finu password', 'Verify your email for Finu']);
    // The session is still fine: reading mail changed nothing.
    expect((await app.inject({ method: 'GET', url: '/users/me', headers: bearer(user.token) })).statusCode).toBe(200);
  });
});
