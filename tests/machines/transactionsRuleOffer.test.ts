import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RuleOffer } from '../../src/contract/autoRules';
import { transactionListMachine } from '../../machines/transactionList';
import { transactionsMachine } from '../../machines/transactions';
import type { Toast } from '../../machines/types';
import { DEFAULT_FILTERS } from '../../src/web/transactions/urlCodec';
import { settledWithList } from './support/settled';
import { categories, fakeBackend, rowsOf } from './support/transactions';

const offer: RuleOffer = { merchant: 'Blue Bottle Coffee', category: 'Dining', corrections: 1 };

/** The real transactions machine on the fake backend, the offer calls recorded. */
async function start(options: { offer?: RuleOffer | null; failAccept?: boolean } = {}) {
  const backend = fakeBackend(rowsOf(3, () => ({ category: 'Shopping' })));
  const toasts: Toast[] = [];
  const calls: string[] = [];
  const actor = createActor(
    transactionsMachine.provide({
      actors: {
        transactionList: transactionListMachine.provide({
          actors: {
            fetchPage: fromPromise(async ({ input }) => {
              const page = await backend.page({ filters: input.query, cursor: input.cursor, limit: input.limit, includeTotal: input.includeTotal });
              return { items: page.transactions, total: page.total, nextCursor: page.next_cursor, hasMore: page.has_more };
            }),
            deleteItem: fromPromise(({ input }) => backend.remove(input.id)),
          },
        }),
        fetchSummary: fromPromise(() => backend.summary()),
        fetchCategories: fromPromise(() => backend.categories()),
        saveTransaction: fromPromise(({ input }) => backend.save(input.transactionId, input.values)),
        fetchRuleOffer: fromPromise(async ({ input }) => {
          calls.push(`offer ${input.transactionId}`);
          return options.offer === undefined ? offer : options.offer;
        }),
        acceptRuleOffer: fromPromise(async ({ input }) => {
          calls.push(`accept ${input.merchant} ${input.category}`);
          if (options.failAccept) throw Object.assign(new Error('You can have at most 200 rules: delete one first'), { status: 409, detail: 'You can have at most 200 rules: delete one first' });
          return {};
        }),
        dismissRuleOffer: fromPromise(async ({ input }) => {
          calls.push(`dismiss ${input.merchant} ${input.category}`);
          return {};
        }),
      },
      actions: { notify: (_, toast) => void (toast.message && toasts.push(toast)) },
    }),
    { input: { filters: DEFAULT_FILTERS, categories } },
  ).start();
  const settled = () => settledWithList(actor, (s) => !s.hasTag('busy') && !s.matches({ summary: 'loading' }) && !s.matches({ categories: 'loading' }) && !s.matches({ ruleOffer: 'checking' }) && !s.matches({ ruleOffer: 'dismissing' }));
  await settled();
  const refile = async (id: string, category: string) => {
    actor.send({ type: 'transaction.edit', transactionId: id });
    const row = actor.getSnapshot().context.editing!;
    actor.send({ type: 'form.submit', values: { type: row.type, amount: row.amount, date: row.date, description: row.description, category, notes: row.notes ?? '', tags: row.tags, merchant: row.merchant ?? '' } as never });
    await settled();
  };
  return { actor, toasts, calls, settled, refile, offer: () => actor.getSnapshot().context.ruleOffer };
}

describe('transactions machine: a rule offered after a row is re-filed', () => {
  it('a saved change of category asks for an offer; Create rule makes it and says so', async () => {
    const t = await start();
    await t.refile('t1', 'Dining');
    expect(t.calls).toEqual(['offer t1']);
    expect(t.offer()).toEqual(offer);
    expect(t.actor.getSnapshot().matches({ ruleOffer: 'offered' })).toBe(true);
    t.actor.send({ type: 'ruleOffer.accept' });
    await t.settled();
    expect(t.calls.at(-1)).toBe('accept Blue Bottle Coffee Dining');
    expect(t.offer()).toBeNull();
    expect(t.toasts.at(-1)).toEqual({ kind: 'success', message: 'Rule saved' });
  });

  it('an edit that keeps the category asks nothing; nothing worth offering shows nothing', async () => {
    const t = await start({ offer: null });
    await t.refile('t1', 'Shopping');
    expect(t.calls).toEqual([]);
    await t.refile('t2', 'Dining');
    expect(t.calls).toEqual(['offer t2']);
    expect(t.offer()).toBeNull();
    expect(t.actor.getSnapshot().matches({ ruleOffer: 'idle' })).toBe(true);
  });

  it('Not now dismisses the pair; a refused Create rule keeps the offer with the reason as a toast', async () => {
    const t = await start({ failAccept: true });
    await t.refile('t1', 'Dining');
    t.actor.send({ type: 'ruleOffer.accept' });
    await t.settled();
    expect(t.offer()).toEqual(offer);
    expect(t.toasts.at(-1)).toEqual({ kind: 'error', message: 'You can have at most 200 rules: delete one first' });
    t.actor.send({ type: 'ruleOffer.dismiss' });
    await t.settled();
    expect(t.calls.at(-1)).toBe('dismiss Blue Bottle Coffee Dining');
    expect(t.offer()).toBeNull();
  });
});
