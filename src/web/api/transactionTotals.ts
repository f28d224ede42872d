import type { FilterTotals } from '../../contract/transactionTotals';
import type { ApiCall } from './client';

/** GET /transactions/summary: totals of the filtered list (same filters as GET /transactions). */
export function transactionTotalsApi(call: ApiCall) {
  return {
    forFilters: (filters: Record<string, string>, signal?: AbortSignal) =>
      call<FilterTotals>('/transactions/summary', { query: { ...filters }, defaultMessage: 'Failed to fetch the totals', signal }),
  };
}
