import { fromMinor, toMinor } from '../../contract/money';
import { NOTIFICATION_LIMITS, RECURRING_MESSAGES, type Notification, type NotificationKind, type NotificationSettings, type NotificationSettingsRequest } from '../../contract/recurring';
import { NotFoundError } from '../errors';
import type { NotificationRow, NotificationsRepository } from '../repositories/notifications';
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

  return {
    /** Adds the notice once per dedupe key; true when it is new. */
    async notify(userId: string, notice: Notice): Promise<boolean> {
      const row = await repo.add(userId, notice);
      if (!row) return false;
      const settings = await repo.settings(userId);
      if (settings.emailKinds.includes(notice.kind)) {
        const to = await deps.emailOf(userId);
        if (to) {
          const link = notice.link ? `${deps.appUrl}${notice.link}` : undefined;
          await deps.mailer.send({ to, subject: notice.title, text: `${notice.body}${link ? `\n\n${link}` : ''}`, ...(link ? { link } : {}) });
          await repo.markEmailed(row.id);
        }
      }
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
      return { due_days: s.dueDays, low_balance: fromMinor(s.lowBalanceMinor), email_kinds: s.emailKinds as NotificationKind[] };
    },

    async saveSettings(userId: string, patch: NotificationSettingsRequest): Promise<NotificationSettings> {
      const s = await repo.settings(userId);
      await repo.saveSettings(userId, {
        dueDays: patch.due_days ?? s.dueDays,
        lowBalanceMinor: patch.low_balance === undefined ? s.lowBalanceMinor : toMinor(patch.low_balance),
        emailKinds: patch.email_kinds ? [...new Set(patch.email_kinds)] : s.emailKinds,
      });
      return this.settings(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
