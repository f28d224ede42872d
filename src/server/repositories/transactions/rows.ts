/** One row: read, add, change, split, delete; rows inserted in bulk (imports, demo data). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionCategories, transactions } from '../../db/schema';
import type { TransactionRow, Source, Queryable, NewTransaction, SplitLine, TransactionPatch } from './types';
import { rowColumns, isUuid, owned } from './query';

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

export function rowQueries(db: Db) {
  const self = {
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
        return self.insertMany(tx, userId, rows, 'demo');
      });
    },

    async removeDemo(userId: string): Promise<number> {
      const rows = await db
        .delete(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.source, 'demo')))
        .returning({ id: transactions.id });
      return rows.length;
    },
  };
  return self;
}
