import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FilterTotals } from '../../src/contract/transactionTotals';
import { TOTALS_SETTLE_MS, transactionTotalsMachine, type FilterQuery } from '../../machines/transactionTotals';

const answer = (income: number, spending: number): FilterTotals => ({ currency: 'EUR', income, spending, net: income - spending, income_count: 1, expense_count: 1, transaction_count: 2, unconverted_count: 0, computed_from: 'rollups' });

function start(reply: (filters: FilterQuery) => FilterTotals, filters: FilterQuery = {}) {
  const asked: FilterQuery[] = [];
  const actor = createActor(
    transactionTotalsMachine.provide({
      actors: {
        fetchTotals: fromPromise(async ({ input }) => {
          asked.push(input.filters);
          return reply(input.filters);
        }),
      },
    }),
    { input: { filters } },
  ).start();
  return { actor, asked, settled: () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 5_000 }) };
}

describe('transaction totals machine (defect 7: totals for the current filter)', () => {
  it('asks for the totals of the filters the list opened with', async () => {
    const t = start(() => answer(100, 40), { category: ['Transport'], date_from: '2026-10-01' });
    await t.settled();
    expect(t.asked).toEqual([{ category: ['Transport'], date_from: '2026-10-01' }]);
    expect(t.actor.getSnapshot().context.totals).toMatchObject({ income: 100, spending: 40, net: 60 });
  });

  it('other filters ask again once typing pauses; the same filters in another order or sort do not', async () => {
    vi.useFakeTimers();
    try {
      const t = start((f) => answer(f.q ? 1 : 0, 0));
      await vi.advanceTimersByTimeAsync(0);
      t.actor.send({ type: 'totals.filtersChanged', filters: { q: 'c' } });
      t.actor.send({ type: 'totals.filtersChanged', filters: { q: 'co' } });
      t.actor.send({ type: 'totals.filtersChanged', filters: { q: 'coffee' } });
      await vi.advanceTimersByTimeAsync(TOTALS_SETTLE_MS + 10);
      t.actor.send({ type: 'totals.filtersChanged', filters: { q: 'coffee', sort: 'amount' } });
      await vi.advanceTimersByTimeAsync(TOTALS_SETTLE_MS + 10);
      expect(t.asked).toEqual([{}, { q: 'coffee' }]);
      expect(t.actor.getSnapshot().value).toBe('loaded');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a change to the rows refreshes the totals, keeping the last ones on screen meanwhile', async () => {
    let spent = 10;
    const t = start(() => answer(0, spent));
    await t.settled();
    spent = 35;
    t.actor.send({ type: 'totals.refresh' });
    expect(t.actor.getSnapshot().context.totals?.spending).toBe(10);
    await t.settled();
    expect(t.actor.getSnapshot().context.totals?.spending).toBe(35);
  });

  it("a failure keeps the server's reason and can be retried", async () => {
    let fail = true;
    const t = start(() => {
      if (fail) throw { message: 'Server error. Please try again later.', status: 500 };
      return answer(1, 2);
    });
    await t.settled();
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Server error. Please try again later.');
    fail = false;
    t.actor.send({ type: 'totals.retry' });
    await t.settled();
    expect(t.actor.getSnapshot().context.totals?.net).toBe(-1);
  });
});
