import { addDays } from '../../../contract/calendar';
import { fromMinor } from '../../../contract/money';
import { RECURRING_MESSAGES, type Occurrence, type RecurringItem } from '../../../contract/recurring';
import { notFound } from '../../errors';
import type { AccountsRepository } from '../../repositories/accounts';
import type { RecurringItemRow, RecurringRepository } from '../../repositories/recurring';
import { detectRecurring, payeeKey, type Detected } from './detect';
import { nextDue } from './schedule';

export const recurringNotFound = () => notFound(RECURRING_MESSAGES.notFound);

/** How far back detection reads: a little over a year, so a yearly charge can show twice… and monthly ones a dozen times. */
export const DETECTION_LOOKBACK_DAYS = 400;

export interface RecurringDeps {
  repo: RecurringRepository;
  accounts: AccountsRepository;
  currencyOf(userId: string): Promise<string>;
}

/** One computed occurrence, before it becomes wire shape. */
export interface OccurrenceOf {
  item: RecurringItemRow;
  due: string;
  /** Signed: income adds, everything else takes away. */
  amountMinor: number;
  status: Occurrence['status'];
  transactionId: string | null;
  /** Found by matching now, not yet stored. */
  liveMatch: boolean;
}

const outgoing = (item: Pick<RecurringItemRow, 'kind'>) => item.kind !== 'income';
export const signedOf = (item: RecurringItemRow) => (outgoing(item) ? -item.amountMinor : item.amountMinor);
export const scheduleOf = (item: RecurringItemRow) => ({ rrule: item.rrule, startDate: item.startDate, endDate: item.endDate, weekendShift: item.weekendShift });

export const priceChangeOut = (d: Detected | undefined) => (d?.priceChange ? { from: fromMinor(d.priceChange.fromMinor), to: fromMinor(d.priceChange.toMinor), percent: d.priceChange.percent } : null);

export function toItem(item: RecurringItemRow, today: string, detected?: Detected): RecurringItem {
  return {
    recurring_id: item.id,
    name: item.name,
    merchant_pattern: item.merchantPattern,
    account_id: item.accountId,
    category: item.category,
    kind: item.kind,
    amount: fromMinor(item.amountMinor),
    amount_min: item.amountMinMinor === null ? null : fromMinor(item.amountMinMinor),
    amount_max: item.amountMaxMinor === null ? null : fromMinor(item.amountMaxMinor),
    rrule: item.rrule,
    start_date: item.startDate,
    end_date: item.endDate,
    weekend_shift: item.weekendShift,
    auto_post: item.autoPost,
    source: item.source,
    next_due: nextDue(scheduleOf(item), today),
    price_change: priceChangeOut(detected),
    stopped: detected?.stopped ?? false,
  };
}

export const occurrenceOut = (o: OccurrenceOf): Occurrence => ({
  recurring_id: o.item.id,
  name: o.item.name,
  kind: o.item.kind,
  account_id: o.item.accountId,
  due_date: o.due,
  amount: fromMinor(o.amountMinor),
  status: o.status,
  transaction_id: o.transactionId,
});

/** The one detector over the user's charges (the coach's answer reads it too), and what it says about existing items. */
export function detection({ repo }: RecurringDeps) {
  /** The detector over the user's last 400 days. */
  const detect = async (userId: string, today: string) => detectRecurring(await repo.charges(userId, addDays(today, -DETECTION_LOOKBACK_DAYS)), today);

  /** What detection says about existing items (a price change, stopped), from the rows of their payees only. */
  const detectFor = async (userId: string, items: RecurringItemRow[], today: string): Promise<Map<string, Detected>> => {
    const rows = await repo.candidates(
      userId,
      items.map((i) => i.merchantPattern),
      addDays(today, -DETECTION_LOOKBACK_DAYS),
      today,
    );
    const found = detectRecurring(
      rows.filter((r) => !(r.transfer && r.type === 'income')),
      today,
    );
    const byKey = new Map(found.map((d) => [d.key, d]));
    const out = new Map<string, Detected>();
    for (const item of items) {
      const d = byKey.get(payeeKey(item.merchantPattern, item.kind === 'income' ? 'income' : 'expense'));
      if (d) out.set(item.id, d);
    }
    return out;
  };

  return { detect, detectFor };
}
export type Detection = ReturnType<typeof detection>;
