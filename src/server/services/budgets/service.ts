import {
  UNGROUPED,
  type AssignRequest,
  type BudgetMode,
  type BudgetMonth,
  type FillRequest,
  type MoveRequest,
  type RolloverRequest,
  type AmountsRequest,
  type TargetRequest,
  DEFAULT_COPY_MONTHS,
} from '../../../contract/budgets';
import { addMonths } from '../../../contract/calendar';
import { toMinor } from '../../../contract/money';
import { InsufficientFundsError, notFound, unprocessable } from '../../errors';
import { minorMoneyText } from '../../money';
import type { BudgetsRepository, MonthParts } from '../../repositories/budgets';
import type { CategoriesRepository } from '../../repositories/categories';
import type { TransactionsRepository } from '../../repositories/transactions';
import type { UsersRepository } from '../../repositories/users';
import { convertStored, type RatesService } from '../rates/service';
import type { Reward } from '../../../contract/rewards';
import type { RewardsService } from '../rewards';
import { loadCategories } from '../transactions/categories';
import { drawBudget, type BudgetInput } from './draw';

/** How many users' month parts one service keeps: a six-year budget's parts are ~6,000 small rows (about 0.7 MB of heap), and the process stays within its memory guard. */
const CACHED_USERS = 8;

/** One user's category budget: reads a month from the rollups, assigns, moves, sets rollover and mode. Throws domain errors. */
export function budgetsService(deps: {
  budgets: BudgetsRepository;
  categories: CategoriesRepository;
  transactions: TransactionsRepository;
  users: Pick<UsersRepository, 'findById'>;
  rewards?: Pick<RewardsService, 'record'>;
  /** Opening balances of accounts in another currency; without it they count as not converted. */
  rates?: Pick<RatesService, 'rateOn'>;
}) {
  const { budgets, categories, transactions, users, rewards, rates } = deps;

  /**
   * Each user's amounts and monthly activity as last read, under the data version they were read at. Valid while the
   * version in the database is the same (one indexed read); any process's write of amounts or of the rollup bumps it
   * in the write's own database transaction. Least recently used users go first.
   */
  const cache = new Map<string, MonthParts>();
  const remember = (userId: string, parts: MonthParts) => {
    cache.delete(userId);
    cache.set(userId, parts);
    if (cache.size > CACHED_USERS) cache.delete(cache.keys().next().value!);
  };
  async function monthParts(userId: string): Promise<MonthParts> {
    const held = cache.get(userId);
    if (held && held.version === (await budgets.dataVersion(userId))) {
      remember(userId, held);
      return held;
    }
    const parts = await budgets.monthParts(userId);
    remember(userId, parts);
    return parts;
  }

  /**
   * Writes one month's amounts. When nothing else changed the user's data since the parts held were read (the
   * version before this write is theirs), the held parts take the new amounts under the version after it, so the
   * next edit reads one number instead of every amount and month again; otherwise they are dropped.
   */
  async function setAssigned(userId: string, m: string, amounts: { category: string; assignedMinor: number }[]): Promise<void> {
    const { before, after } = await budgets.setAssigned(userId, m, amounts);
    const held = cache.get(userId);
    if (!held) return;
    if (before === null || held.version !== before) {
      cache.delete(userId);
      return;
    }
    const set = new Map(amounts.map((a) => [a.category, a.assignedMinor]));
    remember(userId, {
      version: after,
      assignments: [...held.assignments.filter((a) => a.month !== m || !set.has(a.category)), ...[...set].map(([category, assignedMinor]) => ({ month: m, category, assignedMinor }))],
      activity: held.activity,
    });
  }

  /**
   * The money the budget starts from and the opening balances of later months, in the base currency: an
   * opening balance at the rate of its opening day (as a row of that day would be); without one it is left
   * out and counted.
   */
  async function startingMoney(userId: string, start: string, month: string, balance: Awaited<ReturnType<BudgetsRepository['onBudgetBalance']>>) {
    const base = await transactions.accountCurrency(userId);
    let startingMinor = balance.beforeMinor;
    let unconverted = balance.unconverted;
    const openings: { month: string; amountMinor: number }[] = [];
    for (const o of balance.openings) {
      if (o.month > month) continue;
      const found = o.currency === base ? null : await rates?.rateOn(userId, o.currency, base, o.date);
      const inBase = o.currency === base ? o.amountMinor : found ? convertStored(o.amountMinor, base, found.rate) : null;
      if (inBase === null) unconverted++;
      else if (o.month < start) startingMinor += inBase;
      else openings.push({ month: o.month, amountMinor: inBase });
    }
    return { startingMinor, openings, unconverted };
  }

  /** The month answered after the user gave money a job: the first time anything is assigned earns the first-budget award (once ever, by its key). */
  async function withFirstBudget(userId: string, drawn: BudgetMonth, assignedSomething: boolean): Promise<BudgetMonth & { reward?: Reward }> {
    if (!assignedSomething || !rewards) return drawn;
    const reward = await rewards.record(userId, { type: 'budget.assigned' });
    return reward ? { ...drawn, reward } : drawn;
  }

  /** The category's stored spelling, or 404; an income category has no budget (422). */
  async function expenseCategory(userId: string, name: string): Promise<string> {
    const categories = await loadCategories(transactions, userId);
    const stored = categories.resolve(name);
    if (!stored) throw notFound(`No category named ${name.trim()}`);
    const entry = categories.list.find((c) => c.name === stored);
    if (entry?.type === 'income') throw unprocessable(`${stored} is an income category: budgets are for spending`);
    return stored;
  }

  /** What one month is drawn from: the budget's tables and the monthly rollups, never the rows. */
  async function monthInput(userId: string, month: string): Promise<BudgetInput> {
    const parts = await monthParts(userId);
    const first = parts.assignments.reduce<string | null>((min, a) => (min === null || a.month < min ? a.month : min), null);
    const start = first && first < month ? first : month;
    const within = (r: { month: string }) => r.month >= start && r.month <= month;
    const assignments = parts.assignments.filter(within);
    const activity = parts.activity.filter(within);
    const [mode, records, rollovers, targets, starting] = await Promise.all([
      budgets.mode(userId),
      categories.list(userId),
      budgets.rollovers(userId),
      budgets.targets(userId),
      budgets.onBudgetBalance(userId, start).then((b) => startingMoney(userId, start, month, b)),
    ]);
    return {
      month,
      start,
      mode,
      categories: records.filter((c) => c.type === 'expense' && !c.hidden).map((c) => ({ name: c.name, group: c.groupName ?? UNGROUPED })),
      groupOf: new Map(records.map((c) => [c.name, c.groupName ?? UNGROUPED])),
      groupIds: new Map(records.flatMap((c) => (c.groupId && c.groupName ? [[c.groupName, c.groupId] as const] : []))),
      incomeCategories: new Set(records.filter((c) => c.type === 'income').map((c) => c.name)),
      assignments,
      rollovers,
      targets,
      activity,
      startingMinor: starting.startingMinor,
      openings: starting.openings,
      startingUnconverted: starting.unconverted,
    };
  }

  async function month(userId: string, m: string): Promise<BudgetMonth> {
    return drawBudget(await monthInput(userId, m));
  }

  /** The month as read, with these amounts of month `m` in place (what was just written): no second read. */
  const withAmounts = (input: BudgetInput, m: string, amounts: { category: string; assignedMinor: number }[]): BudgetMonth => {
    const set = new Set(amounts.map((a) => a.category));
    return drawBudget({ ...input, assignments: [...input.assignments.filter((a) => a.month !== m || !set.has(a.category)), ...amounts.map((a) => ({ month: m, ...a }))] });
  };

  /**
   * Quick fill: one category (or every category shown) gets last month's assigned amount, or the
   * average spent over the 3, 6 or 12 months before (refunds net; a month without spending counts as 0).
   */
  async function fillMonth(userId: string, m: string, body: FillRequest): Promise<BudgetMonth> {
    const only = body.category === undefined ? null : await expenseCategory(userId, body.category);
    const drawn = await month(userId, m);
    const names = only ? [only] : drawn.groups.flatMap((g) => g.categories.map((c) => c.category));
    const amounts = new Map<string, number>();
    if (body.source === 'next_months') {
      const current = new Map(drawn.groups.flatMap((g) => g.categories).map((c) => [c.category, toMinor(c.assigned)]));
      const later = Array.from({ length: body.months ?? DEFAULT_COPY_MONTHS }, (_, i) => addMonths(m, i + 1));
      await budgets.setAssignedMonths(userId, later, names.map((category) => ({ category, assignedMinor: current.get(category) ?? 0 })));
      return drawn;
    }
    if (body.source === 'underfunded') {
      // Only categories with a target change: each gets what its target asks when it had less.
      for (const c of drawn.groups.flatMap((g) => g.categories)) if (c.underfunded > 0) amounts.set(c.category, toMinor(c.assigned) + toMinor(c.underfunded));
      const changed = names.filter((n) => amounts.has(n));
      if (changed.length > 0) await setAssigned(userId, m, changed.map((category) => ({ category, assignedMinor: amounts.get(category)! })));
      return month(userId, m);
    }
    if (body.source === 'last_month') {
      const previous = addMonths(m, -1);
      for (const a of await budgets.assignments(userId, previous, previous)) amounts.set(a.category, a.assignedMinor);
    } else {
      const months = Number(body.source.split('_')[1]);
      const spent = new Map<string, number>();
      for (const row of await budgets.activity(userId, addMonths(m, -months), addMonths(m, -1))) {
        spent.set(row.category, (spent.get(row.category) ?? 0) + (row.type === 'expense' ? row.totalMinor : -row.totalMinor));
      }
      for (const [category, total] of spent) amounts.set(category, Math.max(0, Math.round(total / months)));
    }
    await setAssigned(
      userId,
      m,
      names.map((category) => ({ category, assignedMinor: Math.max(0, amounts.get(category) ?? 0) })),
    );
    return month(userId, m);
  }

  const lineOf = (drawn: BudgetMonth, category: string) => drawn.groups.flatMap((g) => g.categories).find((c) => c.category === category);

  return {
    month,

    /**
     * One amount: the month is read, the amount written, and the answer is the month as read with this amount in
     * place (its carried in and the months before are untouched by it; the budget's start is the earlier of its
     * first month and this one either way), so an edit reads the month once, as GET /budgets/{month} does.
     */
    async assign(userId: string, m: string, body: AssignRequest): Promise<BudgetMonth & { reward?: Reward }> {
      const category = await expenseCategory(userId, body.category);
      const assignedMinor = toMinor(body.assigned);
      const input = await monthInput(userId, m);
      await setAssigned(userId, m, [{ category, assignedMinor }]);
      return withFirstBudget(userId, withAmounts(input, m, [{ category, assignedMinor }]), body.assigned > 0);
    },

    /** Moves available money from one category to another within a month: the first's assigned goes down, the other's up. */
    async move(userId: string, m: string, body: MoveRequest): Promise<BudgetMonth> {
      const [from, to] = [await expenseCategory(userId, body.from), await expenseCategory(userId, body.to)];
      if (from === to) throw unprocessable('to must be another category than from');
      const input = await monthInput(userId, m);
      const drawn = drawBudget(input);
      const source = lineOf(drawn, from);
      const target = lineOf(drawn, to);
      const amountMinor = toMinor(body.amount);
      const availableMinor = toMinor(source?.available ?? 0);
      if (amountMinor > availableMinor) {
        const currency = (await users.findById(userId))?.currency ?? 'USD';
        throw new InsufficientFundsError(`Only ${minorMoneyText(Math.max(0, availableMinor), currency)} is available in ${from}`);
      }
      const amounts = [
        { category: from, assignedMinor: toMinor(source?.assigned ?? 0) - amountMinor },
        { category: to, assignedMinor: toMinor(target?.assigned ?? 0) + amountMinor },
      ];
      await setAssigned(userId, m, amounts);
      return withAmounts(input, m, amounts);
    },

    /** The category's rollover from this month on; later months are drawn again with it. */
    async setRollover(userId: string, m: string, body: RolloverRequest): Promise<BudgetMonth> {
      const category = await expenseCategory(userId, body.category);
      await budgets.setRollover(userId, category, m, body.rollover);
      return month(userId, m);
    },

    /** A quick fill (fillMonth); a fill that leaves money assigned may be the first budget. */
    async fill(userId: string, m: string, body: FillRequest): Promise<BudgetMonth & { reward?: Reward }> {
      const drawn = await fillMonth(userId, m, body);
      return withFirstBudget(userId, drawn, drawn.assigned > 0);
    },

    /**
     * Demo data's budget: when the person has no budget yet, each spending category gets its average
     * monthly spending over the demo's months, rounded up to 10, in every one of those months.
     */
    async seedDemo(userId: string, from: string, to: string): Promise<void> {
      if (!from || !to || (await budgets.firstMonth(userId))) return;
      const [first, last] = [from.slice(0, 7), to.slice(0, 7)];
      const records = await categories.list(userId);
      const spending = new Set(records.filter((c) => c.type === 'expense').map((c) => c.name));
      const months: string[] = [];
      for (let m = first; m <= last; m = addMonths(m, 1)) months.push(m);
      const spent = new Map<string, number>();
      for (const row of await budgets.activity(userId, first, last)) {
        if (row.type === 'expense' && spending.has(row.category)) spent.set(row.category, (spent.get(row.category) ?? 0) + row.totalMinor);
      }
      const amounts = [...spent].map(([category, total]) => ({ category, assignedMinor: Math.ceil(total / months.length / 1000) * 1000 }));
      for (const m of months) await setAssigned(userId, m, amounts);
    },

    /** Puts amounts back as they were (the undo of a quick fill): each category given gets its amount for the month. */
    async setAmounts(userId: string, m: string, body: AmountsRequest): Promise<BudgetMonth & { reward?: Reward }> {
      const amounts = [];
      for (const a of body.amounts) amounts.push({ category: await expenseCategory(userId, a.category), assignedMinor: toMinor(a.assigned) });
      await setAssigned(userId, m, amounts);
      return withFirstBudget(userId, await month(userId, m), amounts.some((a) => a.assignedMinor > 0));
    },

    /** A category's target (kind none removes it); answers the month with what the target asks of it. */
    async setTarget(userId: string, m: string, body: TargetRequest): Promise<BudgetMonth> {
      const category = await expenseCategory(userId, body.category);
      await budgets.setTarget(
        userId,
        category,
        body.kind === 'none'
          ? null
          : {
              kind: body.kind,
              amountMinor: body.kind === 'income_share' ? null : toMinor(body.amount ?? 0),
              byMonth: body.kind === 'by_date' ? (body.by_month ?? null) : null,
              percent: body.kind === 'income_share' ? (body.percent ?? null) : null,
            },
      );
      return month(userId, m);
    },

    async setMode(userId: string, m: string, mode: BudgetMode): Promise<BudgetMonth> {
      await budgets.setMode(userId, mode);
      return month(userId, m);
    },
  };
}

export type BudgetsService = ReturnType<typeof budgetsService>;
