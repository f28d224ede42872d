import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordStrength } from '../../src/contract/passwordStrength';
import { bearer, createTestApp, DEFAULT_PASSWORD, resetLink, signUpAndVerify, tokenOf, uniqueEmail, type TestApp } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
}, 120_000);
afterAll(() => testApp?.close());

describe('passwords too easy to guess are refused (defect 8: `password` was accepted)', () => {
  it.each(['password', 'Password123!', 'qwertyuiop', '12345678', 'iloveyou1'])('signup refuses %s with a field-named 422 and creates no account', async (password) => {
    const email = uniqueEmail('weak');
    const res = await app.inject({ method: 'POST', url: '/users/signup', payload: { email, password } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/^password: Too easy to guess/);
    expect(await app.repos.users.findByEmail(email)).toBeUndefined();
  });

  it('a password built from the email address is refused', async () => {
    const res = await app.inject({ method: 'POST', url: '/users/signup', payload: { email: 'margaret.hamilton@example.com', password: 'margarethamilton' } });
    expect(res.statusCode).toBe(422);
  });

  it('the passphrases the test helpers use stay accepted', () => {
    expect(passwordStrength(DEFAULT_PASSWORD).acceptable).toBe(true);
    expect(passwordStrength('long enough password').acceptable).toBe(true);
  });

  it('reset and change refuse a weak new password and keep the old one (and the reset link) working', async () => {
    const user = await signUpAndVerify(app);
    const change = await app.inject({ method: 'POST', url: '/users/me/change-password', headers: bearer(user.token), payload: { current_password: user.password, new_password: 'password1' } });
    expect(change.statusCode).toBe(422);
    expect(change.json<{ detail: string }>().detail).toMatch(/^new_password: Too easy to guess/);

    await app.inject({ method: 'POST', url: '/users/forgot-password', payload: { email: user.email } });
    const token = tokenOf(await resetLink(app, user.email));
    const weak = await app.inject({ method: 'POST', url: '/users/reset-password', payload: { token, new_password: 'abcdefgh' } });
    expect(weak.statusCode).toBe(422);
    const strong = await app.inject({ method: 'POST', url: '/users/reset-password', payload: { token, new_password: 'a brand new passphrase' } });
    expect(strong.statusCode).toBe(200);
  });
});
