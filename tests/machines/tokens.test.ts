import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { tokensMachine, tokensTexts, type TokensOverview } from '../../machines/tokens';
import type { Transfer } from '../../src/contract/rewards';
import type { Toast } from '../../machines/types';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const overview = (points: number): TokensOverview => ({
  balance: { fin_token_balance: points, total_earned: points, total_spent: 0, last_updated: null, recent_activity: [], points_per_finu: 100, min_conversion_points: 100 },
  statistics: null,
  available: null,
  progress: null,
  earnings: null,
  wallet: { address: ADDRESS, created_at: '2026-01-01T00:00:00Z', chain_id: 31337, token_address: null, symbol: 'FINU', custodial: true },
});
const transfer = (status: Transfer['status']): Transfer => ({
  transfer_id: 'tr-1', status, points: 150, amount: '1.5', amount_wei: '1500000000000000000', to_address: ADDRESS, chain_id: 31337, token_address: null,
  tx_hash: status === 'pending' ? null : `0x${'a'.repeat(64)}`, block_number: status === 'confirmed' ? 7 : null, error: null, created_at: '2026-01-01T00:00:00Z', finished_at: null,
});

function start(points = 155, statuses: Transfer['status'][] = ['submitted', 'confirmed']) {
  const toasts: Toast[] = [];
  const converted: unknown[] = [];
  let poll = 0;
  const actor = createActor(
    tokensMachine.provide({
      actors: {
        loadOverview: fromPromise(async () => overview(points)),
        loadHistory: fromPromise(async ({ input }) => ({ history: [], total: 0, limit: input.limit, offset: input.offset, has_more: false })),
        loadOnchain: fromPromise(async () => ({ address: ADDRESS, balance: '0.0', balance_wei: '0', symbol: 'FINU' as const, decimals: 18 as const, token_address: '0x2', chain_id: 31337 })),
        convert: fromPromise(async ({ input }) => {
          converted.push(input);
          return transfer('pending');
        }),
        getTransfer: fromPromise(async () => transfer(statuses[Math.min(poll++, statuses.length - 1)]!)),
      },
      actions: { notify: (_, t) => void toasts.push(t) },
      delays: { pollInterval: 10 },
    }),
  ).start();
  return { actor, toasts, converted };
}

describe('tokens machine: converting points', () => {
  it('field errors for too many points and a malformed address keep the form open; nothing is sent', async () => {
    const { actor, converted } = start();
    await waitFor(actor, (s) => s.matches({ overview: 'ready' }));
    actor.send({ type: 'convert.open' });
    actor.send({ type: 'convert.change', field: 'points', value: '500' });
    actor.send({ type: 'convert.change', field: 'toAddress', value: '0x12' });
    actor.send({ type: 'convert.submit' });
    expect(actor.getSnapshot().matches({ conversion: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ points: tokensTexts.pointsMax(155), toAddress: tokensTexts.addressInvalid });
    actor.send({ type: 'convert.change', field: 'points', value: '50' });
    actor.send({ type: 'convert.submit' });
    expect(actor.getSnapshot().context.fieldErrors.points).toBe(tokensTexts.pointsMin(100));
    expect(converted).toEqual([]);
  });

  it('review, confirm, then follow the transfer until confirmed; the user is told', async () => {
    const { actor, converted, toasts } = start();
    await waitFor(actor, (s) => s.matches({ overview: 'ready' }));
    actor.send({ type: 'convert.open' });
    actor.send({ type: 'convert.useAll' });
    actor.send({ type: 'convert.useMyWallet' });
    actor.send({ type: 'convert.submit' });
    expect(actor.getSnapshot().matches({ conversion: 'confirming' })).toBe(true);
    expect(converted).toEqual([]);
    actor.send({ type: 'convert.confirm' });
    await waitFor(actor, (s) => s.matches({ conversion: 'done' }), { timeout: 2000 });
    expect(converted).toEqual([{ points: 155, to_address: ADDRESS, speed: 'normal' }]);
    expect(actor.getSnapshot().context.transfer).toMatchObject({ status: 'confirmed', block_number: 7 });
    expect(toasts).toContainEqual({ kind: 'success', message: tokensTexts.confirmed });
  });

  it('a failed transfer ends in done with the refund message', async () => {
    const { actor, toasts } = start(300, ['failed']);
    await waitFor(actor, (s) => s.matches({ overview: 'ready' }));
    actor.send({ type: 'convert.open' });
    actor.send({ type: 'convert.change', field: 'points', value: '200' });
    actor.send({ type: 'convert.change', field: 'toAddress', value: ADDRESS });
    actor.send({ type: 'convert.submit' });
    actor.send({ type: 'convert.confirm' });
    await waitFor(actor, (s) => s.matches({ conversion: 'done' }), { timeout: 2000 });
    expect(toasts).toContainEqual({ kind: 'error', message: tokensTexts.failedTransfer });
  });

  it('the speed the user picks (slow, normal by default, fast) is what the conversion asks the server for', async () => {
    const { actor, converted } = start();
    await waitFor(actor, (s) => s.matches({ overview: 'ready' }));
    actor.send({ type: 'convert.open' });
    expect(actor.getSnapshot().context.draft.speed).toBe('normal');
    actor.send({ type: 'convert.useAll' });
    actor.send({ type: 'convert.useMyWallet' });
    actor.send({ type: 'convert.speed', speed: 'fast' });
    actor.send({ type: 'convert.submit' });
    actor.send({ type: 'convert.back' });
    expect(actor.getSnapshot().context.draft.speed).toBe('fast');
    actor.send({ type: 'convert.submit' });
    actor.send({ type: 'convert.confirm' });
    await waitFor(actor, (s) => s.matches({ conversion: 'done' }), { timeout: 2000 });
    expect(converted).toEqual([{ points: 155, to_address: ADDRESS, speed: 'fast' }]);
    // Another conversion starts at the default again.
    actor.send({ type: 'convert.open' });
    expect(actor.getSnapshot().context.draft.speed).toBe('normal');
  });
});
