import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TransferPairs } from '../../src/contract/accounts';
import type { Transaction } from '../../src/contract/transactions';
import { transferMatchesMachine, type TransferPair } from '../../machines/transferMatches';

const row = (id: string, type: 'income' | 'expense', account: string): Transaction =>
  ({ transaction_id: id, type, account_id: account, amount: 50, date: '2025-05-01', category: 'Other', description: id, merchant: null, currency: 'USD' }) as unknown as Transaction;
const pair = (from: string, to: string): TransferPair => ({ from: row(from, 'expense', 'checking'), to: row(to, 'income', 'savings') });

function start(pages: TransferPairs[], options: { failLink?: string } = {}) {
  const calls: string[] = [];
  const queue = [...pages];
  const actor = createActor(
    transferMatchesMachine.provide({
      actors: {
        fetchPairs: fromPromise(async ({ input }) => {
          calls.push(`fetch ${input.cursor ?? '-'}`);
          const page = queue.shift();
          if (!page) throw Object.assign(new Error('Server error'), { status: 500 });
          return page;
        }),
        linkPair: fromPromise(async ({ input }) => {
          calls.push(`link ${input.fromId} ${input.toId}`);
          if (options.failLink) throw Object.assign(new Error(options.failLink), { status: 422 });
          return {};
        }),
        dismissPair: fromPromise(async ({ input }) => void calls.push(`dismiss ${input.fromId} ${input.toId}`)),
      },
    }),
  ).start();
  return { actor, calls };
}

const shown = (a: ReturnType<typeof start>['actor']) => a.getSnapshot().context.pairs.map((p) => `${p.from.transaction_id}>${p.to.transaction_id}`);

describe('transfer matches machine', () => {
  it('lists pairs page by page; linking removes every pair holding either row, dismissing removes that pair', async () => {
    const { actor, calls } = start([
      { pairs: [pair('o1', 'i1'), pair('o2', 'i1')], has_more: true, next_cursor: 'c1' },
      { pairs: [pair('o3', 'i3')], has_more: false, next_cursor: null },
    ]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'matches.more' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.pairs.length === 3);
    actor.send({ type: 'matches.more' }); // no more pages: ignored
    expect(actor.getSnapshot().matches('ready')).toBe(true);

    actor.send({ type: 'matches.link', fromId: 'o1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown(actor)).toEqual(['o3>i3']);

    actor.send({ type: 'matches.dismiss', fromId: 'o3' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.pairs.length === 0);
    actor.send({ type: 'matches.link', fromId: 'gone' }); // not listed: ignored
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls).toEqual(['fetch -', 'fetch c1', 'link o1 i1', 'dismiss o3 i3']);
  });

  it("a failed link keeps the pair and shows the server's detail; a failed read offers Retry", async () => {
    const { actor } = start([{ pairs: [pair('o1', 'i1')], has_more: false, next_cursor: null }], { failLink: 'other_transaction_id is not a matching other leg' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'matches.link', fromId: 'o1' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.message).toBe('other_transaction_id is not a matching other leg');
    expect(shown(actor)).toEqual(['o1>i1']);

    const failing = start([]);
    await waitFor(failing.actor, (s) => s.matches('failed'));
    expect(failing.actor.getSnapshot().context.error?.message).toBeTruthy();
    failing.actor.send({ type: 'matches.retry' });
    expect(failing.calls).toEqual(['fetch -', 'fetch -']);
  });
});
