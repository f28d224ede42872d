import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mailTo, uniqueEmail, type TestApp } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

const signup = (payload: unknown) => app.inject({ method: 'POST', url: '/users/signup', payload: payload as object });

describe('POST /users/signup', () => {
  it('creates an unverified account (201) and mails a verification link to the API', async () => {
    const email = uniqueEmail('signup');
    const res = await signup({ email, password: 'long enough password', full_name: 'Ada Lovelace' });

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ message: expect.stringMatching(/verify/i), user_id: expect.stringMatching(/^[0-9a-f-]{36}$/), email });
    expect(body).not.toHaveProperty('access_token');

    const [mail] = await mailTo(app, email);
    expect(mail?.subject).toMatch(/verify/i);
    expect(mail?.link).toMatch(new RegExp(`^${testApp.config.apiUrl}/users/verify-email\\?token=[A-Za-z0-9_-]{20,}$`));
    expect(mail?.text).toContain(mail?.link);
  });

  it('registration does not authenticate: logging in before verifying is refused', async () => {
    const email = uniqueEmail('unverified');
    await signup({ email, password: 'long enough password' });
    const res = await app.inject({ method: 'POST', url: '/users/login', payload: { email, password: 'long enough password' } });
    expect(res.statusCode).toBe(401);
  });

  it('stores the email trimmed and lower-cased', async () => {
    const email = uniqueEmail('MixedCase');
    const res = await signup({ email: `  ${email.toUpperCase()} `, password: 'long enough password' });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe(email.toLowerCase());
  });

  it('a second account with the same email is refused with 409, whatever the letter case', async () => {
    const email = uniqueEmail('dup');
    expect((await signup({ email, password: 'long enough password' })).statusCode).toBe(201);

    for (const again of [email, email.toUpperCase(), `${email[0]!.toUpperCase()}${email.slice(1)}`]) {
      const res = await signup({ email: again, password: 'another password' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'An account with this email already exists. Log in or reset your password.' });
    }
    // The refused attempts sent no further mail.
    expect(await mailTo(app, email)).toHaveLength(1);
  });

  it('simultaneous signups with one email create exactly one account', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => signup({ email: i % 2 ? email.toUpperCase() : email, password: 'long enough password' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await mailTo(app, email)).toHaveLength(1);
  });

  describe('invalid input answers 422 with a readable detail naming the field', () => {
    const cases: [string, unknown, string][] = [
      ['a malformed email', { email: 'not-an-email', password: 'long enough password' }, 'email must be a valid email address'],
      ['a password shorter than 8 characters', { email: uniqueEmail(), password: 'short' }, 'password must be at least 8 characters'],
      ['a password longer than 128 characters', { email: uniqueEmail(), password: 'x'.repeat(129) }, 'password must be at most 128 characters'],
      ['a missing email', { password: 'long enough password' }, 'email is required'],
      ['a missing password', { email: uniqueEmail() }, 'password is required'],
      ['an email that is a number', { email: 123, password: 'long enough password' }, 'email: Invalid input: expected string, received number'],
      ['a password that is a number', { email: uniqueEmail(), password: 12345678 }, 'password: Invalid input: expected string, received number'],
      ['a body that is an array', [], 'body: Invalid input: expected object, received array'],
    ];
    it.each(cases)('%s', async (_name, payload, detail) => {
      const res = await signup(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail });
    });
  });

  it('a body that is not valid JSON answers 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/users/signup', headers: { 'content-type': 'application/json' }, body: '{"email": "a@b.com",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Request body is not valid JSON' });
  });

  it('a body in a media type the API does not speak answers 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/users/signup', headers: { 'content-type': 'application/xml' }, body: '<email/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Send the request body as application/json' });
  });

  it('an invalid request creates no account', async () => {
    const email = uniqueEmail('invalid');
    await signup({ email, password: 'short' });
    expect((await signup({ email, password: 'long enough password' })).statusCode).toBe(201);
  });
});
