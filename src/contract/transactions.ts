import * as z from 'zod/mini';
import { isRealDate, required, atMost, calendarDate, money, optionalText, text, calendarMonth } from './fields';

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

// The two kinds of row live beside the built-in categories, which are typed by them.
import { TRANSACTION_TYPES, type TransactionType } from './categoryDefaults';
export { TRANSACTION_TYPES, type TransactionType };

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

export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'duplicate_in_file', 'matched', 'pending', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

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

/**
 * The add/edit transaction rules: the form checks them before sending and the server's schemas
 * are these, so both refuse the same input with the same words.
 */

export const amountField = (field = 'amount') => money(field);
export const dateField = (field = 'date') => calendarDate(field);

export const transactionType = z.enum(TRANSACTION_TYPES, { error: required('type', "'income' or 'expense'") });

export const categoryName = (field = 'category') =>
  text(field, z.trim(), z.minLength(1, `${field} is required`), atMost(field, TRANSACTION_LIMITS.category), z.refine(isListSafe, `${field} must not contain commas or control characters`));

const description = text('description', z.trim(), atMost('description', TRANSACTION_LIMITS.description));

export const tagValue = text(
  'tags',
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, 'tags must not contain empty tags'),
  z.maxLength(TRANSACTION_LIMITS.tag, `tags must each be at most ${TRANSACTION_LIMITS.tag} characters`),
  z.refine(isListSafe, 'tags must not contain commas or control characters'),
);

const tags = z.pipe(
  z.array(tagValue, { error: 'tags must be a list of text' }).check(z.maxLength(TRANSACTION_LIMITS.tags, `tags must have at most ${TRANSACTION_LIMITS.tags} entries`)),
  z.transform((list: string[]) => [...new Set(list)]),
);

export const currencyField = z
  .string({ error: 'currency must be a three-letter ISO 4217 code' })
  .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code'));

const accountIdField = z
  .string({ error: 'account_id must be an account id (a UUID)' })
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'account_id must be an account id (a UUID)'));

export const createTransactionRequest = z
  .strictObject({
    account_id: z.optional(accountIdField).check(z.describe('The money account (GET /accounts); omit for the first open on-budget account, made as "Main" when there is none')),
    type: transactionType,
    amount: amountField(),
    date: dateField(),
    category: categoryName().check(z.describe('A category from GET /transactions/categories (case-insensitive); unknown names answer 422')),
    description: z._default(description, ''),
    merchant: optionalText('merchant', TRANSACTION_LIMITS.merchant),
    notes: optionalText('notes', TRANSACTION_LIMITS.notes),
    tags: z._default(tags, []),
    currency: z.optional(z.nullable(currencyField)).check(z.describe('Omit for the account currency')),
    cleared: z.optional(z.boolean({ error: 'cleared must be true or false' })),
    original_amount: z.optional(z.nullable(amountField('original_amount'))).check(z.describe('A charge in another currency (a card used abroad): what it was there; amount is what the account was charged')),
    original_currency: z.optional(z.nullable(currencyField)).check(z.describe('ISO 4217 of original_amount')),
  })
  .check(
    z.refine((b: { original_amount?: number | null; original_currency?: string | null }) => (b.original_amount == null) === (b.original_currency == null), {
      message: 'original_amount and original_currency go together',
      path: ['original_currency'],
    }),
    z.meta({ id: 'CreateTransaction' }),
  );

/** PUT changes only the fields sent; at least one is required. */
export const updateTransactionRequest = z
  .strictObject({
    type: z.optional(transactionType),
    amount: z.optional(amountField()),
    date: z.optional(dateField()),
    category: z.optional(categoryName()),
    description: z.optional(description),
    merchant: optionalText('merchant', TRANSACTION_LIMITS.merchant),
    notes: optionalText('notes', TRANSACTION_LIMITS.notes),
    tags: z.optional(tags),
    currency: z.optional(z.nullable(currencyField)),
    account_id: z.optional(accountIdField),
    cleared: z.optional(z.boolean({ error: 'cleared must be true or false' })),
    /** A reconciled (locked) transaction changes only with this set. */
    confirm_reconciled: z.optional(z.boolean({ error: 'confirm_reconciled must be true or false' })),
  })
  .check(
    z.refine((body: object) => Object.keys(body).some((k) => k !== 'confirm_reconciled'), 'Send at least one field to change'),
    z.meta({ id: 'UpdateTransaction', description: 'Any subset of the fields of CreateTransaction' }),
  );

// ---------------------------------------------------------------------------------------------
// The transaction

export const transaction = z
  .object({
    transaction_id: z.string().register(z.globalRegistry, { description: 'UUID of the transaction' }),
    account_id: z.string().register(z.globalRegistry, { description: 'The money account it belongs to' }),
    kind: z.enum(['standard', 'transfer', 'valuation', 'adjustment']).register(z.globalRegistry, { description: 'standard; a transfer leg; a valuation (market change); a reconciliation adjustment' }),
    transfer_id: z.nullable(z.string()).register(z.globalRegistry, { description: 'Both legs of a transfer share it' }),
    counts: z.boolean().register(z.globalRegistry, { description: 'Counts as income or spending (false for transfers between on-budget accounts, tracking-only accounts and valuations)' }),
    cleared: z.boolean(),
    reconciled: z.boolean().register(z.globalRegistry, { description: 'Locked by a reconciliation: a change needs confirm_reconciled' }),
    type: z.enum(TRANSACTION_TYPES).register(z.globalRegistry, { description: "'income' (money in) or 'expense' (money out)" }),
    amount: z.number().register(z.globalRegistry, { description: 'Positive amount, two decimal places' }),
    currency: z.nullable(z.string()).register(z.globalRegistry, { description: 'ISO 4217 code; null means the account currency (profile `currency`)' }),
    date: z.string().register(z.globalRegistry, { description: 'Day of the transaction, YYYY-MM-DD' }),
    category: z.string().register(z.globalRegistry, { description: 'Category name (a default category or one the user created)' }),
    description: z.string().register(z.globalRegistry, { description: 'What it was; may be empty' }),
    merchant: z.nullable(z.string()).register(z.globalRegistry, { description: 'Merchant or payee as typed or as the bank wrote it (the raw string)' }),
    merchant_name: z.nullable(z.string()).register(z.globalRegistry, { description: 'The clean merchant name of merchant (or description when no merchant): "SQ *BLUE BOTTLE 0341" → "Blue Bottle Coffee"' }),
    merchant_kind: z.nullable(z.string()).register(z.globalRegistry, { description: 'The merchant kind (coffee_shop, groceries, …; MERCHANT_KINDS) or null when unknown' }),
    bank_id: z.nullable(z.string()).register(z.globalRegistry, { description: "The bank's own id of an imported row (OFX FITID, CAMT entry reference), unique in its account" }),
    notes: z.nullable(z.string()),
    tags: z.array(z.string()).register(z.globalRegistry, { description: 'Lower-case tags' }),
    source: z.enum(TRANSACTION_SOURCES).register(z.globalRegistry, { description: 'manual, import (CSV) or demo' }),
    import_id: z.nullable(z.string()).register(z.globalRegistry, { description: 'The CSV import that created the row, if any' }),
    base_amount: z.optional(z.nullable(z.number())).register(z.globalRegistry, { description: "The amount in the base (profile) currency at the rate of its day; null when no rate was found (not converted, never 1:1)" }),
    original_amount: z.optional(z.nullable(z.number())).register(z.globalRegistry, { description: 'A charge in another currency than the account’s (a card used abroad): what it was in that currency' }),
    original_currency: z.optional(z.nullable(z.string())).register(z.globalRegistry, { description: 'ISO 4217 of original_amount' }),
    split: z.optional(z.boolean()).register(z.globalRegistry, { description: 'Divided into lines (GET /transactions/{id}/split); the lines count, not the transaction' }),
    split_lines: z
      .optional(z.array(z.object({ category: z.string(), amount: z.number(), memo: z.nullable(z.string()) })))
      .register(z.globalRegistry, { description: "In the list (GET /transactions) only: a split row's lines (category, positive amount, memo), in the order they were written" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .register(z.globalRegistry, { id: 'Transaction', description: 'An income or expense of the signed-in user' });

export const transactionIdParams = z.object({ id: z.string().register(z.globalRegistry, { description: 'transaction_id (UUID); anything else answers 404' }) });

export const deleteTransactionResponse = z.object({ message: z.string(), transaction_id: z.string() });

// ---------------------------------------------------------------------------------------------
// Listing

/** A query value given once, repeated (`?category=A&category=B`) or comma-separated (`?category=A,B`). */
const listOf = (item: z.ZodMiniType<string, string>, field: string, max: number) =>
  z.pipe(z.pipe(z
    .union([z.string(), z.array(z.string())], { error: `${field} must be text` }), z.transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean))), z.array(item).check(z.maxLength(max, `${field} accepts at most ${max} values`)));

const queryAmount = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .check(z.gte(0, `${field} must be 0 or more`), z.lt(TRANSACTION_LIMITS.amount, `${field} must be less than 100,000,000,000`));

const queryBool = (field: string) =>
  z.pipe(z.enum(['true', 'false', '1', '0'], { error: `${field} must be true or false` }), z.transform((v) => v === 'true' || v === '1'));

/** Filters shared by the list and the CSV export. */
const filterFields = {
  type: z.optional(z.enum(TRANSACTION_TYPES, { error: "type must be 'income' or 'expense'" })).register(z.globalRegistry, { description: 'Only income or only expenses' }),
  category: z.optional(listOf(categoryName(), 'category', 50)).register(z.globalRegistry, { description: 'One or more category names (repeat the parameter or separate with commas); case-insensitive' }),
  date_from: z.optional(dateField('date_from')).register(z.globalRegistry, { description: 'First day included, YYYY-MM-DD' }),
  date_to: z.optional(dateField('date_to')).register(z.globalRegistry, { description: 'Last day included, YYYY-MM-DD' }),
  amount_min: z.optional(queryAmount('amount_min')).register(z.globalRegistry, { description: 'Smallest amount included (decimal)' }),
  amount_max: z.optional(queryAmount('amount_max')).register(z.globalRegistry, { description: 'Largest amount included (decimal)' }),
  q: z.optional(text('q')
    .check(z.trim(), z.maxLength(TRANSACTION_LIMITS.query, `q must be at most ${TRANSACTION_LIMITS.query} characters`)))
    .register(z.globalRegistry, { description: 'Words to find in description, merchant or notes. Each word matches the start of a word ("star" finds "Starbucks"); all words must match' }),
  tags: z.optional(listOf(tagValue, 'tags', TRANSACTION_LIMITS.tags)).register(z.globalRegistry, { description: 'Rows carrying every one of these tags' }),
  source: z.optional(z.enum(TRANSACTION_SOURCES, { error: 'source must be manual, import or demo' })),
  import_id: z.optional(text('import_id')).register(z.globalRegistry, { description: 'Rows created by one CSV import' }),
  account_id: z.optional(text('account_id')).register(z.globalRegistry, { description: 'Rows of one money account (GET /accounts)' }),
  sort: z._default(z.enum(TRANSACTION_SORTS, { error: 'sort must be date, amount or created_at' }), 'date').register(z.globalRegistry, { description: 'Sort key; ties break on transaction_id' }),
  order: z._default(z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }), 'desc'),
};

const checkRanges = <T extends { date_from?: string; date_to?: string; amount_min?: number; amount_max?: number }>(q: T, ctx: z.core.$RefinementCtx) => {
  if (q.date_from && q.date_to && q.date_from > q.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'date_to must be on or after date_from' });
  if (q.amount_min !== undefined && q.amount_max !== undefined && q.amount_min > q.amount_max) {
    ctx.addIssue({ code: 'custom', path: ['amount_max'], message: 'amount_max must be at least amount_min' });
  }
};

export const transactionFilters = z.object(filterFields).check(z.superRefine(checkRanges));

export const transactionListQuery = z
  .object({
    ...filterFields,
    limit: z.pipe(z._default(z.coerce
      .number({ error: 'limit must be a whole number' })
      .check(z.int('limit must be a whole number'), z.gte(1, 'limit must be at least 1')), TRANSACTION_PAGE.defaultLimit), z.transform((v) => Math.min(v, TRANSACTION_PAGE.maxLimit)))
      .register(z.globalRegistry, { description: `Page size, default ${TRANSACTION_PAGE.defaultLimit}; values above ${TRANSACTION_PAGE.maxLimit} are capped (the response says the limit used)` }),
    offset: z._default(z.coerce
      .number({ error: 'offset must be a whole number' })
      .check(z.int('offset must be a whole number'), z.gte(0, 'offset must be 0 or more'), z.lte(TRANSACTION_PAGE.maxOffset, `offset must be at most ${TRANSACTION_PAGE.maxOffset}; use cursor (next_cursor) for deeper pages`)), 0)
      .register(z.globalRegistry, { description: 'Rows to skip. For scrolling, prefer cursor: it stays fast at any depth' }),
    cursor: z.optional(text('cursor').check(z.maxLength(300, 'cursor is invalid'))).register(z.globalRegistry, { description: 'next_cursor of the previous page (same filters, sort and order); do not combine with offset' }),
    include_total: z._default(queryBool('include_total'), true).register(z.globalRegistry, { description: 'false skips counting (send it when following next_cursor: the total is already known)' }),
  })
  .check(z.superRefine((q, ctx) => {
    checkRanges(q, ctx);
    if (q.cursor && q.offset > 0) ctx.addIssue({ code: 'custom', path: ['offset'], message: 'offset cannot be combined with cursor' });
  }));

export const transactionListResponse = z
  .object({
    transactions: z.array(transaction),
    total: z.nullable(z.number().check(z.int())).register(z.globalRegistry, { description: 'Rows matching the filters (null when include_total=false)' }),
    limit: z.number().check(z.int()).register(z.globalRegistry, { description: 'Page size used (after the cap)' }),
    offset: z.number().check(z.int()),
    has_more: z.boolean().register(z.globalRegistry, { description: 'More rows follow this page' }),
    next_cursor: z.nullable(z.string()).register(z.globalRegistry, { description: 'Pass as cursor to get the next page; null on the last page' }),
  })
  .register(z.globalRegistry, { id: 'TransactionList', description: 'One page in a stable order: the sort key, then transaction_id, both in the requested direction' });

// ---------------------------------------------------------------------------------------------
// Summaries and reports (read from the daily rollup table, so they stay fast at any volume)

const monthString = calendarMonth('month');

export const monthTotals = z
  .object({
    month: z.string().register(z.globalRegistry, { description: 'YYYY-MM' }),
    income: z.number(),
    expenses: z.number(),
    net: z.number().register(z.globalRegistry, { description: 'income - expenses' }),
    transaction_count: z.number().check(z.int()),
    savings_rate: z.nullable(z.number()).register(z.globalRegistry, { description: 'net / income in percent, one decimal; null without income' }),
  })
  .register(z.globalRegistry, { id: 'MonthTotals' });

export const categoryTotal = z
  .object({
    category: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    total: z.number(),
    count: z.number().check(z.int()),
    percentage: z.number().register(z.globalRegistry, { description: 'Share of the total of its type in the period, percent, one decimal' }),
  })
  .register(z.globalRegistry, { id: 'CategoryTotal' });

export const monthQuery = z.object({
  month: z.optional(monthString).register(z.globalRegistry, { description: 'The month to treat as current, YYYY-MM; default the current UTC month (send the local month from a browser)' }),
});

export const summaryOverview = z
  .object({
    currency: z.string().register(z.globalRegistry, { description: 'Account currency' }),
    balance: z.number().register(z.globalRegistry, { description: 'All income minus all expenses up to today' }),
    total_income: z.number().register(z.globalRegistry, { description: 'All income up to today' }),
    total_expenses: z.number().register(z.globalRegistry, { description: 'All expenses up to today' }),
    transaction_count: z.number().check(z.int()).register(z.globalRegistry, { description: 'Transactions up to today' }),
    first_date: z.nullable(z.string()).register(z.globalRegistry, { description: 'Day of the earliest transaction' }),
    last_date: z.nullable(z.string()).register(z.globalRegistry, { description: 'Day of the latest transaction (may be in the future)' }),
    current_month: monthTotals,
    previous_month: monthTotals,
    top_expense_categories: z.array(categoryTotal).register(z.globalRegistry, { description: 'The current month, largest first (up to 5)' }),
    has_demo_data: z.boolean().register(z.globalRegistry, { description: 'Demo rows are loaded (DELETE /transactions/demo removes them)' }),
    unconverted_count: z
      .number()
      .check(z.int())
      .register(z.globalRegistry, { description: 'Amounts in another currency with no rate for their day (rows, and opening balances at their opening day): left out of the balance and totals, never counted 1:1' }),
  })
  .register(z.globalRegistry, { id: 'TransactionSummaryOverview' });

export const monthlyReportParams = z.object({
  year: z.coerce.number({ error: 'year must be a whole number' }).check(z.int('year must be a whole number'), z.gte(1900, 'year must be 1900 or later'), z.lte(2999, 'year must be before 3000')),
  month: z.coerce.number({ error: 'month must be a whole number' }).check(z.int('month must be a whole number'), z.gte(1, 'month must be 1 to 12'), z.lte(12, 'month must be 1 to 12')),
});

export const monthlyReport = z
  .object({
    year: z.number().check(z.int()),
    month: z.number().check(z.int()),
    date_from: z.string(),
    date_to: z.string(),
    currency: z.string(),
    income: z.number(),
    expenses: z.number(),
    net: z.number(),
    savings_rate: z.nullable(z.number()),
    transaction_count: z.number().check(z.int()),
    previous_month: monthTotals,
    categories: z.array(categoryTotal).register(z.globalRegistry, { description: 'Every category with activity, by type then total, largest first' }),
    daily: z.array(z.object({ date: z.string(), income: z.number(), expenses: z.number(), net: z.number() })).register(z.globalRegistry, { description: 'Every day of the month, empty days included' }),
    largest_expenses: z.array(transaction).register(z.globalRegistry, { description: 'Up to 5 largest expenses of the month' }),
    unconverted_count: z
      .number()
      .check(z.int())
      .register(z.globalRegistry, { description: 'Rows of the month in an account of another currency with no rate for their day: left out of every total, never counted 1:1' }),
  })
  .register(z.globalRegistry, { id: 'MonthlyReport' });

export const balanceQuery = z.object({ as_of: z.optional(dateField('as_of')).register(z.globalRegistry, { description: 'Count transactions up to this day; default today (UTC)' }) });

export const currentBalance = z
  .object({
    balance: z.number().register(z.globalRegistry, { description: 'total_income - total_expenses' }),
    total_income: z.number(),
    total_expenses: z.number(),
    transaction_count: z.number().check(z.int()),
    currency: z.string(),
    as_of: z.string(),
    unconverted_count: z
      .number()
      .check(z.int())
      .register(z.globalRegistry, { description: 'Amounts in another currency with no rate for their day (rows, and opening balances at their opening day): left out of the balance and totals, never counted 1:1' }),
  })
  .register(z.globalRegistry, { id: 'CurrentBalance' });

export const periodQuery = z
  .object({
    date_from: z.optional(dateField('date_from')).register(z.globalRegistry, { description: 'Default: the first day of the current UTC month' }),
    date_to: z.optional(dateField('date_to')).register(z.globalRegistry, { description: 'Default: today (UTC)' }),
  })
  .check(z.superRefine(checkRanges));

export const expenseCategories = z
  .object({
    date_from: z.string(),
    date_to: z.string(),
    currency: z.string(),
    total: z.number().register(z.globalRegistry, { description: 'All expenses of the period' }),
    categories: z.array(categoryTotal).register(z.globalRegistry, { description: 'Largest first' }),
  })
  .register(z.globalRegistry, { id: 'ExpenseCategories' });

export const monthlyIncomeQuery = z.object({
  month: z.optional(monthString).register(z.globalRegistry, { description: 'The last month of the series, YYYY-MM; default the current UTC month' }),
  months: z._default(z.coerce
    .number({ error: 'months must be a whole number' })
    .check(z.int('months must be a whole number'), z.gte(1, 'months must be 1 to 36'), z.lte(36, 'months must be 1 to 36')), 12)
    .register(z.globalRegistry, { description: 'How many months of history (1 to 36, default 12)' }),
});

export const monthlyIncome = z
  .object({
    currency: z.string(),
    month: z.string().register(z.globalRegistry, { description: 'The current month, YYYY-MM' }),
    income: z.number().register(z.globalRegistry, { description: 'Income of the current month' }),
    expenses: z.number(),
    net: z.number(),
    sources: z.array(categoryTotal).register(z.globalRegistry, { description: "The current month's income by category, largest first" }),
    average_income: z.number().register(z.globalRegistry, { description: 'Mean monthly income over the history' }),
    history: z.array(monthTotals).register(z.globalRegistry, { description: 'Oldest first, ending with the current month; months without activity are zeros' }),
  })
  .register(z.globalRegistry, { id: 'MonthlyIncome' });

// ---------------------------------------------------------------------------------------------
// Categories

export const category = z
  .object({
    name: z.string(),
    type: z.enum(TRANSACTION_TYPES).register(z.globalRegistry, { description: 'Where the category is offered first; any category may be used with either type' }),
    color: z.nullable(z.string()).register(z.globalRegistry, { description: '#rrggbb' }),
    is_default: z.boolean().register(z.globalRegistry, { description: 'Built in (cannot be deleted)' }),
    transaction_count: z.number().check(z.int()).register(z.globalRegistry, { description: 'Transactions using it' }),
  })
  .register(z.globalRegistry, { id: 'TransactionCategory' });

export const categoryList = z.object({ categories: z.array(category).register(z.globalRegistry, { description: 'Defaults first, then the user’s own, each group by name' }) });

export const createCategoryRequest = z.strictObject({
    name: categoryName('name'),
    type: z.enum(TRANSACTION_TYPES, { error: required('type', "'income' or 'expense'") }),
    color: z.optional(z.nullable(z.pipe(z
      .string({ error: 'color must be like #1c7ed6' })
      .check(z.regex(/^#[0-9a-fA-F]{6}$/, 'color must be like #1c7ed6')), z.transform((v) => v.toLowerCase())))),
  })
  .register(z.globalRegistry, { id: 'CreateTransactionCategory' });

export const categoryNameParams = z.object({ name: text('name').register(z.globalRegistry, { description: 'Category name (URL-encoded)' }) });
export const deleteCategoryResponse = z.object({ message: z.string(), name: z.string() });

// ---------------------------------------------------------------------------------------------
// CSV import: upload (detect + preview) → optional re-preview with another mapping → commit (background job) → poll progress

const column = (field: string) =>
  z.optional(z.nullable(z
    .number({ error: `columns.${field} must be a column index (0-based) or null` })
    .check(z.int(`columns.${field} must be a column index (0-based) or null`), z.gte(0, `columns.${field} must be a column index (0-based) or null`), z.lte(199, `columns.${field} must be a column index (0-based) or null`))));

export const importColumns = z.strictObject({
    date: z.number({ error: 'columns.date is required (a column index, 0-based)' }).check(z.int(), z.gte(0), z.lte(199)),
    amount: column('amount').register(z.globalRegistry, { description: 'One signed amount: negative (or in parentheses) is an expense' }),
    debit: column('debit').register(z.globalRegistry, { description: 'Money out (with credit, instead of amount)' }),
    credit: column('credit').register(z.globalRegistry, { description: 'Money in (with debit, instead of amount)' }),
    type: column('type').register(z.globalRegistry, { description: 'Optional direction column (income/expense, credit/debit, CR/DR, in/out); the amount sign is then ignored' }),
    description: column('description'),
    merchant: column('merchant'),
    category: column('category').register(z.globalRegistry, { description: 'Names matching a known category (case-insensitive) are kept; others fall back to the default categories' }),
    notes: column('notes'),
    tags: column('tags').register(z.globalRegistry, { description: 'Tags separated by ; or |' }),
    currency: column('currency'),
  })
  .register(z.globalRegistry, { id: 'ImportColumns', description: 'Which column (0-based index into `columns` of the preview) holds which field' });

export const importMapping = z.strictObject({
    delimiter: z.enum(CSV_DELIMITERS, { error: 'delimiter must be one of , ; | or a tab' }),
    has_header: z.boolean({ error: 'has_header must be true or false' }),
    skip_lines: z._default(z.number().check(z.int(), z.gte(0), z.lte(100, 'skip_lines must be 0 to 100')), 0).register(z.globalRegistry, { description: 'Lines before the header (or first data row) to ignore, e.g. a bank’s account banner' }),
    date_format: z.enum(IMPORT_DATE_FORMATS, { error: `date_format must be one of ${IMPORT_DATE_FORMATS.join(', ')}` }),
    decimal_separator: z.enum(DECIMAL_SEPARATORS, { error: "decimal_separator must be '.' or ','" }).register(z.globalRegistry, { description: "',' reads 1.234,56 as 1234.56" }),
    invert_sign: z._default(z.boolean(), false).register(z.globalRegistry, { description: 'Flip signs (card statements that list purchases as positive numbers)' }),
    columns: importColumns,
    default_expense_category: z._default(categoryName('default_expense_category'), FALLBACK_CATEGORY.expense),
    default_income_category: z._default(categoryName('default_income_category'), FALLBACK_CATEGORY.income),
  })
  .check(z.superRefine((m, ctx) => {
    const c = m.columns;
    const hasAmount = c.amount !== undefined && c.amount !== null;
    const hasSplit = (c.debit !== undefined && c.debit !== null) || (c.credit !== undefined && c.credit !== null);
    if (!hasAmount && !hasSplit) ctx.addIssue({ code: 'custom', path: ['columns', 'amount'], message: 'columns.amount is required (or columns.debit / columns.credit)' });
    if (hasAmount && hasSplit) ctx.addIssue({ code: 'custom', path: ['columns', 'amount'], message: 'columns.amount cannot be combined with columns.debit / columns.credit' });
  }))
  .register(z.globalRegistry, { id: 'ImportMapping', description: 'How to read the file: layout, formats and the column of each field' });

export const importUploadQuery = z.object({
  file_name: z.optional(text('file_name').check(z.trim(), z.maxLength(255, 'file_name must be at most 255 characters'))),
  account_id: z.optional(z.uuid({ error: 'account_id must be an account id (a UUID)' })).register(z.globalRegistry, { description: 'The account the file is for: bank ids already in it and hand-typed rows to match are looked up there (default: the first on-budget account)' }),
});

export const importIdParams = z.object({ id: z.string().register(z.globalRegistry, { description: 'import_id (UUID); anything else answers 404' }) });

export const lineError = z.object({ line: z.number().check(z.int()).register(z.globalRegistry, { description: '1-based line of the file' }), message: z.string() }).register(z.globalRegistry, { id: 'ImportLineError' });

export const importPreviewRow = z
  .object({
    line: z.number().check(z.int()),
    status: z
      .enum(IMPORT_ROW_STATUSES)
      .register(z.globalRegistry, { description: "new: will be imported; duplicate: already there (a bank file: its bank id is in the account; a CSV: same date, amount, type and description) and skipped by default; duplicate_in_file: repeats an earlier row of this file (a CSV row is imported unless skip_file_duplicates; a bank row with the same bank id never is); matched: a bank row that is a transaction typed in by hand (same amount, date within 3 days, same merchant) and is linked to it instead of added; pending: not yet posted by the bank, left out; error: cannot be read" }),
    error: z.nullable(z.string()),
    date: z.nullable(z.string()),
    type: z.nullable(z.enum(TRANSACTION_TYPES)),
    amount: z.nullable(z.number()),
    category: z.nullable(z.string()),
    description: z.string(),
    merchant: z.nullable(z.string()),
    merchant_name: z.optional(z.nullable(z.string())).register(z.globalRegistry, { description: 'The clean merchant name of merchant (or description), as the row will be listed' }),
    notes: z.nullable(z.string()),
    tags: z.array(z.string()),
    currency: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'ImportPreviewRow' });

export const importPreview = z
  .object({
    import_id: z.string(),
    status: z.literal('uploaded'),
    file_name: z.nullable(z.string()),
    format: z.enum(IMPORT_FORMATS).register(z.globalRegistry, { description: 'What the file is, told by its content: csv, ofx (OFX or QFX, 1.x SGML or 2.x XML), qif or camt (CAMT.053); only csv needs the columns of the mapping' }),
    account_id: z.nullable(z.string()).register(z.globalRegistry, { description: 'The account the duplicate and match counts were made for' }),
    columns: z.array(z.string()).register(z.globalRegistry, { description: 'Header names, or "Column 1", "Column 2"… without a header' }),
    sample: z.array(z.array(z.string())).register(z.globalRegistry, { description: 'The first raw data rows, cell by cell' }),
    detected: z
      .object({
        delimiter: z.enum(CSV_DELIMITERS),
        has_header: z.boolean(),
        skip_lines: z.number().check(z.int()),
        date_format: z.nullable(z.enum(IMPORT_DATE_FORMATS)),
        date_format_ambiguous: z.boolean().register(z.globalRegistry, { description: 'Days and months could not be told apart (every day ≤ 12): ask the user' }),
        decimal_separator: z.enum(DECIMAL_SEPARATORS),
        amount_style: z.enum(['signed', 'debit_credit', 'unknown']),
      })
      .register(z.globalRegistry, { description: 'What the server read from the file' }),
    mapping: importMapping.clone().register(z.globalRegistry, { description: 'The mapping this preview used: the suggestion on upload, or the one sent to /preview' }),
    counts: z.object({
      rows: z.number().check(z.int()).register(z.globalRegistry, { description: 'Data rows in the file' }),
      new: z.number().check(z.int()),
      duplicates: z.number().check(z.int()),
      duplicates_in_file: z.number().check(z.int()),
      matched: z.number().check(z.int()).register(z.globalRegistry, { description: 'Bank rows linked to a transaction typed in by hand instead of added' }),
      pending: z.number().check(z.int()).register(z.globalRegistry, { description: 'Bank rows not posted yet, left out' }),
      errors: z.number().check(z.int()),
    }),
    rows: z.array(importPreviewRow).register(z.globalRegistry, { description: `The first ${CSV_IMPORT_LIMITS.previewRows} rows as they would be imported` }),
    errors: z.array(lineError).register(z.globalRegistry, { description: `The first ${CSV_IMPORT_LIMITS.maxErrors} unreadable rows` }),
  })
  .register(z.globalRegistry, { id: 'ImportPreview' });

export const importPreviewRequest = z.strictObject({ mapping: importMapping, account_id: z.optional(z.uuid({ error: 'account_id must be an account id (a UUID)' })).register(z.globalRegistry, { description: 'Count duplicates and matches in this account' }) });

export const importCommitRequest = z.strictObject({
    mapping: importMapping,
    skip_duplicates: z._default(z.boolean(), true).register(z.globalRegistry, { description: 'Skip rows matching an existing transaction (re-importing an overlapping statement adds nothing twice)' }),
    skip_file_duplicates: z._default(z.boolean(), false).register(z.globalRegistry, { description: 'Also skip rows repeating an earlier row of the same file (off by default: two equal coffees on one day are real)' }),
    account_id: z.optional(z.uuid({ error: 'account_id must be an account id (a UUID)' })).register(z.globalRegistry, { description: 'The account the rows go into (GET /accounts); omit for the first on-budget account' }),
  })
  .register(z.globalRegistry, { id: 'ImportCommit' });

export const importJob = z
  .object({
    import_id: z.string(),
    status: z.enum(IMPORT_STATUSES).register(z.globalRegistry, { description: 'uploaded → queued → running → completed | failed | cancelled' }),
    file_name: z.nullable(z.string()),
    format: z.enum(IMPORT_FORMATS),
    rows_total: z.number().check(z.int()),
    rows_done: z.number().check(z.int()).register(z.globalRegistry, { description: 'Rows processed so far (imported + duplicates + failed)' }),
    rows_imported: z.number().check(z.int()),
    rows_duplicate: z.number().check(z.int()).register(z.globalRegistry, { description: 'Rows left out: already there, repeated, or pending' }),
    rows_matched: z.number().check(z.int()).register(z.globalRegistry, { description: 'Bank rows linked to a transaction typed in by hand' }),
    rows_failed: z.number().check(z.int()),
    progress: z.number().register(z.globalRegistry, { description: 'rows_done / rows_total, 0 to 1' }),
    errors: z.array(lineError).register(z.globalRegistry, { description: `The first ${CSV_IMPORT_LIMITS.maxErrors} failed rows` }),
    failure: z.nullable(z.string()).register(z.globalRegistry, { description: 'Why a failed job stopped' }),
    created_at: z.string(),
    started_at: z.nullable(z.string()),
    finished_at: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'ImportJob' });

export const importJobList = z.object({ imports: z.array(importJob).register(z.globalRegistry, { description: 'The 20 most recent, newest first' }) });

export const deleteImportResponse = z.object({
  message: z.string(),
  import_id: z.string(),
  deleted: z.number().check(z.int()).register(z.globalRegistry, { description: 'Transactions of this import removed' }),
});

// ---------------------------------------------------------------------------------------------
// Demo data

export const demoLoadQuery = z.object({
  seed: z.optional(z.coerce.number({ error: 'seed must be a whole number' }).check(z.int('seed must be a whole number'), z.gte(0), z.lte(2 ** 31 - 1))).register(z.globalRegistry, { description: 'Same seed, same data (default 42)' }),
});

export const demoLoadResponse = z.object({
  message: z.string(),
  inserted: z.number().check(z.int()),
  date_from: z.string(),
  date_to: z.string(),
  seed: z.number().check(z.int()),
});
export const demoRemoveResponse = z.object({ message: z.string(), deleted: z.number().check(z.int()) });

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
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;
export type ImportPreview = z.infer<typeof importPreview>;
export type ImportCommitRequest = z.input<typeof importCommitRequest>;
export type ImportJob = z.infer<typeof importJob>;
