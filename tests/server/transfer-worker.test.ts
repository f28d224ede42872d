import { Transaction, Wallet, parseUnits } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectChain, type Chain } from '../../src/server/services/chain';
import { MAX_FEE_PER_GAS, MAX_FEE_WEI_PER_CONVERSION } from '../../src/server/services/chain/gas';
import { createTransferWorker, type TransferWorker } from '../../src/server/services/chain/transfers';
import { WEI_PER_POINT } from '../../src/server/services/rewards/rules';
import { bearer, createTestApp, grantPoints, signUpWithAccess, type TestApp } from '../support/app';
import { nodeRpc, startTestChain } from '../support/chain';
import type { EmbeddedNode } from '../../src/server/services/chain/anvil';

/**
 * The transfer worker driven pass by pass against a real anvil whose mining the test controls. The app
 * under test has no chain of its own (conversions are recorded, nothing sends them); the worker here is
 * the only one, so each pass happens exactly when the test says.
 */
let node: EmbeddedNode;
let testApp: TestApp;
let chain: Chain;
let worker: TransferWorker | null = null;
const treasuryKey = Wallet.createRandom().privateKey;

// Straight to the node, not through ethers: the test's own calls must not touch the provider under test.
const rpc = (method: string, params: unknown[] = []) => nodeRpc(node, method, params);

beforeAll(async () => {
  node = await startTestChain();
  testApp = await createTestApp();
  chain = await connectChain(
    { ...testApp.config.chain, rpcUrl: node.rpcUrl, embedded: true, treasuryPrivateKey: treasuryKey },
    testApp.app.repos.rewards.chainState,
    () => undefined,
  );
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  await rpc('evm_setAutomine', [true]);
});
afterAll(async () => {
  chain?.close();
  await testApp?.close();
  await node?.stop();
});

/** One user's conversion of `points` to a fresh address, recorded by the real route (the app has no chain: it stays pending). */
async function convert(points: number): Promise<{ id: string; to: string; token: string }> {
  const user = await signUpWithAccess(testApp.app);
  await grantPoints(testApp.app, user.userId, points);
  const to = Wallet.createRandom().address;
  const res = await testApp.app.inject({ method: 'POST', url: '/api/rewards/convert-points-to-finu', headers: bearer(user.token), payload: { points, to_address: to } });
  expect(res.statusCode).toBe(202);
  return { id: res.json().transfer_id as string, to, token: user.token };
}

const statusOf = async (id: string) => (await testApp.app.repos.rewards.transfers.open()).find((row) => row.id === id)?.status ?? 'final';
const finuOf = async (address: string) => chain.balanceOf(address);

describe('the transfer worker pays each conversion once', () => {
  it('a transaction mined between two passes is not sent again (the RPC client must not answer from a stale cache)', async () => {
    worker = createTransferWorker({ chain, repo: testApp.app.repos.rewards, log: testApp.app.log, intervalMs: 3_600_000 });
    const { id, to } = await convert(150);
    await rpc('evm_setAutomine', [false]);
    // Pass 1 signs and broadcasts; the node holds it in its pool; the pass's last step asks for its receipt (none yet).
    await worker.runOnce();
    expect(await statusOf(id)).toBe('submitted');
    // The node mines it; the next pass comes straight after (a kick, or the 1 s timer during a long pass).
    await rpc('evm_mine');
    await worker.runOnce();
    // Whatever that pass did, let everything it may have sent be mined, then settle.
    await rpc('evm_setAutomine', [true]);
    await rpc('evm_mine');
    for (let i = 0; i < 5 && (await statusOf(id)) !== 'final'; i++) await worker.runOnce();
    expect(await statusOf(id)).toBe('final');
    expect(await finuOf(to)).toBe(150n * WEI_PER_POINT);
  });

  it('a node whose receipts lag behind its nonce count (a load-balanced RPC) does not make the worker sign again', async () => {
    // The receipt of a mined transaction stays hidden for 1.5 s after the nonce count shows it used.
    const seen = new Map<string, number>();
    const lagging: Chain = {
      ...chain,
      receipt: async (hash) => {
        const receipt = await chain.receipt(hash);
        if (!receipt) return null;
        const first = seen.get(hash) ?? Date.now();
        seen.set(hash, first);
        return Date.now() - first < 1500 ? null : receipt;
      },
    };
    worker = createTransferWorker({ chain: lagging, repo: testApp.app.repos.rewards, log: testApp.app.log, intervalMs: 3_600_000 });
    const { id, to } = await convert(200);
    const deadline = Date.now() + 6000;
    while (Date.now() < deadline && (await statusOf(id)) !== 'final') {
      await worker.runOnce();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await statusOf(id)).toBe('final');
    expect(await finuOf(to)).toBe(200n * WEI_PER_POINT);
  });

  it('a transfer whose nonce another transaction took is signed again with a fresh nonce, once, after the hold', async () => {
    worker = createTransferWorker({ chain, repo: testApp.app.repos.rewards, log: testApp.app.log, intervalMs: 3_600_000 });
    const { id, to, token } = await convert(300);
    await rpc('evm_setAutomine', [false]);
    await worker.runOnce();
    const [row] = (await testApp.app.repos.rewards.transfers.open()).filter((r) => r.id === id);
    expect(row).toMatchObject({ status: 'submitted', nonce: expect.any(Number) });
    // Somebody else with the treasury key replaces it in the pool (same nonce, higher fee): it can never land now.
    const treasury = new Wallet(treasuryKey);
    const other = await treasury.signTransaction(Transaction.from({ to: treasury.address, value: 0n, nonce: row!.nonce!, gasLimit: 21_000n, gasPrice: parseUnits('500', 'gwei'), chainId: chain.chainId, type: 0 }));
    await rpc('eth_sendRawTransaction', [other]);
    await rpc('evm_setAutomine', [true]);
    await rpc('evm_mine');
    const started = Date.now();
    while (Date.now() - started < 15_000 && (await statusOf(id)) !== 'final') {
      await worker.runOnce();
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await statusOf(id)).toBe('final');
    // Not before the hold, and paid exactly once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    expect(await finuOf(to)).toBe(300n * WEI_PER_POINT);
    const done = await testApp.app.inject({ method: 'GET', url: `/api/rewards/transfer/${id}`, headers: bearer(token) });
    expect(done.json()).toMatchObject({ status: 'confirmed' });
  }, 30_000);

  it('two workers that both think they hold the lease (it ran out during a long pass) still pay each conversion once', async () => {
    // Both workers are told they hold the lease: what a pass longer than the lease's 30 s allows across API processes.
    const repo = testApp.app.repos.rewards;
    const always = { ...repo, chainState: { ...repo.chainState, lease: async () => true } };
    const a = createTransferWorker({ chain, repo: always, log: testApp.app.log, intervalMs: 3_600_000 });
    const b = createTransferWorker({ chain, repo: always, log: testApp.app.log, intervalMs: 3_600_000 });
    const conversions = await Promise.all(Array.from({ length: 6 }, () => convert(100)));
    try {
      for (let round = 0; round < 10; round++) {
        await Promise.all([a.runOnce(), b.runOnce()]);
        const open = new Set((await repo.transfers.open()).map((row) => row.id));
        if (conversions.every(({ id }) => !open.has(id))) break;
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    for (const { id, to } of conversions) {
      expect(await statusOf(id)).toBe('final');
      expect(await finuOf(to)).toBe(100n * WEI_PER_POINT);
    }
    // And every one confirmed: a nonce taken and then not used would leave the later ones waiting in the node's pool.
    const signed = (await Promise.all(conversions.map(({ id, token }) => testApp.app.inject({ method: 'GET', url: `/api/rewards/transfer/${id}`, headers: bearer(token) })))).map((r) => r.json());
    expect(signed.every((t) => t.status === 'confirmed')).toBe(true);
  });
});

describe('the gas policy: no row blocks the others, no fee below the base fee, a ceiling per conversion', () => {
  /** A conversion stored as earlier code stored a client's gas price (the text as sent), straight through the ledger. */
  async function storedWithPrice(gasPriceGwei: string, points = 100): Promise<{ id: string; to: string; userId: string }> {
    const user = await signUpWithAccess(testApp.app);
    await grantPoints(testApp.app, user.userId, points);
    const to = Wallet.createRandom().address;
    const result = await testApp.app.repos.rewards.convert(user.userId, { points, amountWei: (BigInt(points) * WEI_PER_POINT).toString(), toAddress: to, chainId: chain.chainId, tokenAddress: chain.tokenAddress, gasPriceGwei, gasSpeed: null, title: 'Converted to FINU', message: 'test' });
    if (result.kind !== 'converted') throw new Error('not converted');
    return { id: result.transfer.id, to, userId: user.userId };
  }
  const settleAll = async (ids: string[]) => {
    for (let i = 0; i < 10 && (await Promise.all(ids.map(statusOf))).some((s) => s !== 'final'); i++) await worker!.runOnce();
  };
  const transferRow = async (userId: string, id: string) => (await testApp.app.repos.rewards.transfer(userId, id))!;

  it('a row whose stored price cannot be read (1e-7) fails alone with a reason and its points back; the conversions after it are paid', async () => {
    worker = createTransferWorker({ chain, repo: testApp.app.repos.rewards, log: testApp.app.log, intervalMs: 3_600_000 });
    const bad = await storedWithPrice('1e-7');
    const good = await convert(200);
    await settleAll([bad.id, good.id]);
    const row = await transferRow(bad.userId, bad.id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/cannot be sent/);
    expect((await testApp.app.repos.rewards.account(bad.userId)).balance).toBe(100);
    expect(await finuOf(bad.to)).toBe(0n);
    expect(await finuOf(good.to)).toBe(200n * WEI_PER_POINT);
  });

  it('a stored price below the base fee (0.001 gwei) is signed at the node’s fee, and the transfers after it are paid', async () => {
    worker = createTransferWorker({ chain, repo: testApp.app.repos.rewards, log: testApp.app.log, intervalMs: 3_600_000 });
    const low = await storedWithPrice('0.001');
    const next = await convert(100);
    await settleAll([low.id, next.id]);
    expect((await transferRow(low.userId, low.id)).status).toBe('confirmed');
    expect(await finuOf(low.to)).toBe(100n * WEI_PER_POINT);
    expect(await finuOf(next.to)).toBe(100n * WEI_PER_POINT);
  });

  it('a stored price of 10000 gwei costs the treasury no more than the ceiling per conversion', async () => {
    worker = createTransferWorker({ chain, repo: testApp.app.repos.rewards, log: testApp.app.log, intervalMs: 3_600_000 });
    const dear = await storedWithPrice('10000');
    await settleAll([dear.id]);
    const row = await transferRow(dear.userId, dear.id);
    expect(row.status).toBe('confirmed');
    const receipt = (await chain.receipt(row.txHash!))!;
    expect(receipt.gasPrice).toBeLessThanOrEqual(MAX_FEE_PER_GAS);
    expect(receipt.gasUsed * receipt.gasPrice).toBeLessThanOrEqual(MAX_FEE_WEI_PER_CONVERSION);
  });

  it('a transfer left below the base fee is replaced at once with the same nonce and a fee above it, and paid once', async () => {
    worker = createTransferWorker({ chain, repo: testApp.app.repos.rewards, log: testApp.app.log, intervalMs: 3_600_000 });
    const { id, to } = await convert(100);
    await rpc('evm_setAutomine', [false]);
    await worker.runOnce();
    expect(await statusOf(id)).toBe('submitted');
    // Fees jump past what it was signed with: the next block leaves it in the pool.
    await rpc('anvil_setNextBlockBaseFeePerGas', [`0x${parseUnits('20', 'gwei').toString(16)}`]);
    await rpc('evm_mine');
    await worker.runOnce();
    const open = (await testApp.app.repos.rewards.transfers.open()).find((row) => row.id === id)!;
    expect(open.attempts).toHaveLength(2);
    expect(open.attempts[1]!.nonce).toBe(open.attempts[0]!.nonce);
    const replacement = Transaction.from(open.rawTx!);
    expect(replacement.maxFeePerGas!).toBeGreaterThan(parseUnits('20', 'gwei'));
    await rpc('evm_setAutomine', [true]);
    await rpc('evm_mine');
    for (let i = 0; i < 5 && (await statusOf(id)) !== 'final'; i++) await worker.runOnce();
    expect(await statusOf(id)).toBe('final');
    expect(await finuOf(to)).toBe(100n * WEI_PER_POINT);
  });
});

describe('a confirmed transfer is final', () => {
  it('a worker on a node that lacks its receipt (another node, same chain id) raises an alarm and never signs it again', async () => {
    worker = createTransferWorker({ chain, repo: testApp.app.repos.rewards, log: testApp.app.log, intervalMs: 3_600_000 });
    const { id, to, token } = await convert(100);
    for (let i = 0; i < 5 && (await statusOf(id)) !== 'final'; i++) await worker.runOnce();
    await worker.stop();
    worker = null;
    const before = (await testApp.app.inject({ method: 'GET', url: `/api/rewards/transfer/${id}`, headers: bearer(token) })).json();
    expect(before.status).toBe('confirmed');

    // What one process with its own embedded node saw: the same database, a node that never had the transfer.
    const other = await startTestChain();
    const otherChain = await connectChain({ ...testApp.config.chain, rpcUrl: other.rpcUrl, embedded: true, treasuryPrivateKey: treasuryKey }, testApp.app.repos.rewards.chainState, () => undefined);
    const alarms: string[] = [];
    const log = Object.assign(Object.create(testApp.app.log) as typeof testApp.app.log, { error: (_obj: unknown, msg?: string) => void alarms.push(String(msg)) });
    const second = createTransferWorker({ chain: otherChain, repo: testApp.app.repos.rewards, log, intervalMs: 3_600_000 });
    try {
      await second.runOnce();
      await second.runOnce();
    } finally {
      await second.stop();
      otherChain.close();
      await other.stop();
      // The token address stored per chain id is the other node's now: put this file's back.
      await testApp.app.repos.rewards.chainState.set(`token:${chain.chainId}`, chain.tokenAddress);
    }
    const after = (await testApp.app.inject({ method: 'GET', url: `/api/rewards/transfer/${id}`, headers: bearer(token) })).json();
    expect(after).toMatchObject({ status: 'confirmed', tx_hash: before.tx_hash, block_number: before.block_number });
    expect(alarms.some((m) => /ALARM: a confirmed transfer has no receipt/.test(m))).toBe(true);
    expect(await finuOf(to)).toBe(100n * WEI_PER_POINT);
  }, 60_000);
});

describe('one FINU per chain', () => {
  it('two API processes connecting at once to a node without FINU deploy it once and both use it', async () => {
    // A fresh database and a fresh node: what two processes started together see on their first start.
    const fresh = await createTestApp();
    const other = await startTestChain();
    const connect = () => connectChain({ ...fresh.config.chain, rpcUrl: other.rpcUrl, embedded: true, treasuryPrivateKey: treasuryKey }, fresh.app.repos.rewards.chainState, () => undefined);
    const chains = await Promise.allSettled([connect(), connect()]);
    try {
      expect(chains.map((c) => c.status)).toEqual(['fulfilled', 'fulfilled']);
      const [a, b] = chains.map((c) => (c as PromiseFulfilledResult<Chain>).value);
      expect(a!.tokenAddress).toBe(b!.tokenAddress);
      expect(await fresh.app.repos.rewards.chainState.get(`token:${a!.chainId}`)).toBe(a!.tokenAddress);
      // The whole supply sits with the treasury on the one token: nothing was minted twice.
      expect(await a!.balanceOf(a!.treasury.address)).toBe(parseUnits('1000000000', 18));
      expect(Number(await a!.provider.getTransactionCount(a!.treasury.address))).toBe(1);
    } finally {
      for (const c of chains) if (c.status === 'fulfilled') c.value.close();
      await fresh.close();
      await other.stop();
    }
  }, 60_000);
});
