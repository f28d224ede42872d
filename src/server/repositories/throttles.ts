import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottles } from '../db/schema';

export interface LoginPolicy {
  /** Failures forgiven before any delay. */
  freeFailures: number;
  /** The longest wait after a failure, in seconds; short, so an attacker cannot lock the owner out. */
  maxDelaySeconds: number;
  /** A quiet period after which failures are forgotten, in seconds. */
  forgetAfterSeconds: number;
}

/** Counters in the database, so every API process sharing it sees the same ones (one atomic statement each). */
export function throttlesRepository(db: Db) {
  return {
    /** Seconds until the key may try again (0 when it may now). */
    async waitSeconds(key: string): Promise<number> {
      const rows = await db
        .select({ wait: sql<number>`greatest(0, ceil(extract(epoch from (${authThrottles.blockedUntil} - now()))))::int` })
        .from(authThrottles)
        .where(sql`${authThrottles.key} = ${key} and ${authThrottles.blockedUntil} > now()`);
      return rows[0]?.wait ?? 0;
    },
    /**
     * Records a failed attempt: after `freeFailures`, each failure blocks the key for a delay that
     * doubles (1 s, 2 s, 4 s, …) up to `maxDelaySeconds`. Returns that delay in seconds.
     */
    async recordFailure(key: string, policy: LoginPolicy): Promise<number> {
      const forget = sql.raw(`interval '${Math.floor(policy.forgetAfterSeconds)} seconds'`);
      const rows = await db.execute(sql`
        insert into auth_throttles (key, hits, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          hits = case when auth_throttles.window_started_at < now() - ${forget} then 1 else auth_throttles.hits + 1 end,
          window_started_at = now()
        returning hits`);
      const hits = Number(resultRows<{ hits: number }>(rows)[0]?.hits ?? 1);
      const over = hits - policy.freeFailures;
      const delay = over > 0 ? Math.min(policy.maxDelaySeconds, 2 ** (over - 1)) : 0;
      if (delay > 0) {
        await db.execute(sql`update auth_throttles set blocked_until = now() + ${sql.raw(`interval '${delay} seconds'`)} where key = ${key}`);
      }
      return delay;
    },
    async clear(key: string): Promise<void> {
      await db.execute(sql`delete from auth_throttles where key = ${key}`);
    },
    /**
     * Counts one use of a key within a fixed window. Returns 0 while within `max` uses, else the
     * seconds until the window ends.
     */
    async hit(key: string, max: number, windowSeconds: number): Promise<number> {
      const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
      const rows = await db.execute(sql`
        insert into auth_throttles (key, hits, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          hits = case when auth_throttles.window_started_at <= now() - ${window} then 1 else auth_throttles.hits + 1 end,
          window_started_at = case when auth_throttles.window_started_at <= now() - ${window} then now() else auth_throttles.window_started_at end
        returning hits, ceil(extract(epoch from (window_started_at + ${window} - now())))::int as wait`);
      const row = resultRows<{ hits: number; wait: number }>(rows)[0];
      return row && Number(row.hits) > max ? Math.max(1, Number(row.wait)) : 0;
    },
    /** Forgets counters whose window ended long ago. */
    async prune(olderThanSeconds: number): Promise<void> {
      await db.execute(sql`delete from auth_throttles where window_started_at < now() - ${sql.raw(`interval '${Math.floor(olderThanSeconds)} seconds'`)} and (blocked_until is null or blocked_until < now())`);
    },
  };
}
export type ThrottlesRepository = ReturnType<typeof throttlesRepository>;

/** node-postgres answers a result with `rows`; PGlite too; drizzle's types differ per driver. */
function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
