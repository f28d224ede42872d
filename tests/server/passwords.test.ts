import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../../src/server/db/schema';
import {
  bearer,
  createTestApp,
  DEFAULT_PASSWORD,
  logIn,
  mailTo,
  resetLink,
  signUp,
  signUpAndVerify,
  tokenOf,
  uniqueEmail,
  type TestApp,
} from '../support/app';

const FORGOT_ANSWER = 'If an account exists for that email, a password reset link is on its way.';
const BAD_RESET_LINK = 'This reset link is invalid or has expired. Request a new one.';
const SESSION_INVALID = 'Session expired or invalid. Please log in again.';
const NEW_PASSWORD = 'a brand new passphrase';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

const forgot = (email: string) => app.inject({ method: 'POST', url: '/users/forgot-password', payload: { email } });
const reset = (token: string, new_password = NEW_PASSWORD) => app.inject({ method: 'POST', url: '/users/reset-password', payload: { token, new_password } });
const me = (token: string) => app.inject({ method: 'GET', url: '/users/me', headers: bearer(token) });
const changePassword = (token: string, current_password: string, new_password: string) =>
  app.inject({ method: 'POST', url: '/users/me/change-password', headers: bearer(token), payload: { current_password, new_password } });

async function requestResetToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  return tokenOf(await resetLink(app, email));
}

describe('POST /users/forgot-password', () => {
  it('answers the same whether or not the email has an account', async () => {
    const user = await signUpAndVerify(app);
    const known = await forgot(user.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_ANSWER });
    }
  });

  it('only an existing account gets mail, with a link to the app’s reset page', async () => {
    const user = await signUpAndVerify(app);
    const nobody = uniqueEmail('nobody');
    await forgot(user.email.toUpperCase());
    await forgot(nobody);

    expect(await mailTo(app, nobody)).toEqual([]);
    const [mail] = await mailTo(app, user.email);
    expect(mail?.subject).toBe('Reset your Finu password');
    const link = new URL(mail!.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${testApp.config.appUrl}/reset-password`);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('a new request replaces the previous link', async () => {
    const user = await signUpAndVerify(app);
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    expect(second).not.toBe(first);

    expect((await reset(first)).json()).toEqual({ detail: BAD_RESET_LINK });
    expect((await reset(second)).statusCode).toBe(200);
  });
});

describe('POST /users/reset-password', () => {
  it('sets the new password: the old one stops working and the new one logs in', async () => {
    const user = await signUpAndVerify(app);
    const res = await reset(await requestResetToken(user.email));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successful. You can now log in with your new password.' });
    const oldLogin = await logIn(app, user.email, user.password);
    expect(oldLogin.statusCode).toBe(401);
    expect(oldLogin.json()).toEqual({ detail: 'Incorrect email or password' });
    expect((await logIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('every token issued before the reset is rejected with 401', async () => {
    const user = await signUpAndVerify(app);
    const loginToken = (await logIn(app, user.email, user.password)).json().access_token as string;
    expect((await me(loginToken)).statusCode).toBe(200);

    await reset(await requestResetToken(user.email));
    for (const token of [user.token, loginToken]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: SESSION_INVALID });
    }
  });

  it('a reset link is single-use', async () => {
    const user = await signUpAndVerify(app);
    const token = await requestResetToken(user.email);
    expect((await reset(token)).statusCode).toBe(200);

    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: BAD_RESET_LINK });
    expect((await logIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a reset link is checked before a password is typed: valid while unused, then "invalid or expired"; checking does not use it', async () => {
    const user = await signUpAndVerify(app);
    const token = await requestResetToken(user.email);
    const check = (t: string) => app.inject({ method: 'POST', url: '/users/reset-password/check', payload: { token: t } });
    expect((await check(token)).statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ detail: BAD_RESET_LINK });
    expect((await check('not-a-token')).json()).toEqual({ detail: BAD_RESET_LINK });
    expect((await check('')).statusCode).toBe(422);
  });

  it('one reset link used several times at once sets exactly one password', async () => {
    const user = await signUpAndVerify(app);
    const token = await requestResetToken(user.email);
    const candidates = ['first candidate pass', 'second candidate pass', 'third candidate pass'];
    const answers = await Promise.all(candidates.map((p) => reset(token, p)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);

    const winner = candidates[answers.findIndex((r) => r.statusCode === 200)]!;
    for (const candidate of candidates) expect((await logIn(app, user.email, candidate)).statusCode).toBe(candidate === winner ? 200 : 401);
  });

  it('an expired reset link is refused and the password is unchanged', async () => {
    const user = await signUpAndVerify(app);
    const token = await requestResetToken(user.email);
    await app.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(emailTokens.userId, user.userId), eq(emailTokens.purpose, 'reset_password')));

    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: BAD_RESET_LINK });
    expect((await logIn(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('reset links live for RESET_TTL_MINUTES', async () => {
    const user = await signUpAndVerify(app);
    await requestResetToken(user.email);
    const [row] = await app.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.userId), eq(emailTokens.purpose, 'reset_password')));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(testApp.config.resetTtlMinutes, 1);
  });

  it('an unknown token is refused with 400', async () => {
    const res = await reset('not-a-real-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: BAD_RESET_LINK });
  });

  it('a verification token cannot reset a password', async () => {
    const email = uniqueEmail('purpose');
    await signUp(app, email);
    const verifyToken = tokenOf(new URL((await mailTo(app, email))[0]!.link!));
    const res = await reset(verifyToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: BAD_RESET_LINK });
  });

  it('a new password shorter than 8 characters answers 422 and keeps the link usable', async () => {
    const user = await signUpAndVerify(app);
    const token = await requestResetToken(user.email);
    const res = await reset(token, 'short');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'new_password: password must be at least 8 characters' });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('resetting the password of an unverified account also verifies its email', async () => {
    const email = uniqueEmail('unverified');
    await signUp(app, email);
    await reset(await requestResetToken(email));
    expect((await logIn(app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /users/me/change-password', () => {
  it('a wrong current password answers 400 "Current password is incorrect" and changes nothing', async () => {
    const user = await signUpAndVerify(app);
    const res = await changePassword(user.token, 'not the password', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Current password is incorrect' });
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await logIn(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('success returns a new token; the old token gets 401 and the new one works', async () => {
    const user = await signUpAndVerify(app);
    const res = await changePassword(user.token, user.password, NEW_PASSWORD);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ message: 'Password changed successfully', access_token: expect.any(String), token_type: 'bearer', user_id: user.userId, expires_in: testApp.config.jwtTtlSeconds });
    expect(body.access_token).not.toBe(user.token);

    const old = await me(user.token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: SESSION_INVALID });
    expect((await me(body.access_token)).statusCode).toBe(200);

    expect((await logIn(app, user.email, user.password)).statusCode).toBe(401);
    expect((await logIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('the new password must differ from the current one', async () => {
    const user = await signUpAndVerify(app);
    const res = await changePassword(user.token, user.password, user.password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The new password must differ from the current one' });
  });

  it('a new password shorter than 8 characters answers 422', async () => {
    const user = await signUpAndVerify(app);
    const res = await changePassword(user.token, user.password, 'short');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'new_password: password must be at least 8 characters' });
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'POST', url: '/users/me/change-password', payload: { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });
});
