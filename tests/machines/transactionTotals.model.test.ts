import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { transactionTotalsMachine, transactionTotalsTexts, type FilterQuery } from '../../machines/transactionTotals';
import type { FilterTotals } from '../../src/contract/transactionTotals';
import { transactionTotalsModel } from '../models/transactionTotals';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths } from './support/model';

const paths = modelPaths(transactionTotalsModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');

/** The real machine on a fake GET /transactions/summary over a few rows (the pause before asking is 1 ms here). */
function start() {
  const rows: Array<{ type: 'income' | 'expense'; amount: number }> = [
    { type: 'income', amount: 3000 },
    { type: 'expense', amount: 100 },
    { type: 'expense', amount: 20 },
  ];
  const server = { down: false, rows };
  const totals = (filters: FilterQuery): FilterTotals => {
    const matching = rows.filter((r) => !filters.type || r.type === filters.type);
    const income = matching.filter((r) => r.type === 'income').reduce((s, r) => s + r.amount, 0);
    const spending = matching.filter((r) => r.type === 'expense').reduce((s, r) => s + r.amount, 0);
    const incomeCount = matching.filter((r) => r.type === 'income').length;
    return { currency: 'EUR', income, spending, net: income - spending, income_count: incomeCount, expense_count: matching.length - incomeCount, transaction_count: matching.length, unconverted_count: 0, computed_from: 'rollups' };
  };
  const actor = createActor(
    transactionTotalsMachine.provide({
      actors: {
        fetchTotals: fromPromise(async ({ input }) => {
          if (server.down) throw apiError('', 503);
          return totals(input.filters);
        }),
      },
      delays: { settle: 1 },
    }),
    { input: { filters: {} } },
  );
  return { actor, server, settled: () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 5_000 }) };
}

describe('model-based paths: the totals of the filtered list (real transactionTotals machine)', () => {
  itWalksTheWholeModel(transactionTotalsModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, server, settled } = start();
      coverage.path(path.description).attach(actor);
      actor.start();
      await settled();
      const shows = (income: number, spending: number) => {
        expect(actor.getSnapshot().value).toBe('loaded');
        expect(actor.getSnapshot().context.totals).toMatchObject({ income, spending, net: income - spending });
      };
      await path.test({
        events: {
          FILTER_EXPENSES: async () => {
            actor.send({ type: 'totals.filtersChanged', filters: { type: 'expense' } });
            await settled();
          },
          ADD_INCOME: async () => {
            server.rows.push({ type: 'income', amount: 500 });
            actor.send({ type: 'totals.refresh' });
            await settled();
          },
          ROWS_CHANGE_WHILE_DOWN: async () => {
            server.down = true;
            actor.send({ type: 'totals.refresh' });
            await settled();
          },
          RETRY: async () => {
            server.down = false;
            actor.send({ type: 'totals.retry' });
            await settled();
          },
        },
        states: {
          allRows: () => shows(3000, 120),
          expensesOnly: () => shows(0, 120),
          incomeAdded: () => shows(3500, 120),
          failed: () => {
            expect(actor.getSnapshot().value).toBe('failed');
            expect(actor.getSnapshot().context.error?.message).toBe(transactionTotalsTexts.failed);
          },
          recovered: () => shows(3000, 120),
        },
      });
    });
  }
});
