import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './auth';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One error of an import, by line of the uploaded file (1-based, header included). */
export interface ImportLineError {
  line: number;
  message: string;
}

/**
 * CSV import jobs. The uploaded text stays here until the job finishes, so a job interrupted by a
 * restart resumes from `rows_done` (progress and inserted rows commit in the same transaction).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled'] }).notNull().default('uploaded'),
    fileName: text('file_name'),
    /** The uploaded CSV text; cleared when the job ends. */
    content: text('content'),
    /** The mapping and options chosen at commit (ImportMapping of the contract). */
    mapping: jsonb('mapping').$type<Record<string, unknown>>(),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsImported: integer('rows_imported').notNull().default(0),
    rowsDuplicate: integer('rows_duplicate').notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    /** Bank rows linked to a manually entered transaction instead of added (migration 0038). */
    rowsMatched: integer('rows_matched').notNull().default(0),
    /** What the file is: csv, ofx (OFX/QFX), qif or camt (CAMT.053), detected from its content. */
    format: text('format', { enum: ['csv', 'ofx', 'qif', 'camt'] }).notNull().default('csv'),
    /** The first errors by line (capped); rows_failed has the full count. */
    errors: jsonb('errors').$type<ImportLineError[]>().notNull().default([]),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('import_jobs_user_idx').on(t.userId, t.createdAt),
    index('import_jobs_pending_idx').on(t.status).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * Income and expenses. Amounts are positive minor units; `type` gives the direction. The
 * statement-level triggers of migrations `transactions_rollups` and `transactions_monthly_totals`
 * keep `transaction_daily_totals` and `transaction_monthly_totals` in step inside the same
 * database transaction as every write.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The money account it belongs to (migration 0031). */
    // A row inserted without one goes to the user's default account (trigger transactions_default_account).
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' })
      .$defaultFn(() => sql`null`),
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** standard, a transfer leg (with transfer_id), a valuation ("market change") or a reconciliation adjustment. */
    kind: text('kind', { enum: ['standard', 'transfer', 'valuation', 'adjustment'] })
      .notNull()
      .default('standard'),
    /** Both legs of a transfer share it. */
    transferId: uuid('transfer_id'),
    /**
     * Counts as income or spending (the category and merchant rollups hold only these): false for a
     * transfer between two on-budget accounts, a row of a tracking-only account and a valuation.
     */
    counts: boolean('counts').notNull().default(true),
    cleared: boolean('cleared').notNull().default(false),
    /** Locked by a reconciliation: a change asks for confirmation. */
    reconciled: boolean('reconciled').notNull().default(false),
    /** ISO 4217; null means the account currency (users.currency). */
    currency: text('currency'),
    /** The amount in the user's base currency at the rate of its day (migration 0045); null = not converted. */
    baseAmountMinor: bigint('base_amount_minor', { mode: 'number' }),
    /** A charge in another currency than the account's (a card used abroad): what it was there, in its minor units. */
    originalAmountMinor: bigint('original_amount_minor', { mode: 'number' }),
    originalCurrency: text('original_currency'),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    merchant: text('merchant'),
    notes: text('notes'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    source: text('source', { enum: ['manual', 'import', 'demo'] }).notNull().default('manual'),
    importId: uuid('import_id').references(() => importJobs.id, { onDelete: 'set null' }),
    /** The bank's own id of the row (OFX FITID, CAMT entry reference), unique per money account (migration 0038). */
    bankId: text('bank_id'),
    /** The clean merchant name and kind (services/merchants) of merchant or description; null on rows older than 0038 until read. */
    merchantName: text('merchant_name'),
    merchantKind: text('merchant_kind'),
    /** The bank-file import that linked a bank row to this manually entered one; its undo unlinks it. */
    linkedImportId: uuid('linked_import_id'),
    /** The import whose rule linked this existing row as a transfer's other leg (migration 0072); its undo unlinks it. */
    transferImportId: uuid('transfer_import_id'),
    /** The category this row had before that link, given back by the undo. */
    transferPriorCategory: text('transfer_prior_category'),
    /** The split row this line belongs to (migration 0050); lines count, their split row does not. */
    parentId: uuid('parent_id').references((): AnyPgColumn => transactions.id, { onDelete: 'cascade' }),
    /** Divided into lines (rows naming it as parent_id) that sum exactly to its amount (checked at commit). */
    split: boolean('split').notNull().default(false),
    /** Word index over description, merchant and notes ('simple' config: no stemming, any language). */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(description, '') || ' ' || coalesce(merchant, '') || ' ' || coalesce(notes, ''))`,
    ),
    /**
     * The CSV import's duplicate key: date, type, amount and description with case and runs of
     * whitespace ignored, hashed by the SQL function finu_duplicate_key (migration 0015).
     */
    duplicateKey: uuid('duplicate_key').generatedAlwaysAs(sql`finu_duplicate_key("date", "type", "amount_minor", "description")`),
    // Millisecond precision so a created_at cursor round-trips through a JS Date exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('transactions_amount_positive', sql`${t.amountMinor} > 0`),
    check('transactions_type_valid', sql`${t.type} in ('income', 'expense')`),
    check('transactions_kind_valid', sql`${t.kind} in ('standard', 'transfer', 'valuation', 'adjustment')`),
    check('transactions_original_pair', sql`(${t.originalAmountMinor} is null) = (${t.originalCurrency} is null)`),
    check('transactions_split_not_line', sql`not (${t.split} and ${t.parentId} is not null)`),
    check('transactions_transfer_has_id', sql`(${t.kind} = 'transfer') = (${t.transferId} is not null)`),
    // The register: one account's rows in date order (migration 0031).
    index('transactions_account_date_idx').on(t.accountId, t.date, t.id),
    index('transactions_transfer_idx').on(t.transferId).where(sql`${t.transferId} is not null`),
    index('transactions_user_uncounted_idx').on(t.userId, t.date).where(sql`not ${t.counts}`),
    // Plain ascending btrees: a backward scan serves ORDER BY ... DESC (NULLS FIRST) exactly.
    // Default list order and keyset pagination: (date desc, id desc). Migration 0019 builds it with
    // INCLUDE (search), which drizzle's index builder cannot express: a text search's walk in date order
    // reads the index alone (searchPage in repositories/transactions/search.ts).
    index('transactions_user_date_idx').on(t.userId, t.date, t.id),
    index('transactions_user_category_date_idx').on(t.userId, t.category, t.date, t.id),
    index('transactions_user_amount_idx').on(t.userId, t.amountMinor, t.id),
    // Transfer matching: the same amount within a few days (docs/decisions.md).
    index('transactions_user_amount_date_idx').on(t.userId, t.amountMinor, t.date),
    // The coach's single-merchant questions (migration 0014).
    index('transactions_user_merchant_date_idx').on(t.userId, sql`lower(${t.merchant})`, t.date),
    // The largest or smallest single payment at one merchant, walked in amount order (migration 0018).
    index('transactions_user_merchant_amount_idx').on(t.userId, sql`lower(${t.merchant})`, t.amountMinor, t.date),
    // The CSV import's duplicate check (migration 0015).
    index('transactions_user_duplicate_key_idx').on(t.userId, t.duplicateKey),
    index('transactions_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('transactions_search_idx').using('gin', t.search),
    index('transactions_tags_idx').using('gin', t.tags),
    index('transactions_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
    uniqueIndex('transactions_account_bank_id_key').on(t.accountId, t.bankId).where(sql`${t.bankId} is not null`),
    index('transactions_linked_import_idx').on(t.linkedImportId).where(sql`${t.linkedImportId} is not null`),
    index('transactions_transfer_import_idx').on(t.transferImportId).where(sql`${t.transferImportId} is not null`),
    index('transactions_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
    index('transactions_demo_idx').on(t.userId).where(sql`${t.source} = 'demo'`),
  ],
);

/**
 * Per user, day, category and type: the sum of base amounts and count of transactions. Written only by the
 * triggers on `transactions`; summaries, reports, balances and list totals read it.
 */
export const transactionDailyTotals = pgTable(
  'transaction_daily_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    /** Rows of a foreign account with no rate (migration 0063): counted here, left out of total_minor. */
    unconverted: integer('unconverted').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'transaction_daily_totals_pkey', columns: [t.userId, t.day, t.category, t.type] })],
);

/**
 * The same sums per calendar month (`month` is its first day), kept by the same trigger. Long
 * ranges (all-time balance, yearly views) read whole months here and only the partial months at
 * either end from the daily table: ~12 rows a year per category instead of ~365.
 */
export const transactionMonthlyTotals = pgTable(
  'transaction_monthly_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    unconverted: integer('unconverted').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'transaction_monthly_totals_pkey', columns: [t.userId, t.month, t.category, t.type] })],
);

/** Each user's number of transactions, kept by statement triggers with every write (migration 0021): the list's total. */
export const transactionUserCounts = pgTable('transaction_user_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  count: bigint('count', { mode: 'number' }).notNull(),
});

/** Named groups of categories per user, in the user's order ("Bills", "Everyday", "Fun"; migration 0032). */
export const categoryGroups = pgTable(
  'category_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('category_groups_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Every category of a user: the built-in set (src/contract/categories.ts DEFAULT_CATEGORIES, `builtin`,
 * seeded for each new user by the trigger users_seed_categories of migration 0032) and the user's own.
 * Transactions and the rollups store the category's name, so a rename or a merge rewrites them.
 */
export const transactionCategories = pgTable(
  'transaction_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    /** #rrggbb; null: the built-in colour or one derived from the name (categoryColor). */
    color: text('color'),
    builtin: boolean('builtin').notNull().default(false),
    /** Not offered for new entries; transactions using it still show it. */
    hidden: boolean('hidden').notNull().default(false),
    groupId: uuid('group_id').references(() => categoryGroups.id, { onDelete: 'set null' }),
    /** Order within its group. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transaction_categories_user_name_key').on(t.userId, sql`lower(${t.name})`), index('transaction_categories_group_idx').on(t.groupId)],
);

/** Pairs a person said are not a transfer (migration 0062), in id order so either direction finds them. */
export const transferMatchDismissals = pgTable(
  'transfer_match_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lowId: uuid('low_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    highId: uuid('high_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'transfer_match_dismissals_pkey', columns: [t.userId, t.lowId, t.highId] }),
    check('transfer_match_dismissals_ordered', sql`${t.lowId} < ${t.highId}`),
    index('transfer_match_dismissals_high_idx').on(t.highId),
  ],
);
