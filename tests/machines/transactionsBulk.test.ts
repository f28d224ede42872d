import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { Suggestion, SuggestRequest } from '../../src/contract/autoRules';
import { transactionListMachine } from '../../machines/transactionList';
import { transactionsMachine, type BulkChange } from '../../machines/transactions';
import type { Toast } from '../../machines/types';
import { DEFAULT_FILTERS } from '../../src/web/transactions/urlCodec';
import { settledWithList } from './support/settled';
import { categories, fakeBackend, rowsOf } from './support/transactions';

/** The real transactions machine with its list on the fake backend, and the bulk and suggestion calls recorded. */
async function start(options: { failBulk?: boolean } = {}) {
  const backend = fakeBackend(rowsOf(3));
  const toasts: Toast[] = [];
  const bulkCalls: { ids: string[]; change: BulkChange }[] = [];
  const asked: SuggestRequest[] = [];
  const confirmations: { count: number; replyTo: AnyActorRef }[] = [];
  let pages = 0;
  const actor = createActor(
    transactionsMachine.provide({
      actors: {
        transactionList: transactionListMachine.provide({
          actors: {
            fetchPage: fromPromise(async ({ input }) => {
              pages++;
              const page = await backend.page({ filters: input.query, cursor: input.cursor, limit: input.limit, includeTotal: input.includeTotal });
              return { items: page.transactions, total: page.total, nextCursor: page.next_cursor, hasMore: page.has_more };
            }),
            deleteItem: fromPromise(({ input }) => backend.remove(input.id)),
          },
        }),
        fetchSummary: fromPromise(() => backend.summary()),
        fetchCategories: fromPromise(() => backend.categories()),
        bulkTransactions: fromPromise(async ({ input }) => {
          bulkCalls.push(input);
          if (options.failBulk) throw Object.assign(new Error('category is required to categorize'), { status: 422 });
          return { updated: input.ids.length, skipped: 0 };
        }),
        suggestCategory: fromPromise(async ({ input }): Promise<Suggestion> => {
          asked.push(input);
          return { category: 'Dining', merchant: 'Starbucks', tags: [], notes: null, source: 'learned', rule_id: null, confidence: 0.9, why: '9 of your 10 rows from Starbucks are in Dining', confident: true };
        }),
      },
      actions: {
        notify: (_, toast) => void (toast.message && toasts.push(toast)),
        requestBulkDeleteConfirmation: ({ self }, count) => void confirmations.push({ count, replyTo: self }),
      },
    }),
    { input: { filters: DEFAULT_FILTERS, categories } },
  ).start();
  const settled = () => settledWithList(actor, (s) => !s.hasTag('busy') && !s.matches({ summary: 'loading' }) && !s.matches({ categories: 'loading' }) && !s.matches({ suggestion: 'fetching' }));
  await settled();
  return { actor, toasts, bulkCalls, asked, confirmations, settled, pages: () => pages, selected: () => actor.getSnapshot().context.selected };
}

describe('transactions machine: ticked rows and bulk changes', () => {
  it('ticks and unticks rows; a bulk change sends them, toasts the count, clears the ticks and loads the list again', async () => {
    const t = await start();
    t.actor.send({ type: 'selection.toggle', transactionId: 't1' });
    t.actor.send({ type: 'selection.toggle', transactionId: 't2' });
    t.actor.send({ type: 'selection.toggle', transactionId: 't3' });
    t.actor.send({ type: 'selection.toggle', transactionId: 't3' });
    expect(t.selected()).toEqual(['t1', 't2']);
    const before = t.pages();
    t.actor.send({ type: 'bulk.run', change: { action: 'categorize', category: 'Dining' } });
    await t.settled();
    expect(t.bulkCalls).toEqual([{ ids: ['t1', 't2'], change: { action: 'categorize', category: 'Dining' } }]);
    expect(t.toasts.at(-1)).toEqual({ kind: 'success', message: '2 transactions updated' });
    expect(t.selected()).toEqual([]);
    expect(t.pages()).toBeGreaterThan(before);
  });

  it('nothing ticked: a bulk change sends nothing; select all and none', async () => {
    const t = await start();
    t.actor.send({ type: 'bulk.run', change: { action: 'mark_cleared' } });
    await t.settled();
    expect(t.bulkCalls).toEqual([]);
    t.actor.send({ type: 'selection.set', transactionIds: ['t1', 't2', 't3', 't1'] });
    expect(t.selected()).toEqual(['t1', 't2', 't3']);
    t.actor.send({ type: 'selection.clear' });
    expect(t.selected()).toEqual([]);
  });

  it('delete asks for a danger confirmation first; Cancel keeps the ticks, Delete sends', async () => {
    const t = await start();
    t.actor.send({ type: 'selection.set', transactionIds: ['t1', 't3'] });
    t.actor.send({ type: 'bulk.run', change: { action: 'delete' } });
    expect(t.confirmations.map((c) => c.count)).toEqual([2]);
    expect(t.bulkCalls).toEqual([]);
    t.actor.send({ type: 'bulkDelete.cancel' });
    expect(t.selected()).toEqual(['t1', 't3']);
    t.actor.send({ type: 'bulk.run', change: { action: 'delete' } });
    t.actor.send({ type: 'bulkDelete.confirm' });
    await t.settled();
    expect(t.bulkCalls).toEqual([{ ids: ['t1', 't3'], change: { action: 'delete' } }]);
    expect(t.selected()).toEqual([]);
  });

  it("a refused change toasts the server's detail and keeps the ticks", async () => {
    const t = await start({ failBulk: true });
    t.actor.send({ type: 'selection.toggle', transactionId: 't1' });
    t.actor.send({ type: 'bulk.run', change: { action: 'categorize', category: 'Nope' } });
    await t.settled();
    expect(t.toasts.at(-1)).toEqual({ kind: 'error', message: 'category is required to categorize' });
    expect(t.selected()).toEqual(['t1']);
  });
});

describe('transactions machine: the form’s suggested category', () => {
  it('asks once the description has 3 characters; a new form starts without one', async () => {
    const t = await start();
    t.actor.send({ type: 'transaction.create' });
    t.actor.send({ type: 'form.describe', row: { description: 'SB' } });
    await t.settled();
    expect(t.asked).toEqual([]);
    expect(t.actor.getSnapshot().context.suggestion).toBeNull();
    t.actor.send({ type: 'form.describe', row: { description: 'STARBUCKS 1234', amount: 4.5 } });
    await t.settled();
    expect(t.asked).toEqual([{ description: 'STARBUCKS 1234', amount: 4.5 }]);
    expect(t.actor.getSnapshot().context.suggestion).toMatchObject({ category: 'Dining', why: '9 of your 10 rows from Starbucks are in Dining' });
    t.actor.send({ type: 'form.close' });
    t.actor.send({ type: 'transaction.create' });
    expect(t.actor.getSnapshot().context.suggestion).toBeNull();
  });
});
