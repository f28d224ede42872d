import { z } from 'zod';
import { calendarDate, calendarMonth, isRealDate, money, required, text } from './fields';

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

export const amountField = (field = 'amount') => money(field);

export const dateField = (field = 'date') => calendarDate(field);

const transactionType = z.enum(TRANSACTION_TYPES, { error: required('type', "'income' or 'expense'") });

export const categoryName = (field = 'category') =>
  text(field)
    .trim()
    .min(1, `${field} is required`)
    .max(TRANSACTION_LIMITS.category, `${field} must be at most ${TRANSACTION_LIMITS.category} characters`)
    .refine(isListSafe, `${field} must not contain commas or control characters`);

const description = text('description')
  .trim()
  .max(TRANSACTION_LIMITS.description, `description must be at most ${TRANSACTION_LIMITS.description} characters`);

/** Optional text: blank becomes null. */
const optionalText = (field: string, max: number) =>
  text(field)
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const tagValue = text('tags')
  .trim()
  .toLowerCase()
  .min(1, 'tags must not contain empty tags')
  .max(TRANSACTION_LIMITS.tag, `tags must each be at most ${TRANSACTION_LIMITS.tag} characters`)
  .refine(isListSafe, 'tags must not contain commas or control characters');

const tags = z
  .array(tagValue, { error: 'tags must be a list of text' })
  .max(TRANSACTION_LIMITS.tags, `tags must have at most ${TRANSACTION_LIMITS.tags} entries`)
  .transform((list) => [...new Set(list)]);

export const currencyField = z
  .string({ error: 'currency must be a three-letter ISO 4217 code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code');

// ---------------------------------------------------------------------------------------------
// The transaction

export const transaction = z
  .object({
    transaction_id: z.string().describe('UUID of the transaction'),
    type: z.enum(TRANSACTION_TYPES).describe("'income' (money in) or 'expense' (money out)"),
    amount: z.number().describe('Positive amount, two decimal places'),
    currency: z.string().nullable().describe('ISO 4217 code; null means the account currency (profile `currency`)'),
    date: z.string().describe('Day of the transaction, YYYY-MM-DD'),
    category: z.string().describe('Category name (a default category or one the user created)'),
    description: z.string().describe('What it was; may be empty'),
    merchant: z.string().nullable().describe('Merchant or payee'),
    notes: z.string().nullable(),
    tags: z.array(z.string()).describe('Lower-case tags'),
    source: z.enum(TRANSACTION_SOURCES).describe('manual, import (CSV) or demo'),
    import_id: z.string().nullable().describe('The CSV import that created the row, if any'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Transaction', description: 'An income or expense of the signed-in user' });
export type Transaction = z.infer<typeof transaction>;

export const transactionIdParams = z.object({ id: z.string().describe('transaction_id (UUID); anything else answers 404') });

export const createTransactionRequest = z
  .object({
    type: transactionType,
    amount: amountField(),
    date: dateField(),
    category: categoryName().describe('A category from GET /transactions/categories (case-insensitive); unknown names answer 422'),
    description: description.default(''),
    merchant: optionalText('merchant', TRANSACTION_LIMITS.merchant),
    notes: optionalText('notes', TRANSACTION_LIMITS.notes),
    tags: tags.default([]),
    currency: currencyField.nullable().optional().describe('Omit for the account currency'),
  })
  .strict()
  .meta({ id: 'CreateTransaction' });
export type CreateTransactionRequest = z.input<typeof createTransactionRequest>;

/** PUT changes only the fields sent; at least one is required. */
export const updateTransactionRequest = z
  .object({
    type: transactionType.optional(),
    amount: amountField().optional(),
    date: dateField().optional(),
    category: categoryName().optional(),
    description: description.optional(),
    merchant: optionalText('merchant', TRANSACTION_LIMITS.merchant),
    notes: optionalText('notes', TRANSACTION_LIMITS.notes),
    tags: tags.optional(),
    currency: currencyField.nullable().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change')
  .meta({ id: 'UpdateTransaction', description: 'Any subset of the fields of CreateTransaction' });
export type UpdateTransactionRequest = z.input<typeof updateTransactionRequest>;

export const deleteTransactionResponse = z.object({ message: z.string(), transaction_id: z.string() });
export type DeleteTransactionResponse = z.infer<typeof deleteTransactionResponse>;

// ---------------------------------------------------------------------------------------------
// Listing

/** A query value given once, repeated (`?category=A&category=B`) or comma-separated (`?category=A,B`). */
const listOf = (item: z.ZodType<string, string>, field: string, max: number) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${field} must be text` })
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `${field} accepts at most ${max} values`));

const queryAmount = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .lt(TRANSACTION_LIMITS.amount, `${field} must be less than 100,000,000,000`);

const queryBool = (field: string) =>
  z.enum(['true', 'false', '1', '0'], { error: `${field} must be true or false` }).transform((v) => v === 'true' || v === '1');

/** Filters shared by the list and the CSV export. */
const filterFields = {
  type: z.enum(TRANSACTION_TYPES, { error: "type must be 'income' or 'expense'" }).optional().describe('Only income or only expenses'),
  category: listOf(categoryName(), 'category', 50).optional().describe('One or more category names (repeat the parameter or separate with commas); case-insensitive'),
  date_from: dateField('date_from').optional().describe('First day included, YYYY-MM-DD'),
  date_to: dateField('date_to').optional().describe('Last day included, YYYY-MM-DD'),
  amount_min: queryAmount('amount_min').optional().describe('Smallest amount included (decimal)'),
  amount_max: queryAmount('amount_max').optional().describe('Largest amount included (decimal)'),
  q: text('q')
    .trim()
    .max(TRANSACTION_LIMITS.query, `q must be at most ${TRANSACTION_LIMITS.query} characters`)
    .optional()
    .describe('Words to find in description, merchant or notes. Each word matches the start of a word ("star" finds "Starbucks"); all words must match'),
  tags: listOf(tagValue, 'tags', TRANSACTION_LIMITS.tags).optional().describe('Rows carrying every one of these tags'),
  source: z.enum(TRANSACTION_SOURCES, { error: 'source must be manual, import or demo' }).optional(),
  import_id: text('import_id').optional().describe('Rows created by one CSV import'),
  sort: z.enum(TRANSACTION_SORTS, { error: 'sort must be date, amount or created_at' }).default('date').describe('Sort key; ties break on transaction_id'),
  order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).default('desc'),
};

const checkRanges = <T extends { date_from?: string; date_to?: string; amount_min?: number; amount_max?: number }>(q: T, ctx: z.RefinementCtx) => {
  if (q.date_from && q.date_to && q.date_from > q.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'date_to must be on or after date_from' });
  if (q.amount_min !== undefined && q.amount_max !== undefined && q.amount_min > q.amount_max) {
    ctx.addIssue({ code: 'custom', path: ['amount_max'], message: 'amount_max must be at least amount_min' });
  }
};

export const transactionFilters = z.object(filterFields).superRefine(checkRanges);
export type TransactionFilters = z.output<typeof transactionFilters>;

export const transactionListQuery = z
  .object({
    ...filterFields,
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .default(TRANSACTION_PAGE.defaultLimit)
      .transform((v) => Math.min(v, TRANSACTION_PAGE.maxLimit))
      .describe(`Page size, default ${TRANSACTION_PAGE.defaultLimit}; values above ${TRANSACTION_PAGE.maxLimit} are capped (the response says the limit used)`),
    offset: z.coerce
      .number({ error: 'offset must be a whole number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .max(TRANSACTION_PAGE.maxOffset, `offset must be at most ${TRANSACTION_PAGE.maxOffset}; use cursor (next_cursor) for deeper pages`)
      .default(0)
      .describe('Rows to skip. For scrolling, prefer cursor: it stays fast at any depth'),
    cursor: text('cursor').max(300, 'cursor is invalid').optional().describe('next_cursor of the previous page (same filters, sort and order); do not combine with offset'),
    include_total: queryBool('include_total').default(true).describe('false skips counting (send it when following next_cursor: the total is already known)'),
  })
  .superRefine((q, ctx) => {
    checkRanges(q, ctx);
    if (q.cursor && q.offset > 0) ctx.addIssue({ code: 'custom', path: ['offset'], message: 'offset cannot be combined with cursor' });
  });
export type TransactionListQuery = z.input<typeof transactionListQuery>;
export type ParsedTransactionListQuery = z.output<typeof transactionListQuery>;

export const transactionListResponse = z
  .object({
    transactions: z.array(transaction),
    total: z.number().int().nullable().describe('Rows matching the filters (null when include_total=false)'),
    limit: z.number().int().describe('Page size used (after the cap)'),
    offset: z.number().int(),
    has_more: z.boolean().describe('More rows follow this page'),
    next_cursor: z.string().nullable().describe('Pass as cursor to get the next page; null on the last page'),
  })
  .meta({ id: 'TransactionList', description: 'One page in a stable order: the sort key, then transaction_id, both in the requested direction' });
export type TransactionListResponse = z.infer<typeof transactionListResponse>;

// ---------------------------------------------------------------------------------------------
// Summaries and reports (read from the daily rollup table, so they stay fast at any volume)

const monthString = calendarMonth('month');

export const monthTotals = z
  .object({
    month: z.string().describe('YYYY-MM'),
    income: z.number(),
    expenses: z.number(),
    net: z.number().describe('income - expenses'),
    transaction_count: z.number().int(),
    savings_rate: z.number().nullable().describe('net / income in percent, one decimal; null without income'),
  })
  .meta({ id: 'MonthTotals' });
export type MonthTotals = z.infer<typeof monthTotals>;

export const categoryTotal = z
  .object({
    category: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    total: z.number(),
    count: z.number().int(),
    percentage: z.number().describe('Share of the total of its type in the period, percent, one decimal'),
  })
  .meta({ id: 'CategoryTotal' });
export type CategoryTotal = z.infer<typeof categoryTotal>;

export const monthQuery = z.object({
  month: monthString.optional().describe('The month to treat as current, YYYY-MM; default the current UTC month (send the local month from a browser)'),
});

export const summaryOverview = z
  .object({
    currency: z.string().describe('Account currency'),
    balance: z.number().describe('All income minus all expenses up to today'),
    total_income: z.number().describe('All income up to today'),
    total_expenses: z.number().describe('All expenses up to today'),
    transaction_count: z.number().int().describe('Transactions up to today'),
    first_date: z.string().nullable().describe('Day of the earliest transaction'),
    last_date: z.string().nullable().describe('Day of the latest transaction (may be in the future)'),
    current_month: monthTotals,
    previous_month: monthTotals,
    top_expense_categories: z.array(categoryTotal).describe('The current month, largest first (up to 5)'),
    has_demo_data: z.boolean().describe('Demo rows are loaded (DELETE /transactions/demo removes them)'),
  })
  .meta({ id: 'TransactionSummaryOverview' });
export type SummaryOverview = z.infer<typeof summaryOverview>;

export const monthlyReportParams = z.object({
  year: z.coerce.number({ error: 'year must be a whole number' }).int('year must be a whole number').min(1900, 'year must be 1900 or later').max(2999, 'year must be before 3000'),
  month: z.coerce.number({ error: 'month must be a whole number' }).int('month must be a whole number').min(1, 'month must be 1 to 12').max(12, 'month must be 1 to 12'),
});

export const monthlyReport = z
  .object({
    year: z.number().int(),
    month: z.number().int(),
    date_from: z.string(),
    date_to: z.string(),
    currency: z.string(),
    income: z.number(),
    expenses: z.number(),
    net: z.number(),
    savings_rate: z.number().nullable(),
    transaction_count: z.number().int(),
    previous_month: monthTotals,
    categories: z.array(categoryTotal).describe('Every category with activity, by type then total, largest first'),
    daily: z.array(z.object({ date: z.string(), income: z.number(), expenses: z.number(), net: z.number() })).describe('Every day of the month, empty days included'),
    largest_expenses: z.array(transaction).describe('Up to 5 largest expenses of the month'),
  })
  .meta({ id: 'MonthlyReport' });
export type MonthlyReport = z.infer<typeof monthlyReport>;

export const balanceQuery = z.object({ as_of: dateField('as_of').optional().describe('Count transactions up to this day; default today (UTC)') });

export const currentBalance = z
  .object({
    balance: z.number().describe('total_income - total_expenses'),
    total_income: z.number(),
    total_expenses: z.number(),
    transaction_count: z.number().int(),
    currency: z.string(),
    as_of: z.string(),
  })
  .meta({ id: 'CurrentBalance' });
export type CurrentBalance = z.infer<typeof currentBalance>;

export const periodQuery = z
  .object({
    date_from: dateField('date_from').optional().describe('Default: the first day of the current UTC month'),
    date_to: dateField('date_to').optional().describe('Default: today (UTC)'),
  })
  .superRefine(checkRanges);

export const expenseCategories = z
  .object({
    date_from: z.string(),
    date_to: z.string(),
    currency: z.string(),
    total: z.number().describe('All expenses of the period'),
    categories: z.array(categoryTotal).describe('Largest first'),
  })
  .meta({ id: 'ExpenseCategories' });
export type ExpenseCategories = z.infer<typeof expenseCategories>;

export const monthlyIncomeQuery = z.object({
  month: monthString.optional().describe('The last month of the series, YYYY-MM; default the current UTC month'),
  months: z.coerce
    .number({ error: 'months must be a whole number' })
    .int('months must be a whole number')
    .min(1, 'months must be 1 to 36')
    .max(36, 'months must be 1 to 36')
    .default(12)
    .describe('How many months of history (1 to 36, default 12)'),
});

export const monthlyIncome = z
  .object({
    currency: z.string(),
    month: z.string().describe('The current month, YYYY-MM'),
    income: z.number().describe('Income of the current month'),
    expenses: z.number(),
    net: z.number(),
    sources: z.array(categoryTotal).describe("The current month's income by category, largest first"),
    average_income: z.number().describe('Mean monthly income over the history'),
    history: z.array(monthTotals).describe('Oldest first, ending with the current month; months without activity are zeros'),
  })
  .meta({ id: 'MonthlyIncome' });
export type MonthlyIncome = z.infer<typeof monthlyIncome>;

// ---------------------------------------------------------------------------------------------
// Categories

export const category = z
  .object({
    name: z.string(),
    type: z.enum(TRANSACTION_TYPES).describe('Where the category is offered first; any category may be used with either type'),
    color: z.string().nullable().describe('#rrggbb'),
    is_default: z.boolean().describe('Built in (cannot be deleted)'),
    transaction_count: z.number().int().describe('Transactions using it'),
  })
  .meta({ id: 'TransactionCategory' });
export type Category = z.infer<typeof category>;

export const categoryList = z.object({ categories: z.array(category).describe('Defaults first, then the user’s own, each group by name') });
export type CategoryList = z.infer<typeof categoryList>;

export const createCategoryRequest = z
  .object({
    name: categoryName('name'),
    type: z.enum(TRANSACTION_TYPES, { error: required('type', "'income' or 'expense'") }),
    color: z
      .string({ error: 'color must be like #1c7ed6' })
      .regex(/^#[0-9a-fA-F]{6}$/, 'color must be like #1c7ed6')
      .transform((v) => v.toLowerCase())
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ id: 'CreateTransactionCategory' });
export type CreateCategoryRequest = z.input<typeof createCategoryRequest>;

export const categoryNameParams = z.object({ name: text('name').describe('Category name (URL-encoded)') });
export const deleteCategoryResponse = z.object({ message: z.string(), name: z.string() });

// ---------------------------------------------------------------------------------------------
// CSV import: upload (detect + preview) → optional re-preview with another mapping → commit (background job) → poll progress

const column = (field: string) =>
  z
    .number({ error: `columns.${field} must be a column index (0-based) or null` })
    .int(`columns.${field} must be a column index (0-based) or null`)
    .min(0, `columns.${field} must be a column index (0-based) or null`)
    .max(199, `columns.${field} must be a column index (0-based) or null`)
    .nullable()
    .optional();

export const importColumns = z
  .object({
    date: z.number({ error: 'columns.date is required (a column index, 0-based)' }).int().min(0).max(199),
    amount: column('amount').describe('One signed amount: negative (or in parentheses) is an expense'),
    debit: column('debit').describe('Money out (with credit, instead of amount)'),
    credit: column('credit').describe('Money in (with debit, instead of amount)'),
    type: column('type').describe('Optional direction column (income/expense, credit/debit, CR/DR, in/out); the amount sign is then ignored'),
    description: column('description'),
    merchant: column('merchant'),
    category: column('category').describe('Names matching a known category (case-insensitive) are kept; others fall back to the default categories'),
    notes: column('notes'),
    tags: column('tags').describe('Tags separated by ; or |'),
    currency: column('currency'),
  })
  .strict()
  .meta({ id: 'ImportColumns', description: 'Which column (0-based index into `columns` of the preview) holds which field' });
export type ImportColumns = z.infer<typeof importColumns>;

export const importMapping = z
  .object({
    delimiter: z.enum(CSV_DELIMITERS, { error: 'delimiter must be one of , ; | or a tab' }),
    has_header: z.boolean({ error: 'has_header must be true or false' }),
    skip_lines: z.number().int().min(0).max(100, 'skip_lines must be 0 to 100').default(0).describe('Lines before the header (or first data row) to ignore, e.g. a bank’s account banner'),
    date_format: z.enum(IMPORT_DATE_FORMATS, { error: `date_format must be one of ${IMPORT_DATE_FORMATS.join(', ')}` }),
    decimal_separator: z.enum(DECIMAL_SEPARATORS, { error: "decimal_separator must be '.' or ','" }).describe("',' reads 1.234,56 as 1234.56"),
    invert_sign: z.boolean().default(false).describe('Flip signs (card statements that list purchases as positive numbers)'),
    columns: importColumns,
    default_expense_category: categoryName('default_expense_category').default(FALLBACK_CATEGORY.expense),
    default_income_category: categoryName('default_income_category').default(FALLBACK_CATEGORY.income),
  })
  .strict()
  .superRefine((m, ctx) => {
    const c = m.columns;
    const hasAmount = c.amount !== undefined && c.amount !== null;
    const hasSplit = (c.debit !== undefined && c.debit !== null) || (c.credit !== undefined && c.credit !== null);
    if (!hasAmount && !hasSplit) ctx.addIssue({ code: 'custom', path: ['columns', 'amount'], message: 'columns.amount is required (or columns.debit / columns.credit)' });
    if (hasAmount && hasSplit) ctx.addIssue({ code: 'custom', path: ['columns', 'amount'], message: 'columns.amount cannot be combined with columns.debit / columns.credit' });
  })
  .meta({ id: 'ImportMapping', description: 'How to read the file: layout, formats and the column of each field' });
export type ImportMapping = z.output<typeof importMapping>;
export type ImportMappingInput = z.input<typeof importMapping>;

export const importUploadQuery = z.object({ file_name: text('file_name').trim().max(255, 'file_name must be at most 255 characters').optional() });

export const importIdParams = z.object({ id: z.string().describe('import_id (UUID); anything else answers 404') });

export const lineError = z.object({ line: z.number().int().describe('1-based line of the file'), message: z.string() }).meta({ id: 'ImportLineError' });
export type LineError = z.infer<typeof lineError>;

export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'duplicate_in_file', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importPreviewRow = z
  .object({
    line: z.number().int(),
    status: z
      .enum(IMPORT_ROW_STATUSES)
      .describe('new: will be imported; duplicate: matches an existing transaction (same date, amount, type and description) and is skipped by default; duplicate_in_file: repeats an earlier row of this file (imported unless skip_file_duplicates); error: cannot be read'),
    error: z.string().nullable(),
    date: z.string().nullable(),
    type: z.enum(TRANSACTION_TYPES).nullable(),
    amount: z.number().nullable(),
    category: z.string().nullable(),
    description: z.string(),
    merchant: z.string().nullable(),
    notes: z.string().nullable(),
    tags: z.array(z.string()),
    currency: z.string().nullable(),
  })
  .meta({ id: 'ImportPreviewRow' });
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const importPreview = z
  .object({
    import_id: z.string(),
    status: z.literal('uploaded'),
    file_name: z.string().nullable(),
    columns: z.array(z.string()).describe('Header names, or "Column 1", "Column 2"… without a header'),
    sample: z.array(z.array(z.string())).describe('The first raw data rows, cell by cell'),
    detected: z
      .object({
        delimiter: z.enum(CSV_DELIMITERS),
        has_header: z.boolean(),
        skip_lines: z.number().int(),
        date_format: z.enum(IMPORT_DATE_FORMATS).nullable(),
        date_format_ambiguous: z.boolean().describe('Days and months could not be told apart (every day ≤ 12): ask the user'),
        decimal_separator: z.enum(DECIMAL_SEPARATORS),
        amount_style: z.enum(['signed', 'debit_credit', 'unknown']),
      })
      .describe('What the server read from the file'),
    mapping: importMapping.describe('The mapping this preview used: the suggestion on upload, or the one sent to /preview'),
    counts: z.object({
      rows: z.number().int().describe('Data rows in the file'),
      new: z.number().int(),
      duplicates: z.number().int(),
      duplicates_in_file: z.number().int(),
      errors: z.number().int(),
    }),
    rows: z.array(importPreviewRow).describe(`The first ${CSV_IMPORT_LIMITS.previewRows} rows as they would be imported`),
    errors: z.array(lineError).describe(`The first ${CSV_IMPORT_LIMITS.maxErrors} unreadable rows`),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreview>;

export const importPreviewRequest = z.object({ mapping: importMapping }).strict();

export const importCommitRequest = z
  .object({
    mapping: importMapping,
    skip_duplicates: z.boolean().default(true).describe('Skip rows matching an existing transaction (re-importing an overlapping statement adds nothing twice)'),
    skip_file_duplicates: z.boolean().default(false).describe('Also skip rows repeating an earlier row of the same file (off by default: two equal coffees on one day are real)'),
  })
  .strict()
  .meta({ id: 'ImportCommit' });
export type ImportCommitRequest = z.input<typeof importCommitRequest>;

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importJob = z
  .object({
    import_id: z.string(),
    status: z.enum(IMPORT_STATUSES).describe('uploaded → queued → running → completed | failed | cancelled'),
    file_name: z.string().nullable(),
    rows_total: z.number().int(),
    rows_done: z.number().int().describe('Rows processed so far (imported + duplicates + failed)'),
    rows_imported: z.number().int(),
    rows_duplicate: z.number().int(),
    rows_failed: z.number().int(),
    progress: z.number().describe('rows_done / rows_total, 0 to 1'),
    errors: z.array(lineError).describe(`The first ${CSV_IMPORT_LIMITS.maxErrors} failed rows`),
    failure: z.string().nullable().describe('Why a failed job stopped'),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof importJob>;

export const importJobList = z.object({ imports: z.array(importJob).describe('The 20 most recent, newest first') });

export const deleteImportResponse = z.object({
  message: z.string(),
  import_id: z.string(),
  deleted: z.number().int().describe('Transactions of this import removed'),
});

// ---------------------------------------------------------------------------------------------
// Demo data

export const demoLoadQuery = z.object({
  seed: z.coerce.number({ error: 'seed must be a whole number' }).int('seed must be a whole number').min(0).max(2 ** 31 - 1).optional().describe('Same seed, same data (default 42)'),
});

export const demoLoadResponse = z.object({
  message: z.string(),
  inserted: z.number().int(),
  date_from: z.string(),
  date_to: z.string(),
  seed: z.number().int(),
});
export const demoRemoveResponse = z.object({ message: z.string(), deleted: z.number().int() });

/** Columns of GET /transactions/export, in order. */
export const EXPORT_COLUMNS = ['date', 'type', 'amount', 'currency', 'category', 'description', 'merchant', 'notes', 'tags', 'transaction_id', 'created_at'] as const;
