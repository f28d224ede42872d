import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { GoalCategory, GoalPriority } from '../../contract/goals';
import type { Db } from '../db/client';
import { goals, goalTransactions, users } from '../db/schema';

export type GoalRow = typeof goals.$inferSelect;
export type GoalTransactionRow = typeof goalTransactions.$inferSelect;
export type FundMoveType = GoalTransactionRow['type'];

export interface NewGoal {
  name: string;
  targetAmountMinor: number;
  targetDate: string;
  category: GoalCategory;
  priority: GoalPriority;
  notes: string | null;
  initialAmountMinor: number;
}

export interface GoalPatch {
  name?: string;
  targetAmountMinor?: number;
  targetDate?: string;
  category?: GoalCategory;
  priority?: GoalPriority;
  notes?: string | null;
}

export type CreateGoalResult = { kind: 'created'; goal: GoalRow } | { kind: 'limit_reached' };

export type FundMoveResult =
  | { kind: 'moved'; goal: GoalRow; transaction: GoalTransactionRow; reached: boolean }
  | { kind: 'not_found' }
  | { kind: 'insufficient'; availableMinor: number }
  | { kind: 'too_large' };

/** A goal of this user (never another user's). */
const owned = (userId: string, goalId: string) => and(eq(goals.id, goalId), eq(goals.userId, userId));

/** completed_at follows the saved amount: kept (or stamped) at or above the target, cleared below it. */
const completedAtFor = (currentMinor: SQL | number, targetMinor: SQL | number): SQL =>
  sql`case when ${currentMinor} >= ${targetMinor} then coalesce(${goals.completedAt}, now()) else null end`;

/** Savings goals and their fund history; every query is scoped by user_id. */
export function goalsRepository(db: Db) {
  return {
    /** Newest first ([spec:4-create-front]). */
    async list(userId: string, limit: number): Promise<GoalRow[]> {
      return db.select().from(goals).where(eq(goals.userId, userId)).orderBy(desc(goals.createdAt), desc(goals.id)).limit(limit);
    },

    async find(userId: string, goalId: string): Promise<GoalRow | undefined> {
      const rows = await db.select().from(goals).where(owned(userId, goalId)).limit(1);
      return rows[0];
    },

    /**
     * Creates a goal (and its first deposit when money is already put aside) unless the user holds `maxGoals`.
     * The user's row is locked so two concurrent creates cannot both slip under the limit.
     */
    async create(userId: string, input: NewGoal, maxGoals: number): Promise<CreateGoalResult> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(goals).where(eq(goals.userId, userId));
        if (n >= maxGoals) return { kind: 'limit_reached' as const };
        const initial = input.initialAmountMinor;
        const [created] = await tx
          .insert(goals)
          .values({
            userId,
            name: input.name,
            targetAmountMinor: input.targetAmountMinor,
            currentAmountMinor: initial,
            targetDate: input.targetDate,
            category: input.category,
            priority: input.priority,
            notes: input.notes,
            completedAt: initial >= input.targetAmountMinor ? sql`now()` : null,
          })
          .returning();
        if (initial > 0) {
          await tx.insert(goalTransactions).values({ goalId: created!.id, userId, type: 'deposit', amountMinor: initial, balanceAfterMinor: initial, note: 'Initial amount' });
        }
        return { kind: 'created' as const, goal: created! };
      });
    },

    /** Updates the goal's own fields; completion follows a changed target in the same statement. */
    async update(userId: string, goalId: string, patch: GoalPatch): Promise<GoalRow | undefined> {
      const set: Partial<Omit<typeof goals.$inferInsert, 'completedAt'>> & { completedAt?: SQL } = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.targetDate !== undefined) set.targetDate = patch.targetDate;
      if (patch.category !== undefined) set.category = patch.category;
      if (patch.priority !== undefined) set.priority = patch.priority;
      if (patch.notes !== undefined) set.notes = patch.notes;
      if (patch.targetAmountMinor !== undefined) {
        set.targetAmountMinor = patch.targetAmountMinor;
        set.completedAt = completedAtFor(sql`${goals.currentAmountMinor}`, patch.targetAmountMinor);
      }
      const rows = await db
        .update(goals)
        .set({ ...set, updatedAt: sql`now()` })
        .where(owned(userId, goalId))
        .returning();
      return rows[0];
    },

    /** Deletes the goal and (cascade) its fund history; false when the user has no such goal. */
    async remove(userId: string, goalId: string): Promise<boolean> {
      const rows = await db.delete(goals).where(owned(userId, goalId)).returning({ id: goals.id });
      return rows.length > 0;
    },

    /**
     * Adds to or withdraws from a goal in one database transaction. The goal's row is locked
     * (SELECT … FOR UPDATE) before its balance is read, so concurrent moves on one goal run one after
     * another and each sees the balance the previous one left: a withdrawal can never overdraw.
     */
    async moveFunds(userId: string, goalId: string, type: FundMoveType, amountMinor: number, note: string | null, maxBalanceMinor: number): Promise<FundMoveResult> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(goals).where(owned(userId, goalId)).for('update');
        if (!locked) return { kind: 'not_found' as const };
        const before = locked.currentAmountMinor;
        if (type === 'withdrawal' && amountMinor > before) return { kind: 'insufficient' as const, availableMinor: before };
        const after = type === 'deposit' ? before + amountMinor : before - amountMinor;
        if (after >= maxBalanceMinor) return { kind: 'too_large' as const };
        const [goal] = await tx
          .update(goals)
          .set({ currentAmountMinor: after, completedAt: completedAtFor(after, sql`${goals.targetAmountMinor}`), updatedAt: sql`now()` })
          .where(eq(goals.id, locked.id))
          .returning();
        const [transaction] = await tx.insert(goalTransactions).values({ goalId: locked.id, userId, type, amountMinor, balanceAfterMinor: after, note }).returning();
        const reached = type === 'deposit' && before < locked.targetAmountMinor && after >= locked.targetAmountMinor;
        return { kind: 'moved' as const, goal: goal!, transaction: transaction!, reached };
      });
    },

    /** One page of a goal's fund history, newest first, and how many moves it has in all. */
    async transactions(userId: string, goalId: string, page: { limit: number; offset: number; type?: FundMoveType }) {
      const where = and(eq(goalTransactions.goalId, goalId), eq(goalTransactions.userId, userId), page.type ? eq(goalTransactions.type, page.type) : undefined);
      const [rows, [total]] = await Promise.all([
        db.select().from(goalTransactions).where(where).orderBy(desc(goalTransactions.seq)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(goalTransactions).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Totals of a goal's fund history, aggregated in SQL. */
    async transactionSummary(userId: string, goalId: string) {
      const t = goalTransactions;
      const [row] = await db
        .select({
          deposits: sql<number>`coalesce(sum(${t.amountMinor}) filter (where ${t.type} = 'deposit'), 0)`.mapWith(Number),
          withdrawals: sql<number>`coalesce(sum(${t.amountMinor}) filter (where ${t.type} = 'withdrawal'), 0)`.mapWith(Number),
          depositCount: sql<number>`count(*) filter (where ${t.type} = 'deposit')`.mapWith(Number),
          withdrawalCount: sql<number>`count(*) filter (where ${t.type} = 'withdrawal')`.mapWith(Number),
          largestDeposit: sql<number>`coalesce(max(${t.amountMinor}) filter (where ${t.type} = 'deposit'), 0)`.mapWith(Number),
          first: sql<Date | null>`min(${t.createdAt})`.mapWith(t.createdAt),
          last: sql<Date | null>`max(${t.createdAt})`.mapWith(t.createdAt),
        })
        .from(t)
        .where(and(eq(t.goalId, goalId), eq(t.userId, userId)));
      return row!;
    },
  };
}
export type GoalsRepository = ReturnType<typeof goalsRepository>;
