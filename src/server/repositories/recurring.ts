import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { DETECTION, DETECTION_INTERVALS, payeeKey } from '../../contract/recurring';
import { categoryNameReferences } from './categories';
import { recurringDismissals, recurringItems, recurringOccurrences } from '../db/schema';

export type RecurringItemRow = typeof recurringItems.$inferSelect;
export type NewRecurringItem = Omit<typeof recurringItems.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export type OccurrenceRow = typeof recurringOccurrences.$inferSelect;

/** A past row the detector or the matcher reads. */
export interface ChargeRow {
  id: string;
  /** The merchant, or the description of a row without one (a transfer). */
  payee: string;
  type: 'income' | 'expense';
  date: string;
  amountMinor: number;
  accountId: string;
  category: string | null;
  transfer: boolean;
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const owned = (userId: string, id: string) => and(eq(recurringItems.userId, userId), eq(recurringItems.id, id));

type Raw = { id: string; payee: string; type: 'income' | 'expense'; date: string; amount_minor: string | number; account_id: string; category: string | null; kind: string };

/**
 * A payee detectRecurring can find steady on N charge days within a span of S days keeps at least
 * N × keptShare of them after leaving one-offs out (at most a fifth), at least minGapDays apart (half the
 * shortest interval): so N × keptShare ≤ S / minGapDays + 1. A payee with more days cannot be steady.
 */
const steadyDaysBound = { minGapDays: Math.min(...DETECTION_INTERVALS.map((i) => i.days)) / 2, keptShare: 1 - DETECTION.oneOffShare };

/**
 * The rows of `rows` (id, payee, type, date, amount_minor, account_id, category, kind; none before `since`)
 * the detector can find something in: every row of a payee charged on more days than any steady interval
 * fits (groceries, coffee) is left out, as detectRecurring would drop it. The database counts the days,
 * so a long history's everyday merchants are not carried into the process. It groups by the exact payee;
 * the detector by payeeKey (trimmed, any case), which may join a dense payee with others: those go too.
 */
async function steadyOnly(db: Db, rows: SQL, since: string): Promise<ChargeRow[]> {
  const { minGapDays, keptShare } = steadyDaysBound;
  const result = (await db.execute(sql`
    with c as (${rows}), dense as (
      select payee, type from c where amount_minor > 0 and not (kind = 'transfer' and type = 'income') group by payee, type
      having count(distinct date) * ${keptShare}::numeric > (select max(date) - ${since}::date from c) / ${minGapDays}::numeric + 1
    )
    select id, payee, type, date::text as date, amount_minor, account_id, category, kind, false as dense
    from c where not exists (select 1 from dense d where d.payee = c.payee and d.type = c.type)
    union all
    select null, payee, type, null, null, null, null, null, true from dense`)) as unknown as { rows: (Raw & { dense: boolean })[] };
  const dense = new Set(result.rows.filter((r) => r.dense && r.payee).map((r) => payeeKey(r.payee, r.type)));
  return result.rows.filter((r) => !r.dense && r.payee && !dense.has(payeeKey(r.payee, r.type))).map(charge);
}

const charge = (r: Raw): ChargeRow => ({ id: r.id, payee: r.payee, type: r.type, date: String(r.date).slice(0, 10), amountMinor: Number(r.amount_minor), accountId: r.account_id, category: r.category, transfer: r.kind === 'transfer' });

/** Recurring items, what was decided about their occurrences, dismissed suggestions, and the rows they read. */
export function recurringRepository(db: Db) {
  return {
    list: (userId: string) => db.select().from(recurringItems).where(eq(recurringItems.userId, userId)).orderBy(asc(recurringItems.createdAt), asc(recurringItems.id)),

    async get(userId: string, id: string): Promise<RecurringItemRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(recurringItems).where(owned(userId, id));
      return row;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recurringItems).where(eq(recurringItems.userId, userId));
      return Number(row?.n ?? 0);
    },

    async create(userId: string, item: NewRecurringItem): Promise<RecurringItemRow> {
      const [row] = await db
        .insert(recurringItems)
        .values({ ...item, userId })
        .returning();
      return row!;
    },

    async update(userId: string, id: string, patch: Partial<NewRecurringItem>): Promise<RecurringItemRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(recurringItems)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(owned(userId, id))
        .returning();
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(recurringItems).where(owned(userId, id)).returning({ id: recurringItems.id });
      return rows.length > 0;
    },

    /** The decisions stored for these items' occurrences between two days. */
    occurrences(userId: string, itemIds: string[], from: string, to: string): Promise<OccurrenceRow[]> {
      if (!itemIds.length) return Promise.resolve([]);
      return db
        .select()
        .from(recurringOccurrences)
        .where(and(eq(recurringOccurrences.userId, userId), inArray(recurringOccurrences.itemId, itemIds), gte(recurringOccurrences.dueDate, from), lte(recurringOccurrences.dueDate, to)));
    },

    /** Records a decision once: a match, a skip or an auto-post of one occurrence (an existing decision stays). */
    async decide(userId: string, itemId: string, dueDate: string, status: OccurrenceRow['status'], transactionId: string | null): Promise<boolean> {
      const rows = await db
        .insert(recurringOccurrences)
        .values({ itemId, dueDate, userId, status, transactionId })
        .onConflictDoNothing()
        .returning({ itemId: recurringOccurrences.itemId });
      return rows.length > 0;
    },

    /** Takes back a skip (the occurrence is upcoming or missed again). */
    async undecide(userId: string, itemId: string, dueDate: string): Promise<void> {
      await db.delete(recurringOccurrences).where(and(eq(recurringOccurrences.userId, userId), eq(recurringOccurrences.itemId, itemId), eq(recurringOccurrences.dueDate, dueDate), eq(recurringOccurrences.status, 'skipped')));
    },

    /**
     * The rows the detector reads since a day: income and spending and the outgoing leg of each
     * transfer (one transfer is one charge), with the merchant or, without one, the description as payee;
     * of payees that can be steady (steadyOnly).
     */
    async charges(userId: string, since: string): Promise<ChargeRow[]> {
      return steadyOnly(
        db,
        sql`select id, coalesce(nullif(merchant, ''), description) as payee, type, date, amount_minor, account_id, category, kind
          from transactions
          where user_id = ${userId} and date >= ${since} and kind in ('standard', 'transfer') and not (kind = 'transfer' and type = 'income')`,
        since,
      );
    },

    /**
     * Rows that may pay an occurrence: between two days, whose merchant (or description, for a row
     * without a merchant) equals one of the patterns, ignoring case. Walks the (user, lower(merchant), date) index.
     */
    async candidates(userId: string, patterns: string[], from: string, to: string): Promise<ChargeRow[]> {
      if (!patterns.length) return [];
      const lowered = [...new Set(patterns.map((p) => p.toLowerCase()))];
      const list = sql.join(
        lowered.map((p) => sql`${p}`),
        sql`, `,
      );
      return steadyOnly(
        db,
        sql`select id, merchant as payee, type, date, amount_minor, account_id, category, kind from transactions
          where user_id = ${userId} and lower(merchant) in (${list}) and date between ${from} and ${to} and kind in ('standard', 'transfer')
          union all
          select id, description as payee, type, date, amount_minor, account_id, category, kind from transactions
          where user_id = ${userId} and date between ${from} and ${to} and (merchant is null or merchant = '') and lower(description) in (${list}) and kind in ('standard', 'transfer')`,
        from,
      );
    },

    /**
     * Rows that may pay the items' occurrences: between two days, of an item's payee (the merchant, or
     * the description of a row without one, ignoring case), direction and amount range. The amount in
     * the key reads only the (user, lower(merchant), amount, date) index entries that can match, where
     * the payee alone read every row of a frequent merchant in the window.
     */
    async payments(userId: string, wanted: { pattern: string; type: 'income' | 'expense'; minMinor: number; maxMinor: number }[], from: string, to: string): Promise<ChargeRow[]> {
      if (!wanted.length) return [];
      const values = sql.join(
        wanted.map((w) => sql`(${w.pattern.toLowerCase()}, ${w.type}, ${w.minMinor}::bigint, ${w.maxMinor}::bigint)`),
        sql`, `,
      );
      // UNION, not UNION ALL: a row two items could take is read once.
      const result = (await db.execute(sql`
        with w(pattern, type, lo, hi) as (values ${values})
        select t.id, t.merchant as payee, t.type, t.date::text as date, t.amount_minor, t.account_id, t.category, t.kind
        from w join transactions t on t.user_id = ${userId} and lower(t.merchant) = w.pattern and t.amount_minor between w.lo and w.hi and t.date between ${from} and ${to}
        where t.type = w.type and t.kind in ('standard', 'transfer')
        union
        select t.id, t.description as payee, t.type, t.date::text as date, t.amount_minor, t.account_id, t.category, t.kind
        from transactions t join w on lower(t.description) = w.pattern and t.type = w.type and t.amount_minor between w.lo and w.hi
        where t.user_id = ${userId} and t.date between ${from} and ${to} and (t.merchant is null or t.merchant = '') and t.kind in ('standard', 'transfer')`)) as unknown as { rows: Raw[] };
      return result.rows.map(charge);
    },

    async dismissed(userId: string): Promise<Set<string>> {
      const rows = await db.select({ key: recurringDismissals.key }).from(recurringDismissals).where(eq(recurringDismissals.userId, userId));
      return new Set(rows.map((r) => r.key));
    },

    async dismiss(userId: string, key: string): Promise<void> {
      await db.insert(recurringDismissals).values({ userId, key }).onConflictDoNothing();
    },

    /** Users with at least one recurring item: whom the reminder checks visit. */
    async usersWithItems(): Promise<string[]> {
      const rows = await db.selectDistinct({ userId: recurringItems.userId }).from(recurringItems);
      return rows.map((r) => r.userId);
    },
  };
}

export type RecurringRepository = ReturnType<typeof recurringRepository>;

// A category renamed or merged in Settings: recurring items keep pointing at it.
categoryNameReferences.push(async (tx, userId, { from, to }) => {
  await tx.execute(sql`update ${recurringItems} set category = ${to} where ${recurringItems.userId} = ${userId} and ${recurringItems.category} = ${from}`);
});
