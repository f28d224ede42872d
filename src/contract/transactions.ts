import { isRealDate } from './fields';
import type { z } from 'zod';
import type { category, categoryList, categoryTotal, createCategoryRequest, createTransactionRequest, currentBalance, deleteTransactionResponse, expenseCategories, importColumns, importCommitRequest, importJob, importMapping, importPreview, importPreviewRow, lineError, monthTotals, monthlyIncome, monthlyReport, summaryOverview, transaction, transactionFilters, transactionListQuery, transactionListResponse, updateTransactionRequest } from './schemas/transactions';

export { isRealDate };

/**
 * Transactions (spec §3 Transaction, §4 transactions, §7 /transactions calls): income and
 * expenses, categories, summaries and reports, CSV import and export, demo data.
 *
 * Money: `amount` is a positive decimal number with at most two places; `type` says whether it
 * is money in (`income`) or out (`expense`). Dates are calendar days, `YYYY-MM-DD`. Timestamps
 * are ISO 8601 strings. Design choices beyond `transaction_id`: docs/decisions.md, "Transactions".
 */

// ---------------------------------------------------------------------------------------------
// Constants

export const TRANSACTION_TYPES = ['income', 'expense'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Where a row came from: typed in, a CSV import, or the demo data set. */
export const TRANSACTION_SOURCES = ['manual', 'import', 'demo'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

export const TRANSACTION_SORTS = ['date', 'amount', 'created_at'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const TRANSACTION_LIMITS = {
  description: 255,
  merchant: 120,
  notes: 2000,
  tags: 10,
  tag: 32,
  category: 40,
  /** Free-text search: at most this many characters and words. */
  query: 100,
  queryWords: 8,
  /** Amounts stay below this (100 billion in major units). */
  amount: 1e11,
} as const;

/** GET /transactions paging: default and maximum page size; offset beyond the cap needs `cursor`. */
export const TRANSACTION_PAGE = { defaultLimit: 50, maxLimit: 500, maxOffset: 100_000 } as const;

export const CSV_IMPORT_LIMITS = {
  /** Largest upload accepted (bytes of CSV text). */
  maxBytes: 25 * 1024 * 1024,
  maxRows: 250_000,
  /** Rows written per database transaction by the background job. */
  batchSize: 2_000,
  /** Parsed rows shown by a preview, and line errors kept by a preview or a job. */
  previewRows: 100,
  maxErrors: 100,
} as const;

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Date layouts the importer reads; the preview detects one from the data. */
export const IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'YYYY/MM/DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY', 'DD-MM-YYYY', 'MM-DD-YYYY', 'DD/MM/YY', 'MM/DD/YY'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

export const DECIMAL_SEPARATORS = ['.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

export interface DefaultCategory {
  name: string;
  type: TransactionType;
  color: string;
}

/** The built-in categories every user has; users add their own with POST /transactions/categories. */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { name: 'Salary', type: 'income', color: '#249051' },
  { name: 'Freelance', type: 'income', color: '#248f6b' },
  { name: 'Investments', type: 'income', color: '#198c8c' },
  { name: 'Refunds', type: 'income', color: '#379037' },
  { name: 'Gifts Received', type: 'income', color: '#528d29' },
  { name: 'Other Income', type: 'income', color: '#5b8871' },
  { name: 'Housing', type: 'expense', color: '#e44444' },
  { name: 'Utilities', type: 'expense', color: '#678918' },
  { name: 'Groceries', type: 'expense', color: '#a37709' },
  { name: 'Dining', type: 'expense', color: '#cf5d11' },
  { name: 'Transport', type: 'expense', color: '#2d7ee1' },
  { name: 'Subscriptions', type: 'expense', color: '#836be5' },
  { name: 'Shopping', type: 'expense', color: '#d63db7' },
  { name: 'Entertainment', type: 'expense', color: '#b157d5' },
  { name: 'Health', type: 'expense', color: '#249148' },
  { name: 'Insurance', type: 'expense', color: '#6282a1' },
  { name: 'Education', type: 'expense', color: '#1389aa' },
  { name: 'Travel', type: 'expense', color: '#148e7e' },
  { name: 'Personal Care', type: 'expense', color: '#de4283' },
  { name: 'Gifts & Donations', type: 'expense', color: '#ce5767' },
  { name: 'Fees & Charges', type: 'expense', color: '#a2754e' },
  { name: 'Other', type: 'expense', color: '#7e7e7e' },
];
/** Where imported rows without a known category land. */
export const FALLBACK_CATEGORY: Record<TransactionType, string> = { income: 'Other Income', expense: 'Other' };

/** Spec §8 default messages of the transactions calls (detail, then message, then these). */
export const transactionMessages = {
  fetchTransactions: 'Failed to fetch transactions',
  fetchTransaction: 'Failed to fetch transaction',
  createTransaction: 'Failed to create transaction',
  updateTransaction: 'Failed to update transaction',
  deleteTransaction: 'Failed to delete transaction',
  fetchSummary: 'Failed to fetch transaction summary',
  fetchReport: 'Failed to fetch monthly report',
  fetchBalance: 'Failed to fetch current balance',
  fetchExpenseCategories: 'Failed to fetch expense categories',
  fetchMonthlyIncome: 'Failed to fetch monthly income',
  fetchCategories: 'Failed to fetch categories',
  createCategory: 'Failed to create category',
  importPreview: 'Failed to read the CSV file',
  importCommit: 'Failed to start the import',
  importProgress: 'Failed to fetch import progress',
  exportTransactions: 'Failed to export transactions',
  loadDemo: 'Failed to load demo data',
  removeDemo: 'Failed to remove demo data',
} as const;

// ---------------------------------------------------------------------------------------------
// Field validators (every message names its field, so a 422 detail reads as a sentence)

/** Category names and tags travel comma-separated in query strings: no commas, no control characters. */
export const isListSafe = (v: string) => !v.includes(',') && ![...v].some((c) => c.charCodeAt(0) < 32);
export type Transaction = z.infer<typeof transaction>;
export type CreateTransactionRequest = z.input<typeof createTransactionRequest>;
export type UpdateTransactionRequest = z.input<typeof updateTransactionRequest>;
export type DeleteTransactionResponse = z.infer<typeof deleteTransactionResponse>;
export type TransactionFilters = z.output<typeof transactionFilters>;
export type TransactionListQuery = z.input<typeof transactionListQuery>;
export type ParsedTransactionListQuery = z.output<typeof transactionListQuery>;
export type TransactionListResponse = z.infer<typeof transactionListResponse>;
export type MonthTotals = z.infer<typeof monthTotals>;
export type CategoryTotal = z.infer<typeof categoryTotal>;
export type SummaryOverview = z.infer<typeof summaryOverview>;
export type MonthlyReport = z.infer<typeof monthlyReport>;
export type CurrentBalance = z.infer<typeof currentBalance>;
export type ExpenseCategories = z.infer<typeof expenseCategories>;
export type MonthlyIncome = z.infer<typeof monthlyIncome>;
export type Category = z.infer<typeof category>;
export type CategoryList = z.infer<typeof categoryList>;
export type CreateCategoryRequest = z.input<typeof createCategoryRequest>;
export type ImportColumns = z.infer<typeof importColumns>;
export type ImportMapping = z.output<typeof importMapping>;
export type ImportMappingInput = z.input<typeof importMapping>;
export type LineError = z.infer<typeof lineError>;

export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'duplicate_in_file', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;
export type ImportPreview = z.infer<typeof importPreview>;
export type ImportCommitRequest = z.input<typeof importCommitRequest>;

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export type ImportJob = z.infer<typeof importJob>;

/** Columns of GET /transactions/export, in order. */
export const EXPORT_COLUMNS = ['date', 'type', 'amount', 'currency', 'category', 'description', 'merchant', 'notes', 'tags', 'transaction_id', 'created_at'] as const;
