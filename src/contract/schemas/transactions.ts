import { calendarDate, calendarMonth, money, text } from './fields';
import { z } from 'zod';
import { CSV_DELIMITERS, CSV_IMPORT_LIMITS, DECIMAL_SEPARATORS, FALLBACK_CATEGORY, IMPORT_DATE_FORMATS, IMPORT_FORMATS, IMPORT_ROW_STATUSES, IMPORT_STATUSES, SORT_ORDERS, TRANSACTION_LIMITS, TRANSACTION_PAGE, TRANSACTION_SORTS, TRANSACTION_SOURCES, TRANSACTION_TYPES, isListSafe } from '../transactions';
import { required } from '../fields';
export * from '../transactions';


export const amountField = (field = 'amount') => money(field);

export const dateField = (field = 'date') => calendarDate(field);

export const categoryName = (field = 'category') =>
  text(field)
    .trim()
    .min(1, `${field} is required`)
    .max(TRANSACTION_LIMITS.category, `${field} must be at most ${TRANSACTION_LIMITS.category} characters`)
    .refine(isListSafe, `${field} must not contain commas or control characters`);

export const tagValue = text('tags')
  .trim()
  .toLowerCase()
  .min(1, 'tags must not contain empty tags')
  .max(TRANSACTION_LIMITS.tag, `tags must each be at most ${TRANSACTION_LIMITS.tag} characters`)
  .refine(isListSafe, 'tags must not contain commas or control characters');

// ---------------------------------------------------------------------------------------------
// The transaction

export const transaction = z
  .object({
    transaction_id: z.string().describe('UUID of the transaction'),
    account_id: z.string().describe('The money account it belongs to'),
    kind: z.enum(['standard', 'transfer', 'valuation', 'adjustment']).describe('standard; a transfer leg; a valuation (market change); a reconciliation adjustment'),
    transfer_id: z.string().nullable().describe('Both legs of a transfer share it'),
    counts: z.boolean().describe('Counts as income or spending (false for transfers between on-budget accounts, tracking-only accounts and valuations)'),
    cleared: z.boolean(),
    reconciled: z.boolean().describe('Locked by a reconciliation: a change needs confirm_reconciled'),
    type: z.enum(TRANSACTION_TYPES).describe("'income' (money in) or 'expense' (money out)"),
    amount: z.number().describe('Positive amount, two decimal places'),
    currency: z.string().nullable().describe('ISO 4217 code; null means the account currency (profile `currency`)'),
    date: z.string().describe('Day of the transaction, YYYY-MM-DD'),
    category: z.string().describe('Category name (a default category or one the user created)'),
    description: z.string().describe('What it was; may be empty'),
    merchant: z.string().nullable().describe('Merchant or payee as typed or as the bank wrote it (the raw string)'),
    merchant_name: z.string().nullable().describe('The clean merchant name of merchant (or description when no merchant): "SQ *BLUE BOTTLE 0341" → "Blue Bottle Coffee"'),
    merchant_kind: z.string().nullable().describe('The merchant kind (coffee_shop, groceries, …; MERCHANT_KINDS) or null when unknown'),
    bank_id: z.string().nullable().describe("The bank's own id of an imported row (OFX FITID, CAMT entry reference), unique in its account"),
    notes: z.string().nullable(),
    tags: z.array(z.string()).describe('Lower-case tags'),
    source: z.enum(TRANSACTION_SOURCES).describe('manual, import (CSV) or demo'),
    import_id: z.string().nullable().describe('The CSV import that created the row, if any'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Transaction', description: 'An income or expense of the signed-in user' });

export const transactionIdParams = z.object({ id: z.string().describe('transaction_id (UUID); anything else answers 404') });

/** Add and edit: the form rules (zod/mini, shared with the web's form). */
export { createTransactionRequest, updateTransactionRequest } from '../rules/transactions';

export const deleteTransactionResponse = z.object({ message: z.string(), transaction_id: z.string() });

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
  account_id: text('account_id').optional().describe('Rows of one money account (GET /accounts)'),
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

export const categoryTotal = z
  .object({
    category: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    total: z.number(),
    count: z.number().int(),
    percentage: z.number().describe('Share of the total of its type in the period, percent, one decimal'),
  })
  .meta({ id: 'CategoryTotal' });

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

export const categoryList = z.object({ categories: z.array(category).describe('Defaults first, then the user’s own, each group by name') });

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

export const importUploadQuery = z.object({
  file_name: text('file_name').trim().max(255, 'file_name must be at most 255 characters').optional(),
  account_id: z.uuid({ error: 'account_id must be an account id (a UUID)' }).optional().describe('The account the file is for: bank ids already in it and hand-typed rows to match are looked up there (default: the first on-budget account)'),
});

export const importIdParams = z.object({ id: z.string().describe('import_id (UUID); anything else answers 404') });

export const lineError = z.object({ line: z.number().int().describe('1-based line of the file'), message: z.string() }).meta({ id: 'ImportLineError' });

export const importPreviewRow = z
  .object({
    line: z.number().int(),
    status: z
      .enum(IMPORT_ROW_STATUSES)
      .describe(
        "new: will be imported; duplicate: already there (a bank file: its bank id is in the account; a CSV: same date, amount, type and description) and skipped by default; duplicate_in_file: repeats an earlier row of this file (a CSV row is imported unless skip_file_duplicates; a bank row with the same bank id never is); matched: a bank row that is a transaction typed in by hand (same amount, date within 3 days, same merchant) and is linked to it instead of added; pending: not yet posted by the bank, left out; error: cannot be read",
      ),
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

export const importPreview = z
  .object({
    import_id: z.string(),
    status: z.literal('uploaded'),
    file_name: z.string().nullable(),
    format: z.enum(IMPORT_FORMATS).describe('What the file is, told by its content: csv, ofx (OFX or QFX, 1.x SGML or 2.x XML), qif or camt (CAMT.053); only csv needs the columns of the mapping'),
    account_id: z.string().nullable().describe('The account the duplicate and match counts were made for'),
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
      matched: z.number().int().describe('Bank rows linked to a transaction typed in by hand instead of added'),
      pending: z.number().int().describe('Bank rows not posted yet, left out'),
      errors: z.number().int(),
    }),
    rows: z.array(importPreviewRow).describe(`The first ${CSV_IMPORT_LIMITS.previewRows} rows as they would be imported`),
    errors: z.array(lineError).describe(`The first ${CSV_IMPORT_LIMITS.maxErrors} unreadable rows`),
  })
  .meta({ id: 'ImportPreview' });

export const importPreviewRequest = z
  .object({ mapping: importMapping, account_id: z.uuid({ error: 'account_id must be an account id (a UUID)' }).optional().describe('Count duplicates and matches in this account') })
  .strict();

export const importCommitRequest = z
  .object({
    mapping: importMapping,
    skip_duplicates: z.boolean().default(true).describe('Skip rows matching an existing transaction (re-importing an overlapping statement adds nothing twice)'),
    skip_file_duplicates: z.boolean().default(false).describe('Also skip rows repeating an earlier row of the same file (off by default: two equal coffees on one day are real)'),
    account_id: z.uuid({ error: 'account_id must be an account id (a UUID)' }).optional().describe('The account the rows go into (GET /accounts); omit for the first on-budget account'),
  })
  .strict()
  .meta({ id: 'ImportCommit' });

export const importJob = z
  .object({
    import_id: z.string(),
    status: z.enum(IMPORT_STATUSES).describe('uploaded → queued → running → completed | failed | cancelled'),
    file_name: z.string().nullable(),
    format: z.enum(IMPORT_FORMATS),
    rows_total: z.number().int(),
    rows_done: z.number().int().describe('Rows processed so far (imported + duplicates + failed)'),
    rows_imported: z.number().int(),
    rows_duplicate: z.number().int().describe('Rows left out: already there, repeated, or pending'),
    rows_matched: z.number().int().describe('Bank rows linked to a transaction typed in by hand'),
    rows_failed: z.number().int(),
    progress: z.number().describe('rows_done / rows_total, 0 to 1'),
    errors: z.array(lineError).describe(`The first ${CSV_IMPORT_LIMITS.maxErrors} failed rows`),
    failure: z.string().nullable().describe('Why a failed job stopped'),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'ImportJob' });

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
