import { fromMinorIn } from '../../../contract/money';
import type { TransactionFilters } from '../../../contract/transactions';
import type { FilterTotals } from '../../../contract/transactionTotals';
import type { TransactionTotalsRepository } from '../../repositories/transactionTotals';
import type { TransactionsRepository } from '../../repositories/transactions';
import { loadCategories } from './categories';
import { todayUtc } from './reports';
import { toStoredFilters } from './wire';

/**
 * Income, spending and net of the filtered list (GET /transactions/summary). Like the current balance, they
 * count what has happened: a scheduled entry (dated after today, UTC) is listed but counts from its date on
 * (docs/decisions.md, "Scheduled entries").
 */
export async function filterTotals(
  repos: { transactions: TransactionsRepository; transactionTotals: TransactionTotalsRepository },
  userId: string,
  q: TransactionFilters,
  today = todayUtc(),
): Promise<FilterTotals> {
  const [categories, currency] = await Promise.all([q.category?.length ? loadCategories(repos.transactions, userId) : undefined, repos.transactions.accountCurrency(userId)]);
  const filters = toStoredFilters(q, categories);
  if (!filters.dateTo || filters.dateTo > today) filters.dateTo = today;
  const sums = await repos.transactionTotals.forFilter(userId, filters);
  return {
    currency,
    income: fromMinorIn(sums.incomeMinor, currency),
    spending: fromMinorIn(sums.expenseMinor, currency),
    net: fromMinorIn(sums.incomeMinor - sums.expenseMinor, currency),
    income_count: sums.incomeCount,
    expense_count: sums.expenseCount,
    transaction_count: sums.incomeCount + sums.expenseCount,
    unconverted_count: sums.unconverted,
    computed_from: sums.source,
  };
}
