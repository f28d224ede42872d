import { and, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calendarFeeds, jobLeases, notificationSettings, notifications } from '../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link: string | null;
  dedupeKey: string;
  /** Inside quiet hours: hidden and unmailed until then. */
  deliverAt?: Date | null;
}
export interface NotificationSettingsRow {
  dueDays: number;
  lowBalanceMinor: number;
  emailKinds: string[];
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
  weeklyDigest: boolean;
}
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsRow = { dueDays: 3, lowBalanceMinor: 0, emailKinds: [], quietStart: null, quietEnd: null, timeZone: 'UTC', weeklyDigest: false };

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const owned = (userId: string, id: string) => and(eq(notifications.userId, userId), eq(notifications.id, id));

/** The notification centre's rows and settings. */
export function notificationsRepository(db: Db) {
  return {
    /** Adds a notice unless one with its dedupe key exists: the new row, or undefined when it was there already. */
    async add(userId: string, n: NewNotification): Promise<NotificationRow | undefined> {
      const [row] = await db
        .insert(notifications)
        .values({ ...n, userId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async markEmailed(id: string): Promise<void> {
      await db.update(notifications).set({ emailedAt: sql`now()` }).where(eq(notifications.id, id));
    },

    /** Not dismissed, newest first, with the unread count. */
    async list(userId: string, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
      const visible = and(eq(notifications.userId, userId), isNull(notifications.dismissedAt), isNull(notifications.deliverAt));
      const [rows, [count]] = await Promise.all([
        db.select().from(notifications).where(visible).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(and(visible, isNull(notifications.readAt))),
      ]);
      return { rows, unread: Number(count?.n ?? 0) };
    },

    async read(userId: string, id: string): Promise<NotificationRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(owned(userId, id), isNull(notifications.dismissedAt)))
        .returning();
      return row;
    },

    async readAll(userId: string): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },

    async dismiss(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .update(notifications)
        .set({ dismissedAt: sql`coalesce(${notifications.dismissedAt}, now())`, readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(owned(userId, id))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async settings(userId: string): Promise<NotificationSettingsRow> {
      const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
      return row
        ? { dueDays: row.dueDays, lowBalanceMinor: row.lowBalanceMinor, emailKinds: row.emailKinds, quietStart: row.quietStart, quietEnd: row.quietEnd, timeZone: row.timeZone, weeklyDigest: row.weeklyDigest }
        : { ...DEFAULT_NOTIFICATION_SETTINGS };
    },

    /** Notices whose quiet hours ended by `now`: each is taken (made visible) by one caller only. */
    async takeDue(now: Date): Promise<NotificationRow[]> {
      return db
        .update(notifications)
        .set({ deliverAt: null })
        .where(and(sql`${notifications.deliverAt} is not null`, lte(notifications.deliverAt, now)))
        .returning();
    },

    /** Sets (or replaces: the old URL stops working) the user's calendar feed token hash. */
    async setCalendarFeed(userId: string, tokenHash: string): Promise<Date> {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
        .returning({ createdAt: calendarFeeds.createdAt });
      return row!.createdAt;
    },

    async calendarFeed(userId: string): Promise<{ createdAt: Date } | undefined> {
      const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return row;
    },

    async revokeCalendarFeed(userId: string): Promise<boolean> {
      return (await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId })).length > 0;
    },

    /** The user whose feed token hashes to this, if any. */
    async userOfCalendarFeed(tokenHash: string): Promise<string | undefined> {
      const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
      return row?.userId;
    },

    /** Users who asked for the weekly digest. */
    async digestUsers(): Promise<string[]> {
      const rows = await db.select({ userId: notificationSettings.userId }).from(notificationSettings).where(eq(notificationSettings.weeklyDigest, true));
      return rows.map((r) => r.userId);
    },

    /** Claims the digest of the week starting `week` for the user: true once, whichever process asks. */
    async claimDigest(userId: string, week: string): Promise<boolean> {
      const rows = await db
        .update(notificationSettings)
        .set({ digestWeek: week })
        .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.weeklyDigest, true), or(isNull(notificationSettings.digestWeek), lt(notificationSettings.digestWeek, week))))
        .returning({ userId: notificationSettings.userId });
      return rows.length > 0;
    },

    async saveSettings(userId: string, s: NotificationSettingsRow): Promise<void> {
      await db
        .insert(notificationSettings)
        .values({ userId, ...s })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...s, updatedAt: sql`now()` } });
    },
  };
}

/**
 * Leases of scheduled jobs shared by every API process: one process at a time holds a job's lease
 * (until it finishes or the lease runs out, a crashed holder's included).
 */
export function jobLeasesRepository(db: Db) {
  return {
    /** Takes the job's lease for `owner` until `until` when it is free or expired at `now`; the time of the last finished run, or false. */
    async acquire(name: string, owner: string, now: Date, until: Date): Promise<{ lastRunAt: Date | null } | false> {
      await db.insert(jobLeases).values({ name }).onConflictDoNothing();
      const [row] = await db
        .update(jobLeases)
        .set({ owner, leaseUntil: until })
        .where(and(eq(jobLeases.name, name), or(isNull(jobLeases.leaseUntil), lt(jobLeases.leaseUntil, now))))
        .returning({ lastRunAt: jobLeases.lastRunAt });
      return row ? { lastRunAt: row.lastRunAt } : false;
    },

    /** Gives the lease back, recording the run as finished at `ranAt`. */
    async release(name: string, owner: string, ranAt: Date | null): Promise<void> {
      await db
        .update(jobLeases)
        .set({ owner: null, leaseUntil: null, ...(ranAt ? { lastRunAt: ranAt } : {}) })
        .where(and(eq(jobLeases.name, name), eq(jobLeases.owner, owner)));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
export type JobLeasesRepository = ReturnType<typeof jobLeasesRepository>;
