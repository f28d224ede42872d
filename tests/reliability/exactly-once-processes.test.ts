import { randomBytes } from 'node:crypto';
import { Wallet, parseUnits, toBeHex } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedNode } from '../../src/server/services/chain/anvil';
import { createTestDatabase, type TestDatabase } from '../support/app';
import { nodeRpc, startTestChain } from '../support/chain';
import { createAccount, DEV_KEY, http, LONG, startApi, type Account, type ApiProcess } from './support/api';

/**
 * Two API processes on one PostgreSQL and one EVM node (anvil), as docs/deployment.md sets them up, take
 * conversions in turn while each is killed with kill -9 and started again. Every conversion is paid exactly
 * once: each recipient holds 1 FINU or, for a conversion whose answer was lost with its process, 1 FINU or
 * nothing; the points spent equal the FINU paid; the custodial wallet reads the same through either process.
 * PostgreSQL only (PGlite is one process): skipped without DATABASE_URL.
 */
const CONVERSIONS = LONG ? 120 : 24;
const BATCH = 4;

describe.skipIf(!process.env.DATABASE_URL)('exactly once across two API processes on one PostgreSQL and one anvil', () => {
  let database: TestDatabase;
  let node: EmbeddedNode;
  const apis: ApiProcess[] = [];
  let env: Record<string, string>;
  let account: Account;

  beforeAll(async () => {
    database = await createTestDatabase();
    node = await startTestChain();
    const treasury = Wallet.createRandom();
    await nodeRpc(node, 'anvil_setBalance', [treasury.address, toBeHex(parseUnits('1000', 18))]);
    env = { CHAIN_RPC_URL: node.rpcUrl, CHAIN_ID: '31337', TREASURY_PRIVATE_KEY: treasury.privateKey, WALLET_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    // Started together: one deploys FINU (or waits for the other's address in the database).
    apis.push(...(await Promise.all([startApi({ databaseUrl: database.databaseUrl!, env }), startApi({ databaseUrl: database.databaseUrl!, env })])));
    account = await createAccount(apis[0]!.url);
    const granted = await http(apis[0]!.url, 'POST', '/dev/rewards/grant', { headers: { 'x-dev-key': DEV_KEY }, body: { user_id: account.userId, points: CONVERSIONS * 100 } });
    expect(granted.status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await node?.stop();
    await database?.drop();
  });

  it('one FINU token and one custodial wallet: both processes answer the same', async () => {
    // The token address is known once a process's chain is ready (its worker runs then).
    const until = Date.now() + 60_000;
    let infos: Array<{ status: number; body: { address: string; token_address: string | null } }> = [];
    do {
      infos = await Promise.all(apis.map((api) => http<{ address: string; token_address: string | null }>(api.url, 'GET', '/api/wallet/info', { token: account.token })));
      if (infos.every((i) => i.status === 200 && i.body.token_address)) break;
      await new Promise((r) => setTimeout(r, 250));
    } while (Date.now() < until);
    expect(infos.map((i) => i.status)).toEqual([200, 200]);
    expect(infos[0]!.body.address).toBe(infos[1]!.body.address);
    expect(infos[0]!.body.token_address).toBe(infos[1]!.body.token_address);
    const balances = await Promise.all(apis.map((api) => http<{ balance: string }>(api.url, 'GET', '/api/wallet/balance', { token: account.token })));
    expect(balances.map((b) => b.status)).toEqual([200, 200]);
  });

  it(`${CONVERSIONS} conversions through both processes with kill -9 of each: every one paid exactly once`, { timeout: 900_000 }, async () => {
    const acknowledged = new Map<string, string>();
    const unknown: string[] = [];
    const batches = CONVERSIONS / BATCH;
    // Kill each process at least once, at different moments, while its batch is in flight.
    const kills = new Map<number, number>([
      [Math.floor(batches / 3), 0],
      [Math.floor((2 * batches) / 3), 1],
      ...(LONG ? ([[Math.floor(batches / 2), 0], [batches - 2, 1]] as Array<[number, number]>) : []),
    ]);
    for (let b = 0; b < batches; b++) {
      const victim = kills.get(b);
      const sends = Array.from({ length: BATCH }, async (_, k) => {
        const to = Wallet.createRandom().address;
        const api = apis[(b + k) % 2]!;
        try {
          const res = await http<{ transfer_id: string }>(api.url, 'POST', '/api/rewards/convert-points-to-finu', { token: account.token, body: { points: 100, to_address: to } });
          if (res.status === 202) acknowledged.set(to, res.body.transfer_id);
          else unknown.push(to);
        } catch {
          // The process died with the request: it may or may not have been recorded.
          unknown.push(to);
        }
      });
      if (victim !== undefined) {
        await new Promise((r) => setTimeout(r, 20 + ((b * 53) % 120)));
        await apis[victim]!.kill9();
      }
      await Promise.all(sends);
      if (victim !== undefined) apis[victim] = await startApi({ databaseUrl: database.databaseUrl!, env });
    }

    // Every acknowledged conversion becomes final, whichever process's worker holds the lease.
    const until = Date.now() + 300_000;
    for (;;) {
      const stats = await http<{ converting_points: number }>(apis[0]!.url, 'GET', '/tokens/statistics', { token: account.token });
      if (stats.status === 200 && stats.body.converting_points === 0) break;
      if (Date.now() > until) throw new Error(`conversions still open: ${JSON.stringify(stats.body)}`);
      await new Promise((r) => setTimeout(r, 250));
    }

    const finuOf = async (address: string) => {
      const res = await http<{ balance_wei: string }>(apis[1]!.url, 'GET', `/api/rewards/finu-balance?address=${address}`, { token: account.token });
      expect(res.status).toBe(200);
      return BigInt(res.body.balance_wei);
    };
    const ONE_FINU = 10n ** 18n;
    let paidWei = 0n;
    for (const [to, id] of acknowledged) {
      const transfer = await http<{ status: string }>(apis[0]!.url, 'GET', `/api/rewards/transfer/${id}`, { token: account.token });
      expect(transfer.body.status, to).toBe('confirmed');
      const wei = await finuOf(to);
      expect(wei, to).toBe(ONE_FINU);
      paidWei += wei;
    }
    for (const to of unknown) {
      const wei = await finuOf(to);
      expect([0n, ONE_FINU], to).toContain(wei);
      paidWei += wei;
    }
    const stats = await http<{ balance: number; total_converted_points: number; converting_points: number }>(apis[1]!.url, 'GET', '/tokens/statistics', { token: account.token });
    // Points spent on confirmed transfers are exactly the FINU that arrived (100 points = 1 FINU), and the rest is still held.
    expect(BigInt(stats.body.total_converted_points) * (ONE_FINU / 100n)).toBe(paidWei);
    expect(stats.body.balance + stats.body.total_converted_points).toBe(CONVERSIONS * 100);
    expect(acknowledged.size).toBeGreaterThanOrEqual(CONVERSIONS / 2);
    console.log(`exactly once: ${CONVERSIONS} conversions, ${acknowledged.size} acknowledged, ${unknown.length} lost with a killed process, ${kills.size} kills, ${paidWei / ONE_FINU} FINU paid`);
  });
});
