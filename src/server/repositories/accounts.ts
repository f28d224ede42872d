import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AccountKind } from '../../contract/accounts';
import type { Db } from '../db/client';
import { accountMonthlyTotals, accounts, transactions, transferMatchDismissals } from '../db/schema';
import { monthStart } from './rollups';
import { rowColumns, type NewTransaction, type Queryable, type TransactionPatch, type TransactionRow } from './transactions';

export type AccountRow = typeof accounts.$inferSelect;
/** An account with what the list shows beside it, from the per-account monthly rollup. */
export type AccountWithBalance = AccountRow & { balanceMinor: number; clearedMinor: number; count: number };

export interface NewAccount {
  name: string;
  kind: AccountKind;
  currency: string;
  onBudget: boolean;
  openingBalanceMinor: number;
  openingDate: string;
  institution: string | null;
  last4: string | null;
  position?: number;
}
export type AccountPatch = Partial<NewAccount> & { closed?: boolean; reconciledDate?: string; reconciledBalanceMinor?: number };

const num = (v: unknown) => Number(v ?? 0);
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const owned = (userId: string, id: string) => and(eq(accounts.userId, userId), eq(accounts.id, id));
/** A row's effect on its account's balance: income adds, expense takes away. */
const signed = sql`case when ${transactions.type} = 'income' then ${transactions.amountMinor} else -${transactions.amountMinor} end`;

/** The list order: position, then when each was added. */
const listOrder = [asc(accounts.position), asc(accounts.createdAt), asc(accounts.id)];

/** Money accounts, their rollup and the transfer legs between them. Every query is scoped by user. */
export function accountsRepository(db: Db) {
  const withBalances = async (userId: string, where: SQL): Promise<AccountWithBalance[]> => {
    const m = accountMonthlyTotals;
    const totals = db
      .select({ accountId: m.accountId, net: sql<string>`sum(${m.netMinor})`.as('net'), cleared: sql<string>`sum(${m.clearedMinor})`.as('cleared'), n: sql<string>`sum(${m.count})`.as('n') })
      .from(m)
      .where(eq(m.userId, userId))
      .groupBy(m.accountId)
      .as('t');
    const rows = await db
      .select({ account: accounts, net: totals.net, cleared: totals.cleared, n: totals.n })
      .from(accounts)
      .leftJoin(totals, eq(totals.accountId, accounts.id))
      .where(where)
      .orderBy(...listOrder);
    return rows.map((r) => ({ ...r.account, balanceMinor: r.account.openingBalanceMinor + num(r.net), clearedMinor: r.account.openingBalanceMinor + num(r.cleared), count: num(r.n) }));
  };

  const repo = {
    list: (userId: string, includeClosed: boolean) => withBalances(userId, includeClosed ? eq(accounts.userId, userId) : and(eq(accounts.userId, userId), eq(accounts.closed, false))!),

    /** Every account of the user without balances (the net-worth series sums the monthly rollup itself). */
    plain: (userId: string): Promise<AccountRow[]> => db.select().from(accounts).where(eq(accounts.userId, userId)).orderBy(...listOrder),

    async get(userId: string, id: string): Promise<AccountWithBalance | undefined> {
      if (!isUuid(id)) return undefined;
      return (await withBalances(userId, owned(userId, id)!))[0];
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<string>`count(*)` }).from(accounts).where(eq(accounts.userId, userId));
      return num(row?.n);
    },

    /** The new account, or undefined when the user already has one of that name. */
    async create(userId: string, input: NewAccount): Promise<AccountRow | undefined> {
      const rows = await db
        .insert(accounts)
        .values({ userId, ...input, position: input.position ?? sql`coalesce((select max(${accounts.position}) + 1 from ${accounts} where ${accounts.userId} = ${userId}), 0)` })
        .onConflictDoNothing()
        .returning();
      return rows[0];
    },

    /** 'name_taken' when another account of the user has that name. */
    async update(userId: string, id: string, patch: AccountPatch): Promise<AccountRow | 'name_taken' | undefined> {
      if (!isUuid(id)) return undefined;
      try {
        const rows = await db
          .update(accounts)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(owned(userId, id))
          .returning();
        return rows[0];
      } catch (err) {
        if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') return 'name_taken';
        throw err;
      }
    },

    /** Deletes an account that has no transactions: 'deleted', 'in_use' or 'not_found'. */
    async remove(userId: string, id: string): Promise<'deleted' | 'in_use' | 'not_found'> {
      if (!isUuid(id)) return 'not_found';
      return db.transaction(async (tx) => {
        const [used] = await tx.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.userId, userId), eq(transactions.accountId, id))).limit(1);
        if (used) return 'in_use' as const;
        const rows = await tx.delete(accounts).where(owned(userId, id)).returning({ id: accounts.id });
        return rows.length ? ('deleted' as const) : ('not_found' as const);
      });
    },

    /** The user's first open on-budget account (where a row without an account goes). */
    async defaultAccount(userId: string): Promise<AccountRow | undefined> {
      const rows = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.closed, false), eq(accounts.onBudget, true)))
        .orderBy(...listOrder)
        .limit(1);
      return rows[0];
    },

    /** The per-account monthly rollup of the user: month (YYYY-MM) and signed change. */
    async monthly(userId: string): Promise<{ accountId: string; month: string; netMinor: number }[]> {
      const m = accountMonthlyTotals;
      const rows = await db
        .select({ accountId: m.accountId, month: sql<string>`to_char(${m.month}, 'YYYY-MM')`, net: m.netMinor })
        .from(m)
        .where(eq(m.userId, userId))
        .orderBy(asc(m.month));
      return rows.map((r) => ({ accountId: r.accountId, month: r.month, netMinor: num(r.net) }));
    },

    /**
     * The account's balance at the end of a day, without its opening balance: whole months from the
     * rollup, the day's own month from its rows (the register index).
     */
    async changeThrough(userId: string, accountId: string, day: string, q: Queryable = db): Promise<number> {
      const m = accountMonthlyTotals;
      const [months] = await q.select({ n: sql<string>`coalesce(sum(${m.netMinor}), 0)` }).from(m).where(and(eq(m.userId, userId), eq(m.accountId, accountId), sql`${m.month} < ${monthStart(day)}`));
      const [rows] = await q
        .select({ n: sql<string>`coalesce(sum(${signed}), 0)` })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), eq(transactions.userId, userId), sql`${transactions.date} >= ${monthStart(day)}`, sql`${transactions.date} <= ${day}`));
      return num(months?.n) + num(rows?.n);
    },

    /** The cleared change up to a day, and how many rows up to it are cleared and not yet. */
    async clearedThrough(userId: string, accountId: string, day: string): Promise<{ clearedMinor: number; cleared: number; uncleared: number }> {
      const [row] = await db
        .select({
          sum: sql<string>`coalesce(sum(${signed}) filter (where ${transactions.cleared}), 0)`,
          cleared: sql<string>`count(*) filter (where ${transactions.cleared})`,
          uncleared: sql<string>`count(*) filter (where not ${transactions.cleared})`,
        })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), eq(transactions.userId, userId), sql`${transactions.date} <= ${day}`));
      return { clearedMinor: num(row?.sum), cleared: num(row?.cleared), uncleared: num(row?.uncleared) };
    },

    /** Locks the cleared rows up to a day (a reconciliation) and records the statement on the account; answers how many rows were locked. */
    async reconcile(userId: string, accountId: string, day: string, balanceMinor: number, adjustment: NewTransaction | null): Promise<{ locked: number; adjustment: TransactionRow | null }> {
      return db.transaction(async (tx) => {
        let adjusted: TransactionRow | null = null;
        if (adjustment) adjusted = (await tx.insert(transactions).values({ userId, ...adjustment, accountId, cleared: true }).returning(rowColumns))[0] ?? null;
        const locked = await tx
          .update(transactions)
          .set({ reconciled: true })
          .where(and(eq(transactions.accountId, accountId), eq(transactions.userId, userId), eq(transactions.cleared, true), eq(transactions.reconciled, false), sql`${transactions.date} <= ${day}`))
          .returning({ id: transactions.id });
        if (adjusted) adjusted = { ...adjusted, reconciled: true };
        await tx.update(accounts).set({ reconciledDate: day, reconciledBalanceMinor: balanceMinor, updatedAt: sql`now()` }).where(owned(userId, accountId));
        return { locked: locked.length, adjustment: adjusted };
      });
    },

    /** Inserts one row (a valuation, an adjustment) into an account. */
    async insert(userId: string, row: NewTransaction & { accountId: string }): Promise<TransactionRow> {
      const [created] = await db.insert(transactions).values({ userId, ...row, kind: row.kind ?? 'standard', counts: row.counts ?? true }).returning(rowColumns);
      return created!;
    },

    transfers: {
      /** Both legs, the money-out leg first. */
      async legs(userId: string, transferId: string, q: Queryable = db): Promise<TransactionRow[]> {
        if (!isUuid(transferId)) return [];
        return q
          .select(rowColumns)
          .from(transactions)
          .where(and(eq(transactions.userId, userId), eq(transactions.transferId, transferId)))
          .orderBy(desc(sql`${transactions.type} = 'expense'`));
      },

      /** Writes both legs in one database transaction. */
      async create(userId: string, out: NewTransaction & { accountId: string }, into: NewTransaction & { accountId: string }): Promise<TransactionRow[]> {
        return db.transaction(async (tx) => {
          const [row] = await tx.execute<{ id: string }>(sql`select gen_random_uuid() as id`).then((r) => (r as unknown as { rows: { id: string }[] }).rows);
          const transferId = row!.id;
          const values = [out, into].map((leg) => ({ userId, ...leg, kind: 'transfer' as const, transferId, counts: leg.counts ?? true }));
          return tx.insert(transactions).values(values).returning(rowColumns);
        });
      },

      /** Changes both legs: `shared` on each, `out`/`into` on one. Undefined when the transfer is gone. */
      async update(userId: string, transferId: string, shared: TransactionPatch, out: TransactionPatch, into: TransactionPatch): Promise<TransactionRow[] | undefined> {
        return db.transaction(async (tx) => {
          const legs = await repo.transfers.legs(userId, transferId, tx);
          if (legs.length !== 2) return undefined;
          for (const [leg, own] of [
            [legs[0]!, out],
            [legs[1]!, into],
          ] as const) {
            await tx
              .update(transactions)
              .set({ ...shared, ...own, updatedAt: sql`now()` })
              .where(and(eq(transactions.userId, userId), eq(transactions.id, leg.id)));
          }
          return repo.transfers.legs(userId, transferId, tx);
        });
      },

      async remove(userId: string, transferId: string): Promise<number> {
        if (!isUuid(transferId)) return 0;
        const rows = await db
          .delete(transactions)
          .where(and(eq(transactions.userId, userId), eq(transactions.transferId, transferId)))
          .returning({ id: transactions.id });
        return rows.length;
      },

      /**
       * Imported or typed rows of other accounts that look like the other leg of `row`: the same
       * amount the other way, within `days` days, not already part of a transfer.
       */
      async candidates(userId: string, row: { id: string; accountId: string; type: 'income' | 'expense'; amountMinor: number; date: string }, days: number): Promise<TransactionRow[]> {
        return db
          .select(rowColumns)
          .from(transactions)
          .where(
            and(
              eq(transactions.userId, userId),
              eq(transactions.amountMinor, row.amountMinor),
              eq(transactions.type, row.type === 'income' ? 'expense' : 'income'),
              sql`${transactions.accountId} <> ${row.accountId}`,
              sql`${transactions.transferId} is null`,
              eq(transactions.kind, 'standard'),
              sql`${transactions.date} between ${row.date}::date - ${days}::int and ${row.date}::date + ${days}::int`,
            ),
          )
          .orderBy(sql`abs(${transactions.date} - ${row.date}::date)`, asc(transactions.id))
          .limit(5);
      },

      /** Makes two existing rows one transfer. */
      async link(userId: string, ids: [string, string]): Promise<string> {
        return db.transaction(async (tx) => {
          const [row] = await tx.execute<{ id: string }>(sql`select gen_random_uuid() as id`).then((r) => (r as unknown as { rows: { id: string }[] }).rows);
          await tx
            .update(transactions)
            .set({ kind: 'transfer', transferId: row!.id, category: 'Transfer', updatedAt: sql`now()` })
            .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)));
          return row!.id;
        });
      },

      /**
       * Outgoing rows in [from, to], newest first, each with the nearest incoming row of the same amount in
       * another account within `days` (not a transfer yet, not dismissed as a pair). Each probe walks
       * transactions_user_amount_date_idx within the ±days range, so the cost follows the window, not the history.
       */
      async pairs(userId: string, q: { from: string; to: string; days: number; limit: number; after?: { date: string; id: string } }): Promise<{ pairs: [TransactionRow, TransactionRow][]; hasMore: boolean }> {
        const after = q.after ? sql`and (a.date, a.id) < (${q.after.date}::date, ${q.after.id}::uuid)` : sql``;
        const found = await db.execute<{ out_id: string; in_id: string }>(sql`
          select a.id as out_id, b.id as in_id
          from transactions a
          cross join lateral (
            select b.id from transactions b
            where b.user_id = a.user_id and b.amount_minor = a.amount_minor and b.type = 'income'
              and b.account_id <> a.account_id and b.transfer_id is null and b.kind = 'standard'
              and b.date between a.date - ${q.days}::int and a.date + ${q.days}::int
              and not exists (
                select 1 from transfer_match_dismissals d
                where d.user_id = a.user_id and d.low_id = least(a.id, b.id) and d.high_id = greatest(a.id, b.id)
              )
            order by abs(b.date - a.date), b.id
            limit 1
          ) b
          where a.user_id = ${userId} and a.type = 'expense' and a.kind = 'standard' and a.transfer_id is null
            and a.date between ${q.from}::date and ${q.to}::date ${after}
          order by a.date desc, a.id desc
          limit ${q.limit + 1}
        `);
        const ids = (found as unknown as { rows: { out_id: string; in_id: string }[] }).rows;
        const hasMore = ids.length > q.limit;
        const page = ids.slice(0, q.limit);
        if (page.length === 0) return { pairs: [], hasMore: false };
        const rows = await db
          .select(rowColumns)
          .from(transactions)
          .where(and(eq(transactions.userId, userId), inArray(transactions.id, [...new Set(page.flatMap((p) => [p.out_id, p.in_id]))])));
        const byId = new Map(rows.map((r) => [r.id, r]));
        return { pairs: page.map((p) => [byId.get(p.out_id)!, byId.get(p.in_id)!]), hasMore };
      },

      /** Remembers that two rows are not a transfer (either order). */
      async dismiss(userId: string, a: string, b: string): Promise<void> {
        const [lowId, highId] = a < b ? [a, b] : [b, a];
        await db.insert(transferMatchDismissals).values({ userId, lowId, highId }).onConflictDoNothing();
      },
    },

    /**
     * Sets `counts` on the rows of these accounts and on the other legs of their transfers: a row counts
     * as income or spending when its account is on budget, it is no valuation, and it is not a transfer
     * whose other leg is on budget too.
     */
    async recount(userId: string, accountIds: string[], q: Queryable = db): Promise<void> {
      if (accountIds.length === 0) return;
      const ids = sql`array[${sql.join(
        accountIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`;
      await q.execute(sql`
        update transactions t set counts = x.counts
        from (
          select r.id, (r.kind <> 'valuation' and a.on_budget and not coalesce(oa.on_budget, false)) as counts
          from transactions r
          join accounts a on a.id = r.account_id
          left join transactions o on r.transfer_id is not null and o.transfer_id = r.transfer_id and o.id <> r.id and o.user_id = r.user_id
          left join accounts oa on oa.id = o.account_id
          where r.user_id = ${userId}
            and (r.account_id = any(${ids}) or r.transfer_id in (select transfer_id from transactions where user_id = ${userId} and account_id = any(${ids}) and transfer_id is not null))
        ) x
        where t.id = x.id and t.counts is distinct from x.counts`);
    },

    /** One account's rows newest first (date, then id), after a keyset position. */
    async registerPage(userId: string, accountId: string, limit: number, after?: { date: string; id: string }): Promise<TransactionRow[]> {
      const conds = [eq(transactions.userId, userId), eq(transactions.accountId, accountId)];
      if (after) conds.push(sql`(${transactions.date}, ${transactions.id}) < (${after.date}::date, ${after.id}::uuid)`);
      return db
        .select(rowColumns)
        .from(transactions)
        .where(and(...conds))
        .orderBy(desc(transactions.date), desc(transactions.id))
        .limit(limit);
    },

    /** The account's change from its rows at or before (date, id) in the register's order, without its opening balance. */
    async changeThroughRow(userId: string, accountId: string, date: string, id: string): Promise<number> {
      const m = accountMonthlyTotals;
      const [months] = await db.select({ n: sql<string>`coalesce(sum(${m.netMinor}), 0)` }).from(m).where(and(eq(m.userId, userId), eq(m.accountId, accountId), sql`${m.month} < ${monthStart(date)}`));
      const [rows] = await db
        .select({ n: sql<string>`coalesce(sum(${signed}), 0)` })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), eq(transactions.userId, userId), sql`${transactions.date} >= ${monthStart(date)}`, sql`(${transactions.date}, ${transactions.id}) <= (${date}::date, ${id}::uuid)`));
      return num(months?.n) + num(rows?.n);
    },

    /** The opening balances (in each account's currency) of the user's on-budget accounts opened on or before a day. */
    async onBudgetOpenings(userId: string, day: string): Promise<{ currency: string; openingDate: string; amountMinor: number }[]> {
      return db
        .select({ currency: accounts.currency, openingDate: accounts.openingDate, amountMinor: accounts.openingBalanceMinor })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.onBudget, true), sql`${accounts.openingDate} <= ${day}`, sql`${accounts.openingBalanceMinor} <> 0`));
    },
  };
  return repo;
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
