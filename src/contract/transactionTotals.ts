import type { z } from 'zod';
import type { filterTotals } from './schemas/transactionTotals';

/**
 * GET /transactions/summary: income, spending and net of every transaction matching the same
 * filters as GET /transactions (the list shows a page; this is the whole filtered set).
 */
export const FILTER_TOTALS_SOURCES = ['rollups', 'transactions'] as const;
export type FilterTotalsSource = (typeof FILTER_TOTALS_SOURCES)[number];

export type FilterTotals = z.infer<typeof filterTotals>;
