import { z } from 'zod';
import { FILTER_TOTALS_SOURCES } from '../transactionTotals';
export * from '../transactionTotals';

export const filterTotals = z
  .object({
    currency: z.string().describe('Account currency'),
    income: z.number().describe('Sum of the matching income'),
    spending: z.number().describe('Sum of the matching expenses'),
    net: z.number().describe('income - spending'),
    income_count: z.number().int(),
    expense_count: z.number().int(),
    transaction_count: z.number().int().describe('Rows matching the filters (the list total)'),
    computed_from: z
      .enum(FILTER_TOTALS_SOURCES)
      .describe("'rollups' when only type, category and dates filter (the daily and monthly totals the dashboard reads); 'transactions' for amount, text, tag, source or import filters (one indexed query over the rows)"),
  })
  .meta({ id: 'TransactionFilterTotals' });
