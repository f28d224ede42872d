import { addDays, dayOf } from '../../../contract/calendar';
import { fromMinor } from '../../../contract/money';
import { FORECAST_DAYS, MATCH_WINDOW_DAYS } from '../../../contract/recurring';
import type { NotificationsRepository } from '../../repositories/notifications';
import type { RecurringRepository } from '../../repositories/recurring';
import type { NewTransaction, TransactionRow } from '../../repositories/transactions';
import { localClock, quietUntil, type NotificationsService } from '../notifications';
import type { RecurringService } from './service';

/** How far back a missed bill is still worth telling (a process down for longer catches up this much). */
export const MISSED_LOOKBACK_DAYS = 30;

export interface ChecksDeps {
  repo: RecurringRepository;
  recurring: RecurringService;
  notifications: NotificationsService;
  settings: NotificationsRepository['settings'];
  digestUsers: NotificationsRepository['digestUsers'];
  claimDigest: NotificationsRepository['claimDigest'];
  /** Adds the transaction an auto-posting item makes on its due day. */
  post(userId: string, row: NewTransaction): Promise<TransactionRow | undefined>;
  money(userId: string, minor: number): Promise<string>;
}

/**
 * The recurring checks of one moment, for every user with recurring items: matches found are stored,
 * auto-posting items post what is due, and notices go out for bills due within the user's N days, bills
 * missed, price changes and a forecast balance below the user's threshold. Every notice has a dedupe key
 * (the item and due day, the account and day), so running again, late or in two processes, adds nothing twice.
 */
export async function runRecurringChecks(deps: ChecksDeps, now: Date): Promise<{ users: number; notices: number; posted: number; digests: number }> {
  const today = dayOf(now);
  // Notices held back by quiet hours that have ended are shown (and mailed) first.
  await deps.notifications.deliverDue(now);
  let notices = 0;
  let posted = 0;
  const users = await deps.repo.usersWithItems();
  for (const userId of users) {
    const settings = await deps.settings(userId);
    const items = await deps.repo.list(userId);
    const occurrences = await deps.recurring.occurrencesOf(userId, items, addDays(today, -MISSED_LOOKBACK_DAYS), addDays(today, Math.max(settings.dueDays, MATCH_WINDOW_DAYS)), today);
    const money = (minor: number) => deps.money(userId, Math.abs(minor));
    for (const o of occurrences) {
      const link = `/bills?item=${o.item.id}`;
      if (o.liveMatch && o.transactionId) {
        await deps.repo.decide(userId, o.item.id, o.due, 'matched', o.transactionId);
        continue;
      }
      if (o.status !== 'upcoming' && o.status !== 'missed') continue;
      if (o.item.autoPost && o.due <= today) {
        // The decision first: whoever stores it posts, so an occurrence is posted once.
        if (await deps.repo.decide(userId, o.item.id, o.due, 'posted', null)) {
          await deps.post(userId, {
            accountId: o.item.accountId,
            type: o.item.kind === 'income' ? 'income' : 'expense',
            amountMinor: o.item.amountMinor,
            date: o.due,
            category: o.item.category ?? 'Other',
            description: o.item.name,
            merchant: o.item.merchantPattern,
            notes: 'Posted by its recurring schedule',
            tags: ['recurring'],
            currency: null,
          });
          posted++;
        }
        continue;
      }
      if (o.item.kind === 'income') continue;
      if (o.status === 'upcoming' && o.due >= today && o.due <= addDays(today, settings.dueDays)) {
        const when = o.due === today ? 'today' : o.due === addDays(today, 1) ? 'tomorrow' : `on ${o.due}`;
        if (await deps.notifications.notify(userId, { kind: 'bill_due', title: `${o.item.name} is due ${when}`, body: `${o.item.name}: ${await money(o.amountMinor)} is due ${when}.`, link, dedupeKey: `bill_due:${o.item.id}:${o.due}` }, now)) notices++;
      }
      if (o.status === 'missed') {
        if (await deps.notifications.notify(userId, { kind: 'bill_missed', title: `${o.item.name} was not paid`, body: `${o.item.name} (${await money(o.amountMinor)}) was due on ${o.due} and no payment was found.`, link, dedupeKey: `bill_missed:${o.item.id}:${o.due}` }, now)) notices++;
      }
    }
    const detected = await deps.recurring.detectFor(userId, items, today);
    for (const item of items) {
      const change = detected.get(item.id);
      if (!change?.priceChange) continue;
      const { fromMinor: was, toMinor: now2, percent } = change.priceChange;
      const body = `${item.name} charged ${await money(now2)} on ${change.lastDate}, ${percent > 0 ? 'up' : 'down'} ${Math.abs(percent)} % from ${await money(was)}.`;
      if (await deps.notifications.notify(userId, { kind: 'price_change', title: `${item.name} ${percent > 0 ? 'went up' : 'went down'}`, body, link: `/bills?item=${item.id}`, dedupeKey: `price_change:${item.id}:${change.lastDate}` }, now)) notices++;
    }
    const forecast = await deps.recurring.forecast(userId, today, settings.lowBalanceMinor, items);
    for (const account of forecast.accounts) {
      const day = account.first_below_threshold;
      if (!day) continue;
      const low = account.days.find((d) => d.date === day)!;
      const figure = `${low.balance < 0 ? '-' : ''}${await money(Math.round(low.balance * 100))}`;
      const body = `${account.name} is forecast to fall to ${figure} on ${day}, within the next ${FORECAST_DAYS} days.`;
      // Already low today: once a month, not every day it stays low.
      const dedupeKey = `low_balance:${account.account_id}:${day === today ? `now:${today.slice(0, 7)}` : day}:${fromMinor(settings.lowBalanceMinor)}`;
      if (await deps.notifications.notify(userId, { kind: 'low_balance', title: `${account.name} may run low on ${day}`, body, link: `/bills?account=${account.account_id}`, dedupeKey }, now)) notices++;
    }
  }
  const digests = await sendDigests(deps, now);
  return { users: users.length, notices, posted, digests };
}

/**
 * The weekly digest: on Sunday in the user's time zone (outside their quiet hours), one email lists what
 * is due Monday to Sunday after, with the total. The week is claimed before sending, so two processes or
 * a second run that Sunday send nothing more.
 */
export async function sendDigests(deps: ChecksDeps, now: Date): Promise<number> {
  let sent = 0;
  for (const userId of await deps.digestUsers()) {
    const settings = await deps.settings(userId);
    const local = localClock(now, settings.timeZone);
    if (local.weekday !== 0 || quietUntil(now, settings)) continue;
    const monday = addDays(local.day, 1);
    const sunday = addDays(monday, 6);
    if (!(await deps.claimDigest(userId, monday))) continue;
    const items = await deps.repo.list(userId);
    const due = (await deps.recurring.occurrencesOf(userId, items, monday, sunday, local.day)).filter((o) => o.status === 'upcoming' && o.item.kind !== 'income');
    const total = due.reduce((sum, o) => sum + Math.abs(o.amountMinor), 0);
    const lines = await Promise.all(due.map(async (o) => `${o.due}  ${o.item.name}  ${await deps.money(userId, Math.abs(o.amountMinor))}`));
    const subject = due.length === 0 ? `Nothing is due the week of ${monday}` : `${due.length} due the week of ${monday}: ${await deps.money(userId, total)}`;
    const text = due.length === 0 ? `No bills or subscriptions are due from ${monday} to ${sunday}.` : `Due from ${monday} to ${sunday}:\n\n${lines.join('\n')}\n\nTotal: ${await deps.money(userId, total)}`;
    if (await deps.notifications.mail(userId, subject, text, '/bills')) sent++;
  }
  return sent;
}
