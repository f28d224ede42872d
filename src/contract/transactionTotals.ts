import * as z from 'zod/mini';

/**
 * GET /transactions/summary: income, spending and net of every transaction matching the same
 * filters as GET /transactions (the list shows a page; this is the whole filtered set).
 */
export const FILTER_TOTALS_SOURCES = ['rollups', 'transactions'] as const;
export type FilterTotalsSource = (typeof FILTER_TOTALS_SOURCES)[number];

export const filterTotals = z
  .object({
    currency: z.string().register(z.globalRegistry, { description: 'The base (profile) currency the sums are in' }),
    income: z.number().register(z.globalRegistry, { description: 'Sum of the matching income' }),
    spending: z.number().register(z.globalRegistry, { description: 'Sum of the matching expenses' }),
    net: z.number().register(z.globalRegistry, { description: 'income - spending' }),
    income_count: z.number().check(z.int()),
    expense_count: z.number().check(z.int()),
    transaction_count: z.number().check(z.int()).register(z.globalRegistry, { description: 'Rows matching the filters (the list total)' }),
    unconverted_count: z
      .number()
      .check(z.int())
      .register(z.globalRegistry, { description: 'Matching rows of a foreign account with no exchange rate for their day: counted in transaction_count, left out of income and spending (never 1:1)' }),
    computed_from: z
      .enum(FILTER_TOTALS_SOURCES)
      .register(z.globalRegistry, { description: "'rollups' when only type, category and dates filter (the daily and monthly totals the dashboard reads); 'transactions' for amount, text, tag, source or import filters (one indexed query over the rows)" }),
  })
  .register(z.globalRegistry, { id: 'TransactionFilterTotals' });

export type FilterTotals = z.infer<typeof filterTotals>;
