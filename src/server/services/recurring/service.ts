import { isLiability } from '../../../contract/accounts';
import { addDays, parseDay } from '../../../contract/calendar';
import { fromMinor, toMinor } from '../../../contract/money';
import {
  FORECAST_DAYS,
  MATCH_TOLERANCE,
  MATCH_WINDOW_DAYS,
  MONTH_AHEAD_DAYS,
  RECURRING_LIMITS,
  RECURRING_MESSAGES,
  scheduleRule,
  type CreateRecurringRequest,
  type Forecast,
  type MonthAhead,
  type Occurrence,
  type RecurringItem,
  type Suggestion,
  type UpdateRecurringRequest,
} from '../../../contract/recurring';
import { conflict, notFound, unprocessable } from '../../errors';
import type { AccountsRepository, AccountWithBalance } from '../../repositories/accounts';
import type { ChargeRow, NewRecurringItem, RecurringItemRow, RecurringRepository } from '../../repositories/recurring';
import { detectRecurring, payeeKey, type Detected } from './detect';
import { dueDates, isExpandable, nextDue } from './schedule';

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
const signedOf = (item: RecurringItemRow) => (outgoing(item) ? -item.amountMinor : item.amountMinor);
const scheduleOf = (item: RecurringItemRow) => ({ rrule: item.rrule, startDate: item.startDate, endDate: item.endDate, weekendShift: item.weekendShift });

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

const priceChangeOut = (d: Detected | undefined) => (d?.priceChange ? { from: fromMinor(d.priceChange.fromMinor), to: fromMinor(d.priceChange.toMinor), percent: d.priceChange.percent } : null);

function toItem(item: RecurringItemRow, today: string, detected?: Detected): RecurringItem {
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

/** Recurring items, detection, occurrences, the month ahead, the forecast and safe-to-spend. */
export function recurringService(deps: RecurringDeps) {
  const { repo } = deps;

  const ownAccount = async (userId: string, accountId: string) => {
    const account = (await deps.accounts.list(userId, true)).find((a) => a.id === accountId);
    if (!account) throw unprocessable(RECURRING_MESSAGES.accountNotFound);
    return account;
  };

  const stored = (body: Partial<CreateRecurringRequest>): Partial<NewRecurringItem> => {
    const out: Partial<NewRecurringItem> = {};
    if (body.name !== undefined) out.name = body.name;
    if (body.merchant_pattern !== undefined) out.merchantPattern = body.merchant_pattern;
    if (body.account_id !== undefined) out.accountId = body.account_id;
    if (body.category !== undefined) out.category = body.category;
    if (body.kind !== undefined) out.kind = body.kind;
    if (body.amount !== undefined) out.amountMinor = toMinor(body.amount);
    if (body.amount_min !== undefined) out.amountMinMinor = body.amount_min === null ? null : toMinor(body.amount_min);
    if (body.amount_max !== undefined) out.amountMaxMinor = body.amount_max === null ? null : toMinor(body.amount_max);
    if (body.rrule !== undefined) out.rrule = body.rrule.replace(/^RRULE:/i, '').toUpperCase();
    if (body.start_date !== undefined) out.startDate = body.start_date;
    if (body.end_date !== undefined) out.endDate = body.end_date;
    if (body.weekend_shift !== undefined) out.weekendShift = body.weekend_shift;
    if (body.auto_post !== undefined) out.autoPost = body.auto_post;
    return out;
  };

  const checkItem = (item: Pick<NewRecurringItem, 'rrule' | 'startDate' | 'endDate' | 'amountMinMinor' | 'amountMaxMinor'>) => {
    if (!isExpandable(item.rrule, item.startDate)) throw unprocessable(RECURRING_MESSAGES.badRule);
    if (item.endDate && item.endDate < item.startDate) throw unprocessable('end_date must not be before start_date');
    if ((item.amountMinMinor ?? null) !== null && (item.amountMaxMinor ?? null) !== null && item.amountMinMinor! > item.amountMaxMinor!) throw unprocessable('amount_min must not be more than amount_max');
  };

  /** The detector over the user's last 400 days (the one detector: the coach's answer reads it too). */
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

  const occurrenceOut = (o: OccurrenceOf): Occurrence => ({
    recurring_id: o.item.id,
    name: o.item.name,
    kind: o.item.kind,
    account_id: o.item.accountId,
    due_date: o.due,
    amount: fromMinor(o.amountMinor),
    status: o.status,
    transaction_id: o.transactionId,
  });

  /** On-budget, open accounts of the user with balances (the per-account rollup, no row scan). */
  const openAccounts = async (userId: string): Promise<AccountWithBalance[]> => (await deps.accounts.list(userId, false)).filter((a) => !a.closed);

  const forecastOf = async (userId: string, from: string, thresholdMinor: number, items?: RecurringItemRow[]) => {
    const list = items ?? (await repo.list(userId));
    const to = addDays(from, FORECAST_DAYS - 1);
    const [accounts, occurrences] = await Promise.all([openAccounts(userId), occurrencesOf(userId, list, from, to, from)]);
    const pending = occurrences.filter((o) => o.status === 'upcoming');
    const result: Forecast['accounts'] = [];
    for (const account of accounts) {
      const mine = pending.filter((o) => o.item.accountId === account.id);
      if (!mine.length && !account.onBudget) continue;
      const byDay = new Map<string, number>();
      for (const o of mine) byDay.set(o.due, (byDay.get(o.due) ?? 0) + o.amountMinor);
      let balance = account.balanceMinor;
      const days: { date: string; balance: number }[] = [];
      let lowest = { date: from, balance };
      let belowZero: string | null = null;
      let belowThreshold: string | null = null;
      const owed = isLiability(account.kind);
      for (let i = 0; i < FORECAST_DAYS; i++) {
        const date = addDays(from, i);
        balance += byDay.get(date) ?? 0;
        days.push({ date, balance: fromMinor(balance) });
        if (balance < lowest.balance) lowest = { date, balance };
        // A card or loan is owed (below zero) by nature: the warnings are for money a person holds.
        if (owed) continue;
        if (belowZero === null && balance < 0) belowZero = date;
        if (belowThreshold === null && balance < thresholdMinor) belowThreshold = date;
      }
      result.push({
        account_id: account.id,
        name: account.name,
        currency: account.currency,
        balance: fromMinor(account.balanceMinor),
        days,
        lowest: { date: lowest.date, balance: fromMinor(lowest.balance) },
        first_below_zero: belowZero,
        first_below_threshold: belowThreshold,
      });
    }
    return { from, to, threshold: fromMinor(thresholdMinor), accounts: result } satisfies Forecast;
  };

  return {
    detect,

    async list(userId: string, today: string) {
      const items = await repo.list(userId);
      const detected = await detectFor(userId, items, today);
      return { items: items.map((i) => toItem(i, today, detected.get(i.id))) };
    },

    async get(userId: string, id: string, today: string): Promise<RecurringItem> {
      const item = await repo.get(userId, id);
      if (!item) throw recurringNotFound();
      return toItem(item, today, (await detectFor(userId, [item], today)).get(item.id));
    },

    async create(userId: string, body: CreateRecurringRequest, today: string, source: 'manual' | 'detected' = 'manual'): Promise<RecurringItem> {
      await ownAccount(userId, body.account_id);
      const item = { weekendShift: 'none', autoPost: false, category: null, amountMinMinor: null, amountMaxMinor: null, endDate: null, ...stored(body), source } as NewRecurringItem;
      checkItem(item);
      if ((await repo.count(userId)) >= RECURRING_LIMITS.items) throw conflict(RECURRING_MESSAGES.tooMany);
      return toItem(await repo.create(userId, item), today);
    },

    async update(userId: string, id: string, body: UpdateRecurringRequest, today: string): Promise<RecurringItem> {
      const existing = await repo.get(userId, id);
      if (!existing) throw recurringNotFound();
      if (body.account_id !== undefined) await ownAccount(userId, body.account_id);
      const patch = stored(body);
      checkItem({ ...existing, ...patch });
      const row = await repo.update(userId, id, patch);
      if (!row) throw recurringNotFound();
      return toItem(row, today);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw recurringNotFound();
    },

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

    /** Detected items not yet confirmed (no item has their payee) nor dismissed. */
    async suggestions(userId: string, today: string): Promise<{ suggestions: Suggestion[] }> {
      const [found, dismissed, items] = await Promise.all([detect(userId, today), repo.dismissed(userId), repo.list(userId)]);
      const taken = new Set(items.map((i) => payeeKey(i.merchantPattern, i.kind === 'income' ? 'income' : 'expense')));
      return { suggestions: found.filter((d) => !dismissed.has(d.key) && !taken.has(d.key) && !d.stopped).map(toSuggestion) };
    },

    /** Turns a suggestion into an item (source: detected). */
    async confirm(userId: string, key: string, today: string): Promise<RecurringItem> {
      const found = (await this.suggestions(userId, today)).suggestions.find((s) => s.key === key);
      if (!found) throw notFound(RECURRING_MESSAGES.suggestionGone);
      return this.create(
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

    /** The next 30 days: every occurrence, the calendar's days, the totals, and safe-to-spend until payday. */
    async monthAhead(userId: string, from: string): Promise<MonthAhead> {
      const to = addDays(from, MONTH_AHEAD_DAYS - 1);
      const items = await repo.list(userId);
      // One read for the 30 days and the next payday, which may lie past them (a monthly salary just paid).
      const [ahead, accounts, currency] = await Promise.all([occurrencesOf(userId, items, from, addDays(from, 45), from), openAccounts(userId), deps.currencyOf(userId)]);
      const occurrences = ahead.filter((o) => o.due <= to);
      const paydays = ahead.filter((o) => o.item.kind === 'income' && o.due > from);
      const payday = paydays.find((o) => o.status === 'upcoming')?.due ?? null;
      const pending = occurrences.filter((o) => o.status === 'upcoming');
      const out = pending.filter((o) => o.amountMinor < 0);
      const billsTotal = -out.reduce((s, o) => s + o.amountMinor, 0);
      const incomeTotal = pending.filter((o) => o.amountMinor > 0).reduce((s, o) => s + o.amountMinor, 0);
      const days = new Map<string, { count: number; amount: number }>();
      for (const o of occurrences) {
        const d = days.get(o.due) ?? { count: 0, amount: 0 };
        days.set(o.due, { count: d.count + 1, amount: d.amount + o.amountMinor });
      }
      const onBudget = new Set(accounts.filter((a) => a.onBudget && a.currency === currency).map((a) => a.id));
      const balance = accounts.filter((a) => onBudget.has(a.id)).reduce((s, a) => s + a.balanceMinor, 0);
      // Before payday: what leaves on-budget accounts from today until the day before it (or the 30 days).
      const until = payday ?? addDays(to, 1);
      const dueBefore = -pending.filter((o) => o.amountMinor < 0 && o.due < until && onBudget.has(o.item.accountId)).reduce((s, o) => s + o.amountMinor, 0);
      return {
        from,
        to,
        currency,
        occurrences: occurrences.map(occurrenceOut),
        bills_total: fromMinor(billsTotal),
        income_total: fromMinor(incomeTotal),
        days: [...days].map(([date, d]) => ({ date, count: d.count, amount: fromMinor(d.amount) })),
        safe_to_spend: { payday, amount: fromMinor(balance - dueBefore), balance: fromMinor(balance), due_before_payday: fromMinor(dueBefore) },
      };
    },

    forecast: forecastOf,

    /** For the checks: every item with its occurrences (and detection for price changes). */
    occurrencesOf,
    detectFor,
  };
}

export type RecurringService = ReturnType<typeof recurringService>;
