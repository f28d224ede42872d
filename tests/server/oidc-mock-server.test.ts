import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/ports';
import { bearer, createTestApp, uniqueEmail, type TestApp } from '../support/app';
import { OIDC_TEXTS } from '../../src/server/services/oidc/client';
import { InjectBrowser, sessionFromCallback } from './support/oidc-browser';

/**
 * The same client code against an independent OpenID provider on loopback (oauth2-mock-server):
 * nothing is tied to the embedded one. This provider keeps the ID token lean, so the email comes
 * from its userinfo endpoint.
 */
let provider: OAuth2Server;
let testApp: TestApp;
let app: FastifyInstance;
let nextUser: { sub: string; email: string; email_verified: boolean; name: string };
/** The next ID token names another client as its audience. */
let wrongAudience = false;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    // Every token of this provider names the user the test chose.
    if (token.payload.aud === 'finu-test-client') token.payload.sub = nextUser.sub;
    if (wrongAudience && token.payload.nonce) {
      token.payload.aud = 'someone-else';
      wrongAudience = false;
    }
  });
  provider.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { ...nextUser };
  });
  testApp = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'finu-test-client', GOOGLE_CLIENT_SECRET: 'finu-test-secret', OIDC_ISSUER: provider.issuer.url! } });
  app = testApp.app;
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await provider?.stop();
});

async function signIn(user: typeof nextUser) {
  nextUser = user;
  const b = new InjectBrowser(app, testApp.config.apiUrl);
  const start = await b.request('GET', '/auth/login/google');
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(new URL(provider.issuer.url!).origin);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  // The provider signs the user in at once and redirects back to the API's callback.
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = atProvider.headers.get('location')!;
  expect(back.startsWith(`${testApp.config.apiUrl}/auth/google/callback`)).toBe(true);
  return (await b.follow('GET', back)).url;
}

describe('OIDC against an independent provider (oauth2-mock-server)', () => {
  it('signs a new user in with the email from the provider', async () => {
    const email = uniqueEmail('mock-oidc');
    const landed = await signIn({ sub: `sub-${email}`, email, email_verified: true, name: 'Mock User' });
    expect(landed.pathname).toBe('/oauth-callback');
    const token = (await sessionFromCallback(app, landed))!;
    const res = await app.inject({ method: 'GET', url: '/users/me', headers: bearer(token) });
    expect(res.json()).toMatchObject({ email, email_verified: true, full_name: 'Mock User' });
  });

  it('an unverified email does not sign into the account that has it', async () => {
    const email = uniqueEmail('mock-unverified');
    const owner = await signIn({ sub: `owner-${email}`, email, email_verified: true, name: 'Owner' });
    const other = await signIn({ sub: `other-${email}`, email, email_verified: false, name: 'Other' });
    expect(other.searchParams.get('user_id')).toBeNull();
    expect(other.searchParams.get('error')).toMatch(/already exists/);
    expect(owner.searchParams.get('user_id')).toBeTruthy();
  });

  it('a new user whose email the provider did not verify gets an account without that email', async () => {
    const email = uniqueEmail('mock-new-unverified');
    const landed = await signIn({ sub: `new-${email}`, email, email_verified: false, name: 'Unverified' });
    const res = await app.inject({ method: 'GET', url: '/users/me', headers: bearer((await sessionFromCallback(app, landed))!) });
    expect(res.json()).toMatchObject({ email: null, email_verified: false, full_name: 'Unverified' });
  });

  it('an ID token for another client (wrong audience) is refused', async () => {
    wrongAudience = true;
    const email = uniqueEmail('mock-aud');
    const landed = await signIn({ sub: `aud-${email}`, email, email_verified: true, name: 'Aud' });
    expect(landed.searchParams.get('token')).toBeNull();
    expect(landed.searchParams.get('error')).toBe(OIDC_TEXTS.invalid);
  });
});

describe('an unreachable provider', () => {
  it('ends on the callback page with a clear error, never a 500', async () => {
    const port = await freePort();
    const down = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y', OIDC_ISSUER: `http://127.0.0.1:${port}/` } });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/auth/login/google' });
      expect(res.statusCode).toBe(302);
      const to = new URL(res.headers.location as string);
      expect(`${to.origin}${to.pathname}`).toBe(`${down.config.appUrl}/oauth-callback`);
      expect(to.searchParams.get('error')).toBe(OIDC_TEXTS.unreachable);
    } finally {
      await down.close();
    }
  }, 120_000);
});
