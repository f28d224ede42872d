import type { FastifyInstance } from 'fastify';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIWE_TEXTS } from '../../src/server/services/siwe';
import { buildSiweMessage } from '../../src/web/wallet/siweMessage';
import { bearer, createTestApp, signUpAndVerify, type TestApp } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;
let domain: string;
let origin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  domain = new URL(testApp.config.appUrl).host;
  origin = new URL(testApp.config.appUrl).origin;
}, 120_000);
afterAll(() => testApp?.close());

interface NonceAnswer {
  nonce: string;
  address: string;
  domain: string;
  uri: string;
  chain_ids: number[];
  statement: string;
}

async function nonceFor(address: string, path: 'web3' | 'fallback' = 'web3'): Promise<NonceAnswer> {
  const url = path === 'web3' ? `/web3/nonce?wallet_address=${address}` : `/api/nonce?address=${address}`;
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What the browser does: a nonce, the EIP-4361 message, the wallet's signature. */
type Signer = Pick<Wallet, 'address' | 'signMessage'>;

async function signedMessage(wallet: Signer, overrides: Partial<Parameters<typeof buildSiweMessage>[0]> = {}, signer: Signer = wallet) {
  const n = await nonceFor(wallet.address);
  const now = Date.now();
  const message = buildSiweMessage({
    domain: n.domain,
    address: n.address,
    statement: n.statement,
    uri: n.uri,
    chainId: n.chain_ids[0]!,
    nonce: n.nonce,
    issuedAt: new Date(now),
    expirationTime: new Date(now + 5 * 60_000),
    ...overrides,
  });
  return { address: wallet.address, message, signature: await signer.signMessage(message) };
}

const auth = (body: unknown) => app.inject({ method: 'POST', url: '/api/web3/auth', payload: body as object });

describe('nonces', () => {
  it('GET /web3/nonce and the fallback GET /api/nonce answer a fresh nonce for the address, and what the message must name', async () => {
    const wallet = Wallet.createRandom();
    const a = await nonceFor(wallet.address.toLowerCase());
    const b = await nonceFor(wallet.address, 'fallback');
    expect(a.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(b.nonce).not.toBe(a.nonce);
    expect(a).toMatchObject({ address: wallet.address, domain, uri: origin, chain_ids: [1, 31337] });
  });

  it('a malformed address is a 422 naming the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/web3/nonce?wallet_address=0x123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/address/);
    expect((await app.inject({ method: 'GET', url: '/api/nonce' })).statusCode).toBe(422);
  });
});

describe('POST /api/web3/auth', () => {
  it('a valid signature signs a new wallet in; GET /api/web3/me answers address, user_id and the profile', async () => {
    const wallet = Wallet.createRandom();
    const res = await auth(await signedMessage(wallet));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', address: wallet.address, access_token: expect.any(String), user_id: expect.any(String) });

    const me = await app.inject({ method: 'GET', url: '/api/web3/me', headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ address: wallet.address, wallets: [wallet.address], user_id: body.user_id, email: null, onboarding_completed: false, onboarding_skipped: false });
  });

  it('the same wallet signs into the same account next time', async () => {
    const wallet = Wallet.createRandom();
    const first = (await auth(await signedMessage(wallet))).json();
    const second = (await auth(await signedMessage(wallet))).json();
    expect(second.user_id).toBe(first.user_id);
  });

  it('a replayed message (nonce already used) is refused', async () => {
    const wallet = Wallet.createRandom();
    const signed = await signedMessage(wallet);
    expect((await auth(signed)).statusCode).toBe(200);
    const again = await auth(signed);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: SIWE_TEXTS.nonce });
  });

  it('a nonce issued to another address does not work', async () => {
    const wallet = Wallet.createRandom();
    const other = Wallet.createRandom();
    const n = await nonceFor(other.address);
    const now = Date.now();
    const message = buildSiweMessage({ domain, address: wallet.address, uri: origin, chainId: 1, nonce: n.nonce, issuedAt: new Date(now), expirationTime: new Date(now + 60_000) });
    const res = await auth({ address: wallet.address, message, signature: await wallet.signMessage(message) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SIWE_TEXTS.nonce });
  });

  it('a signature by another address is refused, and the nonce stays usable', async () => {
    const wallet = Wallet.createRandom();
    const forged = await signedMessage(wallet, {}, Wallet.createRandom());
    const res = await auth(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SIWE_TEXTS.signature });
  });

  it('an expired message is refused', async () => {
    const wallet = Wallet.createRandom();
    const res = await auth(await signedMessage(wallet, { issuedAt: new Date(Date.now() - 20 * 60_000), expirationTime: new Date(Date.now() - 60_000) }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SIWE_TEXTS.expired });
  });

  it('a message made for another site (wrong domain) is refused', async () => {
    const wallet = Wallet.createRandom();
    const res = await auth(await signedMessage(wallet, { domain: 'evil.example' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SIWE_TEXTS.domain });
  });

  it('a message whose URI is another site is refused', async () => {
    const wallet = Wallet.createRandom();
    const res = await auth(await signedMessage(wallet, { uri: 'https://evil.example/login' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SIWE_TEXTS.uri });
  });

  it('a chain the configuration does not allow is refused, naming the chains that are', async () => {
    const wallet = Wallet.createRandom();
    const res = await auth(await signedMessage(wallet, { chainId: 137 }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SIWE_TEXTS.wrongChain(137, [1, 31337]) });
  });

  it('a message that is not EIP-4361 is a 400; a malformed body is a 422', async () => {
    const wallet = Wallet.createRandom();
    const bad = await auth({ address: wallet.address, message: 'hello', signature: await wallet.signMessage('hello') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: SIWE_TEXTS.malformed });
    const missing = await auth({ address: wallet.address, message: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toMatch(/signature/);
    const junk = await auth({ address: wallet.address, message: 'x', signature: 'not hex' });
    expect(junk.statusCode).toBe(422);
  });

  it('GET /api/web3/me for an account without a wallet is a 404; without a token a 401', async () => {
    const user = await signUpAndVerify(app);
    expect((await app.inject({ method: 'GET', url: '/api/web3/me', headers: bearer(user.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/web3/me' })).statusCode).toBe(401);
  });
});

describe('linking a wallet', () => {
  it('a password user links a wallet, which then signs into that account', async () => {
    const user = await signUpAndVerify(app);
    const wallet = Wallet.createRandom();
    const linked = await app.inject({ method: 'POST', url: '/api/web3/link', headers: bearer(user.token), payload: await signedMessage(wallet) });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().methods).toEqual([expect.objectContaining({ kind: 'wallet', address: wallet.address })]);
    const res = await auth(await signedMessage(wallet));
    expect(res.json().user_id).toBe(user.userId);
  });

  it('a wallet that belongs to another account cannot be linked (409), and a failed check is a 400, not a 401', async () => {
    const wallet = Wallet.createRandom();
    await auth(await signedMessage(wallet));
    const user = await signUpAndVerify(app);
    const taken = await app.inject({ method: 'POST', url: '/api/web3/link', headers: bearer(user.token), payload: await signedMessage(wallet) });
    expect(taken.statusCode).toBe(409);
    const forged = await app.inject({ method: 'POST', url: '/api/web3/link', headers: bearer(user.token), payload: await signedMessage(Wallet.createRandom(), {}, wallet) });
    expect(forged.statusCode).toBe(400);
  });

  it('a wallet-only user cannot unlink the wallet; after linking a second one, the first can go', async () => {
    const first = Wallet.createRandom();
    const session = (await auth(await signedMessage(first))).json();
    const methods = (await app.inject({ method: 'GET', url: '/users/me/sign-in-methods', headers: bearer(session.access_token) })).json();
    expect(methods).toMatchObject({ password: false, email: null });
    const id = methods.methods[0].identity_id;
    expect((await app.inject({ method: 'DELETE', url: `/users/me/sign-in-methods/${id}`, headers: bearer(session.access_token) })).statusCode).toBe(409);

    const second = Wallet.createRandom();
    await app.inject({ method: 'POST', url: '/api/web3/link', headers: bearer(session.access_token), payload: await signedMessage(second) });
    const removed = await app.inject({ method: 'DELETE', url: `/users/me/sign-in-methods/${id}`, headers: bearer(session.access_token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().methods.map((m: { address: string }) => m.address)).toEqual([second.address]);
  });

  it('two concurrent unlinks of a user’s last two wallets leave one', async () => {
    const a = Wallet.createRandom();
    const session = (await auth(await signedMessage(a))).json();
    const b = Wallet.createRandom();
    await app.inject({ method: 'POST', url: '/api/web3/link', headers: bearer(session.access_token), payload: await signedMessage(b) });
    const ids = (await app.inject({ method: 'GET', url: '/users/me/sign-in-methods', headers: bearer(session.access_token) })).json().methods.map((m: { identity_id: string }) => m.identity_id);
    const results = await Promise.all(ids.map((id: string) => app.inject({ method: 'DELETE', url: `/users/me/sign-in-methods/${id}`, headers: bearer(session.access_token) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the API documents every sign-in call of docs/product.md §7', () => {
  it('OpenAPI lists Google, both nonce calls, web3 auth and me, linking and sign-in methods (not the embedded provider)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const calls: [string, string][] = [
      ['/auth/login/google', 'get'],
      ['/auth/google/callback', 'get'],
      ['/auth/link/google', 'post'],
      ['/web3/nonce', 'get'],
      ['/api/nonce', 'get'],
      ['/api/web3/auth', 'post'],
      ['/api/web3/me', 'get'],
      ['/api/web3/link', 'post'],
      ['/users/me/sign-in-methods', 'get'],
      ['/users/me/sign-in-methods/{id}', 'delete'],
    ];
    for (const [path, method] of calls) expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev/oidc'))).toEqual([]);
  });
});
