import {
  DEFAULT_ROLLOVER,
  UNGROUPED,
  defaultBudgetGroup,
  type BudgetCategory,
  type BudgetMode,
  type BudgetMonth,
  type Rollover,
  targetNeedMinor,
} from '../../../contract/budgets';
import { addMonths } from '../../../contract/calendar';
import { fromMinor } from '../../../contract/money';
import type { ActivityRow, AssignmentRow, RolloverRow, TargetRow } from '../../repositories/budgets';

/** What one month of the budget is drawn from: all in cents, months as YYYY-MM from `start` to `month`. */
export interface BudgetInput {
  month: string;
  start: string;
  mode: BudgetMode;
  /** Expense categories shown even without amounts (not hidden), in the order the list shows them (groups in order), with their group. */
  categories: { name: string; group: string }[];
  /** The group of every category the user has, hidden ones too (a hidden category with amounts is shown in it). */
  groupOf?: Map<string, string>;
  /** Each group name's id (the categories feature orders groups by it). */
  groupIds?: Map<string, string>;
  incomeCategories: Set<string>;
  assignments: AssignmentRow[];
  rollovers: RolloverRow[];
  targets?: TargetRow[];
  activity: ActivityRow[];
  /** On-budget money before `start`, and opening balances of on-budget accounts dated later (income of their month). */
  startingMinor: number;
  openings: { month: string; amountMinor: number }[];
  /** Amounts of that starting money (rows before `start`, opening balances) with no rate: left out, counted. */
  startingUnconverted?: number;
}

interface Line {
  carriedIn: number;
  assigned: number;
  activity: number;
  available: number;
  rollover: Rollover;
}

const key = (month: string, category: string) => `${month}\u0000${category}`;
const carryOut = (available: number, rollover: Rollover) => (rollover === 'full' ? available : rollover === 'surplus' ? Math.max(0, available) : 0);
const percent = (part: number, whole: number) => (whole <= 0 ? (part > 0 ? 100 : 0) : Math.round((part / whole) * 1000) / 10);

const targetOut = (t: TargetRow | undefined): BudgetCategory['target'] =>
  t ? { kind: t.kind, amount: t.amountMinor === null ? null : fromMinor(t.amountMinor), by_month: t.byMonth, percent: t.percent } : null;

/**
 * One month of the budget, computed month by month from the budget's first month: available =
 * carried in + assigned + activity; what a category carries into the next month follows its rollover
 * (none: nothing; surplus: what is left, never overspending; full: both). In envelope mode what is not
 * carried goes back to "ready to assign" the month after (a surplus returns, overspending is taken
 * from it), so ready to assign + every category's available is always the money on the budget.
 */
export function drawBudget(input: BudgetInput): BudgetMonth {
  const assigned = new Map(input.assignments.map((a) => [key(a.month, a.category), a.assignedMinor]));
  const activity = new Map<string, number>();
  const income = new Map<string, number>();
  const names = new Map(input.categories.map((c) => [c.name, c.group]));
  // Categories not in the list (hidden ones holding amounts or spending) follow it by name, whatever order the reads gave.
  const extra = new Set<string>();
  const known = (category: string) => {
    if (!names.has(category)) extra.add(category);
  };
  for (const a of input.assignments) known(a.category);
  for (const row of input.activity) {
    const signed = row.type === 'income' ? row.totalMinor : -row.totalMinor;
    if (input.incomeCategories.has(row.category)) income.set(row.month, (income.get(row.month) ?? 0) + signed);
    else {
      known(row.category);
      activity.set(key(row.month, row.category), (activity.get(key(row.month, row.category)) ?? 0) + signed);
    }
  }
  for (const category of [...extra].sort()) names.set(category, input.groupOf?.get(category) ?? defaultBudgetGroup(category));
  for (const o of input.openings) income.set(o.month, (income.get(o.month) ?? 0) + o.amountMinor);
  const rolloverOf = (category: string, month: string): Rollover => {
    let found: Rollover = DEFAULT_ROLLOVER;
    for (const r of input.rollovers) if (r.category === category && r.fromMonth <= month) found = r.rollover;
    return found;
  };

  const carry = new Map<string, number>();
  let ready = input.startingMinor;
  let lines = new Map<string, Line>();
  let monthIncome = 0;
  for (let month = input.start; month <= input.month; month = addMonths(month, 1)) {
    lines = new Map();
    monthIncome = income.get(month) ?? 0;
    let assignedTotal = 0;
    let uncarried = 0;
    for (const category of names.keys()) {
      const carriedIn = carry.get(category) ?? 0;
      const line: Line = { carriedIn, assigned: assigned.get(key(month, category)) ?? 0, activity: activity.get(key(month, category)) ?? 0, available: 0, rollover: rolloverOf(category, month) };
      line.available = line.carriedIn + line.assigned + line.activity;
      lines.set(category, line);
      assignedTotal += line.assigned;
      const out = carryOut(line.available, line.rollover);
      carry.set(category, out);
      uncarried += line.available - out;
    }
    // This month's ready to assign; what the categories did not carry joins it next month.
    ready += monthIncome - assignedTotal;
    if (month < input.month) ready += uncarried;
  }

  const targets = new Map((input.targets ?? []).map((t) => [t.category, t]));
  const needOf = (category: string) => {
    const t = targets.get(category);
    return t ? targetNeedMinor(t, input.month, lines.get(category)!.carriedIn, monthIncome) : 0;
  };
  const underfundedOf = (category: string) => Math.max(0, needOf(category) - lines.get(category)!.assigned);
  // Groups in the list's order; "Other" (no group) last.
  const groupNames = [...new Set(names.values())].sort((a, b) => Number(a === UNGROUPED) - Number(b === UNGROUPED));
  const groups = groupNames.map((name) => {
    const categories: BudgetCategory[] = [...names.entries()]
      .filter(([, group]) => group === name)
      .map(([category]) => {
        const l = lines.get(category)!;
        const spent = Math.max(0, -l.activity);
        return {
          category,
          group: name,
          rollover: l.rollover,
          carried_in: fromMinor(l.carriedIn),
          assigned: fromMinor(l.assigned),
          activity: fromMinor(l.activity),
          available: fromMinor(l.available),
          overspent: fromMinor(Math.max(0, -l.available)),
          spent_percent: percent(spent, l.carriedIn + l.assigned),
          target: targetOut(targets.get(category)),
          needed: fromMinor(needOf(category)),
          underfunded: fromMinor(underfundedOf(category)),
        };
      });
    const sum = (f: (l: Line) => number) => [...names.entries()].filter(([, g]) => g === name).reduce((s, [c]) => s + f(lines.get(c)!), 0);
    return { name, group_id: input.groupIds?.get(name) ?? null, assigned: fromMinor(sum((l) => l.assigned)), activity: fromMinor(sum((l) => l.activity)), available: fromMinor(sum((l) => l.available)), categories };
  });
  const all = [...lines.values()];
  const total = (f: (l: Line) => number) => all.reduce((s, l) => s + f(l), 0);
  const assignedTotal = total((l) => l.assigned);
  return {
    month: input.month,
    mode: input.mode,
    income: fromMinor(monthIncome),
    assigned: fromMinor(assignedTotal),
    activity: fromMinor(total((l) => l.activity)),
    available: fromMinor(total((l) => l.available)),
    overspent: fromMinor(total((l) => Math.max(0, -l.available))),
    ready_to_assign: input.mode === 'envelope' ? fromMinor(ready) : null,
    income_minus_limits: input.mode === 'tracking' ? fromMinor(monthIncome - assignedTotal) : null,
    underfunded: fromMinor([...names.keys()].reduce((sum, c) => sum + underfundedOf(c), 0)),
    groups,
    unconverted_count: input.activity.reduce((n, r) => n + (r.month === input.month ? (r.unconverted ?? 0) : 0), input.startingUnconverted ?? 0),
  };
}
