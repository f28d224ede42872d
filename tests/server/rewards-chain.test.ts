import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet, verifyMessage } from 'ethers';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, createTestDatabase, grantPoints, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';
import { startTestChain, useTestChainApp } from '../support/chain';
import { seedPgliteDataDir } from '../support/db-template';

type Json = Record<string, unknown>;
const chainApp = useTestChainApp();

const call = (t: TestApp, user: VerifiedUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(user.token), ...(payload === undefined ? {} : { payload: payload as object }) });
const grant = (t: TestApp, user: VerifiedUser, points: number) => grantPoints(t.app, user.userId, points);

async function waitFinal(t: TestApp, user: VerifiedUser, id: string, timeoutMs = 30_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await call(t, user, 'GET', `/api/rewards/transfer/${id}`)).json<Json>();
    if (body.status === 'confirmed' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`transfer ${id} still ${String(body.status)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('FINU on a real EVM node (anvil)', () => {
  it('a conversion to the user’s own wallet confirms on chain: the balance equals points × the rate', async () => {
    const user = await signUpWithAccess(chainApp.testApp.app);
    await grant(chainApp.testApp, user, 750);
    const info = (await call(chainApp.testApp, user, 'GET', '/api/wallet/info')).json<{ address: string; token_address: string }>();
    expect(info.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(info.token_address).toMatch(/^0x/);
    const res = await call(chainApp.testApp, user, 'POST', '/api/rewards/convert-points-to-finu', { points: 350, to_address: info.address });
    expect(res.statusCode).toBe(202);
    const done = await waitFinal(chainApp.testApp, user, res.json().transfer_id);
    expect(done).toMatchObject({ status: 'confirmed', tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), block_number: expect.any(Number) });
    const onchain = (await call(chainApp.testApp, user, 'GET', '/tokens/onchain-balance')).json();
    expect(onchain).toMatchObject({ address: info.address, balance: '3.5', balance_wei: '3500000000000000000', symbol: 'FINU' });
    const wallet = (await call(chainApp.testApp, user, 'GET', '/api/wallet/balance')).json();
    expect(wallet).toMatchObject({ balance: '3.5', points_balance: 400 });
    // Any address, checksummed or not.
    const lower = (await call(chainApp.testApp, user, 'GET', `/api/rewards/finu-balance?address=${info.address.toLowerCase()}`)).json();
    expect(lower).toMatchObject({ address: info.address, balance: '3.5' });
    const stats = (await call(chainApp.testApp, user, 'GET', '/tokens/statistics')).json();
    expect(stats).toMatchObject({ total_converted_points: 350, converting_points: 0, balance: 400 });
  });

  it('signs messages verifiable with ethers.verifyMessage and backs up to a keystore that opens with the password only', async () => {
    const user = await signUpWithAccess(chainApp.testApp.app);
    const signed = (await call(chainApp.testApp, user, 'POST', '/api/wallet/sign-message', { message: 'I own this wallet' })).json<{ address: string; signature: string }>();
    expect(verifyMessage('I own this wallet', signed.signature)).toBe(signed.address);
    const empty = await call(chainApp.testApp, user, 'POST', '/api/wallet/sign-message', { message: '' });
    expect(empty.statusCode).toBe(422);
    const short = await call(chainApp.testApp, user, 'POST', '/api/wallet/backup', { password: 'short' });
    expect(short.statusCode).toBe(422);
    const backup = await call(chainApp.testApp, user, 'POST', '/api/wallet/backup', { password: 'a long backup password' });
    expect(backup.statusCode).toBe(200);
    const { keystore, address } = backup.json<{ keystore: string; address: string }>();
    expect(keystore).not.toMatch(/privateKey/i);
    const restored = await Wallet.fromEncryptedJson(keystore, 'a long backup password');
    expect(restored.address).toBe(address);
    await expect(Wallet.fromEncryptedJson(keystore, 'wrong password!')).rejects.toThrow();
  }, 60_000);

  it('many conversions at once each pay exactly once (treasury outflow equals the confirmed sum)', async () => {
    const user = await signUpWithAccess(chainApp.testApp.app);
    await grant(chainApp.testApp, user, 2000);
    const to = Wallet.createRandom().address;
    const results = await Promise.all(Array.from({ length: 12 }, () => call(chainApp.testApp, user, 'POST', '/api/rewards/convert-points-to-finu', { points: 150, to_address: to })));
    const ids = results.filter((r) => r.statusCode === 202).map((r) => r.json().transfer_id as string);
    expect(ids).toHaveLength(12);
    const finals = await Promise.all(ids.map((id) => waitFinal(chainApp.testApp, user, id, 60_000)));
    expect(finals.every((f) => f.status === 'confirmed')).toBe(true);
    expect(new Set(finals.map((f) => f.tx_hash)).size).toBe(12);
    const balance = (await call(chainApp.testApp, user, 'GET', `/api/rewards/finu-balance?address=${to}`)).json();
    expect(balance.balance).toBe('18.0');
  }, 90_000);
});

describe('restart persistence', () => {
  it('points, wallet, transfers and FINU on chain survive a restart of the server and the node', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'finu-chain-'));
    const database = await createTestDatabase();
    try {
      if (!database.databaseUrl) await seedPgliteDataDir(dataDir);
      let chain = await startTestChain(dataDir);
      let t = await createTestApp({ dataDir, database, chainRpcUrl: chain.rpcUrl });
      const user = await signUpWithAccess(t.app);
      await grant(t, user, 500);
      const wallet = (await call(t, user, 'GET', '/api/wallet/info')).json<{ address: string; token_address: string }>();
      const converted = await call(t, user, 'POST', '/api/rewards/convert-points-to-finu', { points: 200, to_address: wallet.address });
      const id = converted.json().transfer_id as string;
      await waitFinal(t, user, id);
      // Give anvil's 1 s state interval a chance, then stop both (SIGTERM also writes the state).
      await t.close();
      await chain.stop();

      chain = await startTestChain(dataDir);
      t = await createTestApp({ dataDir, database, chainRpcUrl: chain.rpcUrl });
      try {
        expect((await call(t, user, 'GET', '/tokens/balance')).json().fin_token_balance).toBe(300);
        const again = (await call(t, user, 'GET', '/api/wallet/info')).json();
        expect(again).toMatchObject({ address: wallet.address, token_address: wallet.token_address });
        expect((await call(t, user, 'GET', `/api/rewards/transfer/${id}`)).json()).toMatchObject({ status: 'confirmed' });
        expect((await call(t, user, 'GET', '/tokens/onchain-balance')).json()).toMatchObject({ balance: '2.0' });
      } finally {
        await t.close();
        await chain.stop();
      }
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
