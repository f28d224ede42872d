import { parseDay } from '../../../contract/calendar';
import { fromMinor } from '../../../contract/money';
import { RECURRING_MESSAGES, scheduleRule, type RecurringItem, type Suggestion } from '../../../contract/recurring';
import { notFound } from '../../errors';
import { priceChangeOut, type Detection, type RecurringDeps } from './common';
import { payeeKey, type Detected } from './detect';
import type { ItemActions } from './items';

/** The schedule rule a detected interval gets from its last charge (a monthly charge on the 29th–31st falls on shorter months' last day). */
function ruleFor(d: Detected): string {
  const day = Number(d.lastDate.slice(8, 10));
  if (d.interval === 'monthly') return scheduleRule({ every: 'month_on_day', day });
  if (d.interval === 'yearly') return scheduleRule({ every: 'year_on', month: Number(d.lastDate.slice(5, 7)), day });
  if (d.interval === 'weekly' || d.interval === 'fortnightly') return `${d.rrule};BYDAY=${['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][parseDay(d.lastDate).getUTCDay()]}`;
  return day > 28 ? `${d.rrule};BYMONTHDAY=${Array.from({ length: day - 27 }, (_, i) => 28 + i).join(',')};BYSETPOS=-1` : `${d.rrule};BYMONTHDAY=${day}`;
}

function toSuggestion(d: Detected): Suggestion {
  return {
    key: d.key,
    name: d.payee,
    merchant_pattern: d.payee,
    account_id: d.accountId,
    category: d.category,
    kind: d.kind,
    interval: d.interval,
    rrule: ruleFor(d),
    amount: fromMinor(d.amountMinor),
    amount_min: d.rangeMinor ? fromMinor(d.rangeMinor.min) : null,
    amount_max: d.rangeMinor ? fromMinor(d.rangeMinor.max) : null,
    charges: d.charges,
    last_date: d.lastDate,
    next_due: d.nextDue,
    start_date: d.lastDate,
    price_change: priceChangeOut(d),
    stopped: d.stopped,
  };
}

/** What detection suggests: the payees that look recurring, confirmed into items or dismissed. */
export function suggestionActions({ repo }: RecurringDeps, { detect }: Detection, { create }: Pick<ItemActions, 'create'>) {
  /** Detected items not yet confirmed (no item has their payee) nor dismissed. */
  const suggestions = async (userId: string, today: string): Promise<{ suggestions: Suggestion[] }> => {
    const [found, dismissed, items] = await Promise.all([detect(userId, today), repo.dismissed(userId), repo.list(userId)]);
    const taken = new Set(items.map((i) => payeeKey(i.merchantPattern, i.kind === 'income' ? 'income' : 'expense')));
    return { suggestions: found.filter((d) => !dismissed.has(d.key) && !taken.has(d.key) && !d.stopped).map(toSuggestion) };
  };

  return {
    suggestions,

    /** Turns a suggestion into an item (source: detected). */
    async confirm(userId: string, key: string, today: string): Promise<RecurringItem> {
      const found = (await suggestions(userId, today)).suggestions.find((s) => s.key === key);
      if (!found) throw notFound(RECURRING_MESSAGES.suggestionGone);
      return create(
        userId,
        {
          name: found.name,
          merchant_pattern: found.merchant_pattern,
          account_id: found.account_id,
          category: found.category,
          kind: found.kind,
          amount: found.amount,
          amount_min: found.amount_min,
          amount_max: found.amount_max,
          rrule: found.rrule,
          start_date: found.start_date,
        },
        today,
        'detected',
      );
    },

    async dismiss(userId: string, key: string): Promise<void> {
      await repo.dismiss(userId, key);
    },
  };
}
