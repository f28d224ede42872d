/** The shapes the transactions repository reads and writes. */
import type { Db } from '../../db/client';
import { importJobs, transactionCategories, transactions } from '../../db/schema';
import type { RollupGroup } from '../rollups';

export type TransactionRow = Omit<typeof transactions.$inferSelect, 'search' | 'duplicateKey' | 'linkedImportId' | 'transferImportId' | 'transferPriorCategory'>;
export type CategoryRow = typeof transactionCategories.$inferSelect;
export type ImportJobRow = typeof importJobs.$inferSelect;
export type TxType = 'income' | 'expense';
export type Source = 'manual' | 'import' | 'demo';
/** The database or an open transaction on it. */
export type Queryable = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type TransactionKind = 'standard' | 'transfer' | 'valuation' | 'adjustment';

export interface NewTransaction {
  /** Chosen before the insert (an import's rule acts on the row in the same transaction); omitted: the database's. */
  id?: string;
  /** Omitted: the user's default account (trigger transactions_default_account). */
  accountId?: string | null;
  /** Counts as income or spending (see the column's comment in db/schema/transactions.ts); true when omitted. */
  counts?: boolean;
  kind?: TransactionKind;
  transferId?: string | null;
  cleared?: boolean;
  type: TxType;
  amountMinor: number;
  date: string;
  category: string;
  description: string;
  merchant: string | null;
  notes: string | null;
  tags: string[];
  currency: string | null;
  /** The bank's own id (bank-file imports), unique in the account. */
  bankId?: string | null;
  /** The clean merchant name and kind (services/transactions/merchantName.ts). */
  merchantName?: string | null;
  merchantKind?: string | null;
  /** In the base currency at the rate of its day (hundredths, like amountMinor); null or omitted: not converted. */
  baseAmountMinor?: number | null;
  /** A charge in another currency than the account's: what it was there. */
  originalAmountMinor?: number | null;
  originalCurrency?: string | null;
}

/** One line of a split row: minor units, positive, in the row's direction. */
export interface SplitLine {
  category: string;
  amountMinor: number;
  memo: string | null;
}

export type TransactionPatch = Partial<Omit<NewTransaction, 'accountId'>> & { accountId?: string; reconciled?: boolean };

/** Filters in storage terms: canonical category names, minor units, a ready tsquery. */
export interface StoredFilters {
  type?: TxType;
  categories?: string[];
  dateFrom?: string;
  dateTo?: string;
  amountMinMinor?: number;
  amountMaxMinor?: number;
  /** to_tsquery('simple', …) input, e.g. `star:* & coffee:*`. */
  tsquery?: string;
  tags?: string[];
  source?: Source;
  importId?: string;
  accountId?: string;
}

export type SortKey = 'date' | 'amount' | 'created_at';
export interface KeysetPosition {
  /** The sort key of the last row seen: YYYY-MM-DD, minor units, or an ISO timestamp. */
  value: string | number;
  id: string;
}

export interface ListRequest {
  filters: StoredFilters;
  sort: SortKey;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  after?: KeysetPosition;
  includeTotal: boolean;
}

export interface ListResult {
  rows: TransactionRow[];
  total: number | null;
  hasMore: boolean;
}

export interface PeriodTotals {
  incomeMinor: number;
  expenseMinor: number;
  count: number;
  /** Rows left out of the sums for want of a rate (where the caller reads it). */
  unconverted?: number;
}

export type CategoryTotalRow = RollupGroup;
