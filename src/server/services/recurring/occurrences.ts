import { addDays, parseDay } from '../../../contract/calendar';
import { MATCH_TOLERANCE, MATCH_WINDOW_DAYS, RECURRING_MESSAGES, type Occurrence } from '../../../contract/recurring';
import { unprocessable } from '../../errors';
import type { ChargeRow, RecurringItemRow } from '../../repositories/recurring';
import { occurrenceOut, recurringNotFound, scheduleOf, signedOf, type OccurrenceOf, type RecurringDeps } from './common';
import { dueDates } from './schedule';

/** Whether a row's amount fits an item: within 10 % of a fixed amount, or within a variable bill's range widened by 10 %. */
function amountFits(item: RecurringItemRow, amountMinor: number): boolean {
  if (item.amountMinMinor !== null && item.amountMaxMinor !== null) return amountMinor >= item.amountMinMinor * (1 - MATCH_TOLERANCE) && amountMinor <= item.amountMaxMinor * (1 + MATCH_TOLERANCE);
  return Math.abs(amountMinor - item.amountMinor) <= item.amountMinor * MATCH_TOLERANCE;
}

/** The amounts amountFits can accept, whole minor units (the query's bounds; amountFits still decides). */
function amountRange(item: RecurringItemRow): { minMinor: number; maxMinor: number } {
  const [lo, hi] = item.amountMinMinor !== null && item.amountMaxMinor !== null ? [item.amountMinMinor, item.amountMaxMinor] : [item.amountMinor, item.amountMinor];
  return { minMinor: Math.floor(lo * (1 - MATCH_TOLERANCE)), maxMinor: Math.ceil(hi * (1 + MATCH_TOLERANCE)) };
}

/** Occurrences of items: expanded from their schedules, matched to the rows that pay them, skipped or taken back. */
export function occurrenceActions({ repo }: RecurringDeps) {
  /**
   * Every occurrence of the items between two days with its status: a stored decision (matched,
   * skipped, posted), else a transaction that pays it (same payee, direction and amount within
   * tolerance, within 5 days of the due day, each row paying one occurrence), else missed once the
   * window has passed, else upcoming.
   */
  const occurrencesOf = async (userId: string, items: RecurringItemRow[], from: string, to: string, today: string): Promise<OccurrenceOf[]> => {
    if (!items.length) return [];
    const expanded: { item: RecurringItemRow; due: string }[] = [];
    for (const item of items) for (const due of dueDates(scheduleOf(item), from, to)) expanded.push({ item, due });
    if (!expanded.length) return [];
    const lastPast = [to, addDays(today, MATCH_WINDOW_DAYS)].sort()[0]!;
    const [decisions, candidates] = await Promise.all([
      repo.occurrences(
        userId,
        items.map((i) => i.id),
        from,
        to,
      ),
      // Only occurrences around today and before can have been paid: the rows of that stretch alone.
      from <= lastPast
        ? repo.payments(
            userId,
            items.map((i) => ({ pattern: i.merchantPattern, type: i.kind === 'income' ? 'income' : 'expense', ...amountRange(i) })),
            addDays(from, -MATCH_WINDOW_DAYS),
            addDays(lastPast, MATCH_WINDOW_DAYS),
          )
        : Promise.resolve([] as ChargeRow[]),
    ]);
    // By payee and direction, so each occurrence looks only at the rows that could pay it.
    const byPayee = new Map<string, ChargeRow[]>();
    for (const c of candidates) {
      const key = `${c.type}:${c.payee.toLowerCase()}`;
      const list = byPayee.get(key);
      if (list) list.push(c);
      else byPayee.set(key, [c]);
    }
    const decided = new Map(decisions.map((d) => [`${d.itemId}:${d.dueDate}`, d]));
    const used = new Set(decisions.map((d) => d.transactionId).filter((id): id is string => !!id));
    expanded.sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
    return expanded.map(({ item, due }) => {
      const base = { item, due, amountMinor: signedOf(item), transactionId: null as string | null, liveMatch: false };
      const decision = decided.get(`${item.id}:${due}`);
      if (decision) return { ...base, status: decision.status === 'skipped' ? ('skipped' as const) : ('matched' as const), transactionId: decision.transactionId };
      const pattern = item.merchantPattern.toLowerCase();
      const direction = item.kind === 'income' ? 'income' : 'expense';
      let best: ChargeRow | undefined;
      let bestGap = Infinity;
      for (const c of byPayee.get(`${direction}:${pattern}`) ?? []) {
        if (used.has(c.id) || !amountFits(item, c.amountMinor)) continue;
        const gap = Math.abs(parseDay(c.date).getTime() - parseDay(due).getTime()) / 86_400_000;
        if (gap <= MATCH_WINDOW_DAYS && gap < bestGap) [best, bestGap] = [c, gap];
      }
      if (best) {
        used.add(best.id);
        return { ...base, status: 'matched' as const, transactionId: best.id, liveMatch: true };
      }
      return { ...base, status: addDays(due, MATCH_WINDOW_DAYS) < today ? ('missed' as const) : ('upcoming' as const) };
    });
  };

  return {
    occurrencesOf,

    /** Skips an occurrence, or takes a skip back (status upcoming). */
    async setOccurrence(userId: string, id: string, date: string, status: 'skipped' | 'upcoming', today: string): Promise<Occurrence> {
      const item = await repo.get(userId, id);
      if (!item) throw recurringNotFound();
      if (!dueDates(scheduleOf(item), date, date).includes(date)) throw unprocessable(RECURRING_MESSAGES.noOccurrence);
      if (status === 'skipped') await repo.decide(userId, id, date, 'skipped', null);
      else await repo.undecide(userId, id, date);
      const [o] = await occurrencesOf(userId, [item], date, date, today);
      return occurrenceOut(o!);
    },

    async occurrences(userId: string, from: string, to: string, today: string) {
      return { occurrences: (await occurrencesOf(userId, await repo.list(userId), from, to, today)).map(occurrenceOut) };
    },
  };
}
export type OccurrenceActions = ReturnType<typeof occurrenceActions>;
