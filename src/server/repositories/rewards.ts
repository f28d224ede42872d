import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { addDays, dayOf as utcDay } from '../../contract/calendar';
import type { GasSpeed } from '../../contract/rewards';
import type { Db } from '../db/client';
import { chainState, rewardAccounts, rewardActivityDays, rewardEntries, tokenTransfers, transactionMonthlyTotals, transactions, wallets } from '../db/schema';

export type RewardEntryRow = typeof rewardEntries.$inferSelect;
export type TransferRow = typeof tokenTransfers.$inferSelect;
export type WalletRow = typeof wallets.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

export type ConvertResult = { kind: 'converted'; transfer: TransferRow; balance: number } | { kind: 'insufficient'; balance: number };

const startOfUtcDay = (d: Date) => new Date(`${utcDay(d)}T00:00:00.000Z`);

/** An entry's points as they count towards what was earned: a take-back subtracts. */
const netPoints = sql`case when ${rewardEntries.kind} = 'revoke' then -${rewardEntries.points} else ${rewardEntries.points} end`;

const dayBefore = (day: string) => addDays(day, -1);

/** How many days of `days` (newest first) run back without a gap from today (or from yesterday when allowed). */
function consecutive(days: string[], now: Date, fromYesterday: boolean): number {
  let expected = utcDay(now);
  if (fromYesterday && days[0] !== expected) expected = dayBefore(expected);
  let streak = 0;
  for (const day of days) {
    if (day !== expected) break;
    streak++;
    expected = dayBefore(day);
  }
  return streak;
}

/** Creates the account row if missing and locks it: every balance change for a user runs one after another. */
async function lockAccount(tx: Tx, userId: string) {
  await tx.insert(rewardAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(rewardAccounts).where(eq(rewardAccounts.userId, userId)).for('update');
  return row!;
}

/** The next treasury nonce: never below `atLeast` (the node's pending count), counted up under the counter's row lock. */
async function takeNonce(tx: Tx, key: string, atLeast: number): Promise<number> {
  await tx.insert(chainState).values({ key, value: '0' }).onConflictDoNothing();
  const [row] = await tx.select().from(chainState).where(eq(chainState.key, key)).for('update');
  const nonce = Math.max(Number(row!.value), atLeast);
  await tx.update(chainState).set({ value: String(nonce + 1), updatedAt: sql`now()` }).where(eq(chainState.key, key));
  return nonce;
}

/** The points ledger, custodial wallets and token transfers; every query is scoped by user_id. */
export function rewardsRepository(db: Db) {
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

    /** Marks today active; answers the streak length (consecutive active UTC days ending today). */
    async markActive(userId: string, now = new Date()): Promise<number> {
      await db.insert(rewardActivityDays).values({ userId, day: utcDay(now) }).onConflictDoNothing();
      const since = utcDay(new Date(now.getTime() - 60 * 86_400_000));
      const rows = await db
        .select({ day: rewardActivityDays.day })
        .from(rewardActivityDays)
        .where(and(eq(rewardActivityDays.userId, userId), gte(rewardActivityDays.day, since)))
        .orderBy(desc(rewardActivityDays.day));
      return consecutive(rows.map((r) => r.day), now, false);
    },

    /** Consecutive active UTC days ending today (or yesterday, when today has no activity yet). */
    async streak(userId: string, now = new Date()): Promise<number> {
      const since = utcDay(new Date(now.getTime() - 60 * 86_400_000));
      const rows = await db.select({ day: rewardActivityDays.day }).from(rewardActivityDays).where(and(eq(rewardActivityDays.userId, userId), gte(rewardActivityDays.day, since))).orderBy(desc(rewardActivityDays.day));
      return consecutive(rows.map((r) => r.day), now, true);
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

    /**
     * Debits the points and records the transfer in one transaction under the account's row lock, so
     * concurrent conversions by one user run one after another and never spend more than the balance.
     */
    async convert(userId: string, input: { points: number; amountWei: string; toAddress: string; chainId: number; tokenAddress: string | null; gasPriceGwei: string | null; gasSpeed: GasSpeed | null; title: string; message: string }): Promise<ConvertResult> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, userId);
        if (account.balance < input.points) return { kind: 'insufficient' as const, balance: account.balance };
        const balance = account.balance - input.points;
        const [transfer] = await tx
          .insert(tokenTransfers)
          .values({ userId, points: input.points, amountWei: input.amountWei, toAddress: input.toAddress, chainId: input.chainId, tokenAddress: input.tokenAddress, gasPriceGwei: input.gasPriceGwei, gasSpeed: input.gasSpeed })
          .returning();
        await tx.insert(rewardEntries).values({
          userId,
          kind: 'spend',
          reason: 'conversion',
          points: input.points,
          balanceAfter: balance,
          title: input.title,
          message: input.message,
          reference: transfer!.id,
          idempotencyKey: `conversion:${transfer!.id}`,
        });
        await tx.update(rewardAccounts).set({ balance, totalSpent: sql`${rewardAccounts.totalSpent} + ${input.points}`, updatedAt: sql`now()` }).where(eq(rewardAccounts.userId, userId));
        return { kind: 'converted' as const, transfer: transfer!, balance };
      });
    },

    async transfer(userId: string, id: string): Promise<TransferRow | undefined> {
      const [row] = await db.select().from(tokenTransfers).where(and(eq(tokenTransfers.id, id), eq(tokenTransfers.userId, userId)));
      return row;
    },

    async recentTransfers(userId: string, limit: number): Promise<TransferRow[]> {
      return db.select().from(tokenTransfers).where(eq(tokenTransfers.userId, userId)).orderBy(desc(tokenTransfers.createdAt)).limit(limit);
    },

    async convertedPoints(userId: string): Promise<{ confirmed: number; inFlight: number }> {
      const [row] = await db
        .select({
          confirmed: sql<number>`coalesce(sum(${tokenTransfers.points}) filter (where ${tokenTransfers.status} = 'confirmed'), 0)`.mapWith(Number),
          inFlight: sql<number>`coalesce(sum(${tokenTransfers.points}) filter (where ${tokenTransfers.status} in ('pending', 'submitted')), 0)`.mapWith(Number),
        })
        .from(tokenTransfers)
        .where(eq(tokenTransfers.userId, userId));
      return row ?? { confirmed: 0, inFlight: 0 };
    },

    // --- the transfer worker (no user scope: it serves every user) ---

    transfers: {
      async open(): Promise<TransferRow[]> {
        return db.select().from(tokenTransfers).where(inArray(tokenTransfers.status, ['pending', 'submitted'])).orderBy(asc(tokenTransfers.nonce), asc(tokenTransfers.createdAt)).limit(500);
      },
      async confirmedSince(blockNumber: number): Promise<TransferRow[]> {
        return db.select().from(tokenTransfers).where(and(eq(tokenTransfers.status, 'confirmed'), gte(tokenTransfers.blockNumber, blockNumber)));
      },
      /**
       * Signs a transfer and stores the signed transaction before it is broadcast, in one database transaction
       * under the transfer's row lock. The row must still be as the worker read it (same status, same number of
       * attempts), else nothing is signed and null comes back: another worker got there first (a lease that ran
       * out during a long pass). A fresh nonce comes from the counter inside the same transaction, so a signature
       * that is not stored gives its nonce back and leaves no gap.
       */
      async sign(
        id: string,
        seen: { status: TransferRow['status']; attempts: number },
        nonce: { same: number } | { key: string; atLeast: number },
        tokenAddress: string,
        signWith: (nonce: number) => Promise<{ hash: string; raw: string }>,
      ): Promise<string | null> {
        return db.transaction(async (tx) => {
          const [row] = await tx.select({ status: tokenTransfers.status, attempts: tokenTransfers.attempts }).from(tokenTransfers).where(eq(tokenTransfers.id, id)).for('update');
          if (!row || row.status !== seen.status || row.attempts.length !== seen.attempts) return null;
          const value = 'same' in nonce ? nonce.same : await takeNonce(tx, nonce.key, nonce.atLeast);
          const { hash, raw } = await signWith(value);
          await tx
            .update(tokenTransfers)
            .set({
              status: 'submitted',
              nonce: value,
              txHash: hash,
              rawTx: raw,
              tokenAddress,
              attempts: sql`${tokenTransfers.attempts} || ${JSON.stringify([{ hash, nonce: value }])}::jsonb`,
              submittedAt: sql`coalesce(${tokenTransfers.submittedAt}, now())`,
              updatedAt: sql`now()`,
            })
            .where(eq(tokenTransfers.id, id));
          return raw;
        });
      },
      async confirmed(id: string, hash: string, blockNumber: number) {
        await db
          .update(tokenTransfers)
          .set({ status: 'confirmed', txHash: hash, blockNumber, error: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(tokenTransfers.id, id), inArray(tokenTransfers.status, ['pending', 'submitted'])));
      },
      async noteError(id: string, error: string) {
        await db.update(tokenTransfers).set({ error: error.slice(0, 500), updatedAt: sql`now()` }).where(eq(tokenTransfers.id, id));
      },
      /** Failed (reverted, or refused for good): the transfer is final and the points come back, in one transaction. */
      async fail(id: string, error: string): Promise<boolean> {
        return db.transaction(async (tx) => {
          const [row] = await tx.select().from(tokenTransfers).where(eq(tokenTransfers.id, id)).for('update');
          if (!row || row.status === 'failed' || row.status === 'confirmed') return false;
          const account = await lockAccount(tx, row.userId);
          const balance = account.balance + row.points;
          await tx.update(tokenTransfers).set({ status: 'failed', error: error.slice(0, 500), finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(tokenTransfers.id, id));
          await tx
            .insert(rewardEntries)
            .values({ userId: row.userId, kind: 'refund', reason: 'conversion_refund', points: row.points, balanceAfter: balance, title: 'Conversion refunded', message: 'The FINU transfer did not go through, so your points are back.', reference: row.id, idempotencyKey: `refund:${row.id}` })
            .onConflictDoNothing();
          await tx.update(rewardAccounts).set({ balance, totalSpent: sql`${rewardAccounts.totalSpent} - ${row.points}`, updatedAt: sql`now()` }).where(eq(rewardAccounts.userId, row.userId));
          return true;
        });
      },
    },

    wallets: {
      async find(userId: string): Promise<WalletRow | undefined> {
        const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId));
        return row;
      },
      /** Inserts the wallet unless one exists (two first uses at once keep the first). */
      async create(userId: string, address: string, encryptedKey: string): Promise<WalletRow> {
        await db.insert(wallets).values({ userId, address, encryptedKey }).onConflictDoNothing({ target: wallets.userId });
        const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId));
        return row!;
      },
    },

    chainState: {
      async get(key: string): Promise<string | undefined> {
        const [row] = await db.select().from(chainState).where(eq(chainState.key, key));
        return row?.value;
      },
      async set(key: string, value: string) {
        await db.insert(chainState).values({ key, value }).onConflictDoUpdate({ target: chainState.key, set: { value, updatedAt: sql`now()` } });
      },
      /** Takes (or renews) the worker lease: one transfer worker at a time across API processes. */
      async lease(key: string, owner: string, ttlMs: number): Promise<boolean> {
        const expires = new Date(Date.now() + ttlMs);
        const rows = await db
          .insert(chainState)
          .values({ key, value: owner, expiresAt: expires })
          .onConflictDoUpdate({ target: chainState.key, set: { value: owner, expiresAt: expires, updatedAt: sql`now()` }, setWhere: sql`${chainState.value} = ${owner} or ${chainState.expiresAt} < now()` })
          .returning({ value: chainState.value });
        return rows[0]?.value === owner;
      },
      async release(key: string, owner: string) {
        await db.delete(chainState).where(and(eq(chainState.key, key), eq(chainState.value, owner)));
      },
    },
  };
}

export type RewardsRepository = ReturnType<typeof rewardsRepository>;
