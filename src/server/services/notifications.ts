import { fromMinor, toMinor } from '../../contract/money';
import { NOTIFICATION_LIMITS, RECURRING_MESSAGES, type Notification, type NotificationKind, type NotificationSettings, type NotificationSettingsRequest } from '../../contract/recurring';
import { NotFoundError } from '../errors';
import type { NotificationRow, NotificationSettingsRow, NotificationsRepository } from '../repositories/notifications';
import type { Mailer } from './mail/types';

export interface Notice {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The app path of what it is about (e.g. /bills?item=…). */
  link: string | null;
  /** Once per user and key: the same notice found again (another process, a catch-up run) is not added or mailed twice. */
  dedupeKey: string;
}

export interface NotificationsDeps {
  repo: NotificationsRepository;
  mailer: Mailer;
  /** The user's address, or null (a wallet-only account has none). */
  emailOf(userId: string): Promise<string | null>;
  appUrl: string;
}

const clock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall clock of `now` in `zone`: minutes after midnight, the day, and the weekday (0 Sunday). */
export function localClock(now: Date, zone: string): { minutes: number; day: string; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!),
  };
}

/**
 * When the user's quiet hours around `now` end, or null outside them. The hours are wall-clock times in
 * the user's zone and may cross midnight (22:00–07:00); the end is counted in minutes from `now`, so a
 * daylight-saving change inside the hours moves it by that hour.
 */
export function quietUntil(now: Date, s: Pick<NotificationSettingsRow, 'quietStart' | 'quietEnd' | 'timeZone'>): Date | null {
  if (!s.quietStart || !s.quietEnd) return null;
  const { minutes } = localClock(now, s.timeZone);
  const start = clock(s.quietStart);
  const end = clock(s.quietEnd);
  const inside = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!inside) return null;
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(minuteStart + ((end - minutes + 1440) % 1440) * 60_000);
}

const out = (r: NotificationRow): Notification => ({
  notification_id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  created_at: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

/**
 * The notification centre: `notify()` is how any part of the server tells a user something (bill
 * reminders, missed bills, price changes, low balances, budget alerts); the kinds the user chose
 * are mailed too, once, through the mailer (the outbox by default, SMTP by configuration).
 */
export function notificationsService(deps: NotificationsDeps) {
  const { repo } = deps;
  const notFound = () => new NotFoundError(RECURRING_MESSAGES.notificationNotFound);
  async function mailNotice(row: NotificationRow, settings: NotificationSettingsRow): Promise<void> {
    if (!settings.emailKinds.includes(row.kind)) return;
    const to = await deps.emailOf(row.userId);
    if (!to) return;
    const link = row.link ? `${deps.appUrl}${row.link}` : undefined;
    await deps.mailer.send({ to, subject: row.title, text: `${row.body}${link ? `\n\n${link}` : ''}`, ...(link ? { link } : {}) });
    await repo.markEmailed(row.id);
  }

  return {
    /**
     * Adds the notice once per dedupe key; true when it is new. Inside the user's quiet hours (as of
     * `now`) it waits, hidden and unmailed, until they end (`deliverDue`).
     */
    async notify(userId: string, notice: Notice, now: Date = new Date()): Promise<boolean> {
      const settings = await repo.settings(userId);
      const deliverAt = quietUntil(now, settings);
      const row = await repo.add(userId, { ...notice, deliverAt });
      if (!row) return false;
      if (!deliverAt) await mailNotice(row, settings);
      return true;
    },

    /** Shows (and mails, for the kinds chosen) the notices whose quiet hours ended by `now`; each once across processes. */
    async deliverDue(now: Date): Promise<number> {
      const rows = await repo.takeDue(now);
      for (const row of rows) await mailNotice(row, await repo.settings(row.userId));
      return rows.length;
    },

    /** An email that is not a notice (the weekly digest); false when the user has no address. */
    async mail(userId: string, subject: string, text: string, path: string | null): Promise<boolean> {
      const to = await deps.emailOf(userId);
      if (!to) return false;
      const link = path ? `${deps.appUrl}${path}` : undefined;
      await deps.mailer.send({ to, subject, text: `${text}${link ? `\n\n${link}` : ''}`, ...(link ? { link } : {}) });
      return true;
    },

    async list(userId: string) {
      const { rows, unread } = await repo.list(userId, NOTIFICATION_LIMITS.page);
      return { notifications: rows.map(out), unread };
    },

    async read(userId: string, id: string): Promise<Notification> {
      const row = await repo.read(userId, id);
      if (!row) throw notFound();
      return out(row);
    },

    async readAll(userId: string) {
      await repo.readAll(userId);
      return this.list(userId);
    },

    async dismiss(userId: string, id: string): Promise<void> {
      if (!(await repo.dismiss(userId, id))) throw notFound();
    },

    async settings(userId: string): Promise<NotificationSettings> {
      const s = await repo.settings(userId);
      return {
        due_days: s.dueDays,
        low_balance: fromMinor(s.lowBalanceMinor),
        email_kinds: s.emailKinds as NotificationKind[],
        quiet_start: s.quietStart,
        quiet_end: s.quietEnd,
        time_zone: s.timeZone,
        weekly_digest: s.weeklyDigest,
      };
    },

    async saveSettings(userId: string, patch: NotificationSettingsRequest): Promise<NotificationSettings> {
      const s = await repo.settings(userId);
      await repo.saveSettings(userId, {
        dueDays: patch.due_days ?? s.dueDays,
        lowBalanceMinor: patch.low_balance === undefined ? s.lowBalanceMinor : toMinor(patch.low_balance),
        emailKinds: patch.email_kinds ? [...new Set(patch.email_kinds)] : s.emailKinds,
        quietStart: patch.quiet_start === undefined ? s.quietStart : patch.quiet_start,
        quietEnd: patch.quiet_end === undefined ? s.quietEnd : patch.quiet_end,
        timeZone: patch.time_zone ?? s.timeZone,
        weeklyDigest: patch.weekly_digest ?? s.weeklyDigest,
      });
      return this.settings(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
