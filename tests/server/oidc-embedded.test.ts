import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_TEXTS } from '../../src/server/routes/dev-oidc';
import { GOOGLE_TEXTS } from '../../src/server/services/oidc/googleSignIn';
import { LAST_METHOD } from '../../src/server/services/signInMethods';
import { bearer, createTestApp, logIn, signUp, signUpAndVerify, uniqueEmail, DEFAULT_PASSWORD, type TestApp } from '../support/app';
import { formAction, InjectBrowser, sessionFromCallback } from './support/oidc-browser';

let testApp: TestApp;
let app: FastifyInstance;
let apiUrl: string;
let appUrl: string;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  apiUrl = testApp.config.apiUrl;
  appUrl = testApp.config.appUrl;
}, 120_000);
afterAll(() => testApp?.close());

const browser = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) => new InjectBrowser(app, apiUrl, remoteAddress, headers);

/** 'Continue with Google' up to the embedded provider's sign-in page. */
async function openSignInPage(b: InjectBrowser, start = '/auth/login/google') {
  const { res, url } = await b.follow('GET', start);
  expect(res.statusCode).toBe(200);
  expect(url.pathname).toMatch(/^\/dev\/oidc\/interaction\//);
  return res.body;
}

/** The whole flow: answers where the browser lands on the app. */
async function signInWithGoogle(email: string, name = 'Ada Lovelace', b = browser(), devKey?: string) {
  const html = await openSignInPage(b);
  const { url } = await b.follow('POST', formAction(html), { email, name, action: 'login', ...(devKey ? { dev_key: devKey } : {}) });
  return url;
}
/** An existing account through the stand-in: only with the dev key. */
const signInAgainWithGoogle = (email: string) => signInWithGoogle(email, 'Ada Lovelace', browser(), app.devKey!);

const me = (token: string) => app.inject({ method: 'GET', url: '/users/me', headers: bearer(token) });

describe('Continue with Google through the embedded provider', () => {
  it('signs a new user in: the callback page gets a one-time token, token_type and user_id; the email counts as verified', async () => {
    const email = uniqueEmail('google-new');
    const landed = await signInWithGoogle(email, 'Grace Hopper');

    expect(`${landed.origin}${landed.pathname}`).toBe(`${appUrl}/oauth-callback`);
    expect(landed.searchParams.get('token_type')).toBe('bearer');
    const token = (await sessionFromCallback(app, landed))!;
    const userId = landed.searchParams.get('user_id')!;
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: userId, email, full_name: 'Grace Hopper', email_verified: true });
  });

  it('the redirect URL carries no session token: only a one-time token that works once, for two minutes', async () => {
    const landed = await signInWithGoogle(uniqueEmail('google-url'));
    expect(landed.searchParams.get('access_token')).toBeNull();
    const oneTime = landed.searchParams.get('token')!;
    // The one-time token is no session by itself.
    expect((await me(oneTime)).statusCode).toBe(401);
    const first = await app.inject({ method: 'POST', url: '/users/session', payload: { token: oneTime } });
    expect(first.statusCode).toBe(200);
    expect((await me(first.json().access_token)).json().user_id).toBe(landed.searchParams.get('user_id'));
    const again = await app.inject({ method: 'POST', url: '/users/session', payload: { token: oneTime } });
    expect(again.statusCode).toBe(401);
  });

  it('the page says plainly that it stands in for Google and asks for an email and a name', async () => {
    const html = await openSignInPage(browser());
    expect(html).toContain('stands in for Google');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="name">Name<\/label>/);
    expect(html).not.toContain('dev_key');
  });

  it('after signing in, the next "Continue with Google" in the same browser asks again (another person can sign in after a logout)', async () => {
    const b = browser();
    const first = await signInWithGoogle(uniqueEmail('first-person'), 'First', b);
    const second = await signInWithGoogle(uniqueEmail('second-person'), 'Second', b);
    expect(second.searchParams.get('user_id')).toBeTruthy();
    expect(second.searchParams.get('user_id')).not.toBe(first.searchParams.get('user_id'));
  });

  it('the same Google account signs into the same user the second time', async () => {
    const email = uniqueEmail('google-again');
    const first = await signInWithGoogle(email);
    const second = await signInAgainWithGoogle(email);
    expect(second.searchParams.get('user_id')).toBe(first.searchParams.get('user_id'));
  });

  it('a verified email that already has an account signs into that account, and the password keeps working', async () => {
    const user = await signUpAndVerify(app);
    const landed = await signInAgainWithGoogle(user.email);
    expect(landed.searchParams.get('user_id')).toBe(user.userId);
    expect((await logIn(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('an unverified account with that email is claimed: verified now, and the password someone else may have set no longer works', async () => {
    const email = uniqueEmail('squatted');
    const signup = await signUp(app, email);
    const landed = await signInAgainWithGoogle(email);
    expect(landed.searchParams.get('user_id')).toBe(signup.json().user_id);
    expect((await me((await sessionFromCallback(app, landed))!)).json().email_verified).toBe(true);
    expect((await logIn(app, email, DEFAULT_PASSWORD)).statusCode).toBe(401);
  });

  it('a provider error (the user cancels) lands on the callback page with error', async () => {
    const b = browser();
    const html = await openSignInPage(b);
    const { url } = await b.follow('POST', formAction(html), { action: 'cancel' });
    expect(`${url.origin}${url.pathname}`).toBe(`${appUrl}/oauth-callback`);
    expect(url.searchParams.get('error')).toBe('Sign-in was cancelled');
    expect(url.searchParams.get('token')).toBeNull();
  });

  it('a bad state ends on the callback page with an error, not a 500', async () => {
    const b = browser();
    await b.request('GET', '/auth/login/google');
    const { res, url } = await b.follow('GET', '/auth/google/callback?code=abc&state=not-the-state');
    expect(res.statusCode).toBe(302);
    expect(url.searchParams.get('error')).toBe(GOOGLE_TEXTS.badState);
  });

  it('a state from another browser (no matching cookie) is refused', async () => {
    const victim = browser();
    const attacker = browser();
    const html = await openSignInPage(attacker);
    // The attacker completes the provider step, then hands the callback URL to the victim.
    const submitted = await attacker.request('POST', formAction(html), { email: uniqueEmail('attacker'), action: 'login' });
    let next = new URL(submitted.headers.location as string, apiUrl);
    while (!next.pathname.startsWith('/auth/google/callback')) next = new URL((await attacker.request('GET', next.toString())).headers.location as string, apiUrl);
    const { url } = await victim.follow('GET', next.toString());
    expect(url.searchParams.get('error')).toBe(GOOGLE_TEXTS.badState);
  });

  it('a replayed callback (same code and state) is refused the second time', async () => {
    const b = browser();
    const html = await openSignInPage(b);
    const submitted = await b.request('POST', formAction(html), { email: uniqueEmail('replay'), action: 'login' });
    let next = new URL(submitted.headers.location as string, apiUrl);
    while (!next.pathname.startsWith('/auth/google/callback')) next = new URL((await b.request('GET', next.toString())).headers.location as string, apiUrl);
    const cookies = new Map(b.cookies);
    const first = await b.follow('GET', next.toString());
    expect(first.url.searchParams.get('token')).toBeTruthy();
    for (const [k, v] of cookies) b.cookies.set(k, v);
    const second = await b.follow('GET', next.toString());
    expect(second.url.searchParams.get('token')).toBeNull();
    expect(second.url.searchParams.get('error')).toBe(GOOGLE_TEXTS.badState);
  });

  it('a callback without a code ends on the callback page with an error', async () => {
    const b = browser();
    const start = await b.request('GET', '/auth/login/google');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const { url } = await b.follow('GET', `/auth/google/callback?state=${encodeURIComponent(state)}`);
    expect(url.searchParams.get('error')).toBe(GOOGLE_TEXTS.noCode);
  });

  it('odd callback parameters (repeated, huge) still end on the callback page', async () => {
    const b = browser();
    const { res, url } = await b.follow('GET', `/auth/google/callback?state=a&state=b&code=${'x'.repeat(5000)}`);
    expect(res.statusCode).toBe(302);
    expect(url.searchParams.get('error')).toBe(GOOGLE_TEXTS.badState);
  });
});

describe('the embedded provider is not an account-takeover route', () => {
  it('a caller from the network cannot sign in as an existing user without the dev key', async () => {
    const victim = await signUpAndVerify(app);
    const remote = browser('203.0.113.7');
    const html = await openSignInPage(remote);
    expect(html).toContain('name="dev_key"');
    const { res, url } = await remote.follow('POST', formAction(html), { email: victim.email, name: 'Mallory', action: 'login' });
    expect(res.statusCode).toBe(403);
    expect(url.pathname).toMatch(/^\/dev\/oidc\/interaction\//);
    expect(res.body).toContain(EMBEDDED_TEXTS.keyRequired.slice(0, 40));
    expect(res.headers.location).toBeUndefined();
  });

  it('from this computer too, the email of an existing account asks for the dev key and signs nobody in', async () => {
    const victim = await signUpAndVerify(app);
    const html = await openSignInPage(browser());
    const local = browser();
    const page = await openSignInPage(local);
    const { res, url } = await local.follow('POST', formAction(page), { email: victim.email, name: 'Mallory', action: 'login' });
    expect(html).not.toContain('name="dev_key"');
    expect(res.statusCode).toBe(403);
    expect(url.pathname).toMatch(/^\/dev\/oidc\/interaction\//);
    expect(res.body).toContain(EMBEDDED_TEXTS.existingAccount.slice(0, 40));
    expect(res.body).toContain('name="dev_key"');
    const methods = await app.inject({ method: 'GET', url: '/users/me/sign-in-methods', headers: bearer(victim.token) });
    expect(methods.json().methods).toEqual([]);
  });

  it('a stand-in account used once signs in again only with the dev key, also from this computer', async () => {
    const email = uniqueEmail('standin-again');
    const first = await signInWithGoogle(email);
    expect(first.searchParams.get('user_id')).toBeTruthy();
    const again = browser();
    const page = await openSignInPage(again);
    const { res } = await again.follow('POST', formAction(page), { email, action: 'login' });
    expect(res.statusCode).toBe(403);
    const withKey = await signInAgainWithGoogle(email);
    expect(withKey.searchParams.get('user_id')).toBe(first.searchParams.get('user_id'));
  });

  it('a wrong dev key is refused the same way', async () => {
    const remote = browser('203.0.113.8');
    const html = await openSignInPage(remote);
    const { res } = await remote.follow('POST', formAction(html), { email: uniqueEmail(), dev_key: 'guess-guess-guess', action: 'login' });
    expect(res.statusCode).toBe(403);
  });

  it('a loopback caller behind a proxy (X-Forwarded-For) is not taken for the local user', async () => {
    const proxied = browser('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' });
    const html = await openSignInPage(proxied);
    const { res } = await proxied.follow('POST', formAction(html), { email: uniqueEmail(), action: 'login' });
    expect(res.statusCode).toBe(403);
  });

  it('with the dev key from the log, a remote caller signs in', async () => {
    const remote = browser('203.0.113.9');
    const html = await openSignInPage(remote);
    const { url } = await remote.follow('POST', formAction(html), { email: uniqueEmail('remote-dev'), dev_key: app.devKey!, action: 'login' });
    expect(await sessionFromCallback(app, url)).toBeTruthy();
  });
});

describe('linking Google from Settings', () => {
  it('a password user links Google, then Google signs into that account; unlinking keeps the password', async () => {
    const user = await signUpAndVerify(app);
    const googleEmail = uniqueEmail('linked-google');
    const prepared = await app.inject({ method: 'POST', url: '/auth/link/google', headers: bearer(user.token) });
    expect(prepared.statusCode).toBe(200);
    const b = browser();
    const html = await openSignInPage(b, prepared.json().url);
    const { url } = await b.follow('POST', formAction(html), { email: googleEmail, name: 'Linked', action: 'login' });
    expect(`${url.origin}${url.pathname}`).toBe(`${appUrl}/settings`);
    // The app redeems the code with the session that prepared the link.
    const completed = await app.inject({ method: 'POST', url: '/auth/link/google/complete', headers: bearer(user.token), payload: { code: url.searchParams.get('link_code') } });
    expect(completed.statusCode).toBe(200);

    const methods = await app.inject({ method: 'GET', url: '/users/me/sign-in-methods', headers: bearer(user.token) });
    expect(methods.json()).toMatchObject({ password: true, email: user.email, methods: [{ kind: 'google', email: googleEmail }] });

    const landed = await signInAgainWithGoogle(googleEmail);
    expect(landed.searchParams.get('user_id')).toBe(user.userId);

    const id = methods.json().methods[0].identity_id;
    const removed = await app.inject({ method: 'DELETE', url: `/users/me/sign-in-methods/${id}`, headers: bearer(user.token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().methods).toEqual([]);
  });

  it('a link request works once', async () => {
    const user = await signUpAndVerify(app);
    const prepared = await app.inject({ method: 'POST', url: '/auth/link/google', headers: bearer(user.token) });
    await browser().request('GET', prepared.json().url);
    const { url } = await browser().follow('GET', prepared.json().url);
    expect(url.pathname).toBe('/settings');
    expect(url.searchParams.get('link_error')).toBe(GOOGLE_TEXTS.linkExpired);
  });

  it('a Google-only user cannot unlink their only way to sign in', async () => {
    const landed = await signInWithGoogle(uniqueEmail('google-only'));
    const token = (await sessionFromCallback(app, landed))!;
    const methods = await app.inject({ method: 'GET', url: '/users/me/sign-in-methods', headers: bearer(token) });
    expect(methods.json().password).toBe(false);
    const res = await app.inject({ method: 'DELETE', url: `/users/me/sign-in-methods/${methods.json().methods[0].identity_id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: LAST_METHOD });
  });

  it('another user’s sign-in method is not found', async () => {
    const landed = await signInWithGoogle(uniqueEmail('owner'));
    const owner = (await sessionFromCallback(app, landed))!;
    const id = (await app.inject({ method: 'GET', url: '/users/me/sign-in-methods', headers: bearer(owner) })).json().methods[0].identity_id;
    const other = await signUpAndVerify(app);
    const res = await app.inject({ method: 'DELETE', url: `/users/me/sign-in-methods/${id}`, headers: bearer(other.token) });
    expect(res.statusCode).toBe(404);
  });
});
