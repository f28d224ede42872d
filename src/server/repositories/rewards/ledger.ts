import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { dayOf as utcDay } from '../../../contract/calendar';
import type { Db } from '../../db/client';
import { rewardAccounts, rewardEntries, transactionMonthlyTotals, transactions } from '../../db/schema';

export type RewardEntryRow = typeof rewardEntries.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AwardInput {
  reason: string;
  points: number;
  title: string;
  message: string;
  reference: string | null;
  idempotencyKey: string;
  /** At most this many awards of `reason` per UTC day. */
  perDay?: number;
}

export interface AccountSummary {
  balance: number;
  totalEarned: number;
  totalSpent: number;
  updatedAt: Date | null;
}

const startOfUtcDay = (d: Date) => new Date(`${utcDay(d)}T00:00:00.000Z`);

/** An entry's points as they count towards what was earned: a take-back subtracts. */
const netPoints = sql`case when ${rewardEntries.kind} = 'revoke' then -${rewardEntries.points} else ${rewardEntries.points} end`;

/** Creates the account row if missing and locks it: every balance change for a user runs one after another. */
export async function lockAccount(tx: Tx, userId: string) {
  await tx.insert(rewardAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(rewardAccounts).where(eq(rewardAccounts.userId, userId)).for('update');
  return row!;
}

/** The points ledger: awards, take-backs, the balance and what was earned; every query is scoped by user_id. */
export function ledgerQueries(db: Db) {
  return {
    /**
     * Applies awards in one transaction under the account's row lock: an award whose key exists, or
     * whose daily cap is used up, is skipped; the balance moves with each entry. Answers what was awarded.
     */
    async award(userId: string, awards: AwardInput[], now = new Date()): Promise<RewardEntryRow[]> {
      if (awards.length === 0) return [];
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, userId);
        let balance = account.balance;
        let earned = 0;
        const done: RewardEntryRow[] = [];
        for (const a of awards) {
          if (a.points <= 0) continue;
          if (a.perDay !== undefined) {
            const [{ n } = { n: 0 }] = await tx
              .select({ n: count() })
              .from(rewardEntries)
              .where(and(eq(rewardEntries.userId, userId), eq(rewardEntries.reason, a.reason), eq(rewardEntries.kind, 'earn'), gte(rewardEntries.createdAt, startOfUtcDay(now))));
            if (n >= a.perDay) continue;
          }
          const [entry] = await tx
            .insert(rewardEntries)
            // Dated by the same clock as the cap above, so the cap and the day an entry counts for always agree.
            .values({ userId, kind: 'earn', reason: a.reason, points: a.points, balanceAfter: balance + a.points, title: a.title, message: a.message, reference: a.reference, idempotencyKey: a.idempotencyKey, createdAt: now })
            .onConflictDoNothing()
            .returning();
          if (!entry) continue;
          balance += a.points;
          earned += a.points;
          done.push(entry);
        }
        if (earned > 0) {
          await tx
            .update(rewardAccounts)
            .set({ balance, totalEarned: sql`${rewardAccounts.totalEarned} + ${earned}`, updatedAt: sql`now()` })
            .where(eq(rewardAccounts.userId, userId));
        }
        return done;
      });
    },

    /**
     * Takes back the awards of `reasons` that name `reference` and were earned on the UTC day of `now` (the item
     * was deleted the day it earned them), under the account's row lock; each once (key `revoke:<entry>`), and
     * never below a zero balance (points already converted stay converted). Answers the points taken back.
     */
    async takeBack(userId: string, reference: string, reasons: readonly string[], message: string, now = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, userId);
        const earned = await tx
          .select()
          .from(rewardEntries)
          .where(and(eq(rewardEntries.userId, userId), eq(rewardEntries.kind, 'earn'), eq(rewardEntries.reference, reference), inArray(rewardEntries.reason, [...reasons]), gte(rewardEntries.createdAt, startOfUtcDay(now))))
          .orderBy(asc(rewardEntries.seq));
        let balance = account.balance;
        let taken = 0;
        for (const e of earned) {
          const points = Math.min(e.points, balance);
          if (points <= 0) break;
          const [entry] = await tx
            .insert(rewardEntries)
            .values({ userId, kind: 'revoke', reason: e.reason, points, balanceAfter: balance - points, title: `Taken back: ${e.title}`, message, reference, idempotencyKey: `revoke:${e.id}`, createdAt: now })
            .onConflictDoNothing()
            .returning();
          if (!entry) continue;
          balance -= points;
          taken += points;
        }
        if (taken > 0) {
          await tx
            .update(rewardAccounts)
            .set({ balance, totalEarned: sql`${rewardAccounts.totalEarned} - ${taken}`, updatedAt: sql`now()` })
            .where(eq(rewardAccounts.userId, userId));
        }
        return taken;
      });
    },

    async account(userId: string): Promise<AccountSummary> {
      const [row] = await db.select().from(rewardAccounts).where(eq(rewardAccounts.userId, userId));
      return row ? { balance: row.balance, totalEarned: row.totalEarned, totalSpent: row.totalSpent, updatedAt: row.updatedAt } : { balance: 0, totalEarned: 0, totalSpent: 0, updatedAt: null };
    },

    async history(userId: string, limit: number, offset: number) {
      const where = eq(rewardEntries.userId, userId);
      const [rows, [total]] = await Promise.all([
        db.select().from(rewardEntries).where(where).orderBy(desc(rewardEntries.seq)).limit(limit).offset(offset),
        db.select({ n: count() }).from(rewardEntries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Points earned per reason, and per UTC day since `since`, net of what was taken back. */
    async earnedBreakdown(userId: string, since: Date) {
      const [byReason, byDay] = await Promise.all([
        db
          .select({ reason: rewardEntries.reason, points: sql<number>`sum(${netPoints})`.mapWith(Number), n: sql<number>`count(*) filter (where ${rewardEntries.kind} = 'earn')`.mapWith(Number) })
          .from(rewardEntries)
          .where(and(eq(rewardEntries.userId, userId), inArray(rewardEntries.kind, ['earn', 'revoke'])))
          .groupBy(rewardEntries.reason),
        db
          .select({ day: sql<string>`to_char((${rewardEntries.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD')`, points: sql<number>`sum(${netPoints})`.mapWith(Number) })
          .from(rewardEntries)
          .where(and(eq(rewardEntries.userId, userId), inArray(rewardEntries.kind, ['earn', 'revoke']), gte(rewardEntries.createdAt, since)))
          .groupBy(sql`1`)
          .orderBy(sql`1`),
      ]);
      return { byReason, byDay };
    },

    /** The idempotency keys this user already holds among `keys` (what is still available). */
    async heldKeys(userId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ k: rewardEntries.idempotencyKey }).from(rewardEntries).where(and(eq(rewardEntries.userId, userId), inArray(rewardEntries.idempotencyKey, keys)));
      return new Set(rows.map((r) => r.k));
    },

    async countToday(userId: string, reason: string, now = new Date()): Promise<number> {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(rewardEntries)
        .where(and(eq(rewardEntries.userId, userId), eq(rewardEntries.reason, reason), eq(rewardEntries.kind, 'earn'), gte(rewardEntries.createdAt, startOfUtcDay(now))));
      return n;
    },

    /**
     * How many of the user's own transactions count towards milestones: the income and spending rows of the monthly
     * rollup (no row scan; transfer legs are not in it) less the demo rows that count the same way (their partial
     * index), which never earn anything.
     */
    async transactionCount(userId: string): Promise<number> {
      const [[all], [demo]] = await Promise.all([
        db.select({ n: sql<number>`coalesce(sum(${transactionMonthlyTotals.count}), 0)`.mapWith(Number) }).from(transactionMonthlyTotals).where(eq(transactionMonthlyTotals.userId, userId)),
        db.select({ n: count() }).from(transactions).where(and(eq(transactions.userId, userId), eq(transactions.source, 'demo'), eq(transactions.counts, true))),
      ]);
      return Math.max(0, (all?.n ?? 0) - (demo?.n ?? 0));
    },
  };
}
