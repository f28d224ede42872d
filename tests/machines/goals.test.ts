import { describe, expect, it } from 'vitest';
import { goalToasts, goalMessages } from '../../src/contract/goals';
import { addToFront, removeById, replaceById } from '../../machines/collection';
import { goalFundsTexts } from '../../machines/goalFunds';
import { fakeGoalsBackend, makeGoal, startGoals } from './support/goals';

const draft = { name: 'Holiday', target_amount: 2000, target_date: '2031-06-30', category: 'vacation', priority: 'high' as const };

async function readyWith(goals = [makeGoal({ goal_id: 'a', current_amount: 100 }), makeGoal({ goal_id: 'b', current_amount: 50 })]) {
  const backend = fakeGoalsBackend(goals);
  const g = startGoals(backend);
  await g.settled();
  return { backend, g };
}

describe('goals machine: loading', () => {
  it('loads the goals (newest first) and the summary across them', async () => {
    const { g } = await readyWith();
    const snap = g.actor.getSnapshot();
    expect(g.list().matches({ list: 'loaded' })).toBe(true);
    expect(g.ids()).toEqual(['b', 'a']);
    expect(snap.context.summary).toMatchObject({ total_goals: 2, total_saved_amount: 150 });
  });

  it("a failed load shows 'Failed to fetch goals' when the server gives no detail, and retry loads again", async () => {
    const backend = fakeGoalsBackend([makeGoal({ goal_id: 'a' })]);
    backend.failNext('list', '', 500, true);
    const g = startGoals(backend);
    await g.settled();
    expect(g.list().matches({ list: 'failed' })).toBe(true);
    expect(g.list().context.loadError?.message).toBe('Failed to fetch goals');

    g.actor.send({ type: 'goals.retry' });
    expect(g.list().matches({ list: 'loading' })).toBe(true);
    await g.settled();
    expect(g.list().matches({ list: 'loaded' })).toBe(true);
    expect(g.ids()).toEqual(['a']);
  });

  it("a failed load keeps the server's detail", async () => {
    const backend = fakeGoalsBackend();
    backend.failNext('list', 'Access denied', 403, true);
    const g = startGoals(backend);
    await g.settled();
    expect(g.list().context.loadError).toEqual({ message: 'Access denied', status: 403, handledGlobally: true });
  });
});

describe('docs/product.md §4 Goals: create adds to the front; update, add funds and withdraw funds replace by goal_id; delete removes', () => {
  it('the list helpers follow the rule', () => {
    const a = makeGoal({ goal_id: 'a' });
    const b = makeGoal({ goal_id: 'b' });
    const b2 = { ...b, name: 'changed' };
    expect(addToFront('goal_id', [a], b).map((g) => g.goal_id)).toEqual(['b', 'a']);
    expect(replaceById('goal_id', [a, b], b2)).toEqual([a, b2]);
    expect(removeById('goal_id', [a, b], 'a')).toEqual([b]);
  });

  it("create adds the new goal to the front and toasts 'Goal created successfully!'", async () => {
    const { g, backend } = await readyWith();
    g.actor.send({ type: 'goal.create' });
    expect(g.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    g.actor.send({ type: 'form.submit', values: draft });
    expect(g.actor.getSnapshot().hasTag('busy')).toBe(true);
    await g.settled();
    const created = [...backend.goals.values()].at(-1)!;
    expect(g.ids()).toEqual([created.goal_id, 'b', 'a']);
    expect(g.goal(created.goal_id)).toMatchObject({ name: 'Holiday', target_amount: 2000 });
    expect(g.lastToast()).toEqual({ kind: 'success', message: 'Goal created successfully!' });
    expect(g.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
  });

  it("update replaces the goal by goal_id in place and toasts 'Goal updated successfully!'", async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.edit', goalId: 'a' });
    expect(g.actor.getSnapshot().context.editingGoalId).toBe('a');
    g.actor.send({ type: 'form.submit', values: { ...draft, name: 'Renamed' } });
    await g.settled();
    expect(g.ids()).toEqual(['b', 'a']);
    expect(g.goal('a')).toMatchObject({ name: 'Renamed', current_amount: 100 });
    expect(g.lastToast()).toEqual({ kind: 'success', message: 'Goal updated successfully!' });
    expect(g.actor.getSnapshot().context.editingGoalId).toBeNull();
  });

  it('add funds replaces the goal by goal_id with the server’s updated goal', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.deposit', goalId: 'a' });
    g.funds()!.send({ type: 'amount.change', value: '25.50' });
    g.funds()!.send({ type: 'funds.submit' });
    await g.settled();
    expect(g.ids()).toEqual(['b', 'a']);
    expect(g.goal('a')?.current_amount).toBe(125.5);
    expect(g.lastToast()).toEqual({ kind: 'success', message: 'Funds added to goal successfully!' });
    expect(g.actor.getSnapshot().matches({ funds: 'idle' })).toBe(true);
    expect(g.funds()).toBeUndefined();
  });

  it('withdraw funds replaces the goal by goal_id', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.withdraw', goalId: 'b' });
    g.funds()!.send({ type: 'amount.change', value: '20' });
    g.funds()!.send({ type: 'funds.submit' });
    await g.settled();
    expect(g.ids()).toEqual(['b', 'a']);
    expect(g.goal('b')?.current_amount).toBe(30);
    expect(g.lastToast()).toEqual({ kind: 'success', message: 'Funds withdrawn from goal successfully!' });
  });

  it('delete asks for a danger confirmation first, then removes the goal', async () => {
    const { g, backend } = await readyWith();
    g.actor.send({ type: 'goal.delete', goalId: 'a' });
    expect(g.list().matches({ deletion: 'confirming' })).toBe(true);
    expect(g.confirmations.map((c) => c.goal.goal_id)).toEqual(['a']);
    expect(g.ids()).toEqual(['b', 'a']);

    // The confirmation dialog answers the machine that asked.
    g.confirmations[0]!.replyTo.send({ type: 'deletion.confirm' });
    await g.settled();
    expect(g.ids()).toEqual(['b']);
    expect(backend.goals.has('a')).toBe(false);
    expect(g.list().context.deleting).toBeNull();
  });
});

describe('goals machine: form', () => {
  it("a refused save keeps the form open with the server's detail, and nothing is added", async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.create' });
    g.actor.send({ type: 'form.submit', values: { ...draft, target_amount: 0 } });
    await g.settled();
    const snap = g.actor.getSnapshot();
    expect(snap.matches({ form: 'editing' })).toBe(true);
    expect(snap.context.formError?.message).toBe('target_amount must be greater than 0');
    expect(g.ids()).toEqual(['b', 'a']);
    expect(g.toasts).toEqual([]);
  });

  it("a failed create without a detail says 'Failed to create goal'; a failed update 'Failed to update goal'", async () => {
    const { g, backend } = await readyWith();
    backend.failNext('save', '');
    g.actor.send({ type: 'goal.create' });
    g.actor.send({ type: 'form.submit', values: draft });
    await g.settled();
    expect(g.actor.getSnapshot().context.formError?.message).toBe('Failed to create goal');
    g.actor.send({ type: 'form.close' });

    backend.failNext('save', '');
    g.actor.send({ type: 'goal.edit', goalId: 'a' });
    expect(g.actor.getSnapshot().context.formError).toBeNull();
    g.actor.send({ type: 'form.submit', values: draft });
    await g.settled();
    expect(g.actor.getSnapshot().context.formError?.message).toBe('Failed to update goal');
  });

  it('closing the form discards it', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.edit', goalId: 'b' });
    g.actor.send({ type: 'form.close' });
    const snap = g.actor.getSnapshot();
    expect(snap.matches({ form: 'closed' })).toBe(true);
    expect(snap.context.editingGoalId).toBeNull();
  });

  it('editing an unknown goal does nothing', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.edit', goalId: 'nope' });
    expect(g.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
  });
});

describe('goals machine: deletion', () => {
  it('cancelling the confirmation keeps the goal', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.delete', goalId: 'a' });
    g.confirmations[0]!.replyTo.send({ type: 'deletion.cancel' });
    expect(g.list().matches({ deletion: 'idle' })).toBe(true);
    expect(g.ids()).toEqual(['b', 'a']);
    expect(g.list().context.deleting).toBeNull();
  });

  it('asking to delete another goal while confirming asks again for that one', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.delete', goalId: 'a' });
    g.actor.send({ type: 'goal.delete', goalId: 'b' });
    expect(g.confirmations.map((c) => c.goal.goal_id)).toEqual(['a', 'b']);
    g.actor.send({ type: 'deletion.confirm' });
    await g.settled();
    expect(g.ids()).toEqual(['a']);
  });

  it("a failed delete toasts 'Failed to delete goal' and keeps the goal", async () => {
    const { g, backend } = await readyWith();
    backend.failNext('delete', '');
    g.actor.send({ type: 'goal.delete', goalId: 'a' });
    g.actor.send({ type: 'deletion.confirm' });
    await g.settled();
    expect(g.lastToast()).toEqual({ kind: 'error', message: 'Failed to delete goal' });
    expect(g.ids()).toEqual(['b', 'a']);
    expect(g.list().matches({ deletion: 'idle' })).toBe(true);
  });

  it("a delete refused with a detail toasts the detail; one the API client already toasted is not toasted twice", async () => {
    const { g, backend } = await readyWith();
    backend.failNext('delete', 'Goal not found', 404);
    g.actor.send({ type: 'goal.delete', goalId: 'a' });
    g.actor.send({ type: 'deletion.confirm' });
    await g.settled();
    expect(g.lastToast()).toEqual({ kind: 'error', message: 'Goal not found' });

    backend.failNext('delete', 'Server error. Please try again later.', 500, true);
    g.actor.send({ type: 'goal.delete', goalId: 'a' });
    g.actor.send({ type: 'deletion.confirm' });
    await g.settled();
    expect(g.toasts).toHaveLength(1);
  });
});

describe('goals machine: fund operations', () => {
  it('each operation is its own goalFunds actor, for the chosen goal and direction', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.withdraw', goalId: 'a' });
    const first = g.funds()!;
    expect(first.getSnapshot().context).toMatchObject({ goalId: 'a', direction: 'withdraw', saved: 100 });
    first.send({ type: 'funds.cancel' });
    expect(g.actor.getSnapshot().matches({ funds: 'idle' })).toBe(true);

    g.actor.send({ type: 'goal.deposit', goalId: 'b' });
    const second = g.funds()!;
    expect(second).not.toBe(first);
    expect(second.getSnapshot().context).toMatchObject({ goalId: 'b', direction: 'add', amount: '' });
  });

  it('a cancelled operation changes nothing', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.deposit', goalId: 'a' });
    g.funds()!.send({ type: 'amount.change', value: '10' });
    g.funds()!.send({ type: 'funds.cancel' });
    await g.settled();
    expect(g.goal('a')?.current_amount).toBe(100);
    expect(g.toasts).toEqual([]);
  });

  it('a refused withdrawal leaves the goal as it was and the modal open with the detail', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.withdraw', goalId: 'a' });
    g.funds()!.send({ type: 'amount.change', value: '500' });
    g.funds()!.send({ type: 'funds.submit' });
    await g.settled();
    expect(g.funds()!.getSnapshot().value).toBe('failed');
    expect(g.funds()!.getSnapshot().context.error?.message).toBe('Cannot withdraw $500.00: only $100.00 is saved in this goal.');
    expect(g.goal('a')?.current_amount).toBe(100);
    expect(g.actor.getSnapshot().matches({ funds: 'operating' })).toBe(true);
  });

  it('the deposit that reaches the target is celebrated, once', async () => {
    const { g } = await readyWith([makeGoal({ goal_id: 'a', target_amount: 100, current_amount: 90 })]);
    g.actor.send({ type: 'goal.deposit', goalId: 'a' });
    g.funds()!.send({ type: 'amount.change', value: '10' });
    g.funds()!.send({ type: 'funds.submit' });
    await g.settled();
    expect(g.celebrations.map((goal) => goal.goal_id)).toEqual(['a']);
    expect(g.goal('a')?.status).toBe('completed');

    g.actor.send({ type: 'goal.deposit', goalId: 'a' });
    g.funds()!.send({ type: 'amount.change', value: '5' });
    g.funds()!.send({ type: 'funds.submit' });
    await g.settled();
    expect(g.celebrations).toHaveLength(1);
  });

  it('a fund operation on an unknown goal does not start', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.deposit', goalId: 'nope' });
    expect(g.actor.getSnapshot().matches({ funds: 'idle' })).toBe(true);
    expect(g.funds()).toBeUndefined();
  });
});

describe('goals machine: summary', () => {
  it('is fetched again after create, update, fund moves and delete', async () => {
    const { g } = await readyWith();
    const saved = () => g.actor.getSnapshot().context.summary?.total_saved_amount;
    g.actor.send({ type: 'goal.create' });
    g.actor.send({ type: 'form.submit', values: { ...draft, initial_amount: 40 } });
    await g.settled();
    expect(saved()).toBe(190);
    expect(g.actor.getSnapshot().context.summary?.total_goals).toBe(3);

    g.actor.send({ type: 'goal.deposit', goalId: 'a' });
    g.funds()!.send({ type: 'amount.change', value: '10' });
    g.funds()!.send({ type: 'funds.submit' });
    await g.settled();
    expect(saved()).toBe(200);

    g.actor.send({ type: 'goal.delete', goalId: 'a' });
    g.actor.send({ type: 'deletion.confirm' });
    await g.settled();
    expect(saved()).toBe(90);
    expect(g.actor.getSnapshot().context.summary?.total_goals).toBe(2);
  });

  it('a failed summary refresh keeps the previous summary', async () => {
    const { g, backend } = await readyWith();
    const before = g.actor.getSnapshot().context.summary;
    backend.failNext('summary', 'Server error. Please try again later.', 500, true);
    g.actor.send({ type: 'summary.refresh' });
    await g.settled();
    expect(g.actor.getSnapshot().context.summary).toBe(before);
    expect(g.actor.getSnapshot().matches({ summary: 'idle' })).toBe(true);
  });
});

describe('goals machine: fund history', () => {
  it('opens the history of a goal with its summary, and closes it', async () => {
    const { g } = await readyWith();
    g.actor.send({ type: 'goal.deposit', goalId: 'a' });
    g.funds()!.send({ type: 'amount.change', value: '10' });
    g.funds()!.send({ type: 'funds.submit' });
    await g.settled();

    g.actor.send({ type: 'history.open', goalId: 'a' });
    expect(g.actor.getSnapshot().matches({ history: 'loading' })).toBe(true);
    await g.settled();
    const snap = g.actor.getSnapshot();
    expect(snap.matches({ history: 'showing' })).toBe(true);
    expect(snap.context.history?.goalId).toBe('a');
    expect(snap.context.history?.transactions.map((t) => [t.type, t.amount])).toEqual([['deposit', 10]]);
    expect(snap.context.history?.summary).toMatchObject({ total_deposits: 10, transaction_count: 1 });

    g.actor.send({ type: 'history.close' });
    expect(g.actor.getSnapshot().matches({ history: 'closed' })).toBe(true);
    expect(g.actor.getSnapshot().context.history).toBeNull();
  });

  it("a failed history load says why and can be retried", async () => {
    const { g, backend } = await readyWith();
    backend.failNext('history', '');
    g.actor.send({ type: 'history.open', goalId: 'b' });
    await g.settled();
    expect(g.actor.getSnapshot().matches({ history: 'failed' })).toBe(true);
    expect(g.actor.getSnapshot().context.historyError?.message).toBe('Failed to fetch goal transactions');
    g.actor.send({ type: 'history.retry' });
    await g.settled();
    expect(g.actor.getSnapshot().matches({ history: 'showing' })).toBe(true);
    g.actor.send({ type: 'history.open', goalId: 'a' });
    await g.settled();
    expect(g.actor.getSnapshot().context.history?.goalId).toBe('a');
  });

  it('closing the drawer while it loads, or after a failure, closes it', async () => {
    const { g, backend } = await readyWith();
    g.actor.send({ type: 'history.open', goalId: 'a' });
    g.actor.send({ type: 'history.close' });
    expect(g.actor.getSnapshot().matches({ history: 'closed' })).toBe(true);
    backend.failNext('history', 'nope');
    g.actor.send({ type: 'history.open', goalId: 'a' });
    await g.settled();
    g.actor.send({ type: 'history.close' });
    expect(g.actor.getSnapshot().matches({ history: 'closed' })).toBe(true);
    expect(g.actor.getSnapshot().context.historyError).toBeNull();
  });
});

describe('machine texts are the spec texts of the contract', () => {
  // The goals machine's own texts are typed against src/contract/goals.ts; goalFunds still keeps copies.
  it('toasts and default messages match src/contract/goals.ts', () => {
    expect(goalFundsTexts.added).toBe(goalToasts.fundsAdded);
    expect(goalFundsTexts.withdrawn).toBe(goalToasts.fundsWithdrawn);
    expect(goalFundsTexts.addFailed).toBe(goalMessages.addFunds);
    expect(goalFundsTexts.withdrawFailed).toBe(goalMessages.withdrawFunds);
  });
});
