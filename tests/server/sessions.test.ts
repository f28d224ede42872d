import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, logIn, signUpAndVerify, uniqueEmail, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/users/me', headers: bearer(token) });
const post = (url: string, token?: string, payload?: object) => t.app.inject({ method: 'POST', url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

describe('POST /users/logout', () => {
  it('revokes the token it is called with, server-side; another session of the same user keeps working', async () => {
    const user = await signUpAndVerify(t.app);
    const other = (await logIn(t.app, user.email, user.password)).json().access_token as string;
    const res = await post('/users/logout', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully' });
    const after = await me(user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Session expired or invalid. Please log in again.' });
    expect((await me(other)).statusCode).toBe(200);
  });

  it('needs a valid token: 401 without one, and a second logout with the same token is 401', async () => {
    expect((await post('/users/logout')).statusCode).toBe(401);
    const user = await signUpAndVerify(t.app);
    expect((await post('/users/logout', user.token)).statusCode).toBe(200);
    expect((await post('/users/logout', user.token)).statusCode).toBe(401);
  });
});

describe('POST /users/logout-all', () => {
  it('every session of the user stops working, another user is untouched, and a new login works', async () => {
    const user = await signUpAndVerify(t.app);
    const bystander = await signUpAndVerify(t.app);
    const second = (await logIn(t.app, user.email, user.password)).json().access_token as string;
    const res = await post('/users/logout-all', second);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out on every device' });
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(bystander.token)).statusCode).toBe(200);
    const fresh = (await logIn(t.app, user.email, user.password)).json().access_token as string;
    expect((await me(fresh)).statusCode).toBe(200);
  });
});

describe('per-account login throttling (spec: rate limits per account, not only per address)', () => {
  it('after five wrong passwords the account waits, growing, whichever address the guesses come from; the owner gets in once the short wait passes', async () => {
    const user = await signUpAndVerify(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/users/login', remoteAddress: `10.0.0.${i + 1}`, payload: { email: user.email, password: `wrong guess ${i}` } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // The sixth failure started a wait: even the right password is refused until it ends, with Retry-After.
    const blocked = await t.app.inject({ method: 'POST', url: '/users/login', remoteAddress: '10.0.0.99', payload: { email: user.email.toUpperCase(), password: user.password } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many failed attempts for this account\. Try again in \d+ seconds?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another account is not affected.
    const bystander = await signUpAndVerify(t.app);
    expect((await logIn(t.app, bystander.email, bystander.password)).statusCode).toBe(200);
    // The wait is short (not a lockout): after it the owner logs in, which clears the count.
    await new Promise((resolve) => setTimeout(resolve, (Number(blocked.headers['retry-after']) + 0.5) * 1000));
    expect((await logIn(t.app, user.email, user.password)).statusCode).toBe(200);
    expect((await logIn(t.app, user.email, 'one more wrong guess')).statusCode).toBe(401);
  });

  it('an address with no account is throttled the same way, so the answer does not reveal which emails exist', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 6; i++) expect((await logIn(t.app, email, `guess ${i}`)).statusCode).toBe(401);
    expect((await logIn(t.app, email, 'guess 7')).statusCode).toBe(429);
  });
});

describe('per-address limits on routes that send mail', () => {
  it('forgot-password: five mails an hour to one address, then 429 with Retry-After, whatever the caller address', async () => {
    const user = await signUpAndVerify(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.app.inject({ method: 'POST', url: '/users/forgot-password', remoteAddress: `10.1.0.${i + 1}`, payload: { email: user.email } })).statusCode);
    // The verification mail of the signup was the first of the five.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const res = await post('/users/forgot-password', undefined, { email: user.email });
    expect(res.json().detail).toMatch(/^Too many emails were sent to this address\. Try again in \d+ minutes\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('the limit is shared by signup, resend-verification and forgot-password, and the same for unknown addresses', async () => {
    const email = uniqueEmail('flood');
    expect((await post('/users/signup', undefined, { email, password: 'correct horse battery' })).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await post('/users/resend-verification', undefined, { email })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await post('/users/forgot-password', undefined, { email })).statusCode).toBe(200);
    expect((await post('/users/resend-verification', undefined, { email })).statusCode).toBe(429);
    const unknown = uniqueEmail('unknown');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await post('/users/forgot-password', undefined, { email: unknown })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
