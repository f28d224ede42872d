import { isRealDate } from './fields';
import type { z } from 'zod';
import type { category, categoryList, categoryTotal, createCategoryRequest, createTransactionRequest, currentBalance, deleteTransactionResponse, expenseCategories, importColumns, importCommitRequest, importJob, importMapping, importPreview, importPreviewRow, lineError, monthTotals, monthlyIncome, monthlyReport, summaryOverview, transaction, transactionFilters, transactionListQuery, transactionListResponse, updateTransactionRequest } from './schemas/transactions';

export { isRealDate };

/**
 * Transactions ([spec:3-transaction], [spec:4-create-front], [spec:7-finance]): income and
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

// The built-in categories live in their own module so the first load of /login (which needs only this
// module's texts) does not carry them.
export { DEFAULT_CATEGORIES, type DefaultCategory } from './categoryDefaults';
/** Where imported rows without a known category land. */
export const FALLBACK_CATEGORY: Record<TransactionType, string> = { income: 'Other Income', expense: 'Other' };

/** The default messages ([spec:8-message]) of the transactions calls (detail, then message, then these). */
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
  importUndo: 'Failed to undo the import',
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

export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'duplicate_in_file', 'matched', 'pending', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;
export type ImportPreview = z.infer<typeof importPreview>;
export type ImportCommitRequest = z.input<typeof importCommitRequest>;

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export type ImportJob = z.infer<typeof importJob>;

/** What an uploaded file is, told by its content (not its name): a CSV table, OFX/QFX (1.x SGML or 2.x XML), QIF or CAMT.053. */
export const IMPORT_FORMATS = ['csv', 'ofx', 'qif', 'camt'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = { csv: 'CSV', ofx: 'OFX / QFX', qif: 'QIF', camt: 'CAMT.053' };

/** Bank files need no column mapping: only CSV shows the columns step. */
export const needsColumnMapping = (format: ImportFormat) => format === 'csv';

/**
 * The preview's one-line verdict before commit: rows to add, bank rows linked to a transaction typed
 * in by hand, and rows left out (already imported, repeated in the file under the same bank id, or still pending).
 */
export function importVerdict(counts: { new: number; matched: number; duplicates: number; duplicates_in_file: number; pending: number }, options: { skipDuplicates: boolean; skipFileDuplicates: boolean; bankFile: boolean }): string {
  const addedDuplicates = options.skipDuplicates ? 0 : counts.duplicates;
  const addedRepeats = options.bankFile || options.skipFileDuplicates ? 0 : counts.duplicates_in_file;
  const added = counts.new + addedDuplicates + addedRepeats;
  const skipped = counts.duplicates - addedDuplicates + counts.duplicates_in_file - addedRepeats + counts.pending;
  return `${added} new, ${counts.matched} matched, ${skipped} skipped`;
}

/** Columns of GET /transactions/export, in order. */
export const EXPORT_COLUMNS = ['date', 'type', 'amount', 'currency', 'category', 'description', 'merchant', 'notes', 'tags', 'transaction_id', 'created_at'] as const;
