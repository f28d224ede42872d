import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../machines/goalFunds';
import { fakeGoalsBackend, makeGoal, startGoalFunds } from './support/goals';

const goal = makeGoal({ goal_id: 'g1', name: 'Emergency fund', target_amount: 1000, current_amount: 50 });

function open(direction: 'add' | 'withdraw', backend = fakeGoalsBackend([goal])) {
  return { backend, op: startGoalFunds(backend, { goal, direction }) };
}

describe("parseAmount: the contract's funds rule (the server's), in the words shown under the field", () => {
  it.each([
    ['10', 10],
    [' 12.50 ', 12.5],
    ['0.01', 0.01],
    ['1,250.75', 1250.75],
  ])('%j is %d', (text, amount) => {
    expect(parseAmount(text)).toEqual({ ok: true, amount });
  });

  it.each([
    ['', 'Amount is required'],
    ['abc', 'Amount must be a number'],
    ['0', 'Amount must be greater than 0'],
    ['-5', 'Amount must be greater than 0'],
    ['Infinity', 'Amount must be a number'],
    ['1.234', 'Amount must have at most two decimal places'],
    ['100000000000', 'Amount must be less than 100,000,000,000'],
  ])('%j is refused: %s', (text, error) => {
    expect(parseAmount(text)).toEqual({ ok: false, error });
  });
});

describe('goalFunds machine', () => {
  it('opens on the amount entry for the goal, empty', () => {
    const { op } = open('add');
    const snap = op.actor.getSnapshot();
    expect(snap.value).toBe('editing');
    expect(snap.context).toMatchObject({ goalId: 'g1', goalName: 'Emergency fund', saved: 50, direction: 'add', amount: '', note: '', validationError: null, error: null });
  });

  it('typing updates the amount and the note', () => {
    const { op } = open('add');
    op.actor.send({ type: 'amount.change', value: '12' });
    op.actor.send({ type: 'note.change', value: 'Bonus' });
    expect(op.actor.getSnapshot().context).toMatchObject({ amount: '12', note: 'Bonus' });
  });

  it('submitting an amount that is not a positive number stays on the entry and says why; typing clears it', () => {
    const { op } = open('add');
    op.actor.send({ type: 'amount.change', value: '-3' });
    op.actor.send({ type: 'funds.submit' });
    expect(op.actor.getSnapshot().value).toBe('editing');
    expect(op.actor.getSnapshot().context.validationError).toBe('Amount must be greater than 0');
    op.actor.send({ type: 'amount.change', value: '3.999' });
    expect(op.actor.getSnapshot().context.validationError).toBeNull();
    op.actor.send({ type: 'funds.submit' });
    expect(op.actor.getSnapshot().context.validationError).toBe('Amount must have at most two decimal places');
  });

  it("a valid amount is sent; success toasts 'Funds added to goal successfully!' and outputs the updated goal and transactionData", async () => {
    const { op, backend } = open('add');
    op.actor.send({ type: 'amount.change', value: '25.5' });
    op.actor.send({ type: 'note.change', value: '  Birthday  ' });
    op.actor.send({ type: 'funds.submit' });
    expect(op.actor.getSnapshot().value).toBe('submitting');
    expect(op.actor.getSnapshot().hasTag('busy')).toBe(true);
    await op.settled();
    const snap = op.actor.getSnapshot();
    expect(snap.status).toBe('done');
    expect(snap.value).toBe('succeeded');
    expect(snap.output?.goal.current_amount).toBe(75.5);
    expect(snap.output?.transactionData).toMatchObject({ type: 'deposit', amount: 25.5, note: 'Birthday' });
    expect(op.toasts).toEqual([{ kind: 'success', message: 'Funds added to goal successfully!' }]);
    expect(backend.goals.get('g1')?.current_amount).toBe(75.5);
  });

  it("a withdrawal succeeds with 'Funds withdrawn from goal successfully!'; an empty note is sent as null", async () => {
    const { op } = open('withdraw');
    op.actor.send({ type: 'amount.change', value: '20' });
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    expect(op.actor.getSnapshot().output?.transactionData).toMatchObject({ type: 'withdrawal', amount: 20, note: null, balance_after: 30 });
    expect(op.toasts).toEqual([{ kind: 'success', message: 'Funds withdrawn from goal successfully!' }]);
  });

  it("a withdrawal larger than the saved amount fails with the server's detail and changes nothing", async () => {
    const { op, backend } = open('withdraw');
    op.actor.send({ type: 'amount.change', value: '80' });
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    const snap = op.actor.getSnapshot();
    expect(snap.value).toBe('failed');
    expect(snap.context.error).toMatchObject({ message: 'Cannot withdraw $80.00: only $50.00 is saved in this goal.', status: 400 });
    expect(op.toasts).toEqual([]);
    expect(backend.goals.get('g1')?.current_amount).toBe(50);
    expect(backend.ledger).toEqual([]);
  });

  it("a failure without a detail uses the call's default message", async () => {
    const { op, backend } = open('add');
    backend.failNext('funds', '');
    op.actor.send({ type: 'amount.change', value: '5' });
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    expect(op.actor.getSnapshot().context.error?.message).toBe('Failed to add funds to goal');

    const w = open('withdraw', backend).op;
    backend.failNext('funds', '');
    w.actor.send({ type: 'amount.change', value: '5' });
    w.actor.send({ type: 'funds.submit' });
    await w.settled();
    expect(w.actor.getSnapshot().context.error?.message).toBe('Failed to withdraw funds from goal');
  });

  it('retry after a failure sends the same amount again', async () => {
    const { op, backend } = open('add');
    backend.failNext('funds', 'Network error. Please check your connection.', 0, true);
    op.actor.send({ type: 'amount.change', value: '10' });
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    expect(op.actor.getSnapshot().value).toBe('failed');
    op.actor.send({ type: 'funds.retry' });
    expect(op.actor.getSnapshot().value).toBe('submitting');
    await op.settled();
    expect(op.actor.getSnapshot().value).toBe('succeeded');
    expect(backend.goals.get('g1')?.current_amount).toBe(60);
  });

  it('a refusal (4xx) offers no retry: sending the same amount again cannot succeed (defect 9)', async () => {
    const { op } = open('withdraw');
    op.actor.send({ type: 'amount.change', value: '80' });
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    expect(op.actor.getSnapshot().value).toBe('failed');
    expect(op.actor.getSnapshot().can({ type: 'funds.retry' })).toBe(false);
  });

  it('changing the amount after a failure goes back to the entry and clears the error; submitting again sends it', async () => {
    const { op } = open('withdraw');
    op.actor.send({ type: 'amount.change', value: '80' });
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    op.actor.send({ type: 'amount.change', value: '40' });
    expect(op.actor.getSnapshot().value).toBe('editing');
    expect(op.actor.getSnapshot().context.error).toBeNull();
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    expect(op.actor.getSnapshot().output?.goal.current_amount).toBe(10);
  });

  it('submitting again from the failure sends the amount again; the note can still be edited there', async () => {
    const { op, backend } = open('add');
    backend.failNext('funds', 'Try again');
    op.actor.send({ type: 'amount.change', value: '10' });
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    op.actor.send({ type: 'note.change', value: 'second try' });
    expect(op.actor.getSnapshot().value).toBe('failed');
    op.actor.send({ type: 'funds.submit' });
    await op.settled();
    expect(op.actor.getSnapshot().value).toBe('succeeded');
    expect(backend.ledger.map((t) => t.note)).toEqual(['second try']);
  });

  it('cancel from the entry or from a failure ends without moving money (output null)', async () => {
    const { op, backend } = open('add');
    op.actor.send({ type: 'amount.change', value: '10' });
    op.actor.send({ type: 'funds.cancel' });
    expect(op.actor.getSnapshot().status).toBe('done');
    expect(op.actor.getSnapshot().value).toBe('cancelled');
    expect(op.actor.getSnapshot().output).toBeNull();

    const failing = open('withdraw', backend).op;
    failing.actor.send({ type: 'amount.change', value: '999' });
    failing.actor.send({ type: 'funds.submit' });
    await failing.settled();
    failing.actor.send({ type: 'funds.cancel' });
    expect(failing.actor.getSnapshot().value).toBe('cancelled');
    expect(failing.actor.getSnapshot().output).toBeNull();
    expect(backend.goals.get('g1')?.current_amount).toBe(50);
  });

  it('while the move is in flight, further submits and cancels are ignored (no double move)', async () => {
    const { op, backend } = open('add');
    op.actor.send({ type: 'amount.change', value: '10' });
    op.actor.send({ type: 'funds.submit' });
    op.actor.send({ type: 'funds.submit' });
    op.actor.send({ type: 'funds.cancel' });
    await op.settled();
    expect(op.actor.getSnapshot().value).toBe('succeeded');
    expect(backend.ledger).toHaveLength(1);
  });
});
