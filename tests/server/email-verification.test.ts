import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../../src/server/db/schema';
import {
  bearer,
  createTestApp,
  DEFAULT_PASSWORD,
  logIn,
  mailTo,
  pathOf,
  signUp,
  signUpAndVerify,
  tokenOf,
  uniqueEmail,
  verificationLink,
  type TestApp,
} from '../support/app';

const BAD_LINK = 'This verification link is invalid or has expired. Request a new one.';
const RESEND_ANSWER = 'If that email belongs to an unverified account, a new verification link is on its way.';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

const openInBrowser = (url: string) => app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
const callAsJson = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });

/** The query of the app page a redirect points at, after checking it is APP_URL/verify-email. */
function appRedirect(location: string | undefined): URLSearchParams {
  expect(location).toBeDefined();
  const target = new URL(location!);
  expect(`${target.origin}${target.pathname}`).toBe(`${testApp.config.appUrl}/verify-email`);
  return target.searchParams;
}

describe('GET /users/verify-email opened from the mail in a browser', () => {
  it('redirects (302) to APP_URL/verify-email with success=true, token, token_type, user_id and message', async () => {
    const email = uniqueEmail('browser');
    const userId = (await signUp(app, email)).json().user_id as string;
    const res = await openInBrowser(pathOf(await verificationLink(app, email)));

    expect(res.statusCode).toBe(302);
    const params = appRedirect(res.headers.location);
    expect(params.get('success')).toBe('true');
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('user_id')).toBe(userId);
    expect(params.get('message')).toBe('Email verified successfully');
    expect(params.get('error')).toBeNull();

    // The token in the redirect (a URL, so it lands in history and logs) is no session: it is exchanged once for one.
    const oneTime = params.get('token')!;
    expect((await app.inject({ method: 'GET', url: '/users/me', headers: bearer(oneTime) })).statusCode).toBe(401);
    const exchanged = await app.inject({ method: 'POST', url: '/users/session', payload: { token: oneTime } });
    expect(exchanged.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/users/me', headers: bearer(exchanged.json().access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user_id: userId, email, email_verified: true });
  });

  it('the callback token signs in once: a second exchange is 401 with a detail', async () => {
    const email = uniqueEmail('once');
    await signUp(app, email);
    const oneTime = appRedirect((await openInBrowser(pathOf(await verificationLink(app, email)))).headers.location).get('token')!;
    const both = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'POST', url: '/users/session', payload: { token: oneTime } })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    expect(both.find((r) => r.statusCode === 401)!.json()).toEqual({ detail: 'This sign-in link is invalid or was already used. Please log in.' });
  });

  it('a session token cannot be exchanged as a sign-in token', async () => {
    const user = await signUpAndVerify(app);
    const res = await app.inject({ method: 'POST', url: '/users/session', payload: { token: user.token } });
    expect(res.statusCode).toBe(401);
  });

  it('a link already used redirects with a message and no error or token, saying the email is verified already', async () => {
    const email = uniqueEmail('reused');
    await signUp(app, email);
    const link = pathOf(await verificationLink(app, email));
    expect((await openInBrowser(link)).statusCode).toBe(302);

    const again = await openInBrowser(link);
    expect(again.statusCode).toBe(302);
    const params = appRedirect(again.headers.location);
    expect(params.get('message')).toBe('Your email is already verified. Log in to continue.');
    expect(params.get('error')).toBeNull();
    expect(params.get('success')).toBeNull();
    expect(params.get('token')).toBeNull();
  });

  it('an unknown token redirects with an error parameter', async () => {
    const res = await openInBrowser('/users/verify-email?token=not-a-real-token');
    expect(res.statusCode).toBe(302);
    expect(appRedirect(res.headers.location).get('error')).toBe(BAD_LINK);
  });
});

describe('GET /users/verify-email called as JSON', () => {
  it('answers the token body, and the email can now log in', async () => {
    const email = uniqueEmail('json');
    const userId = (await signUp(app, email)).json().user_id as string;
    const res = await callAsJson(pathOf(await verificationLink(app, email)));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Email verified successfully',
      access_token: expect.any(String),
      token_type: 'bearer',
      user_id: userId,
      expires_in: testApp.config.jwtTtlSeconds,
    });
    expect((await logIn(app, email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('a link is single-use: the second call answers 400 with the detail', async () => {
    const email = uniqueEmail('once');
    await signUp(app, email);
    const link = pathOf(await verificationLink(app, email));
    expect((await callAsJson(link)).statusCode).toBe(200);

    const again = await callAsJson(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Your email is already verified. Log in to continue.' });
  });

  it('a link opened several times at once verifies exactly once', async () => {
    const email = uniqueEmail('race');
    await signUp(app, email);
    const link = pathOf(await verificationLink(app, email));
    const answers = await Promise.all(Array.from({ length: 5 }, () => callAsJson(link)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('an unknown token answers 400 with the detail', async () => {
    const res = await callAsJson('/users/verify-email?token=not-a-real-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: BAD_LINK });
  });

  it('a missing token answers 422 naming the token', async () => {
    const res = await callAsJson('/users/verify-email');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'token is required' });
  });

  it('an expired link is refused and the account stays unverified', async () => {
    const email = uniqueEmail('expired');
    const userId = (await signUp(app, email)).json().user_id as string;
    const link = await verificationLink(app, email);
    await app.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, userId));

    const res = await callAsJson(pathOf(link));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: BAD_LINK });
    const browser = await openInBrowser(pathOf(link));
    expect(appRedirect(browser.headers.location).get('error')).toBe(BAD_LINK);

    const login = await logIn(app, email, DEFAULT_PASSWORD);
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toMatch(/verify your email/i);
  });

  it('links live for VERIFICATION_TTL_HOURS', async () => {
    const email = uniqueEmail('ttl');
    const userId = (await signUp(app, email)).json().user_id as string;
    const [row] = await app.db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3600_000;
    expect(hours).toBeCloseTo(testApp.config.verificationTtlHours, 1);
    // Only the hash of the mailed token is stored.
    expect(row!.tokenHash).not.toBe(tokenOf(await verificationLink(app, email)));
  });
});

describe('POST /users/resend-verification', () => {
  const resend = (email: string) => app.inject({ method: 'POST', url: '/users/resend-verification', payload: { email } });

  it('answers the same for an unknown, a verified and an unverified email', async () => {
    const unverified = uniqueEmail('pending');
    await signUp(app, unverified);
    const verified = (await signUpAndVerify(app)).email;
    const unknown = uniqueEmail('nobody');

    const answers = await Promise.all([unknown, verified, unverified].map(resend));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESEND_ANSWER });
    }
  });

  it('mails only an unverified account: nothing to an unknown or a verified address', async () => {
    const verified = (await signUpAndVerify(app)).email;
    const unknown = uniqueEmail('nobody');
    await resend(verified);
    await resend(unknown);
    expect(await mailTo(app, verified)).toHaveLength(1);
    expect(await mailTo(app, unknown)).toHaveLength(0);
  });

  it('a new link works and the previous one is revoked', async () => {
    const email = uniqueEmail('resend');
    await signUp(app, email);
    const oldLink = pathOf(await verificationLink(app, email));

    const res = await resend(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const mails = await mailTo(app, email);
    expect(mails).toHaveLength(2);
    const newLink = pathOf(await verificationLink(app, email));
    expect(newLink).not.toBe(oldLink);

    const old = await callAsJson(oldLink);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ detail: BAD_LINK });
    expect((await callAsJson(newLink)).statusCode).toBe(200);
  });

  it('a malformed email answers 422', async () => {
    const res = await resend('nope');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'email must be a valid email address' });
  });
});
