import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { bearer, createTestApp, DEFAULT_PASSWORD, logIn, signUp, signUpAndVerify, uniqueEmail, type TestApp } from '../support/app';

// A known secret lets the tests forge tokens that are well signed but otherwise wrong.
const JWT_SECRET = 'a-test-secret-that-is-at-least-32-characters-long';
const INVALID_LOGIN = 'Incorrect email or password';
const SESSION_INVALID = 'Session expired or invalid. Please log in again.';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({ env: { JWT_SECRET } });
  app = testApp.app;
});
afterAll(() => testApp?.close());

const me = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/users/me', headers });

function sign(claims: { sub?: string; ver?: number; jti?: string | null }, options: { secret?: string; expiresAt?: number } = {}) {
  const jwt = new SignJWT(claims.ver === undefined ? {} : { ver: claims.ver }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  if (claims.sub) jwt.setSubject(claims.sub);
  // Every session token has an id (what logout revokes); `jti: null` leaves it out.
  if (claims.jti !== null) jwt.setJti(claims.jti ?? randomUUID());
  jwt.setExpirationTime(options.expiresAt ?? '1h');
  return jwt.sign(new TextEncoder().encode(options.secret ?? JWT_SECRET));
}

describe('POST /users/login', () => {
  it('returns an access_token that works on /users/me', async () => {
    const user = await signUpAndVerify(app);
    const res = await logIn(app, user.email, user.password);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', user_id: user.userId, expires_in: testApp.config.jwtTtlSeconds });

    const profile = await me(bearer(body.access_token));
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ user_id: user.userId, email: user.email, full_name: null, email_verified: true, created_at: expect.any(String) });
  });

  it('accepts the email in any letter case', async () => {
    const user = await signUpAndVerify(app);
    expect((await logIn(app, user.email.toUpperCase(), user.password)).statusCode).toBe(200);
  });

  it('a wrong password and an unknown email get the same 401 detail', async () => {
    const user = await signUpAndVerify(app);
    const wrongPassword = await logIn(app, user.email, 'not the password');
    const unknownEmail = await logIn(app, uniqueEmail('nobody'), user.password);

    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: INVALID_LOGIN });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('an unverified email with the right password gets 401 telling to verify the email', async () => {
    const email = uniqueEmail('unverified');
    await signUp(app, email);
    const res = await logIn(app, email, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Please verify your email before logging in. Check your inbox or request a new link.' });
  });

  it('an unverified email with a wrong password reveals nothing about verification', async () => {
    const email = uniqueEmail('unverified');
    await signUp(app, email);
    const res = await logIn(app, email, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: INVALID_LOGIN });
  });

  it('a missing password answers 422', async () => {
    const res = await app.inject({ method: 'POST', url: '/users/login', payload: { email: uniqueEmail() } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'password is required' });
  });
});

describe('authentication of protected calls', () => {
  let user: Awaited<ReturnType<typeof signUpAndVerify>>;
  beforeAll(async () => {
    user = await signUpAndVerify(app);
  });

  it('a well-formed token of a current session is accepted', async () => {
    expect((await me(bearer(await sign({ sub: user.userId, ver: 0 })))).statusCode).toBe(200);
  });

  const refused: [string, () => Promise<Record<string, string>>, string][] = [
    ['no Authorization header', async () => ({}), 'Not authenticated'],
    ['a scheme other than Bearer', async () => ({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }), 'Not authenticated'],
    ['a garbage token', async () => bearer('not.a.jwt'), SESSION_INVALID],
    ['a token signed with another secret', async () => bearer(await sign({ sub: user.userId, ver: 0 }, { secret: 'another-secret-that-is-also-32-characters-long' })), SESSION_INVALID],
    ['an expired token', async () => bearer(await sign({ sub: user.userId, ver: 0 }, { expiresAt: Math.floor(Date.now() / 1000) - 60 })), SESSION_INVALID],
    ['a token without the session version', async () => bearer(await sign({ sub: user.userId })), SESSION_INVALID],
    ['a token without an id (it could not be revoked)', async () => bearer(await sign({ sub: user.userId, ver: 0, jti: null })), SESSION_INVALID],
    ['a token of an older session version', async () => bearer(await sign({ sub: user.userId, ver: -1 })), SESSION_INVALID],
    ['a token without a subject', async () => bearer(await sign({ ver: 0 })), SESSION_INVALID],
    ['a token whose subject is not a user id', async () => bearer(await sign({ sub: "x' or '1'='1", ver: 0 })), SESSION_INVALID],
    [
      'an unsigned token (alg none)',
      async () => {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return bearer(`${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: user.userId, ver: 0, exp: Math.floor(Date.now() / 1000) + 3600 })}.`);
      },
      SESSION_INVALID,
    ],
  ];

  it.each(refused)('%s is refused with 401 {detail}', async (_name, headers, detail) => {
    for (const url of ['/users/me', '/users/me/profile']) {
      const res = await app.inject({ method: 'GET', url, headers: await headers() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail });
    }
  });

  it('a token accepted before is refused once it expires (the verified-token cache rechecks the expiry)', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const headers = bearer(await sign({ sub: user.userId, ver: 0 }, { expiresAt }));
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    const res = await me(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SESSION_INVALID });
  });

  it('the token of a deleted user is refused with 401', async () => {
    const gone = await signUpAndVerify(app);
    expect((await me(bearer(gone.token))).statusCode).toBe(200);
    await app.db.delete(users).where(eq(users.id, gone.userId));

    const res = await me(bearer(gone.token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SESSION_INVALID });
  });
});

describe('one user never sees another user’s data', () => {
  it('each token reads and changes only its own account', async () => {
    const alice = await signUpAndVerify(app, uniqueEmail('alice'));
    const bob = await signUpAndVerify(app, uniqueEmail('bob'));

    const put = await app.inject({ method: 'PUT', url: '/users/me/profile', headers: bearer(bob.token), payload: { full_name: 'Bob', currency: 'JPY' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ user_id: bob.userId, full_name: 'Bob', currency: 'JPY' });

    const aliceProfile = await app.inject({ method: 'GET', url: '/users/me/profile', headers: bearer(alice.token) });
    expect(aliceProfile.json()).toMatchObject({ user_id: alice.userId, email: alice.email, full_name: null, currency: 'USD' });
    const bobMe = await me(bearer(bob.token));
    expect(bobMe.json()).toMatchObject({ user_id: bob.userId, email: bob.email });
  });
});
