import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { bearer, grantPoints, signUpWithAccess, type VerifiedUser } from '../support/app';
import { useTestChainApp } from '../support/chain';

/** The server owns the gas policy: a speed, or a price inside a band around the node's current fee, checked before anything is debited. */
const chainApp = useTestChainApp();

type Json = Record<string, unknown>;
const convert = (user: VerifiedUser, payload: Json) => chainApp.testApp.app.inject({ method: 'POST', url: '/api/rewards/convert-points-to-finu', headers: bearer(user.token), payload });
const get = (user: VerifiedUser, url: string) => chainApp.testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });

async function waitFinal(user: VerifiedUser, id: string): Promise<Json> {
  for (let i = 0; i < 300; i++) {
    const body = (await get(user, `/api/rewards/transfer/${id}`)).json<Json>();
    if (body.status === 'confirmed' || body.status === 'failed') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`transfer ${id} not final`);
}

describe('converting points: the gas price is the server’s to set', () => {
  it('1e-7, 0.001, 10000, ten decimals, a bad speed, or both a speed and a price are refused with a 422 and never reach the worker', async () => {
    const user = await signUpWithAccess(chainApp.testApp.app);
    await grantPoints(chainApp.testApp.app, user.userId, 500);
    const to_address = Wallet.createRandom().address;
    const cases: Array<[unknown, RegExp]> = [
      [{ gas_price_gwei: 1e-7 }, /gas_price_gwei must be a decimal number of gwei with at most 9 decimals/],
      [{ gas_price_gwei: '1e-7' }, /gas_price_gwei must be a decimal/],
      [{ gas_price_gwei: 0.001 }, /gas_price_gwei must be between [\d.]+ and [\d.]+ gwei/],
      [{ gas_price_gwei: '0.001' }, /gas_price_gwei must be between/],
      [{ gas_price_gwei: 10000 }, /gas_price_gwei must be between/],
      [{ gas_price_gwei: '1.0000000001' }, /at most 9 decimals/],
      [{ gas_price_gwei: '-1' }, /gas_price_gwei must be a decimal/],
      [{ gas_price_gwei: true }, /gas_price_gwei must be a number of gwei/],
      [{ speed: 'turbo' }, /speed must be slow, normal or fast/],
      [{ speed: 'fast', gas_price_gwei: '2' }, /a speed or a gas_price_gwei, not both/],
    ];
    for (const [gas, detail] of cases) {
      const res = await convert(user, { points: 100, to_address, ...(gas as Json) });
      expect(res.statusCode, JSON.stringify(gas)).toBe(422);
      expect(res.json().detail).toMatch(detail);
    }
    const stats = (await get(user, '/tokens/statistics')).json();
    expect(stats).toMatchObject({ balance: 500, converting_points: 0, total_converted_points: 0 });
  });

  it('a speed, or a price inside the band, is sent and confirmed', async () => {
    const user = await signUpWithAccess(chainApp.testApp.app);
    await grantPoints(chainApp.testApp.app, user.userId, 300);
    const to_address = Wallet.createRandom().address;
    const slow = await convert(user, { points: 100, to_address, speed: 'slow' });
    expect(slow.statusCode).toBe(202);
    const priced = await convert(user, { points: 100, to_address, gas_price_gwei: '2.5' });
    expect(priced.statusCode).toBe(202);
    const plain = await convert(user, { points: 100, to_address });
    expect(plain.statusCode).toBe(202);
    for (const res of [slow, priced, plain]) expect(await waitFinal(user, res.json().transfer_id as string)).toMatchObject({ status: 'confirmed' });
    expect((await get(user, `/api/rewards/finu-balance?address=${to_address}`)).json()).toMatchObject({ balance: '3.0' });
  });
});
