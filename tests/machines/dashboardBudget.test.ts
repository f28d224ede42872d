import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { budgetVsActual } from '../../machines/budget';
import { fakeBudgetBackend, startBudget } from './support/budget';

// The dashboard's "Budget this month" card is the budget machine on this month, summed by budgetVsActual.
describe('the dashboard’s budget vs actual (budget machine + budgetVsActual)', () => {
  it('sums the budgeted categories: spent against what each had, overspending and the totals', async () => {
    const backend = fakeBudgetBackend({
      income: { '2025-01': 1000 },
      spent: [
        { month: '2025-01', category: 'Groceries', amount: 50 },
        { month: '2025-01', category: 'Dining', amount: 130 },
        // Spending in a category with nothing budgeted is not a budget line.
        { month: '2025-01', category: 'Shopping', amount: 20 },
      ],
      assigned: [
        { month: '2025-01', category: 'Groceries', amount: 300 },
        { month: '2025-01', category: 'Dining', amount: 100 },
      ],
    });
    const b = startBudget(backend, '2025-01');
    expect(budgetVsActual(b.actor.getSnapshot().context.data)).toBeNull();
    await b.settled();
    const card = budgetVsActual(b.actor.getSnapshot().context.data);
    expect(card).toMatchObject({ month: '2025-01', mode: 'envelope', spent: 180, budgeted: 400, overspent: 30 });
    expect(card!.lines.map((l) => l.category).sort()).toEqual(['Dining', 'Groceries']);
    expect(card!.lines.find((l) => l.category === 'Groceries')).toEqual({ category: 'Groceries', spent: 50, budgeted: 300, overspent: 0, bar: 17 });
    expect(card!.lines.find((l) => l.category === 'Dining')).toEqual({ category: 'Dining', spent: 130, budgeted: 100, overspent: 30, bar: 100 });
  });

  it('a month with nothing budgeted is no budget (the empty state)', async () => {
    const b = startBudget(fakeBudgetBackend({ income: { '2025-01': 1000 }, spent: [{ month: '2025-01', category: 'Groceries', amount: 50 }] }), '2025-01');
    await b.settled();
    expect(b.actor.getSnapshot().matches('ready')).toBe(true);
    expect(budgetVsActual(b.actor.getSnapshot().context.data)).toBeNull();
  });

  it('a failed read is the failed state with the reason, and Retry reads again', async () => {
    const backend = fakeBudgetBackend({ assigned: [{ month: '2025-01', category: 'Groceries', amount: 300 }] });
    backend.failNext('fetch', 'Failed to fetch budget', 500);
    const b = startBudget(backend, '2025-01');
    await b.settled();
    expect(b.actor.getSnapshot().matches('failed')).toBe(true);
    expect(b.actor.getSnapshot().context.error?.message).toBe('Failed to fetch budget');
    await b.send({ type: 'budget.retry' });
    expect(budgetVsActual(b.actor.getSnapshot().context.data)).toMatchObject({ budgeted: 300, spent: 0, overspent: 0 });
  });

  it('coming back to the tab reads the month again without a spinner: a change made elsewhere shows; a failed read keeps what was shown', async () => {
    const backend = fakeBudgetBackend({ assigned: [{ month: '2025-01', category: 'Groceries', amount: 300 }] });
    const b = startBudget(backend, '2025-01');
    await b.settled();
    // Another tab assigns to Dining.
    await backend.save('2025-01', { kind: 'assign', category: 'Dining', assigned: 100 });
    const seen: string[] = [];
    b.actor.subscribe((s) => seen.push(JSON.stringify(s.value)));
    b.actor.send({ type: 'budget.refresh' });
    await waitFor(b.actor, (s) => s.matches({ ready: 'idle' }) && budgetVsActual(s.context.data)?.budgeted === 400);
    expect(seen).not.toContain('"loading"');
    expect(budgetVsActual(b.actor.getSnapshot().context.data)).toMatchObject({ budgeted: 400 });

    backend.failNext('fetch', 'Failed to fetch budget', 500);
    b.actor.send({ type: 'budget.refresh' });
    await waitFor(b.actor, (s) => s.matches({ ready: 'idle' }) && backend.calls.filter((c) => !c.change).length === 3);
    expect(b.actor.getSnapshot().context.error).toBeNull();
    expect(budgetVsActual(b.actor.getSnapshot().context.data)).toMatchObject({ budgeted: 400 });
  });
});
