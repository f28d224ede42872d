import type { Db } from '../../db/client';
import { bankMatchingQueries } from './bankMatching';
import { baseAmountQueries } from './baseAmounts';
import { categoriesRepository } from './categories';
import { importJobsRepository } from './importJobs';
import { listQueries } from './list';
import { rowQueries } from './rows';
import { totalsQueries } from './totals';

export type {
  CategoryRow,
  CategoryTotalRow,
  ImportJobRow,
  KeysetPosition,
  ListRequest,
  ListResult,
  NewTransaction,
  PeriodTotals,
  Queryable,
  SortKey,
  SplitLine,
  StoredFilters,
  TransactionKind,
  TransactionPatch,
  TransactionRow,
} from './types';
export { countableFromRollup, filterConditions, rowColumns } from './query';

/** Transactions, their daily rollup (read side), user categories and import jobs. Every query is scoped by user. */
export function transactionsRepository(db: Db) {
  return {
    ...rowQueries(db),
    ...listQueries(db),
    ...totalsQueries(db),
    ...baseAmountQueries(db),
    ...bankMatchingQueries(db),
    categories: categoriesRepository(db),
    imports: importJobsRepository(db),
  };
}
export type TransactionsRepository = ReturnType<typeof transactionsRepository>;
