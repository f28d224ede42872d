import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { readBudgetAmount, readTargetForm } from '../../machines/budget';
import { fakeBudgetBackend, startBudget } from './support/budget';

const seed = () =>
  fakeBudgetBackend({
    income: { '2025-01': 1000, '2025-02': 1000 },
    spent: [
      { month: '2025-01', category: 'Groceries', amount: 50 },
      { month: '2025-01', category: 'Dining', amount: 80 },
    ],
    assigned: [
      { month: '2025-01', category: 'Groceries', amount: 300 },
      { month: '2025-01', category: 'Dining', amount: 100 },
    ],
  });

describe('readBudgetAmount: the contract rules, in the words under the field', () => {
  it('reads amounts as every form does; blank assigned is 0', () => {
    expect(readBudgetAmount('1,250.50', 'assigned')).toEqual({ ok: true, amount: 1250.5 });
    expect(readBudgetAmount('', 'assigned')).toEqual({ ok: true, amount: 0 });
    expect(readBudgetAmount('12', 'amount')).toEqual({ ok: true, amount: 12 });
  });
  it('refuses what the server refuses', () => {
    expect(readBudgetAmount('-5', 'assigned')).toEqual({ ok: false, error: 'Assigned must be 0 or more, below 100,000,000,000' });
    expect(readBudgetAmount('1.234', 'assigned')).toEqual({ ok: false, error: 'Assigned must have at most two decimal places' });
    expect(readBudgetAmount('0', 'amount')).toEqual({ ok: false, error: 'Amount must be greater than 0, below 100,000,000,000' });
    expect(readBudgetAmount('', 'amount')).toEqual({ ok: false, error: 'Amount is required' });
  });
});

describe('budget machine', () => {
  it('reads the month it starts on and shows it', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01');
    expect(b.actor.getSnapshot().hasTag('busy')).toBe(true);
    await b.settled();
    expect(b.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(b.line('Groceries')).toMatchObject({ assigned: 300, activity: -50, available: 250 });
    expect(b.actor.getSnapshot().context.data).toMatchObject({ month: '2025-01', ready_to_assign: 600 });
  });

  it('edits an assigned amount: the field holds the amount, a refused one keeps the field, Enter sends, the month is drawn again', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01');
    await b.settled();
    await b.send({ type: 'assigned.edit', category: 'Groceries' });
    expect(b.actor.getSnapshot().context.edit).toEqual({ category: 'Groceries', text: '300.00', error: null });
    await b.send({ type: 'assigned.change', value: '-5' });
    await b.send({ type: 'assigned.save' });
    expect(b.actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(b.actor.getSnapshot().context.edit?.error).toBe('Assigned must be 0 or more, below 100,000,000,000');
    expect(backend.calls.filter((c) => c.change)).toEqual([]);
    await b.send({ type: 'assigned.change', value: '400' });
    expect(b.actor.getSnapshot().context.edit?.error).toBeNull();
    await b.send({ type: 'assigned.save' });
    expect(b.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(b.line('Groceries')).toMatchObject({ assigned: 400, available: 350 });
    expect(b.actor.getSnapshot().context.data?.ready_to_assign).toBe(500);
    expect(b.toasts).toEqual([]);
  });

  it('saving the same amount sends nothing; Escape keeps the amount; editing another row drops what was typed', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01');
    await b.settled();
    await b.send({ type: 'assigned.edit', category: 'Groceries' });
    await b.send({ type: 'assigned.save' });
    expect(b.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    await b.send({ type: 'assigned.edit', category: 'Groceries' });
    await b.send({ type: 'assigned.change', value: '10' });
    await b.send({ type: 'assigned.edit', category: 'Dining' });
    expect(b.actor.getSnapshot().context.edit).toEqual({ category: 'Dining', text: '100.00', error: null });
    await b.send({ type: 'assigned.cancel' });
    expect(b.actor.getSnapshot().context.edit).toBeNull();
    expect(backend.calls.filter((c) => c.change)).toEqual([]);
    expect(b.line('Groceries')?.assigned).toBe(300);
  });

  it('a server refusal of an amount shows its detail under the field', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01');
    await b.settled();
    await b.send({ type: 'assigned.edit', category: 'Groceries' });
    await b.send({ type: 'assigned.change', value: '20' });
    backend.failNext('save', 'No category named Groceries', 404);
    await b.send({ type: 'assigned.save' });
    expect(b.actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(b.actor.getSnapshot().context.edit).toMatchObject({ text: '20', error: 'No category named Groceries' });
  });

  it('moves money between categories; more than is available is refused with the server’s detail', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01');
    await b.settled();
    await b.send({ type: 'move.open', from: 'Groceries' });
    await b.send({ type: 'move.submit' });
    expect(b.actor.getSnapshot().context.move?.error).toBe('Choose a category to move to');
    await b.send({ type: 'move.change', to: 'Dining', value: '300' });
    await b.send({ type: 'move.submit' });
    expect(b.actor.getSnapshot().matches({ ready: 'moving' })).toBe(true);
    expect(b.actor.getSnapshot().context.move?.error).toBe('Only $250.00 is available in Groceries');
    await b.send({ type: 'move.change', value: '50' });
    await b.send({ type: 'move.submit' });
    expect(b.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(b.line('Groceries')).toMatchObject({ assigned: 250, available: 200 });
    expect(b.line('Dining')).toMatchObject({ assigned: 150, available: 70 });
    expect(b.toasts).toEqual([{ kind: 'success', message: 'Money moved' }]);
  });

  it('switches month: previous and next read those months; a rollover change redraws later months', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01');
    await b.settled();
    await b.send({ type: 'month.next' });
    expect(b.actor.getSnapshot().context.month).toBe('2025-02');
    expect(b.line('Groceries')).toMatchObject({ carried_in: 250, rollover: 'surplus' });
    await b.send({ type: 'month.previous' });
    await b.send({ type: 'rollover.change', category: 'Groceries', rollover: 'none' });
    expect(b.toasts).toEqual([{ kind: 'success', message: 'Rollover changed' }]);
    await b.send({ type: 'month.next' });
    expect(b.line('Groceries')).toMatchObject({ carried_in: 0 });
    expect(backend.calls.filter((c) => !c.change).map((c) => c.month)).toEqual(['2025-01', '2025-02', '2025-01', '2025-02']);
  });

  it('holds the months around the one shown: a switch draws the held month at once and reads it again quietly; a change drops them', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01', { readAhead: true });
    await b.settled();
    await waitFor(b.actor, (s) => Object.keys(s.context.ahead).length === 2);
    expect(Object.keys(b.actor.getSnapshot().context.ahead).sort()).toEqual(['2024-12', '2025-02']);
    backend.calls.length = 0;
    b.actor.send({ type: 'month.next' });
    // Drawn before any read answers: February as held, with January's surplus carried in, and no spinner.
    const shown = b.actor.getSnapshot();
    expect(shown.matches({ ready: 'refreshing' })).toBe(true);
    expect(shown.hasTag('busy')).toBe(false);
    expect(shown.context.data?.month).toBe('2025-02');
    expect(b.line('Groceries')).toMatchObject({ carried_in: 250 });
    await waitFor(b.actor, (s) => s.matches({ ready: 'idle' }) && Object.keys(s.context.ahead).length === 2);
    expect(Object.keys(b.actor.getSnapshot().context.ahead).sort()).toEqual(['2025-01', '2025-03']);
    expect(backend.calls.map((c) => c.month).sort()).toEqual(['2025-01', '2025-02', '2025-03']);
    // Back to January (held), then a change there: what was held for February is stale and dropped, so the switch
    // reads February and shows the new carried-in, never the held one.
    await b.send({ type: 'month.previous' });
    await waitFor(b.actor, (s) => s.matches({ ready: 'idle' }) && Object.keys(s.context.ahead).length === 2);
    await b.send({ type: 'assigned.edit', category: 'Groceries' });
    await b.send({ type: 'assigned.change', value: '400' });
    await b.send({ type: 'assigned.save' });
    expect(b.actor.getSnapshot().context.ahead).toEqual({});
    b.actor.send({ type: 'month.next' });
    expect(b.actor.getSnapshot().matches('loading')).toBe(true);
    await b.settled();
    expect(b.line('Groceries')).toMatchObject({ carried_in: 350 });
  });

  it('a quick fill takes last month’s amounts, for one category or all, and says so', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-02');
    await b.settled();
    await b.send({ type: 'budget.fill', category: 'Groceries', source: 'last_month' });
    expect(b.line('Groceries')?.assigned).toBe(300);
    expect(b.line('Dining')?.assigned).toBe(0);
    await b.send({ type: 'budget.fill', category: null, source: 'last_month' });
    expect(b.line('Dining')?.assigned).toBe(100);
    expect(backend.calls.filter((c) => c.change).map((c) => c.change)).toEqual([
      { kind: 'fill', category: 'Groceries', source: 'last_month' },
      { kind: 'fill', category: null, source: 'last_month' },
    ]);
    expect(b.toasts).toEqual([
      { kind: 'success', message: 'Budget filled' },
      { kind: 'success', message: 'Budget filled' },
    ]);
  });

  it('a month switch while one is loading reads only the last month asked for', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01');
    b.actor.send({ type: 'month.next' });
    b.actor.send({ type: 'month.next' });
    await b.settled();
    expect(b.actor.getSnapshot().context).toMatchObject({ month: '2025-03', data: { month: '2025-03' } });
  });

  it('a failed read shows the message with Retry; a failed mode switch toasts and changes nothing', async () => {
    const backend = seed();
    backend.failNext('fetch', 'Failed to fetch budget', 500);
    const b = startBudget(backend, '2025-01');
    await b.settled();
    expect(b.actor.getSnapshot().value).toBe('failed');
    expect(b.actor.getSnapshot().context.error?.message).toBe('Failed to fetch budget');
    await b.send({ type: 'budget.retry' });
    expect(b.actor.getSnapshot().matches('ready')).toBe(true);
    backend.failNext('save', 'Failed to save budget', 400);
    await b.send({ type: 'mode.change', mode: 'tracking' });
    expect(b.toasts).toEqual([{ kind: 'error', message: 'Failed to save budget' }]);
    expect(b.actor.getSnapshot().context.data?.mode).toBe('envelope');
    await b.send({ type: 'mode.change', mode: 'tracking' });
    expect(b.actor.getSnapshot().context.data).toMatchObject({ mode: 'tracking', ready_to_assign: null, income_minus_limits: 600 });
  });

  it('sets a target: a refused form keeps its message, a saved one shows what is underfunded; a fill of it can be undone', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-02');
    await b.settled();
    await b.send({ type: 'target.open', category: 'Groceries' });
    expect(b.actor.getSnapshot().context.target).toEqual({ category: 'Groceries', kind: 'monthly', amount: '', by_month: '', percent: '', error: null });
    await b.send({ type: 'target.change', kind: 'by_date', amount: '900' });
    await b.send({ type: 'target.submit' });
    expect(b.actor.getSnapshot().matches({ ready: 'targeting' })).toBe(true);
    expect(b.actor.getSnapshot().context.target?.error).toBe('By month is required for a target by a month');
    await b.send({ type: 'target.change', by_month: '2025-04' });
    expect(b.actor.getSnapshot().context.target?.error).toBeNull();
    await b.send({ type: 'target.submit' });
    expect(b.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    // 900 by April, 250 carried in from January: 650 over February to April, 216.67 a month (cents rounded up).
    expect(b.line('Groceries')).toMatchObject({ target: { kind: 'by_date', amount: 900, by_month: '2025-04' }, needed: 216.67, underfunded: 216.67 });
    await b.send({ type: 'assigned.edit', category: 'Dining' });
    await b.send({ type: 'assigned.change', value: '40' });
    await b.send({ type: 'assigned.save' });
    await b.send({ type: 'budget.fill', category: null, source: 'underfunded' });
    expect(b.line('Groceries')?.assigned).toBe(216.67);
    expect(b.line('Dining')?.assigned).toBe(40);
    expect(b.actor.getSnapshot().context.undo).toEqual({ amounts: [{ category: 'Groceries', assigned: 0 }] });
    await b.send({ type: 'budget.undo' });
    expect(b.line('Groceries')).toMatchObject({ assigned: 0, underfunded: 216.67 });
    expect(b.actor.getSnapshot().context.undo).toBeNull();
    expect(b.toasts.map((t) => t.message)).toEqual(['Target saved', 'Budget filled', 'Fill undone']);
  });

  it('an Undo lasts until the next change or month', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-02');
    await b.settled();
    await b.send({ type: 'budget.fill', category: null, source: 'last_month' });
    expect(b.actor.getSnapshot().context.undo?.amounts).toEqual([
      { category: 'Groceries', assigned: 0 },
      { category: 'Dining', assigned: 0 },
    ]);
    await b.send({ type: 'month.next' });
    expect(b.actor.getSnapshot().context.undo).toBeNull();
    await b.send({ type: 'budget.undo' });
    expect(backend.calls.filter((c) => c.change?.kind === 'restore')).toEqual([]);
  });

  it('moves a category or a group up and down in the category manager’s order; nothing at either end', async () => {
    const backend = seed();
    const b = startBudget(backend, '2025-01');
    await b.settled();
    const names = (group: string) => b.actor.getSnapshot().context.data!.groups.find((g) => g.name === group)!.categories.map((c) => c.category);
    const first = names('Everyday')[0]!;
    const second = names('Everyday')[1]!;
    await b.send({ type: 'order.category', category: first, direction: -1 });
    expect(backend.calls.filter((c) => c.change)).toEqual([]);
    await b.send({ type: 'order.category', category: second, direction: -1 });
    expect(names('Everyday').slice(0, 2)).toEqual([second, first]);
    expect(backend.calls.at(-1)?.change).toMatchObject({ kind: 'order_categories', group_id: 'group-Everyday' });
    const groups = () => b.actor.getSnapshot().context.data!.groups.map((g) => g.name);
    const [g1, g2] = groups();
    await b.send({ type: 'order.group', group: g2!, direction: -1 });
    expect(groups().slice(0, 2)).toEqual([g2, g1]);
    await b.send({ type: 'order.group', group: g2!, direction: -1 });
    expect(backend.calls.filter((c) => c.change?.kind === 'order_groups')).toHaveLength(1);
    expect(b.toasts).toEqual([]);
  });
});

describe('readTargetForm', () => {
  it('reads each kind into what the contract accepts, or its first message', () => {
    const form = { category: 'Dining', kind: 'monthly' as const, amount: '1,200', by_month: '', percent: '', error: null };
    expect(readTargetForm(form)).toEqual({ ok: true, target: { category: 'Dining', kind: 'monthly', amount: 1200 } });
    expect(readTargetForm({ ...form, kind: 'income_share', percent: '12.5%' })).toEqual({ ok: true, target: { category: 'Dining', kind: 'income_share', percent: 12.5 } });
    expect(readTargetForm({ ...form, kind: 'income_share', percent: '120' })).toEqual({ ok: false, error: 'Percent must be greater than 0 and at most 100, with at most two decimals' });
    expect(readTargetForm({ ...form, kind: 'none' })).toEqual({ ok: true, target: { category: 'Dining', kind: 'none' } });
    expect(readTargetForm({ ...form, amount: '' })).toEqual({ ok: false, error: 'Amount is required for this target' });
  });
});
