import { createActor, fromPromise, waitFor } from 'xstate';
import { addMonths } from '../../../src/contract/calendar';
import { budgetMachine, type BudgetChange } from '../../../machines/budget';
import type { Toast } from '../../../machines/types';
import { DEFAULT_CATEGORIES } from '../../../src/contract/categories';
import type { BudgetMode, BudgetMonth, Rollover } from '../../../src/contract/budgets';
import { drawBudget } from '../../../src/server/services/budgets/draw';
import type { ActivityRow, AssignmentRow, RolloverRow, TargetRow } from '../../../src/server/repositories/budgets';

const fail = (message: string, status: number, handledGlobally = false) => Object.assign(new Error(message), { status, handledGlobally });
const cents = (n: number) => Math.round(n * 100);

/**
 * A fake budget API that draws months with the server's own arithmetic (drawBudget) over amounts held
 * in memory, with the server's refusals (a move of more than is available), plus switches to fail a call.
 */
export function fakeBudgetBackend(seed: { income?: Record<string, number>; spent?: { month: string; category: string; amount: number }[]; assigned?: { month: string; category: string; amount: number }[] } = {}) {
  const assignments = new Map<string, AssignmentRow>();
  const rollovers: RolloverRow[] = [];
  const targets = new Map<string, TargetRow>();
  // The category manager's order: groups, and categories within them.
  let categories = DEFAULT_CATEGORIES.filter((c) => c.type === 'expense').map((c) => ({ name: c.name, group: c.group as string }));
  let groupOrder = [...new Set(categories.map((c) => c.group))];
  let mode: BudgetMode = 'envelope';
  const activity: ActivityRow[] = [
    ...Object.entries(seed.income ?? {}).map(([month, amount]) => ({ month, category: 'Salary', type: 'income' as const, totalMinor: cents(amount) })),
    ...(seed.spent ?? []).map((s) => ({ month: s.month, category: s.category, type: 'expense' as const, totalMinor: cents(s.amount) })),
  ];
  const setAssigned = (month: string, category: string, minor: number) => assignments.set(`${month}|${category}`, { month, category, assignedMinor: minor });
  for (const a of seed.assigned ?? []) setAssigned(a.month, a.category, cents(a.amount));
  const failures: Partial<Record<'fetch' | 'save', Error>> = {};
  const failOnce = (call: keyof typeof failures) => {
    const error = failures[call];
    if (error) {
      delete failures[call];
      throw error;
    }
  };
  const draw = (month: string): BudgetMonth => {
    const months = [...assignments.values()].map((a) => a.month).sort();
    const start = months[0] && months[0] < month ? months[0] : month;
    return drawBudget({
      month,
      start,
      mode,
      categories: groupOrder.flatMap((g) => categories.filter((c) => c.group === g)),
      groupIds: new Map(groupOrder.map((g) => [g, `group-${g}`])),
      targets: [...targets.values()],
      incomeCategories: new Set(DEFAULT_CATEGORIES.filter((c) => c.type === 'income').map((c) => c.name)),
      assignments: [...assignments.values()].filter((a) => a.month >= start && a.month <= month),
      rollovers: [...rollovers].sort((a, b) => a.fromMonth.localeCompare(b.fromMonth)),
      activity: activity.filter((a) => a.month >= start && a.month <= month),
      startingMinor: 0,
      openings: [],
    });
  };
  const lineOf = (month: string, category: string) => draw(month).groups.flatMap((g) => g.categories).find((c) => c.category === category)!;
  const backend = {
    calls: [] as { month: string; change?: BudgetChange }[],
    draw,
    lineOf,
    failNext(call: 'fetch' | 'save', message: string, status: number, handledGlobally = false) {
      failures[call] = fail(message, status, handledGlobally);
    },
    async fetchMonth(month: string): Promise<BudgetMonth> {
      backend.calls.push({ month });
      await Promise.resolve();
      failOnce('fetch');
      return draw(month);
    },
    async save(month: string, change: BudgetChange): Promise<BudgetMonth> {
      backend.calls.push({ month, change });
      await Promise.resolve();
      failOnce('save');
      switch (change.kind) {
        case 'assign':
          setAssigned(month, change.category, cents(change.assigned));
          break;
        case 'move': {
          const from = lineOf(month, change.from);
          if (cents(change.amount) > cents(from.available)) throw fail(`Only $${from.available.toFixed(2)} is available in ${change.from}`, 400);
          setAssigned(month, change.from, cents(from.assigned) - cents(change.amount));
          setAssigned(month, change.to, cents(lineOf(month, change.to).assigned) + cents(change.amount));
          break;
        }
        case 'rollover': {
          const keep = rollovers.filter((r) => !(r.category === change.category && r.fromMonth >= month));
          rollovers.splice(0, rollovers.length, ...keep, { category: change.category, fromMonth: month, rollover: change.rollover as Rollover });
          break;
        }
        case 'mode':
          mode = change.mode;
          break;
        case 'target':
          {
            const t = change.target;
            if (t.kind === 'none') targets.delete(t.category);
            else targets.set(t.category, { category: t.category, kind: t.kind, amountMinor: t.amount === undefined ? null : cents(t.amount), byMonth: t.by_month ?? null, percent: t.percent ?? null });
          }
          break;
        case 'restore':
          for (const a of change.amounts) setAssigned(month, a.category, cents(a.assigned));
          break;
        case 'order_categories': {
          const group = categories.find((c) => c.name === change.names[0])!.group;
          const rest = categories.filter((c) => c.group !== group);
          categories = [...rest, ...change.names.map((name) => ({ name, group }))];
          break;
        }
        case 'order_groups':
          groupOrder = [...change.group_ids.map((id) => id.replace(/^group-/, '')), ...groupOrder.filter((g) => !change.group_ids.includes(`group-${g}`))];
          break;
        case 'fill': {
          if (change.source === 'underfunded') {
            for (const c of draw(month).groups.flatMap((g) => g.categories)) if (c.underfunded > 0) setAssigned(month, c.category, cents(c.assigned + c.underfunded));
            break;
          }
          // Last month's amounts only: the averages are the server's (tests/server/budgets.test.ts).
          const previous = addMonths(month, -1);
          const names = change.category ? [change.category] : draw(month).groups.flatMap((g) => g.categories.map((c) => c.category));
          for (const category of names) setAssigned(month, category, assignments.get(`${previous}|${category}`)?.assignedMinor ?? 0);
          break;
        }
      }
      return draw(month);
    },
  };
  return backend;
}
export type FakeBudgetBackend = ReturnType<typeof fakeBudgetBackend>;

/** The real budget machine on a fake backend, with its toasts collected. */
export function startBudget(backend: FakeBudgetBackend, month: string, options: { readAhead?: boolean } = {}) {
  const toasts: Toast[] = [];
  const around = async (shown: string) => {
    const months = [addMonths(shown, -1), addMonths(shown, 1)];
    return Object.fromEntries(await Promise.all(months.map(async (m) => [m, await backend.fetchMonth(m)] as const)));
  };
  const actor = createActor(
    budgetMachine.provide({
      actors: {
        fetchMonth: fromPromise(({ input }) => backend.fetchMonth(input.month)),
        saveChange: fromPromise(({ input }) => backend.save(input.month, input.change)),
        ...(options.readAhead ? { fetchAround: fromPromise(({ input }) => around(input.month)) } : {}),
      },
      actions: { notify: (_, toast: Toast) => void (toast.message && toasts.push(toast)) },
    }),
    { input: { month } },
  ).start();
  const line = (category: string) => actor.getSnapshot().context.data?.groups.flatMap((g) => g.categories).find((c) => c.category === category);
  return {
    actor,
    toasts,
    line,
    settled: () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 2000 }),
    send: async (event: Parameters<typeof actor.send>[0]) => {
      actor.send(event);
      await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 2000 });
    },
  };
}
