import { and, arrayContains, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { TRANSACTION_PAGE } from '../../contract/transactions';
import type { ImportLineError } from '../db/schema';
import type { Db } from '../db/client';
import { accountMonthlyTotals, importJobs, transactionCategories, transactionDailyTotals, transactionMonthlyTotals, transactions, transactionUserCounts, users } from '../db/schema';
import { importActions } from './importActions';
import { manualCandidates, type ManualCandidateQuery } from './importMatches';
import { baseAmountsOnly, baseMinorOf, monthStart, rollupGroups, sumByType, type RollupGroup, type RollupRange } from './rollups';

export type TransactionRow = Omit<typeof transactions.$inferSelect, 'search' | 'duplicateKey' | 'linkedImportId' | 'transferImportId' | 'transferPriorCategory'>;
export type CategoryRow = typeof transactionCategories.$inferSelect;
export type ImportJobRow = typeof importJobs.$inferSelect;
type TxType = 'income' | 'expense';
type Source = 'manual' | 'import' | 'demo';
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

/** Every column but the search vector, which only the database needs. */
export const rowColumns = {
  id: transactions.id,
  userId: transactions.userId,
  accountId: transactions.accountId,
  kind: transactions.kind,
  transferId: transactions.transferId,
  counts: transactions.counts,
  cleared: transactions.cleared,
  reconciled: transactions.reconciled,
  type: transactions.type,
  amountMinor: transactions.amountMinor,
  currency: transactions.currency,
  date: transactions.date,
  category: transactions.category,
  description: transactions.description,
  merchant: transactions.merchant,
  notes: transactions.notes,
  tags: transactions.tags,
  source: transactions.source,
  importId: transactions.importId,
  bankId: transactions.bankId,
  merchantName: transactions.merchantName,
  merchantKind: transactions.merchantKind,
  baseAmountMinor: transactions.baseAmountMinor,
  originalAmountMinor: transactions.originalAmountMinor,
  originalCurrency: transactions.originalCurrency,
  parentId: transactions.parentId,
  split: transactions.split,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
};

const sortColumn = { date: transactions.date, amount: transactions.amountMinor, created_at: transactions.createdAt } as const;

const num = (v: unknown) => Number(v ?? 0);
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const owned = (userId: string, id: string) => and(eq(transactions.userId, userId), eq(transactions.id, id));

/** The WHERE conditions of a filter (the list, its count, the export and the filter totals share them). */
export function filterConditions(userId: string, f: StoredFilters): SQL[] {
  const conds: SQL[] = [eq(transactions.userId, userId)];
  if (f.type) conds.push(eq(transactions.type, f.type));
  if (f.categories?.length === 1) conds.push(eq(transactions.category, f.categories[0]!));
  else if (f.categories && f.categories.length > 1) conds.push(inArray(transactions.category, f.categories));
  if (f.dateFrom) conds.push(gte(transactions.date, f.dateFrom));
  if (f.dateTo) conds.push(lte(transactions.date, f.dateTo));
  if (f.amountMinMinor !== undefined) conds.push(gte(transactions.amountMinor, f.amountMinMinor));
  if (f.amountMaxMinor !== undefined) conds.push(lte(transactions.amountMinor, f.amountMaxMinor));
  if (f.tsquery) conds.push(sql`${transactions.search} @@ to_tsquery('simple', ${f.tsquery})`);
  if (f.tags?.length) conds.push(arrayContains(transactions.tags, f.tags));
  if (f.source) conds.push(eq(transactions.source, f.source));
  if (f.importId) conds.push(isUuid(f.importId) ? eq(transactions.importId, f.importId) : sql`false`);
  if (f.accountId) conds.push(isUuid(f.accountId) ? eq(transactions.accountId, f.accountId) : sql`false`);
  return conds;
}

/** Filters the daily rollup can count exactly: type, category and day range. */
export const countableFromRollup = (f: StoredFilters) =>
  f.amountMinMinor === undefined && f.amountMaxMinor === undefined && !f.tsquery && !f.tags?.length && !f.source && !f.importId && !f.accountId;

const toInsert = (userId: string, t: NewTransaction, source: Source, importId: string | null) => ({
  userId,
  accountId: t.accountId ?? sql`null`,
  counts: t.counts ?? true,
  kind: t.kind ?? 'standard',
  transferId: t.transferId ?? null,
  cleared: t.cleared ?? false,
  type: t.type,
  amountMinor: t.amountMinor,
  date: t.date,
  category: t.category,
  description: t.description,
  merchant: t.merchant,
  notes: t.notes,
  tags: t.tags,
  currency: t.currency,
  source,
  importId,
  bankId: t.bankId ?? null,
  merchantName: t.merchantName ?? null,
  merchantKind: t.merchantKind ?? null,
  baseAmountMinor: t.baseAmountMinor ?? null,
  originalAmountMinor: t.originalAmountMinor ?? null,
  originalCurrency: t.originalCurrency ?? null,
});

/** Rows per INSERT statement (one array parameter per column). */
const INSERT_CHUNK = 2_000;

/** A PostgreSQL array literal of text values (each quoted, backslashes and quotes escaped): one element of a text[] parameter standing for a row's text[]. */
const arrayLiteral = (values: string[]) => `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/**
 * A timestamp as whole epoch milliseconds, for a page's JSON : a number costs far
 * less to write in the database (PGlite's WASM above all) and to read in JS than the ISO text with its
 * time zone, which `new Date` would parse. The microseconds are rounded exact (a double holds them to a
 * fraction of a microsecond at today's epoch), then floored to the millisecond, as `new Date(text)`
 * truncates the ISO text's fraction.
 */
const epochMs = (column: SQLWrapper) => sql`floor(round(date_part('epoch', ${column}) * 1000000) / 1000)`;

/** The columns of a page read as one JSON value, in order (the unfiltered page and the search walk): every column but the user's (the caller's). */
const PAGE_FIELDS = ['id', 'type', 'amountMinor', 'currency', 'date', 'category', 'description', 'merchant', 'notes', 'tags', 'source', 'importId', 'createdAt', 'updatedAt', 'accountId', 'kind', 'transferId', 'counts', 'cleared', 'reconciled', 'bankId', 'merchantName', 'merchantKind', 'baseAmountMinor', 'originalAmountMinor', 'originalCurrency', 'parentId', 'split'] as const satisfies readonly (keyof typeof rowColumns)[];
type PageField = (typeof PAGE_FIELDS)[number];

/** A row's JSON array for a page, each field read by `column`, the timestamps as epoch milliseconds (fromPageJson reads it back). */
const pageFields = (column: (k: PageField) => SQLWrapper) =>
  sql.join(
    PAGE_FIELDS.map((k) => (k === 'createdAt' || k === 'updatedAt' ? epochMs(column(k)) : column(k))),
    sql`, `,
  );

/** A row of a page's JSON (pageFields) as the row drizzle would answer: bigint as a number (amounts are far below 2^53), timestamps as Dates. */
function fromPageJson(userId: string, v: unknown[]): TransactionRow {
  return {
    id: v[0] as string,
    userId,
    type: v[1] as TxType,
    amountMinor: Number(v[2]),
    currency: v[3] as string | null,
    date: v[4] as string,
    category: v[5] as string,
    description: v[6] as string,
    merchant: v[7] as string | null,
    notes: v[8] as string | null,
    tags: v[9] as string[],
    source: v[10] as Source,
    importId: v[11] as string | null,
    createdAt: new Date(v[12] as number),
    updatedAt: new Date(v[13] as number),
    accountId: v[14] as string,
    kind: v[15] as TransactionKind,
    transferId: v[16] as string | null,
    counts: v[17] as boolean,
    cleared: v[18] as boolean,
    reconciled: v[19] as boolean,
    bankId: v[20] as string | null,
    merchantName: v[21] as string | null,
    merchantKind: v[22] as string | null,
    baseAmountMinor: v[23] == null ? null : Number(v[23]),
    originalAmountMinor: v[24] == null ? null : Number(v[24]),
    originalCurrency: v[25] as string | null,
    parentId: v[26] as string | null,
    split: v[27] as boolean,
  };
}

/** No filter but the user: the list's first view, the one every request of the list screen starts with. */
const unfiltered = (f: StoredFilters) => Object.values(f).every((v) => v === undefined || (Array.isArray(v) && v.length === 0));

/**
 * Every transaction of the user, as text: one row of transaction_user_counts (exact: statement triggers
 * keep it in the same transaction as every write, migration 0021; no row yet means none).
 */
const totalOf = (userId: SQLWrapper) =>
  sql<string>`coalesce((select ${transactionUserCounts.count} from ${transactionUserCounts} where ${transactionUserCounts.userId} = ${userId}), 0)::text`;

/** The most rows a bounded page statement reads: the largest page the API serves, plus the row that tells whether more follow. */
const PAGE_BOUND = TRANSACTION_PAGE.maxLimit + 1;

/**
 * The unfiltered page and total as prepared statements, built once per repository (the
 * per-request floor): no SQL built per request, and the database parses and plans each once per
 * connection (node-postgres names them; PGlite through db/pgliteStatements.ts). One statement per
 * sort, direction, first-or-keyset page and with-or-without the total.
 */
function preparedPages(db: Db) {
  const cache = new Map<string, ReturnType<typeof build>>();
  const build = (sort: SortKey, order: 'asc' | 'desc', keyset: boolean, withTotal: boolean, bounded: boolean) => {
    const dir = order === 'asc' ? asc : desc;
    const key = sortColumn[sort];
    const conds: SQL[] = [eq(transactions.userId, sql.placeholder('userId')), isNull(transactions.parentId)];
    if (keyset) {
      const cast = sort === 'date' ? sql`::date` : sort === 'amount' ? sql`::bigint` : sql`::timestamptz`;
      const op = order === 'asc' ? sql`>` : sql`<`;
      conds.push(sql`(${key}, ${transactions.id}) ${op} (${sql.placeholder('value')}${cast}, ${sql.placeholder('id')}::uuid)`);
    }
    const ordered = db
      .select(rowColumns)
      .from(transactions)
      .where(and(...conds))
      .orderBy(dir(key), dir(transactions.id));
    let page;
    if (bounded) {
      // The requested limit applies outside a constant one, so the plan PostgreSQL estimates without
      // the values (the generic plan) reads at most PAGE_BOUND rows, costs what a plan for 51 rows
      // costs, and is kept after five executions: no planning per request. With `limit $1` alone the
      // generic plan is costed at a tenth of the table and PostgreSQL plans every execution afresh.
      // A constant in the text (drizzle would send a number as a parameter).
      const inner = ordered.limit(sql.raw(String(PAGE_BOUND)) as unknown as number).as('b');
      const innerKey = { date: inner.date, amount: inner.amountMinor, created_at: inner.createdAt }[sort];
      page = db
        .select()
        .from(inner)
        .orderBy(dir(innerKey), dir(inner.id))
        .limit(sql.placeholder('limit'))
        .as('p');
    } else {
      page = ordered.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).as('p');
    }
    const pageKey = { date: page.date, amount: page.amountMinor, created_at: page.createdAt }[sort];
    const fields = pageFields((k) => page[k]);
    // The page as one JSON value: one field to hand over instead of one per column and row; the
    // total, when asked, in the same statement (one round trip instead of two).
    return db
      .select({
        page: sql<string>`coalesce(json_agg(json_build_array(${fields}) order by ${pageKey} ${sql.raw(order)}, ${page.id} ${sql.raw(order)}), '[]')::text`,
        n: withTotal ? sql<string | null>`(${totalOf(sql.placeholder('userId'))})` : sql<string | null>`null`,
      })
      .from(page)
      .prepare(`transactions_page_${sort}_${order}${keyset ? '_after' : ''}${withTotal ? '_total' : ''}${bounded ? '_bounded' : ''}`);
  };
  const total = db
    .select({ n: transactionUserCounts.count })
    .from(transactionUserCounts)
    .where(eq(transactionUserCounts.userId, sql.placeholder('userId')))
    .prepare('transactions_total');
  return {
    /** The page, and the user's total when the request asks for it (else null). */
    async page(userId: string, req: ListRequest): Promise<{ rows: TransactionRow[]; total: number | null }> {
      // A first or keyset page within PAGE_BOUND rows: the statement with a generic plan (see build).
      const bounded = (!!req.after || req.offset === 0) && req.limit + 1 <= PAGE_BOUND;
      const name = `${req.sort}_${req.order}_${req.after ? 1 : 0}_${req.includeTotal ? 1 : 0}_${bounded ? 1 : 0}`;
      let statement = cache.get(name);
      if (!statement) cache.set(name, (statement = build(req.sort, req.order, !!req.after, req.includeTotal, bounded)));
      const [row] = await statement.execute({ userId, limit: req.limit + 1, offset: req.after ? 0 : req.offset, value: req.after ? String(req.after.value) : undefined, id: req.after?.id });
      return { rows: (JSON.parse(row?.page ?? '[]') as unknown[][]).map((v) => fromPageJson(userId, v)), total: req.includeTotal ? num(row?.n) : null };
    },
    /** Every transaction of the user (transaction_user_counts; no row means none). */
    async total(userId: string): Promise<number> {
      const [row] = await total.execute({ userId });
      return num(row?.n);
    },
  };
}

/** Transactions, their daily rollup (read side), user categories and import jobs. Every query is scoped by user. */
export function transactionsRepository(db: Db) {
  const prepared = preparedPages(db);
  const repo = {
    async get(userId: string, id: string): Promise<TransactionRow | undefined> {
      if (!isUuid(id)) return undefined;
      const rows = await db.select(rowColumns).from(transactions).where(owned(userId, id)).limit(1);
      return rows[0];
    },

    /**
     * Adds a transaction; undefined when its (user) category was deleted meanwhile. `ownCategory`:
     * the category is one of the user's own (not a default), held with a row lock until commit so a
     * concurrent delete of it either waits and sees this row, or wins and this insert is refused.
     */
    async create(userId: string, input: NewTransaction, ownCategory = false): Promise<TransactionRow | undefined> {
      return db.transaction(async (tx) => {
        if (ownCategory && !(await holdCategory(tx, userId, input.category))) return undefined;
        const [row] = await tx.insert(transactions).values(toInsert(userId, input, 'manual', null)).returning(rowColumns);
        return row;
      });
    },

    /** Changes a transaction; 'category_gone' when the user category it moves to was deleted meanwhile. */
    async update(userId: string, id: string, patch: TransactionPatch, ownCategory = false): Promise<TransactionRow | 'category_gone' | undefined> {
      if (!isUuid(id)) return undefined;
      return db.transaction(async (tx) => {
        if (ownCategory && patch.category !== undefined && !(await holdCategory(tx, userId, patch.category))) return 'category_gone' as const;
        const rows = await tx
          .update(transactions)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(owned(userId, id))
          .returning(rowColumns);
        return rows[0];
      });
    },

    /** The lines of these split rows, by split row id, in the order they were written. */
    async splitLines(userId: string, parentIds: string[]): Promise<Map<string, TransactionRow[]>> {
      const byParent = new Map<string, TransactionRow[]>();
      const ids = parentIds.filter(isUuid);
      if (ids.length === 0) return byParent;
      const rows = await db
        .select(rowColumns)
        .from(transactions)
        .where(and(eq(transactions.userId, userId), inArray(transactions.parentId, ids)))
        .orderBy(asc(transactions.createdAt), asc(transactions.id));
      for (const row of rows) {
        const list = byParent.get(row.parentId!) ?? [];
        list.push(row);
        byParent.set(row.parentId!, list);
      }
      return byParent;
    },

    /**
     * Divides a row into lines (replacing any it had) in one transaction: the lines take the row's user,
     * account, type, date, payee and tags, and count as the row did; the row stops counting (trigger
     * transactions_split_row). The database checks at commit that the lines sum to the row's amount.
     */
    async split(userId: string, id: string, lines: SplitLine[], ownCategories: string[] = []): Promise<TransactionRow | 'category_gone' | undefined> {
      if (!isUuid(id)) return undefined;
      return db.transaction(async (tx) => {
        for (const name of ownCategories) if (!(await holdCategory(tx, userId, name))) return 'category_gone' as const;
        const [head] = await tx.select(rowColumns).from(transactions).where(owned(userId, id)).for('update');
        if (!head || head.parentId) return undefined;
        await tx.delete(transactions).where(and(eq(transactions.userId, userId), eq(transactions.parentId, id)));
        const [row] = await tx.update(transactions).set({ split: true, updatedAt: sql`now()` }).where(owned(userId, id)).returning(rowColumns);
        const column = <T>(pick: (l: SplitLine) => T) => sql.param(lines.map(pick));
        await tx.execute(sql`
          insert into transactions (user_id, account_id, counts, kind, cleared, type, amount_minor, date, category, description, merchant, notes, tags, currency, source, merchant_name, merchant_kind, parent_id, created_at)
          select p.user_id, p.account_id, a.on_budget, 'standard', p.cleared, p.type, l.amount_minor, p.date, l.category, p.description, p.merchant, l.memo, p.tags, p.currency, p.source, p.merchant_name, p.merchant_kind, p.id,
            now() + (l.n * interval '1 millisecond')
          from transactions p join accounts a on a.id = p.account_id,
            unnest(${column((l) => l.category)}::text[], ${column((l) => l.amountMinor)}::bigint[], ${column((l) => l.memo)}::text[]) with ordinality as l(category, amount_minor, memo, n)
          where p.id = ${id} and p.user_id = ${userId}`);
        return row;
      });
    },

    /** Makes a split row one row again: its lines go, it counts as its account says. */
    async unsplit(userId: string, id: string): Promise<TransactionRow | undefined> {
      if (!isUuid(id)) return undefined;
      return db.transaction(async (tx) => {
        await tx.delete(transactions).where(and(eq(transactions.userId, userId), eq(transactions.parentId, id)));
        const rows = await tx
          .update(transactions)
          .set({ split: false, counts: sql`(select a.on_budget from accounts a where a.id = ${transactions.accountId})`, updatedAt: sql`now()` })
          .where(and(owned(userId, id), eq(transactions.split, true)))
          .returning(rowColumns);
        return rows[0];
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(transactions).where(owned(userId, id)).returning({ id: transactions.id });
      return rows.length > 0;
    },

    /** Holds these user categories (FOR SHARE) until the transaction ends; answers the ones that no longer exist. */
    async holdCategories(tx: Queryable, userId: string, names: string[]): Promise<Set<string>> {
      const gone = new Set<string>();
      for (const name of names) if (!(await holdCategory(tx, userId, name))) gone.add(name);
      return gone;
    },

    /**
     * Inserts many rows (import batches, demo data) in chunks; call inside a transaction to make them one write.
     * Each chunk is one INSERT … SELECT over unnest() of one array per column: ten parameters whatever the
     * chunk's size, so the statement PostgreSQL parses and plans stays small (a VALUES list of 2,000 rows
     * is 24,000 parameters and as many expression nodes, in time and in the embedded database's memory).
     */
    async insertMany(q: Queryable, userId: string, rows: NewTransaction[], source: Source, importId: string | null = null): Promise<number> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const column = <T>(pick: (t: NewTransaction) => T) => sql.param(chunk.map(pick));
        await q.execute(sql`
          insert into transactions (id, user_id, account_id, counts, kind, transfer_id, cleared, type, amount_minor, date, category, description, merchant, notes, tags, currency, source, import_id, bank_id, merchant_name, merchant_kind, base_amount_minor, original_amount_minor, original_currency)
          select coalesce(r.id, gen_random_uuid()), ${userId}::uuid, r.account_id, r.counts, r.kind, r.transfer_id, r.cleared, r.type, r.amount_minor, r.date, r.category, r.description, r.merchant, r.notes, r.tags::text[], r.currency, ${source}, ${importId}::uuid, r.bank_id, r.merchant_name, r.merchant_kind, r.base_amount_minor, r.original_amount_minor, r.original_currency
          from unnest(${column((t) => t.id ?? null)}::uuid[], ${column((t) => t.accountId ?? null)}::uuid[], ${column((t) => t.counts ?? true)}::boolean[], ${column((t) => t.kind ?? 'standard')}::text[], ${column((t) => t.transferId ?? null)}::uuid[],
            ${column((t) => t.cleared ?? false)}::boolean[], ${column((t) => t.type)}::text[], ${column((t) => t.amountMinor)}::bigint[], ${column((t) => t.date)}::date[], ${column((t) => t.category)}::text[],
            ${column((t) => t.description)}::text[], ${column((t) => t.merchant)}::text[], ${column((t) => t.notes)}::text[], ${column((t) => arrayLiteral(t.tags))}::text[],
            ${column((t) => t.currency)}::text[], ${column((t) => t.bankId ?? null)}::text[], ${column((t) => t.merchantName ?? null)}::text[], ${column((t) => t.merchantKind ?? null)}::text[],
            ${column((t) => t.baseAmountMinor ?? null)}::bigint[], ${column((t) => t.originalAmountMinor ?? null)}::bigint[], ${column((t) => t.originalCurrency ?? null)}::text[])
            as r(id, account_id, counts, kind, transfer_id, cleared, type, amount_minor, date, category, description, merchant, notes, tags, currency, bank_id, merchant_name, merchant_kind, base_amount_minor, original_amount_minor, original_currency)
          -- A bank row already in the account (a race with another import of the same statement) is not added twice.
          on conflict (account_id, bank_id) where bank_id is not null do nothing`);
      }
      return rows.length;
    },

    /**
     * One page in a stable order (sort key, then id, same direction) plus the total. Keyset
     * (`after`) pages cost the same at any depth. Totals of type/category/date filters come from
     * the daily rollup; other filters count the matching rows.
     */
    async list(userId: string, req: ListRequest): Promise<ListResult> {
      const conds = [...filterConditions(userId, req.filters), isNull(transactions.parentId)];
      const dir = req.order === 'asc' ? asc : desc;

      let rows: TransactionRow[];
      let total: number | null = null;
      if (req.filters.tsquery) {
        const searched = await searchPage(db, userId, req, conds);
        rows = searched.rows;
        total = searched.total;
      } else if (unfiltered(req.filters)) {
        ({ rows, total } = await prepared.page(userId, req));
      } else {
        const key = sortColumn[req.sort];
        if (req.after) conds.push(keysetAfter(key, transactions.id, req.after, req.sort, req.order));
        rows = await db
          .select(rowColumns)
          .from(transactions)
          .where(and(...conds))
          .orderBy(dir(key), dir(transactions.id))
          .limit(req.limit + 1)
          .offset(req.after ? 0 : req.offset);
      }
      const hasMore = rows.length > req.limit;
      if (hasMore) rows.pop();
      if (!req.includeTotal) total = null;
      else if (total === null) total = await repo.count(userId, req.filters);
      return { rows, total, hasMore };
    },

    async count(userId: string, f: StoredFilters): Promise<number> {
      if (unfiltered(f)) return prepared.total(userId);
      if (countableFromRollup(f)) {
        // The rollups hold the rows that count as income or spending; the few others (transfers,
        // valuations, tracking-only accounts, split rows) are counted from their partial index, and the
        // split lines the rollups hold are taken off (the list shows their split row instead).
        const t = transactions;
        const [groups, [uncounted]] = await Promise.all([
          repo.rollupGroups(userId, { from: f.dateFrom, to: f.dateTo, type: f.type, categories: f.categories }),
          db
            .select({ n: sql<string>`count(*) filter (where ${t.parentId} is null) - count(*) filter (where ${t.parentId} is not null and ${t.counts})` })
            .from(t)
            .where(and(...filterConditions(userId, f), sql`(not ${t.counts} or ${t.parentId} is not null)`)),
        ]);
        return groups.reduce((n, g) => n + g.count, 0) + num(uncounted?.n);
      }
      const [row] = await db
        .select({ n: sql<string>`count(*)` })
        .from(transactions)
        .where(and(...filterConditions(userId, f), isNull(transactions.parentId)));
      return num(row?.n);
    },

    /** Sum and count per category and type over a day range (open ends allowed), from the rollups. */
    rollupGroups: (userId: string, range: RollupRange): Promise<CategoryTotalRow[]> => rollupGroups(db, userId, range),

    /** Income, expenses and count over a day range (open ends allowed), from the rollups. */
    async totals(userId: string, dateFrom?: string, dateTo?: string): Promise<PeriodTotals> {
      const sums = sumByType(await repo.rollupGroups(userId, { from: dateFrom, to: dateTo }));
      return { incomeMinor: sums.incomeMinor, expenseMinor: sums.expenseMinor, count: sums.incomeCount + sums.expenseCount, unconverted: sums.unconverted };
    },

    async categoryTotals(userId: string, dateFrom: string | undefined, dateTo: string | undefined, type?: TxType): Promise<CategoryTotalRow[]> {
      return repo.rollupGroups(userId, { from: dateFrom, to: dateTo, type });
    },

    async dailyTotals(userId: string, dateFrom: string, dateTo: string): Promise<{ day: string; type: TxType; totalMinor: number; count: number }[]> {
      const rows = await db
        .select({ day: transactionDailyTotals.day, type: transactionDailyTotals.type, total: sql<string>`sum(${transactionDailyTotals.totalMinor})`, n: sql<string>`sum(${transactionDailyTotals.count})` })
        .from(transactionDailyTotals)
        .where(and(eq(transactionDailyTotals.userId, userId), gte(transactionDailyTotals.day, dateFrom), lte(transactionDailyTotals.day, dateTo)))
        .groupBy(transactionDailyTotals.day, transactionDailyTotals.type);
      return rows.map((r) => ({ day: r.day, type: r.type, totalMinor: num(r.total), count: num(r.n) }));
    },

    /** Sums per calendar month (YYYY-MM) and type for the months touching [dateFrom, dateTo]. */
    async monthlyTotals(userId: string, dateFrom: string, dateTo: string): Promise<{ month: string; type: TxType; totalMinor: number; count: number }[]> {
      const m = transactionMonthlyTotals;
      const month = sql<string>`to_char(${m.month}, 'YYYY-MM')`;
      const rows = await db
        .select({ month, type: m.type, total: sql<string>`sum(${m.totalMinor})`, n: sql<string>`sum(${m.count})` })
        .from(m)
        .where(and(eq(m.userId, userId), gte(m.month, monthStart(dateFrom)), lte(m.month, monthStart(dateTo))))
        .groupBy(month, m.type);
      return rows.map((r) => ({ month: r.month, type: r.type, totalMinor: num(r.total), count: num(r.n) }));
    },

    /** Sums per month (YYYY-MM), category and type for whole months fromMonth..toMonth (YYYY-MM), from the monthly rollup. */
    async monthGroups(userId: string, fromMonth: string, toMonth: string): Promise<(CategoryTotalRow & { month: string })[]> {
      const m = transactionMonthlyTotals;
      const rows = await db
        .select({ month: sql<string>`to_char(${m.month}, 'YYYY-MM')`, category: m.category, type: m.type, total: m.totalMinor, n: m.count, u: m.unconverted })
        .from(m)
        .where(and(eq(m.userId, userId), gte(m.month, `${fromMonth}-01`), lte(m.month, `${toMonth}-01`)));
      return rows.map((r) => ({ month: r.month, category: r.category, type: r.type, totalMinor: num(r.total), count: num(r.n), unconverted: num(r.u) }));
    },

    /** The account currency (users.currency). */
    async accountCurrency(userId: string): Promise<string> {
      const rows = await db.select({ currency: users.currency }).from(users).where(eq(users.id, userId)).limit(1);
      return rows[0]?.currency ?? 'USD';
    },

    /** Users whose base currency changed and whose base amounts wait for the recompute job, oldest change first. */
    async baseRecomputeQueue(limit: number): Promise<{ userId: string; since: string; currency: string }[]> {
      return db
        .select({ userId: users.id, since: sql<string>`${users.baseRecomputeSince}::text`, currency: users.currency })
        .from(users)
        .where(sql`${users.baseRecomputeSince} is not null`)
        .orderBy(users.baseRecomputeSince)
        .limit(limit);
    },

    /**
     * Rows of accounts in the base currency: the base amount is the amount itself (unconverted ones included), one
     * statement. Like setBaseAmounts, part of the recompute: the rollup triggers skip it (see baseAmountsOnly).
     */
    async baseIsAmount(userId: string, accountIds: string[]): Promise<number> {
      if (accountIds.length === 0) return 0;
      const t = transactions;
      return baseAmountsOnly(db, async (tx) => {
        const rows = await tx
          .update(t)
          .set({ baseAmountMinor: sql`${t.amountMinor}` })
          .where(and(eq(t.userId, userId), inArray(t.accountId, accountIds), sql`${t.baseAmountMinor} is distinct from ${t.amountMinor}`))
          .returning({ id: t.id });
        return rows.length;
      });
    },

    /** One account's rows after `afterId` in id order (keyset pages): what a base amount is computed from. */
    async amountsPage(userId: string, accountId: string, afterId: string | null, limit: number): Promise<{ id: string; amountMinor: number; date: string; baseAmountMinor: number | null }[]> {
      const t = transactions;
      return db
        .select({ id: t.id, amountMinor: t.amountMinor, date: t.date, baseAmountMinor: t.baseAmountMinor })
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.accountId, accountId), afterId ? sql`${t.id} > ${afterId}` : undefined))
        .orderBy(t.id)
        .limit(limit);
    },

    /**
     * New base amounts (null: not converted) for some rows, in one statement. The rollups are left as they are
     * (baseAmountsOnly): finishBaseRecompute rebuilds them from the rows.
     */
    async setBaseAmounts(userId: string, changes: { id: string; baseAmountMinor: number | null }[]): Promise<void> {
      if (changes.length === 0) return;
      await baseAmountsOnly(db, (tx) => tx.execute(sql`
        update transactions as t set base_amount_minor = c.base
        from unnest(${sql.param(changes.map((c) => c.id))}::uuid[], ${sql.param(changes.map((c) => c.baseAmountMinor))}::bigint[]) as c(id, base)
        where t.user_id = ${userId} and t.id = c.id`));
    },

    /**
     * The user's category and merchant rollups rebuilt from their rows (set-based, migration 0063), and the
     * recompute mark cleared unless the currency changed again meanwhile (the next run takes that change).
     */
    async finishBaseRecompute(userId: string, since: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select finu_rebuild_rollups(array[${userId}]::uuid[])`);
        const done = await tx
          .update(users)
          .set({ baseRecomputeSince: null })
          .where(and(eq(users.id, userId), sql`${users.baseRecomputeSince} = ${since}::timestamptz`))
          .returning({ id: users.id });
        return done.length > 0;
      });
    },

    /** First and last day with any transaction. */
    async dateSpan(userId: string): Promise<{ first: string | null; last: string | null }> {
      const [row] = await db
        .select({ first: sql<string | null>`min(${transactionDailyTotals.day})::text`, last: sql<string | null>`max(${transactionDailyTotals.day})::text` })
        .from(transactionDailyTotals)
        .where(eq(transactionDailyTotals.userId, userId));
      return { first: row?.first ?? null, last: row?.last ?? null };
    },

    /**
     * The largest rows in the base currency. A row with no rate for its day cannot be ranked against the others:
     * it is left out here (the report counts it in unconverted_count), never ranked 1:1.
     */
    async largest(userId: string, type: TxType, dateFrom: string, dateTo: string, limit: number): Promise<TransactionRow[]> {
      const base = baseMinorOf(userId);
      return db
        .select(rowColumns)
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.type, type), eq(transactions.counts, true), gte(transactions.date, dateFrom), lte(transactions.date, dateTo), sql`${base} is not null`))
        .orderBy(desc(base), desc(transactions.id))
        .limit(limit);
    },

    /** Transactions per category name (for the categories list). */
    async usageByCategory(userId: string): Promise<Map<string, number>> {
      const usage = new Map<string, number>();
      for (const g of await repo.rollupGroups(userId, {})) usage.set(g.category, (usage.get(g.category) ?? 0) + g.count);
      return usage;
    },

    async hasDemo(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.source, 'demo')))
        .limit(1);
      return rows.length > 0;
    },

    /** Replaces the user's demo rows with these, in one database transaction. */
    async replaceDemo(userId: string, rows: NewTransaction[]): Promise<number> {
      return db.transaction(async (tx) => {
        // One replacement per user at a time: a concurrent one waits, then deletes what this one inserted.
        await lockUser(tx, userId);
        await tx.delete(transactions).where(and(eq(transactions.userId, userId), eq(transactions.source, 'demo')));
        return repo.insertMany(tx, userId, rows, 'demo');
      });
    },

    async removeDemo(userId: string): Promise<number> {
      const rows = await db
        .delete(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.source, 'demo')))
        .returning({ id: transactions.id });
      return rows.length;
    },

    /**
     * How many stored rows share each of these rows' duplicate key (date, type, amount, description
     * with case and whitespace runs ignored; the SQL function finu_duplicate_key, migration 0015),
     * leaving out rows of one import. One set-based query: the distinct keys of the batch joined to
     * the (user_id, duplicate_key) index, so its cost follows the batch, not the account's size.
     * Answers only the rows with at least one stored match, each with its count.
     */
    async duplicateCandidates(
      userId: string,
      candidates: { date: string; type: TxType; amountMinor: number; description: string }[],
      excludeImportId: string | null,
      q: Queryable = db,
    ): Promise<{ date: string; type: TxType; amountMinor: number; description: string; stored: number }[]> {
      if (candidates.length === 0) return [];
      const keys = JSON.stringify(candidates.map((c) => ({ d: c.date, ty: c.type, a: Math.trunc(c.amountMinor), de: c.description })));
      const result = (await q.execute(sql`
        select k.d::text as date, k.ty as type, k.a as amount_minor, k.de as description, count(*) as stored
        from (select distinct d, ty, a, de from jsonb_to_recordset(${keys}::jsonb) as r(d date, ty text, a bigint, de text)) as k
        join ${transactions} x on x.user_id = ${userId} and x.duplicate_key = finu_duplicate_key(k.d, k.ty, k.a, k.de)
        where ${excludeImportId}::uuid is null or x.import_id is distinct from ${excludeImportId}::uuid
        group by k.d, k.ty, k.a, k.de`)) as unknown as { rows: { date: string; type: TxType; amount_minor: string | number; description: string; stored: string | number }[] };
      return result.rows.map((r) => ({ date: r.date, type: r.type, amountMinor: num(r.amount_minor), description: r.description, stored: num(r.stored) }));
    },

    /** Which of these bank ids the money account already holds (the unique (account_id, bank_id) index). */
    async knownBankIds(userId: string, accountId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ bankId: transactions.bankId })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), eq(transactions.userId, userId), inArray(transactions.bankId, [...new Set(ids)])));
      return new Set(rows.map((r) => r.bankId!));
    },

    /** Hand-typed rows of one account without a bank id that some bank row may be (importMatches.ts). */
    manualCandidates: (userId: string, accountId: string, query: ManualCandidateQuery) => manualCandidates(db, userId, accountId, query),

    /** Links bank rows to the hand-typed rows they are: the bank id (when the file has one) and the import that linked them. */
    async linkBankRows(q: Queryable, userId: string, importId: string, links: { id: string; bankId: string | null }[]): Promise<void> {
      if (links.length === 0) return;
      await q.execute(sql`
        update ${transactions} t set bank_id = coalesce(l.bank_id, t.bank_id), linked_import_id = ${importId}::uuid
        from unnest(${sql.param(links.map((l) => l.id))}::uuid[], ${sql.param(links.map((l) => l.bankId))}::text[]) as l(id, bank_id)
        where t.id = l.id and t.user_id = ${userId}`);
    },

    /** Recomputes every rollup (totals and merchants, daily and monthly) of one user or everyone from the transactions: repair and bulk loads. */
    async rebuildRollups(userId?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const scope = userId ? sql`where user_id = ${userId}` : sql``;
        await tx.execute(sql`delete from ${transactionUserCounts} ${scope}`);
        await tx.execute(sql`insert into ${transactionUserCounts} (user_id, count) select user_id, count(*) from ${transactions} ${scope} group by user_id`);
        // The category and merchant rollups add base amounts: the one rebuild the migration and the recompute job use.
        await tx.execute(sql`select finu_rebuild_rollups(${userId ? sql`array[${userId}]::uuid[]` : sql`array(select id from ${users})`})`);
        await tx.execute(sql`delete from ${accountMonthlyTotals} ${scope}`);
        await tx.execute(sql`
          insert into ${accountMonthlyTotals} (account_id, user_id, month, net_minor, cleared_minor, count)
          select account_id, user_id, date_trunc('month', date)::date,
            sum(case when type = 'income' then amount_minor else -amount_minor end),
            sum(case when not cleared then 0 when type = 'income' then amount_minor else -amount_minor end), count(*)
          from ${transactions} ${scope} group by 1, 2, 3`);
      });
    },

    categories: {
      /** The user's own categories (the built-in rows of migration 0032 are left out: DEFAULT_CATEGORIES lists them). */
      async list(userId: string): Promise<CategoryRow[]> {
        return db
          .select()
          .from(transactionCategories)
          .where(and(eq(transactionCategories.userId, userId), eq(transactionCategories.builtin, false))).orderBy(asc(sql`lower(${transactionCategories.name})`));
      },
      /** The new category, or undefined when the user already has one with that name. */
      async create(userId: string, input: { name: string; type: TxType; color: string | null }): Promise<CategoryRow | undefined> {
        const rows = await db
          .insert(transactionCategories)
          .values({ userId, ...input })
          .onConflictDoNothing()
          .returning();
        return rows[0];
      },
      /** Deletes a user category no transaction uses: 'deleted', 'in_use' or 'not_found'. */
      async remove(userId: string, name: string): Promise<'deleted' | 'in_use' | 'not_found'> {
        return db.transaction(async (tx) => {
          const [found] = await tx
            .select()
            .from(transactionCategories)
            .where(and(eq(transactionCategories.userId, userId), eq(transactionCategories.builtin, false), eq(sql`lower(${transactionCategories.name})`, name.toLowerCase())))
            .for('update');
          if (!found) return 'not_found';
          const used = await tx
            .select({ id: transactions.id })
            .from(transactions)
            .where(and(eq(transactions.userId, userId), eq(transactions.category, found.name)))
            .limit(1);
          if (used.length > 0) return 'in_use';
          await tx.delete(transactionCategories).where(eq(transactionCategories.id, found.id));
          return 'deleted';
        });
      },
    },

    imports: importJobsRepository(db),
  };
  return repo;
}
export type TransactionsRepository = ReturnType<typeof transactionsRepository>;

/** Holds one of the user's own categories (FOR SHARE) until the transaction ends; false when it no longer exists. */
async function holdCategory(tx: Queryable, userId: string, name: string): Promise<boolean> {
  const rows = await tx
    .select({ id: transactionCategories.id })
    .from(transactionCategories)
    .where(and(eq(transactionCategories.userId, userId), eq(sql`lower(${transactionCategories.name})`, name.toLowerCase())))
    .for('share');
  return rows.length > 0;
}

/** Serialises writes of one user that must not interleave (a transaction-scoped advisory lock; released at commit). */
async function lockUser(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727402, hashtext(${userId}))`);
}

/**
 * Text search, cheapest path first (docs/decisions.md, docs/performance.md):
 * 1. Walk the list order on the sort key's btree, SEARCH_WALK rows at most, keep the matching rows
 *    and stop as soon as the page is full; the page comes back as one JSON value (a common word:
 *    about 50 ÷ its share of the rows, no sort, no GIN). The walk only starts if one of the first
 *    SEARCH_SAMPLE rows in that order matches (an EXISTS that stops at the first match; a one-time
 *    filter in the plan), so a word absent from the newest rows costs at most SEARCH_SAMPLE rows here.
 * 2. Otherwise, or if the walk could not fill the page: collect the matches through the GIN index and
 *    sort them (a rare word costs ~nothing; a word between the two about its number of matches).
 * No GIN probe before the walk: building the bitmap of a common word's posting list costs more than
 * the whole walk (docs/performance.md, "Text search").
 * The total, when asked, is the exact count of matches (the GIN index's bitmap, no sort, no order).
 */
const SEARCH_SAMPLE = 500;
const SEARCH_WALK = 5_000;

async function searchPage(db: Db, userId: string, req: ListRequest, conds: SQL[]): Promise<{ rows: TransactionRow[]; total: number | null }> {
  const dir = req.order === 'asc' ? asc : desc;
  const offset = req.after ? 0 : req.offset;
  if (offset + req.limit + 1 <= SEARCH_WALK / 10) {
    const walked = await walkedPage(db, userId, req, offset);
    if (walked.length > req.limit) return { rows: walked, total: null };
  }
  // Collect the matches through the GIN index (OFFSET 0 keeps them one set), count them in the same pass, sort that set.
  const matches = db
    .select({ ...rowColumns, matchCount: sql<string>`count(*) over ()`.as('match_count') })
    .from(transactions)
    .where(and(...conds))
    .offset(0)
    .as('m');
  const key = { date: matches.date, amount: matches.amountMinor, created_at: matches.createdAt }[req.sort];
  const where = req.after ? keysetAfter(key, matches.id, req.after, req.sort, req.order) : undefined;
  const found = await db
    .select()
    .from(matches)
    .where(where)
    .orderBy(dir(key), dir(matches.id))
    .limit(req.limit + 1)
    .offset(offset);
  // Every match counted with the page; no row on a first page means no match at all (no second count).
  let total: number | null = found.length === 0 && !req.after && offset === 0 ? 0 : null;
  const rows = found.map(({ matchCount, ...row }) => {
    total = num(matchCount);
    return row as TransactionRow;
  });
  return { rows, total };
}

/** Filters an index-only walk in date order can test from the (user_id, date, id) INCLUDE (search) index alone. */
const indexOnlyFilters = new Set<keyof StoredFilters>(['tsquery', 'dateFrom', 'dateTo']);

/**
 * The walk of searchPage's step 1: the page's rows in list order, or fewer when the walk came up short.
 * In date order with no filter but the words and a day range, the walk reads only (id, date, search)
 * from the (user_id, date, id) INCLUDE (search) index (migration 0019): an index-only scan, no heap
 * row visited on all-visible pages (the vacuum job, db/maintenance.ts, keeps the visibility map on
 * PGlite; autovacuum on PostgreSQL), then the page's rows are read by id. Other sorts and filters
 * need the row anyway, so their walk carries the page's columns (cheaper than reading them again by id).
 */
async function walkedPage(db: Db, userId: string, req: ListRequest, offset: number): Promise<TransactionRow[]> {
  // A scalar subquery: parsed once per statement even in a generic plan (where to_tsquery of a parameter is not folded and would run per row).
  const words = sql`(select to_tsquery('simple', ${req.filters.tsquery!}))`;
  const plain = filterConditions(userId, { ...req.filters, tsquery: undefined });
  const key = sortColumn[req.sort];
  if (req.after) plain.push(keysetAfter(key, transactions.id, req.after, req.sort, req.order));
  const where = and(...plain);
  const dir = sql.raw(req.order);
  const inOrder = sql`order by ${key} ${dir}, ${transactions.id} ${dir}`;
  const indexOnly =
    req.sort === 'date' &&
    Object.entries(req.filters).every(([k, v]) => v === undefined || (Array.isArray(v) && v.length === 0) || indexOnlyFilters.has(k as keyof StoredFilters));
  if (!indexOnly) plain.push(isNull(transactions.parentId));
  const column = (table: string, k: keyof typeof rowColumns) => sql.raw(`${table}."${transactions[k].name}"`);
  const keyName = { date: 'date', amount: 'amountMinor', created_at: 'createdAt' } as const satisfies Record<SortKey, keyof typeof rowColumns>;
  // The rows the walk carries: the key and id only when the index answers the walk, else the page's columns (read with the row anyway).
  const walkColumns = indexOnly
    ? sql`${transactions.id}, ${transactions.date}`
    : sql.join(
        PAGE_FIELDS.map((k) => transactions[k]),
        sql`, `,
      );
  // The walk's and the sample's LIMITs are constants, so the planner knows them (an index walk in list order).
  const matched = sql`
      select w.* from (
        select ${walkColumns}, ${transactions.search} as search
        from ${transactions} where ${where} ${inOrder} limit ${sql.raw(String(SEARCH_WALK))}
      ) as w
      where w.search @@ ${words}
        and exists (
          select 1 from (select ${transactions.search} as search from ${transactions} where ${where} ${inOrder} limit ${sql.raw(String(SEARCH_SAMPLE))}) as s
          where s.search @@ ${words})
      order by ${column('w', keyName[req.sort])} ${dir}, w.id ${dir}
      limit ${req.limit + 1} offset ${offset}`;
  // The page's rows: the walk's own (p), or read by id for the page's ids (at most limit + 1 primary-key lookups).
  const table = indexOnly ? 't' : 'p';
  const fields = pageFields((k) => column(table, k));
  // Split lines are left out after the walk (the index does not hold parent_id): a page short of them falls back to the GIN path.
  const source = indexOnly ? sql`(${matched}) as m join ${transactions} as t on t.id = m.id and t.parent_id is null` : sql`(${matched}) as p`;
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(${fields}) order by ${column(table, keyName[req.sort])} ${dir}, ${sql.raw(table)}.id ${dir}), '[]')::text as page
    from ${source}`)) as unknown as { rows: { page: string }[] };
  return (JSON.parse(result.rows[0]?.page ?? '[]') as unknown[][]).map((v) => fromPageJson(userId, v));
}

/** Rows after the last one seen: a row comparison, which the btree on (user_id, key, id) serves directly. */
function keysetAfter(key: SQLWrapper, id: SQLWrapper, after: KeysetPosition, sort: SortKey, order: 'asc' | 'desc'): SQL {
  const cast = sort === 'date' ? sql`::date` : sort === 'amount' ? sql`::bigint` : sql`::timestamptz`;
  const op = order === 'asc' ? sql`>` : sql`<`;
  return sql`(${key}, ${id}) ${op} (${String(after.value)}${cast}, ${after.id}::uuid)`;
}

/** Import jobs: progress moves with the inserted rows in one transaction (see the import runner). */
function importJobsRepository(db: Db) {
  const ownedJob = (userId: string, id: string) => and(eq(importJobs.userId, userId), eq(importJobs.id, id));
  return {
    async create(userId: string, input: { fileName: string | null; content: string; rowsTotal: number; mapping: Record<string, unknown>; format: ImportJobRow['format'] }): Promise<ImportJobRow> {
      const [row] = await db.insert(importJobs).values({ userId, fileName: input.fileName, content: input.content, rowsTotal: input.rowsTotal, mapping: input.mapping, format: input.format }).returning();
      return row!;
    },
    async get(userId: string, id: string): Promise<ImportJobRow | undefined> {
      if (!isUuid(id)) return undefined;
      const rows = await db.select().from(importJobs).where(ownedJob(userId, id)).limit(1);
      return rows[0];
    },
    async getById(id: string): Promise<ImportJobRow | undefined> {
      const rows = await db.select().from(importJobs).where(eq(importJobs.id, id)).limit(1);
      return rows[0];
    },
    async recent(userId: string, limit: number): Promise<Omit<ImportJobRow, 'content'>[]> {
      const { content: _content, ...columns } = getTableColumns(importJobs);
      return db.select(columns).from(importJobs).where(eq(importJobs.userId, userId)).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit);
    },
    async setPreviewMapping(userId: string, id: string, mapping: Record<string, unknown>): Promise<void> {
      await db.update(importJobs).set({ mapping, updatedAt: sql`now()` }).where(and(ownedJob(userId, id), eq(importJobs.status, 'uploaded')));
    },
    /** The user's import that is queued or running, if any (one at a time per user). */
    async active(userId: string): Promise<{ id: string } | undefined> {
      const rows = await db
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(and(eq(importJobs.userId, userId), inArray(importJobs.status, ['queued', 'running'])))
        .limit(1);
      return rows[0];
    },
    /** uploaded → queued with the chosen mapping; undefined when the job is not waiting for a commit. */
    async queue(userId: string, id: string, mapping: Record<string, unknown>, rowsTotal: number): Promise<ImportJobRow | undefined> {
      const rows = await db
        .update(importJobs)
        .set({ status: 'queued', mapping, rowsTotal, updatedAt: sql`now()` })
        .where(and(ownedJob(userId, id), eq(importJobs.status, 'uploaded')))
        .returning();
      return rows[0];
    },
    /**
     * Takes a queued job, or a running one whose worker went quiet for `staleMs` (a restart), for
     * this worker. Answers the job when the claim won.
     */
    async claim(id: string, staleMs: number): Promise<ImportJobRow | undefined> {
      const rows = await db
        .update(importJobs)
        .set({ status: 'running', startedAt: sql`coalesce(${importJobs.startedAt}, now())`, updatedAt: sql`now()` })
        .where(
          and(
            eq(importJobs.id, id),
            or(
              eq(importJobs.status, 'queued'),
              and(eq(importJobs.status, 'running'), lt(importJobs.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`)),
            ),
          ),
        )
        .returning();
      return rows[0];
    },
    /** Jobs any worker may pick up: queued, or running without a heartbeat for `staleMs`. */
    async claimable(staleMs: number): Promise<string[]> {
      const rows = await db
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(
          or(
            and(eq(importJobs.status, 'queued'), lt(importJobs.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`)),
            and(eq(importJobs.status, 'running'), lt(importJobs.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`)),
          ),
        )
        .orderBy(asc(importJobs.createdAt))
        .limit(20);
      return rows.map((r) => r.id);
    },
    /**
     * Writes one batch: checks the job is still ours at the expected position (locking its row
     * first, so a cancel waits for us or we see it), inserts the rows, advances the counters.
     * Answers false, writing nothing, when the job was cancelled or taken over.
     */
    async writeBatch(
      job: { id: string; userId: string; rowsDone: number },
      batch: { rows: NewTransaction[]; processed: number; duplicates: number; matched: number; failed: number; errors: ImportLineError[] },
      insert: (tx: Queryable) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ status: importJobs.status, rowsDone: importJobs.rowsDone, errors: importJobs.errors })
          .from(importJobs)
          .where(eq(importJobs.id, job.id))
          .for('update');
        if (!locked || locked.status !== 'running' || locked.rowsDone !== job.rowsDone) return false;
        await insert(tx);
        const errors = batch.errors.length > 0 ? [...locked.errors, ...batch.errors].slice(0, 100) : locked.errors;
        await tx
          .update(importJobs)
          .set({
            rowsDone: sql`${importJobs.rowsDone} + ${batch.processed}`,
            rowsImported: sql`${importJobs.rowsImported} + ${batch.rows.length}`,
            rowsDuplicate: sql`${importJobs.rowsDuplicate} + ${batch.duplicates}`,
            rowsMatched: sql`${importJobs.rowsMatched} + ${batch.matched}`,
            rowsFailed: sql`${importJobs.rowsFailed} + ${batch.failed}`,
            errors,
            updatedAt: sql`now()`,
          })
          .where(eq(importJobs.id, job.id));
        return true;
      });
    },
    async finish(id: string, status: 'completed' | 'failed', failure: string | null = null): Promise<void> {
      await db
        .update(importJobs)
        .set({ status, failure, content: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(importJobs.id, id), inArray(importJobs.status, ['queued', 'running'])));
    },
    /** Cancels the job if unfinished and deletes every transaction it added, in one transaction. */
    async discard(userId: string, id: string): Promise<{ deleted: number; status: ImportJobRow['status'] } | undefined> {
      if (!isUuid(id)) return undefined;
      return db.transaction(async (tx) => {
        const [job] = await tx.select({ status: importJobs.status }).from(importJobs).where(ownedJob(userId, id)).for('update');
        if (!job) return undefined;
        const status = job.status === 'completed' || job.status === 'failed' ? job.status : 'cancelled';
        await tx.update(importJobs).set({ status, content: null, finishedAt: sql`coalesce(${importJobs.finishedAt}, now())`, updatedAt: sql`now()` }).where(eq(importJobs.id, id));
        const deleted = await tx
          .delete(transactions)
          .where(and(eq(transactions.userId, userId), eq(transactions.importId, id)))
          .returning({ id: transactions.id });
        // Rows of other accounts its rules made the other leg of a transfer are standalone again.
        await importActions.undoTransfers(tx, userId, id);
        // Hand-typed rows this import linked to bank rows are as they were before it.
        await tx
          .update(transactions)
          .set({ bankId: null, linkedImportId: null })
          .where(and(eq(transactions.userId, userId), eq(transactions.linkedImportId, id)));
        return { deleted: deleted.length, status };
      });
    },
    /** Forgets uploads nobody committed within `olderThanMs`. */
    async pruneUploads(olderThanMs: number): Promise<void> {
      await db.delete(importJobs).where(and(eq(importJobs.status, 'uploaded'), lt(importJobs.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`)));
    },
  };
}
