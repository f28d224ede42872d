import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Wallet, parseUnits } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS_PRICE_PATTERN } from '../../src/contract/rewards';
import { nodeFee, priceBand } from '../../src/server/services/chain/gas';
import { bearer, grantPoints, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';
import { operationsOf, type JsonSchema } from './support/openapi';
import { LONG, reliabilityApp } from './support/world';

/**
 * Standing proof that a client cannot stall or drain the payouts through a gas price: every value a client may
 * send is either inside the band around the node's fee (and paid) or a 422 before anything is debited; the
 * transfer worker keeps paying whatever was sent. Any route whose body names a gas or fee field must be listed
 * in GAS_ROUTES, so a new one gets the same cases.
 */
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await reliabilityApp();
  app = testApp.app;
}, 300_000);
afterAll(() => testApp?.close());

const CONVERT = 'POST /api/rewards/convert-points-to-finu';
/** Each route that takes a gas field, and how to send it one value of that field. */
const GAS_ROUTES: Record<string, (user: VerifiedUser, gas: unknown) => Promise<LightMyRequestResponse>> = {
  [CONVERT]: (user, gas) => app.inject({ method: 'POST', url: '/api/rewards/convert-points-to-finu', headers: bearer(user.token), payload: { points: 100, to_address: Wallet.createRandom().address, gas_price_gwei: gas } }),
};
const AUDIT_VALUES: unknown[] = [1e-7, '1e-7', 0.001, '0.001', 10000, '10000', '1.0000000001', -1, 0, '0x10', 'Infinity', '', ' 2', null];

const converting = async (user: VerifiedUser) => (await app.inject({ method: 'GET', url: '/tokens/statistics', headers: bearer(user.token) })).json<{ balance: number; converting_points: number }>();
async function settled(user: VerifiedUser) {
  for (let i = 0; i < 600; i++) {
    const s = await converting(user);
    if (s.converting_points === 0) return s;
    await app.transferWorker()?.runOnce();
  }
  throw new Error('conversions still open');
}

describe('gas: no value a client sends stalls or drains the payouts', () => {
  it('every operation with a gas or fee field in its body is one this file covers', () => {
    const { operations, resolve } = operationsOf(app.swagger());
    const named = operations.filter((op) => {
      const body = op.body ? resolve(op.body.schema) : undefined;
      return Object.keys((body?.properties as Record<string, JsonSchema> | undefined) ?? {}).some((name) => /gas|fee/i.test(name));
    });
    expect(named.map((op) => `${op.method} ${op.path}`).sort()).toEqual(Object.keys(GAS_ROUTES).sort());
  });

  it('the audit’s values (1e-7, 0.001, 10000 and kin) are 422s on every gas route, nothing debited', async () => {
    for (const [route, send] of Object.entries(GAS_ROUTES)) {
      const user = await signUpWithAccess(app);
      await grantPoints(app, user.userId, 1000);
      for (const gas of AUDIT_VALUES) {
        const res = await send(user, gas);
        expect(res.statusCode, `${route} ${JSON.stringify(gas)}`).toBe(422);
        expect(res.json().detail).toEqual(expect.any(String));
      }
      expect(await converting(user)).toMatchObject({ balance: 1000, converting_points: 0 });
    }
  });

  it('any price: inside the band it is paid, outside it is a 422; the payouts after it still go through', { timeout: 900_000 }, async () => {
    const user = await signUpWithAccess(app);
    const runs = LONG ? 200 : 40;
    await grantPoints(app, user.userId, (runs + 1) * 100);
    const price = fc.oneof(
      fc.double({ min: 0, max: 1e6, noNaN: true }),
      fc.tuple(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 12 })).map(([n, decimals]) => (n / 1e8).toFixed(decimals)),
      fc.constantFrom('1', '2', '3.5', '4.999999999', '5', '5.000000001', '1e1', '2E0', '.5', '1.', '01'),
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(price, async (gas) => {
        const text = typeof gas === 'number' ? String(gas) : gas;
        const band = priceBand(await nodeFee(app.chain()!.provider));
        const inBand = GAS_PRICE_PATTERN.test(text) && parseUnits(text, 'gwei') >= band.low && parseUnits(text, 'gwei') <= band.high;
        const res = await GAS_ROUTES[CONVERT]!(user, gas);
        expect(res.statusCode, text).toBe(inBand ? 202 : 422);
        if (inBand) accepted++;
      }),
      { numRuns: runs },
    );
    const plain = await app.inject({ method: 'POST', url: '/api/rewards/convert-points-to-finu', headers: bearer(user.token), payload: { points: 100, to_address: Wallet.createRandom().address, speed: 'fast' } });
    expect(plain.statusCode).toBe(202);
    const done = await settled(user);
    expect(done.balance).toBe((runs + 1) * 100 - (accepted + 1) * 100);
    const transfer = await app.inject({ method: 'GET', url: `/api/rewards/transfer/${plain.json().transfer_id as string}`, headers: bearer(user.token) });
    expect(transfer.json().status).toBe('confirmed');
  });
});
