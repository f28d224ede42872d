import { addDays, daysBetween } from '../../../contract/calendar';
import { DETECTION, DETECTION_INTERVALS, payeeKey, type DetectionInterval, type RecurringKind } from '../../../contract/recurring';
import type { ChargeRow } from '../../repositories/recurring';

/** One past transaction the detector reads. */
export type Charge = Omit<ChargeRow, 'id'>;

export interface Detected {
  /** Stable per payee and direction: what a dismissal remembers. */
  key: string;
  payee: string;
  type: 'income' | 'expense';
  kind: RecurringKind;
  interval: DetectionInterval;
  rrule: string;
  accountId: string;
  category: string | null;
  /** The amount to expect: the last charge's for a fixed amount, the median for a variable bill. */
  amountMinor: number;
  /** A variable bill's range (null for a fixed amount). */
  rangeMinor: { min: number; max: number } | null;
  charges: number;
  firstDate: string;
  lastDate: string;
  /** The last charge plus one interval. */
  nextDue: string;
  priceChange: { fromMinor: number; toMinor: number; percent: number } | null;
  /** No charge for one and a half intervals past the last one. */
  stopped: boolean;
}

/** Categories whose recurring charges are bills to plan for rather than subscriptions to review. */
const BILL_CATEGORIES = ['housing', 'rent', 'utilities', 'insurance', 'education', 'fees & charges', 'loans', 'taxes'];

export { payeeKey };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
};

/**
 * The one recurring-charge detector (the Bills page's suggestions and the coach's answer): per payee
 * and direction, three or more charges whose gaps fit one steady interval (weekly, fortnightly, monthly,
 * every two months, quarterly, yearly; at least 80 % of the gaps within that interval's tolerance, none
 * shorter than half of it) and whose amounts stay within 5 % of their median (a fixed amount) or, for a
 * bill, income or transfer, within 60 % (variable, given a range); a few one-offs far from the usual amount
 * (a bonus beside a salary) are left out first. It flags a price change (the last amount more
 * than 5 % from the mean of the three before it) and a stopped item (no charge for 1.5 intervals).
 */
export function detectRecurring(charges: readonly Charge[], today: string): Detected[] {
  const groups = new Map<string, Charge[]>();
  for (const c of charges) {
    if (!c.payee.trim() || c.amountMinor <= 0) continue;
    const key = payeeKey(c.payee, c.type);
    const list = groups.get(key);
    if (list) list.push(c);
    else groups.set(key, [c]);
  }
  const out: Detected[] = [];
  for (const [key, list] of groups) {
    if (list.length < DETECTION.minCharges) continue;
    list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    // Two charges on one day (a split payment) count as one occurrence.
    let days: { date: string; amountMinor: number; c: Charge }[] = [];
    for (const c of list) {
      const last = days[days.length - 1];
      if (last && last.date === c.date) last.amountMinor += c.amountMinor;
      else days.push({ date: c.date, amountMinor: c.amountMinor, c });
    }
    // A one-off from the same payee (a year-end bonus, a refund) is left out when few charges are far off.
    const usual = median(days.map((d) => d.amountMinor));
    const regular = days.filter((d) => Math.abs(d.amountMinor - usual) / usual <= DETECTION.oneOffSpread);
    if (regular.length < days.length && days.length - regular.length <= days.length * DETECTION.oneOffShare) days = regular;
    if (days.length < DETECTION.minCharges) continue;
    const gaps = days.slice(1).map((d, i) => daysBetween(days[i]!.date, d.date) - 1);
    const typical = median(gaps);
    const interval = DETECTION_INTERVALS.find((iv) => Math.abs(typical - iv.days) <= iv.tolerance);
    if (!interval) continue;
    const fits = gaps.filter((g) => Math.abs(g - interval.days) <= interval.tolerance).length;
    if (fits / gaps.length < DETECTION.steadyShare || gaps.some((g) => g < interval.days / 2)) continue;

    const amounts = days.map((d) => d.amountMinor);
    const mid = median(amounts);
    const spread = Math.max(...amounts.map((a) => Math.abs(a - mid) / mid));
    const latest = days[days.length - 1]!;
    const category = latest.c.category;
    const isBill = !!category && BILL_CATEGORIES.includes(category.toLowerCase());
    const kind: RecurringKind = latest.c.transfer ? 'transfer' : latest.c.type === 'income' ? 'income' : isBill ? 'bill' : 'subscription';
    // A price change is one step: judge the spread on the amounts before it.
    const before = amounts.slice(-4, -1);
    const meanBefore = before.length ? before.reduce((s, a) => s + a, 0) / before.length : latest.amountMinor;
    const changed = before.length >= 3 && Math.abs(latest.amountMinor - meanBefore) / meanBefore > DETECTION.priceChange;
    const steadyBefore = amounts.slice(0, -1).every((a) => Math.abs(a - median(amounts.slice(0, -1))) / median(amounts.slice(0, -1)) <= DETECTION.fixedSpread);
    const fixed = spread <= DETECTION.fixedSpread || (changed && steadyBefore);
    const variable = !fixed && kind !== 'subscription' && spread <= DETECTION.variableSpread;
    if (!fixed && !variable) continue;

    const step = Math.round(interval.days);
    const nextDue = addDays(latest.date, step);
    out.push({
      key,
      payee: latest.c.payee,
      type: latest.c.type,
      kind,
      interval: interval.name,
      rrule: interval.rrule,
      accountId: latest.c.accountId,
      category,
      amountMinor: fixed ? latest.amountMinor : mid,
      rangeMinor: fixed ? null : { min: Math.min(...amounts), max: Math.max(...amounts) },
      charges: days.length,
      firstDate: days[0]!.date,
      lastDate: latest.date,
      nextDue,
      priceChange: fixed && changed ? { fromMinor: Math.round(meanBefore), toMinor: latest.amountMinor, percent: Math.round(((latest.amountMinor - meanBefore) / meanBefore) * 1000) / 10 } : null,
      stopped: daysBetween(latest.date, today) - 1 > interval.days * DETECTION.stoppedAfterIntervals + interval.tolerance,
    });
  }
  return out.sort((a, b) => b.amountMinor - a.amountMinor || a.payee.localeCompare(b.payee));
}
