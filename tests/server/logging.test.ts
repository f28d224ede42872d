import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../../src/server/logger';
import { bearer, createTestApp, pathOf, resetLink, signUp, tokenOf, uniqueEmail, verificationLink, type TestApp } from '../support/app';

const PASSWORD = 'pass-phrase-that-must-not-leak';
const NEW_PASSWORD = 'second-pass-phrase-must-not-leak';
const NEWER_PASSWORD = 'third-pass-phrase-must-not-leak';

/** Every log line the app writes, parsed. */
const lines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const logText = () => lines.map((l) => JSON.stringify(l));

let testApp: TestApp;
let app: FastifyInstance;
const secrets: { verifyToken: string; resetToken: string; accessTokens: string[] } = { verifyToken: '', resetToken: '', accessTokens: [] };

beforeAll(async () => {
  const options = loggerOptions({ logLevel: 'trace' }) as Record<string, unknown>;
  testApp = await createTestApp({ logger: { ...options, stream: capture } });
  app = testApp.app;

  // One user's whole journey, every secret travelling the way a client sends it.
  const email = uniqueEmail('logged');
  await signUp(app, email, PASSWORD);
  const link = await verificationLink(app, email);
  secrets.verifyToken = tokenOf(link);
  const verified = await app.inject({ method: 'GET', url: pathOf(link), headers: { accept: 'text/html' } });
  const redirectToken = new URL(verified.headers.location!).searchParams.get('token')!;
  const login = await app.inject({ method: 'POST', url: '/users/login', payload: { email, password: PASSWORD } });
  const loginToken = login.json().access_token as string;
  await app.inject({ method: 'GET', url: '/users/me', headers: bearer(loginToken) });
  await app.inject({ method: 'GET', url: `/users/me?access_token=${loginToken}`, headers: bearer(loginToken) });
  const changed = await app.inject({
    method: 'POST',
    url: '/users/me/change-password',
    headers: bearer(loginToken),
    payload: { current_password: PASSWORD, new_password: NEW_PASSWORD },
  });
  await app.inject({ method: 'POST', url: '/users/forgot-password', payload: { email } });
  secrets.resetToken = tokenOf(await resetLink(app, email));
  await app.inject({ method: 'POST', url: '/users/reset-password', payload: { token: secrets.resetToken, new_password: NEWER_PASSWORD } });
  // A failing login and an unknown route log too.
  await app.inject({ method: 'POST', url: '/users/login', payload: { email, password: PASSWORD } });
  await app.inject({ method: 'GET', url: `/nowhere?token=${secrets.verifyToken}&password=${PASSWORD}` });
  secrets.accessTokens = [redirectToken, loginToken, changed.json().access_token as string];
});
afterAll(() => testApp?.close());

describe('logs never reveal credentials', () => {
  it('the journey was logged: one request line per call, with method and URL', () => {
    const requests = lines.filter((l) => l.msg === 'incoming request');
    expect(requests.length).toBeGreaterThanOrEqual(10);
    expect(requests.every((l) => typeof (l.req as { url?: string }).url === 'string')).toBe(true);
  });

  it('no password appears in any log line', () => {
    for (const password of [PASSWORD, NEW_PASSWORD, NEWER_PASSWORD]) expect(logText().filter((l) => l.includes(password))).toEqual([]);
  });

  it('no bearer token appears in any log line', () => {
    expect(secrets.accessTokens).toHaveLength(3);
    for (const token of secrets.accessTokens) expect(logText().filter((l) => l.includes(token))).toEqual([]);
    expect(logText().filter((l) => /bearer\s+ey/i.test(l))).toEqual([]);
  });

  it('the verification token in the verify-email URL is logged as [redacted]', () => {
    const verifyRequests = lines.filter((l) => String((l.req as { url?: string } | undefined)?.url ?? '').startsWith('/users/verify-email'));
    expect(verifyRequests).toHaveLength(1);
    expect((verifyRequests[0]!.req as { url: string }).url).toBe('/users/verify-email?token=[redacted]');
  });

  it('email tokens appear only in the development outbox line that hands out the link', () => {
    // By design the embedded outbox (never used in production) prints the link so a local user can verify.
    for (const token of [secrets.verifyToken, secrets.resetToken]) {
      const leaks = lines.filter((l) => JSON.stringify(l).includes(token));
      expect(leaks.length).toBe(1);
      expect(String(leaks[0]!.msg)).toMatch(/^mail stored in outbox, link: /);
    }
  });
});

describe('a database failure is logged with its SQL but never the values', () => {
  // Runs after the journey: these break the app's tables on purpose.
  it('a failing insert of a user logs neither the email nor the password hash', async () => {
    const email = uniqueEmail('db-failure');
    await app.db.execute(sql`alter table users add constraint test_refuse_new_users check (created_at < '2000-01-01') not valid`);
    const res = await app.inject({ method: 'POST', url: '/users/signup', payload: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(500);

    const failures = lines.filter((l) => l.level === 50);
    expect(failures).toHaveLength(1);
    const logged = JSON.stringify(failures[0]);
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('test_refuse_new_users');
    expect(logged).not.toContain(email);
    expect(logged).not.toMatch(/\$argon2/);
    expect(logged).not.toContain(PASSWORD);
  });

  it('a failing outbox insert does not log the mail text with its link', async () => {
    await app.db.execute(sql`alter table users drop constraint test_refuse_new_users`);
    await app.db.execute(sql`alter table outbox add constraint test_refuse_mail check (created_at < '2000-01-01') not valid`);
    const res = await app.inject({ method: 'POST', url: '/users/signup', payload: { email: uniqueEmail('no-mail'), password: PASSWORD } });
    expect(res.statusCode).toBe(500);

    const failures = lines.filter((l) => l.level === 50);
    expect(failures).toHaveLength(2);
    const logged = JSON.stringify(failures[1]);
    expect(logged).toContain('test_refuse_mail');
    expect(logged).not.toMatch(/token=(?!\[redacted\])/);
  });
});

describe('redactUrl', () => {
  it('hides token, access_token, password, code and session_id query values and keeps the rest', () => {
    expect(redactUrl('/users/verify-email?token=abc&next=/x')).toBe('/users/verify-email?token=[redacted]&next=/x');
    expect(redactUrl('/cb?code=1&state=s&access_token=j.w.t&session_id=cs_1&password=p#frag')).toBe(
      '/cb?code=[redacted]&state=s&access_token=[redacted]&session_id=[redacted]&password=[redacted]#frag',
    );
    expect(redactUrl('/users/me')).toBe('/users/me');
  });
});
