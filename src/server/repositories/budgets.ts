import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { BudgetMode, Rollover, TargetKind } from '../../contract/budgets';
import type { Db } from '../db/client';
import { categoryNameReferences } from './categories';
import type { Queryable } from './transactions';
import { accountMonthlyTotals, accounts, budgetAssignments, budgetDataVersions, budgetRollovers, budgetSettings, budgetTargets, transactionMonthlyTotals } from '../db/schema';

const asRows = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A month's first day, as the tables store months. */
const first = (month: string) => `${month.slice(0, 7)}-01`;
const ym = (day: string) => day.slice(0, 7);

export interface AssignmentRow {
  month: string;
  category: string;
  assignedMinor: number;
}
export interface RolloverRow {
  category: string;
  fromMonth: string;
  rollover: Rollover;
}
export interface TargetRow {
  category: string;
  kind: TargetKind;
  amountMinor: number | null;
  /** YYYY-MM */
  byMonth: string | null;
  percent: number | null;
}
export interface ActivityRow {
  month: string;
  category: string;
  type: 'income' | 'expense';
  totalMinor: number;
  /** Rows without a rate to the base currency: left out of totalMinor. */
  unconverted?: number;
}

/** Every amount and every month's activity of a user, and the data version they were read at (one statement, one snapshot). */
export interface MonthParts {
  version: number;
  assignments: AssignmentRow[];
  activity: ActivityRow[];
}

type AssignmentTuple = [string, string, number];
type ActivityTuple = [string, string, 'income' | 'expense', number, number];
const assignmentOf = ([month, category, minor]: AssignmentTuple): AssignmentRow => ({ month: ym(month), category, assignedMinor: Number(minor) });
const activityOf = ([month, category, type, total, unconverted]: ActivityTuple): ActivityRow => ({ month: ym(month), category, type, totalMinor: Number(total), unconverted: Number(unconverted) });

/** Category budgets: assigned amounts, rollovers and the mode, and the rollups a month is drawn from. Every query is scoped by user. */
export function budgetsRepository(db: Db) {
  return {
    async mode(userId: string): Promise<BudgetMode> {
      const [row] = await db.select({ mode: budgetSettings.mode }).from(budgetSettings).where(eq(budgetSettings.userId, userId));
      return row?.mode ?? 'envelope';
    },

    async setMode(userId: string, mode: BudgetMode): Promise<void> {
      await db
        .insert(budgetSettings)
        .values({ userId, mode })
        .onConflictDoUpdate({ target: budgetSettings.userId, set: { mode, updatedAt: sql`now()` } });
    },

    /** The first month anything was assigned (YYYY-MM), or null: the budget starts there. */
    async firstMonth(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ month: sql<string | null>`min(${budgetAssignments.month})::text` })
        .from(budgetAssignments)
        .where(eq(budgetAssignments.userId, userId));
      return row?.month ? ym(row.month) : null;
    },

    /** Every amount from `from` to `to` (months), as one JSON value: a month of a six-year budget reads a few thousand of them. */
    async assignments(userId: string, from: string, to: string): Promise<AssignmentRow[]> {
      const a = budgetAssignments;
      const [row] = await asRows<{ list: [string, string, number][] | null }>(
        db,
        // The date as JSON gives its ISO text (cut to the month here): cheaper than to_char on every row.
        sql`select json_agg(json_build_array(${a.month}, ${a.category}, ${a.assignedMinor})) as list
          from ${a} where ${a.userId} = ${userId} and ${a.month} >= ${first(from)} and ${a.month} <= ${first(to)}`,
      );
      return (row?.list ?? []).map(assignmentOf);
    },

    /** The user's budget data version (0 without a row): triggers bump it with every change of the amounts or the monthly rollup. */
    async dataVersion(userId: string): Promise<number> {
      const [row] = await db.select({ version: budgetDataVersions.version }).from(budgetDataVersions).where(eq(budgetDataVersions.userId, userId));
      return Number(row?.version ?? 0);
    },

    /** Every amount and every month's income and spending of the user with the version they belong to, in one statement. */
    async monthParts(userId: string): Promise<MonthParts> {
      const a = budgetAssignments;
      const m = transactionMonthlyTotals;
      const v = budgetDataVersions;
      const [row] = await asRows<{ version: string | null; assignments: AssignmentTuple[] | null; activity: ActivityTuple[] | null }>(
        db,
        sql`select (select ${v.version} from ${v} where ${v.userId} = ${userId})::text as version,
          (select json_agg(json_build_array(${a.month}, ${a.category}, ${a.assignedMinor})) from ${a} where ${a.userId} = ${userId}) as assignments,
          (select json_agg(json_build_array(${m.month}, ${m.category}, ${m.type}, ${m.totalMinor}, ${m.unconverted})) from ${m} where ${m.userId} = ${userId}) as activity`,
      );
      return { version: Number(row?.version ?? 0), assignments: (row?.assignments ?? []).map(assignmentOf), activity: (row?.activity ?? []).map(activityOf) };
    },

    /** Every user with an amount assigned in the month (the budget alerts look at them). */
    async usersWithMonth(month: string): Promise<string[]> {
      const rows = await db.selectDistinct({ userId: budgetAssignments.userId }).from(budgetAssignments).where(eq(budgetAssignments.month, first(month)));
      return rows.map((r) => r.userId);
    },

    async rollovers(userId: string): Promise<RolloverRow[]> {
      const r = budgetRollovers;
      const rows = await db.select({ category: r.category, fromMonth: r.fromMonth, rollover: r.rollover }).from(r).where(eq(r.userId, userId)).orderBy(asc(r.fromMonth));
      return rows.map((row) => ({ ...row, fromMonth: ym(row.fromMonth) }));
    },

    async targets(userId: string): Promise<TargetRow[]> {
      const t = budgetTargets;
      const rows = await db.select({ category: t.category, kind: t.kind, amountMinor: t.amountMinor, byMonth: t.byMonth, percent: t.percent }).from(t).where(eq(t.userId, userId));
      return rows.map((r) => ({ ...r, byMonth: r.byMonth ? ym(r.byMonth) : null, percent: r.percent === null ? null : Number(r.percent) }));
    },

    /** A category's target, replacing the one it had; null removes it. */
    async setTarget(userId: string, category: string, target: Omit<TargetRow, 'category'> | null): Promise<void> {
      const t = budgetTargets;
      if (!target) {
        await db.delete(t).where(and(eq(t.userId, userId), eq(t.category, category)));
        return;
      }
      const values = { kind: target.kind, amountMinor: target.amountMinor, byMonth: target.byMonth ? first(target.byMonth) : null, percent: target.percent === null ? null : String(target.percent) };
      await db
        .insert(t)
        .values({ userId, category, ...values })
        .onConflictDoUpdate({ target: [t.userId, t.category], set: values });
    },

    /** Several months' amounts for the categories given, in one database transaction (copy to the next months). */
    async setAssignedMonths(userId: string, months: string[], amounts: { category: string; assignedMinor: number }[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const month of months) {
          for (const { category, assignedMinor } of amounts) {
            await tx
              .insert(budgetAssignments)
              .values({ userId, month: first(month), category, assignedMinor })
              .onConflictDoUpdate({ target: [budgetAssignments.userId, budgetAssignments.month, budgetAssignments.category], set: { assignedMinor } });
          }
        }
      });
    },

    /**
     * Sets several categories' amounts for one month in one statement (an assignment, or both sides of a move), and
     * answers the data version just before and just after it: the version's row is locked from the first read to the
     * commit, so no other write came between them (`before` is null when the user had no version yet).
     */
    async setAssigned(userId: string, month: string, amounts: { category: string; assignedMinor: number }[]): Promise<{ before: number | null; after: number }> {
      const latest = [...new Map(amounts.map((a) => [a.category, a.assignedMinor])).entries()];
      const v = budgetDataVersions;
      return db.transaction(async (tx) => {
        const [locked] = await tx.select({ version: v.version }).from(v).where(eq(v.userId, userId)).for('update');
        if (latest.length > 0) {
          await tx
            .insert(budgetAssignments)
            .values(latest.map(([category, assignedMinor]) => ({ userId, month: first(month), category, assignedMinor })))
            .onConflictDoUpdate({ target: [budgetAssignments.userId, budgetAssignments.month, budgetAssignments.category], set: { assignedMinor: sql`excluded.assigned_minor` } });
        }
        const [after] = await tx.select({ version: v.version }).from(v).where(eq(v.userId, userId));
        return { before: locked ? Number(locked.version) : null, after: Number(after?.version ?? 0) };
      });
    },

    /** A category's rollover from `month` on: later changes of it give way, earlier months keep theirs. */
    async setRollover(userId: string, category: string, month: string, rollover: Rollover): Promise<void> {
      const r = budgetRollovers;
      await db.transaction(async (tx) => {
        await tx.delete(r).where(and(eq(r.userId, userId), eq(r.category, category), gt(r.fromMonth, first(month))));
        await tx
          .insert(r)
          .values({ userId, category, fromMonth: first(month), rollover })
          .onConflictDoUpdate({ target: [r.userId, r.category, r.fromMonth], set: { rollover } });
      });
    },

    /**
     * A category renamed or merged into another: its amounts move to `into` (added to what `into` has in
     * the same month) and its rollover settings follow where `into` has none for that month. The
     * categories feature calls this inside its rename or merge so a budget keeps its history.
     */
    async moveCategory(userId: string, from: string, into: string): Promise<void> {
      await db.transaction((tx) => moveBudgetCategory(tx, userId, from, into));
    },

    /** Income and spending per month and category (base amounts) from the monthly rollup (rows that count only: no transfers, no tracking accounts), as one JSON value. */
    async activity(userId: string, from: string, to: string): Promise<ActivityRow[]> {
      const m = transactionMonthlyTotals;
      const [row] = await asRows<{ list: [string, string, 'income' | 'expense', number, number][] | null }>(
        db,
        sql`select json_agg(json_build_array(${m.month}, ${m.category}, ${m.type}, ${m.totalMinor}, ${m.unconverted})) as list
          from ${m} where ${m.userId} = ${userId} and ${m.month} >= ${first(from)} and ${m.month} <= ${first(to)}`,
      );
      return (row?.list ?? []).map(activityOf);
    },

    /**
     * The on-budget accounts' money before `month` in the base currency: every row before it, from the per-account
     * rollup (accounts in the base currency by amount; any other by base amount, rows without a rate counted in
     * `unconverted`), and their opening balances in each account's currency (the caller
     * converts them at the opening day's rate).
     */
    async onBudgetBalance(userId: string, month: string): Promise<{ beforeMinor: number; unconverted: number; openings: { month: string; date: string; currency: string; amountMinor: number }[] }> {
      const a = accounts;
      const t = accountMonthlyTotals;
      const inBase = sql`${a.currency} = (select u.currency from users u where u.id = ${userId})`;
      const [open, [before]] = await Promise.all([
        db.select({ openingDate: a.openingDate, currency: a.currency, amount: a.openingBalanceMinor }).from(a).where(and(eq(a.userId, userId), eq(a.onBudget, true))),
        // One read of the per-account rollup (months × accounts, never rows): an account in the base currency by its
        // amounts, any other by its rows' base amounts, those without one counted.
        db
          .select({
            net: sql<string | null>`sum(case when ${inBase} then ${t.netMinor} else ${t.netBaseMinor} end)::text`,
            unconverted: sql<string>`coalesce(sum(${t.unconverted}) filter (where not (${inBase})), 0)::text`,
          })
          .from(t)
          .innerJoin(a, eq(a.id, t.accountId))
          .where(and(eq(t.userId, userId), eq(a.onBudget, true), sql`${t.month} < ${first(month)}`)),
      ]);
      const beforeMinor = Number(before?.net ?? 0);
      const openings = open.filter((o) => o.amount !== 0).map((o) => ({ month: ym(o.openingDate), date: o.openingDate, currency: o.currency, amountMinor: o.amount }));
      return { beforeMinor, unconverted: Number(before?.unconverted ?? 0), openings };
    },
  };
}

export type BudgetsRepository = ReturnType<typeof budgetsRepository>;

/** Folds a category's assigned amounts into `into` (added month by month) and its rollover settings where `into` has none. */
async function moveBudgetCategory(tx: Queryable, userId: string, from: string, into: string): Promise<void> {
  if (from === into) return;
  const a = budgetAssignments;
  const r = budgetRollovers;
  await tx.execute(sql`insert into ${a} (user_id, month, category, assigned_minor)
    select user_id, month, ${into}, assigned_minor from ${a} where ${a.userId} = ${userId} and ${a.category} = ${from}
    on conflict (user_id, month, category) do update set assigned_minor = ${a}.assigned_minor + excluded.assigned_minor`);
  await tx.delete(a).where(and(eq(a.userId, userId), eq(a.category, from)));
  await tx.execute(sql`insert into ${r} (user_id, category, from_month, rollover)
    select user_id, ${into}, from_month, rollover from ${r} where ${r.userId} = ${userId} and ${r.category} = ${from}
    on conflict (user_id, category, from_month) do nothing`);
  await tx.delete(r).where(and(eq(r.userId, userId), eq(r.category, from)));
  // A target follows unless the category merged into has its own.
  const t = budgetTargets;
  await tx.execute(sql`insert into ${t} (user_id, category, kind, amount_minor, by_month, percent)
    select user_id, ${into}, kind, amount_minor, by_month, percent from ${t} where ${t.userId} = ${userId} and ${t.category} = ${from}
    on conflict (user_id, category) do nothing`);
  await tx.delete(t).where(and(eq(t.userId, userId), eq(t.category, from)));
}

// A category renamed or merged in Settings: its budget history follows it, in the same database transaction.
categoryNameReferences.push((tx, userId, { from, to }) => moveBudgetCategory(tx, userId, from, to));
