import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
}, 120_000);
afterAll(() => testApp?.close());

describe('rate limits on the sign-in endpoints, like the existing auth endpoints', () => {
  it('the nonce calls and POST /api/web3/auth answer 429 with a detail over the limit', async () => {
    const { app } = testApp;
    const address = Wallet.createRandom().address;
    const nonce = () => app.inject({ method: 'GET', url: `/web3/nonce?wallet_address=${address}`, remoteAddress: '198.51.100.20' });
    expect((await nonce()).statusCode).toBe(200);
    expect((await nonce()).statusCode).toBe(200);
    const over = await nonce();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: 'Too many attempts. Please wait a minute and try again.' });
    const auth = () => app.inject({ method: 'POST', url: '/api/web3/auth', remoteAddress: '198.51.100.20', payload: { address, message: 'x', signature: '0x00' } });
    await auth();
    await auth();
    expect((await auth()).statusCode).toBe(429);
  });

  it('over the limit, the browser-facing Google routes still land on the callback page with the reason', async () => {
    const { app, config } = testApp;
    const start = () => app.inject({ method: 'GET', url: '/auth/login/google', remoteAddress: '198.51.100.21' });
    await start();
    await start();
    const over = await start();
    expect(over.statusCode).toBe(302);
    const to = new URL(over.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${config.appUrl}/oauth-callback`);
    expect(to.searchParams.get('error')).toBe('Too many attempts. Please wait a minute and try again.');
  });
});
