import type { FastifyInstance } from 'fastify';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_TEXTS } from '../../src/server/services/oidc/googleSignIn';
import { SIGN_IN_TEXTS } from '../../src/server/services/signIn';
import { buildSiweMessage } from '../../src/web/wallet/siweMessage';
import { bearer, createTestApp, logIn, mailTo, sessionFrom, signUpAndVerify, uniqueEmail, type TestApp, type VerifiedUser } from '../support/app';
import { formAction, InjectBrowser, sessionFromCallback } from './support/oidc-browser';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  // A known secret: the tests sign a session issued 20 minutes ago, as a thief would hold it.
  testApp = await createTestApp({ env: { JWT_SECRET: 'sign-in-safety-test-secret-0123456789abcdefghijkl' } });
  app = testApp.app;
}, 120_000);
afterAll(() => testApp?.close());

const browser = (remoteAddress = '127.0.0.1') => new InjectBrowser(app, testApp.config.apiUrl, remoteAddress);
const methodsOf = async (token: string) => (await app.inject({ method: 'GET', url: '/users/me/sign-in-methods', headers: bearer(token) })).json<{ methods: { kind: string; identity_id: string }[] }>().methods;
const prepareLink = (token: string) => app.inject({ method: 'POST', url: '/auth/link/google', headers: bearer(token) });
const redeem = (token: string, code: string) => app.inject({ method: 'POST', url: '/auth/link/google/complete', headers: bearer(token), payload: { code } });

/** Opens a link URL in a browser and signs in at the stand-in as `email`: answers where the browser lands. */
async function completeLinkAt(b: InjectBrowser, url: string, email: string) {
  const { res } = await b.follow('GET', url);
  expect(res.statusCode).toBe(200);
  const { url: landed } = await b.follow('POST', formAction(res.body), { email, name: 'Someone', action: 'login' });
  return landed;
}

type Signer = Pick<Wallet, 'address' | 'signMessage'>;
async function signedMessage(wallet: Signer) {
  const n = (await app.inject({ method: 'GET', url: `/web3/nonce?wallet_address=${wallet.address}` })).json();
  const now = Date.now();
  const message = buildSiweMessage({ domain: n.domain, address: n.address, statement: n.statement, uri: n.uri, chainId: n.chain_ids[0], nonce: n.nonce, issuedAt: new Date(now), expirationTime: new Date(now + 5 * 60_000) });
  return { address: wallet.address, message, signature: await wallet.signMessage(message) };
}
const linkWallet = async (token: string, wallet: Signer) => app.inject({ method: 'POST', url: '/api/web3/link', headers: bearer(token), payload: await signedMessage(wallet) });

describe('a Google link belongs to the session and browser that started it', () => {
  it('whoever completes someone else’s link URL cannot attach their Google account, nor sign into that account with it', async () => {
    const victim = await signUpAndVerify(app);
    const url = (await prepareLink(victim.token)).json().url as string;
    const attackerEmail = uniqueEmail('attacker-google');
    const attacker = browser();
    const landed = await completeLinkAt(attacker, url, attackerEmail);
    expect(landed.pathname).toBe('/settings');

    // The attacker's own app (signed in as the attacker) cannot redeem the code either.
    const code = landed.searchParams.get('link_code');
    if (code) {
      const mallory = await signUpAndVerify(app);
      expect((await redeem(mallory.token, code)).statusCode).toBe(400);
    }
    expect(await methodsOf(victim.token)).toEqual([]);
    const google = await completeLinkAt(browser(), '/auth/login/google', attackerEmail);
    const session = await sessionFromCallback(app, google).catch(() => undefined);
    expect(google.searchParams.get('user_id')).not.toBe(victim.userId);
    expect(session === undefined || session !== victim.token).toBe(true);
  });

  it('the code from the provider links only in the session that prepared it: another session of the same user is refused', async () => {
    const user = await signUpAndVerify(app);
    const url = (await prepareLink(user.token)).json().url as string;
    const landed = await completeLinkAt(browser(), url, uniqueEmail('mine'));
    const code = landed.searchParams.get('link_code')!;
    const other = (await logIn(app, user.email, user.password)).json().access_token as string;
    const refused = await redeem(other, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: SIGN_IN_TEXTS.linkOtherSession });
    // The refused attempt spent the code.
    expect((await redeem(user.token, code)).statusCode).toBe(400);
    expect(await methodsOf(user.token)).toEqual([]);
  });

  it('the preparing session redeems the code once; the owner gets a mail', async () => {
    const user = await signUpAndVerify(app);
    const googleEmail = uniqueEmail('linked');
    const landed = await completeLinkAt(browser(), (await prepareLink(user.token)).json().url, googleEmail);
    expect(landed.searchParams.get('linked')).toBeNull();
    const code = landed.searchParams.get('link_code')!;
    const linked = await redeem(user.token, code);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().methods).toMatchObject([{ kind: 'google', email: googleEmail }]);
    expect((await redeem(user.token, code)).statusCode).toBe(400);
    const mail = await mailTo(app, user.email);
    expect(mail[0]).toMatchObject({ subject: 'A new way to sign in to your Finu account' });
    expect(mail[0]!.text).toContain(googleEmail);
  });
});

describe('adding or removing a sign-in method needs the owner', () => {
  let user: VerifiedUser;
  let stolen: string;
  beforeAll(async () => {
    user = await signUpAndVerify(app);
    // A session signed in 20 minutes ago, as a thief would hold it.
    stolen = await sessionFrom(testApp, user.userId, 20);
  });

  it('an older session cannot prepare a Google link, link a wallet or unlink without confirming the password (428 with a detail)', async () => {
    expect((await app.inject({ method: 'GET', url: '/users/me', headers: bearer(stolen) })).statusCode).toBe(200);
    const google = await prepareLink(stolen);
    expect(google.statusCode).toBe(428);
    expect(google.json()).toEqual({ detail: SIGN_IN_TEXTS.reauthRequired });
    const wallet = await linkWallet(stolen, Wallet.createRandom());
    expect(wallet.statusCode).toBe(428);
    expect(await methodsOf(user.token)).toEqual([]);
  });

  it('a wrong password does not confirm; the right one does, for this session only', async () => {
    const wrong = await app.inject({ method: 'POST', url: '/users/me/reauthenticate', headers: bearer(stolen), payload: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(400);
    const other = await sessionFrom(testApp, user.userId, 30);
    const right = await app.inject({ method: 'POST', url: '/users/me/reauthenticate', headers: bearer(other), payload: { password: user.password } });
    expect(right.statusCode).toBe(200);
    expect(right.json().message).toBe(SIGN_IN_TEXTS.reauthenticated);
    expect((await linkWallet(stolen, Wallet.createRandom())).statusCode).toBe(428);
    const wallet = Wallet.createRandom();
    const linked = await linkWallet(other, wallet);
    expect(linked.statusCode).toBe(200);
    const mail = await mailTo(app, user.email);
    expect(mail[0]!.subject).toBe('A new way to sign in to your Finu account');
    expect(mail[0]!.text).toContain(wallet.address);

    const id = linked.json().methods[0].identity_id as string;
    expect((await app.inject({ method: 'DELETE', url: `/users/me/sign-in-methods/${id}`, headers: bearer(stolen) })).statusCode).toBe(428);
    const removed = await app.inject({ method: 'DELETE', url: `/users/me/sign-in-methods/${id}`, headers: bearer(other) });
    expect(removed.statusCode).toBe(200);
    expect((await mailTo(app, user.email))[0]!.subject).toBe('A way to sign in to your Finu account was removed');
  });

  it('a session signed in a moment ago counts as confirmed', async () => {
    const fresh = (await logIn(app, user.email, user.password)).json().access_token as string;
    expect((await prepareLink(fresh)).statusCode).toBe(200);
  });

  it('a Google link URL prepared before a password change no longer works after it', async () => {
    const owner = await signUpAndVerify(app);
    const url = (await prepareLink(owner.token)).json().url as string;
    const changed = await app.inject({ method: 'POST', url: '/users/me/change-password', headers: bearer(owner.token), payload: { current_password: owner.password, new_password: 'another horse battery staple' } });
    expect(changed.statusCode).toBe(200);
    const b = browser();
    const { url: landed } = await b.follow('GET', url);
    expect(landed.pathname).toBe('/settings');
    expect(landed.searchParams.get('link_error')).toBe(GOOGLE_TEXTS.linkExpired);
    expect(await methodsOf(changed.json().access_token)).toEqual([]);
  });

  it('a link URL opened before the password change and finished after it does not link either', async () => {
    const owner = await signUpAndVerify(app);
    const b = browser();
    const { res } = await b.follow('GET', (await prepareLink(owner.token)).json().url);
    const changed = await app.inject({ method: 'POST', url: '/users/me/change-password', headers: bearer(owner.token), payload: { current_password: owner.password, new_password: 'another horse battery staple' } });
    const { url: landed } = await b.follow('POST', formAction(res.body), { email: uniqueEmail('late'), action: 'login' });
    expect(landed.searchParams.get('link_error')).toBe(GOOGLE_TEXTS.linkExpired);
    expect(await methodsOf(changed.json().access_token)).toEqual([]);
  });
});
