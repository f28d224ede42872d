import { and, desc, eq, gte } from 'drizzle-orm';
import { addDays, dayOf as utcDay } from '../../../contract/calendar';
import type { Db } from '../../db/client';
import { rewardActivityDays } from '../../db/schema';

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

/** The days a user was active, and the streak they make; every query is scoped by user_id. */
export function streakQueries(db: Db) {
  return {
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
  };
}
