import { settledWithList } from './settled';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { goalFundsMachine, type FundsResult, type GoalFundsInput, type MoveFundsInput } from '../../../machines/goalFunds';
import type { CollectionPage, FetchPageInput } from '../../../machines/collection';
import { goalListMachine, goalsMachine, type GoalDraft } from '../../../machines/goals';
import type { FundTransaction, Goal, GoalsSummary } from '../../../src/contract/goals';
import type { Toast } from '../../../machines/types';

const fail = (message: string, status: number, handledGlobally = false) => Object.assign(new Error(message), { status, handledGlobally });

/** A goal as the API would answer it, from a name and amounts. */
export function makeGoal(fields: Partial<Goal> & { goal_id: string }): Goal {
  const target = fields.target_amount ?? 1000;
  const current = fields.current_amount ?? 0;
  return {
    name: `Goal ${fields.goal_id}`,
    target_amount: target,
    current_amount: current,
    remaining_amount: Math.max(0, target - current),
    progress_percentage: Math.min(100, Math.floor((current / target) * 1000) / 10),
    target_date: '2030-12-31',
    category: 'other',
    priority: 'medium',
    notes: null,
    status: current >= target ? 'completed' : 'active',
    schedule: current >= target ? 'completed' : 'on_track',
    on_track: true,
    expected_amount: 0,
    days_remaining: 1000,
    monthly_needed: 10,
    completed_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<Goal>),
    goal_id: fields.goal_id,
  };
}

/**
 * A fake goals API with the real API's rules (newest first, withdrawals never overdraw, 404 for unknown ids),
 * plus switches to make a call fail the way the API client reports failures.
 */
export function fakeGoalsBackend(initial: Goal[] = []) {
  const goals = new Map(initial.map((g) => [g.goal_id, g]));
  const ledger: FundTransaction[] = [];
  let next = 1;
  const failures: Partial<Record<'list' | 'summary' | 'save' | 'delete' | 'funds' | 'history', Error>> = {};
  const failOnce = (call: keyof typeof failures) => {
    const error = failures[call];
    if (error) {
      delete failures[call];
      throw error;
    }
  };
  const summary = (): GoalsSummary => {
    const all = [...goals.values()];
    const target = all.reduce((s, g) => s + g.target_amount, 0);
    const saved = all.reduce((s, g) => s + g.current_amount, 0);
    return {
      total_goals: all.length,
      active_goals: all.filter((g) => g.status === 'active').length,
      completed_goals: all.filter((g) => g.status === 'completed').length,
      on_track_goals: all.filter((g) => g.schedule === 'on_track').length,
      behind_goals: 0,
      overdue_goals: 0,
      total_target_amount: target,
      total_saved_amount: saved,
      total_remaining_amount: Math.max(0, target - saved),
      overall_progress_percentage: target ? Math.floor((saved / target) * 1000) / 10 : 0,
      monthly_needed_total: 0,
    };
  };
  return {
    goals,
    ledger,
    /** The next call of this kind fails with this message (status 400 unless given). */
    failNext(call: keyof typeof failures, message: string, status = 400, handledGlobally = false) {
      failures[call] = fail(message, status, handledGlobally);
    },
    async list() {
      failOnce('list');
      return { goals: [...goals.values()].reverse(), summary: summary() };
    },
    async summary() {
      failOnce('summary');
      return summary();
    },
    async save(goalId: string | null, values: GoalDraft): Promise<Goal> {
      failOnce('save');
      if (!((values.target_amount ?? 0) > 0)) throw fail('target_amount must be greater than 0', 422);
      if (goalId === null) {
        const goal = makeGoal({ goal_id: `g${next++}`, ...values, current_amount: values.initial_amount ?? 0 } as Goal);
        goals.set(goal.goal_id, goal);
        return goal;
      }
      const existing = goals.get(goalId);
      if (!existing) throw fail('Goal not found', 404);
      const updated = makeGoal({ ...existing, ...values } as Goal);
      goals.set(goalId, updated);
      return updated;
    },
    async remove(goalId: string) {
      failOnce('delete');
      if (!goals.delete(goalId)) throw fail('Goal not found', 404);
      return { message: 'Goal deleted successfully', goal_id: goalId };
    },
    async moveFunds({ goalId, direction, amount, note }: MoveFundsInput): Promise<FundsResult> {
      failOnce('funds');
      const goal = goals.get(goalId);
      if (!goal) throw fail('Goal not found', 404);
      const cents = Math.round(amount * 100);
      const before = Math.round(goal.current_amount * 100);
      if (direction === 'withdraw' && cents > before) {
        throw fail(`Cannot withdraw $${(cents / 100).toFixed(2)}: only $${(before / 100).toFixed(2)} is saved in this goal.`, 400);
      }
      const after = direction === 'add' ? before + cents : before - cents;
      const updated = makeGoal({ ...goal, current_amount: after / 100, status: undefined, schedule: undefined, remaining_amount: undefined, progress_percentage: undefined } as unknown as Goal);
      goals.set(goalId, updated);
      const transaction: FundTransaction = {
        transaction_id: `t${next++}`,
        goal_id: goalId,
        type: direction === 'add' ? 'deposit' : 'withdrawal',
        amount,
        balance_after: after / 100,
        note,
        created_at: new Date().toISOString(),
      };
      ledger.push(transaction);
      const target = Math.round(goal.target_amount * 100);
      return { goal: updated, transactionData: transaction, goal_reached: direction === 'add' && before < target && after >= target };
    },
    async history(goalId: string) {
      failOnce('history');
      if (!goals.has(goalId)) throw fail('Goal not found', 404);
      const transactions = ledger.filter((t) => t.goal_id === goalId).reverse();
      const deposits = transactions.filter((t) => t.type === 'deposit');
      const withdrawals = transactions.filter((t) => t.type === 'withdrawal');
      const sum = (list: FundTransaction[]) => list.reduce((s, t) => s + t.amount, 0);
      return {
        transactions,
        total: transactions.length,
        summary: {
          goal_id: goalId,
          total_deposits: sum(deposits),
          total_withdrawals: sum(withdrawals),
          net_amount: sum(deposits) - sum(withdrawals),
          deposit_count: deposits.length,
          withdrawal_count: withdrawals.length,
          transaction_count: transactions.length,
          average_deposit: deposits.length ? sum(deposits) / deposits.length : 0,
          largest_deposit: Math.max(0, ...deposits.map((t) => t.amount)),
          first_transaction_at: transactions.at(-1)?.created_at ?? null,
          last_transaction_at: transactions[0]?.created_at ?? null,
        },
      };
    },
  };
}
export type FakeGoalsBackend = ReturnType<typeof fakeGoalsBackend>;

/** The goalFunds machine wired to the fake backend, recording its toasts. */
export function providedGoalFunds(backend: FakeGoalsBackend, toasts: Toast[]) {
  return goalFundsMachine.provide({
    actors: { moveFunds: fromPromise(({ input }) => backend.moveFunds(input)) },
    actions: { notify: (_, toast) => void (toast.message && toasts.push(toast)) },
  });
}

/** Starts one goalFunds operation on its own, as the goals machine would. */
export function startGoalFunds(backend: FakeGoalsBackend, input: GoalFundsInput) {
  const toasts: Toast[] = [];
  const actor = createActor(providedGoalFunds(backend, toasts), { input });
  actor.start();
  return {
    actor,
    toasts,
    settled: () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 2000 }),
  };
}

export interface ConfirmationRequestRecord {
  title: string;
  message: string;
  replyTo: AnyActorRef;
}

/** Starts the real goals machine on the fake backend; records toasts, confirmation requests and celebrations. */
export function startGoals(backend: FakeGoalsBackend) {
  const toasts: Toast[] = [];
  const confirmations: { goal: Goal; replyTo: AnyActorRef }[] = [];
  const celebrations: Goal[] = [];
  const actor = createActor(
    goalsMachine.provide({
      actors: {
        goalList: goalListMachine.provide({
          actors: {
            fetchPage: fromPromise<CollectionPage<Goal>, FetchPageInput<null>>(async () => ({ items: (await backend.list()).goals, total: null, nextCursor: null, hasMore: false })),
            deleteItem: fromPromise(({ input }) => backend.remove(input.id)),
          },
          actions: {
            notify: (_, toast) => void (toast.message && toasts.push(toast)),
            requestDeleteConfirmation: ({ self }, { item }) => void confirmations.push({ goal: item, replyTo: self }),
          },
        }),
        fetchSummary: fromPromise(() => backend.summary()),
        saveGoal: fromPromise(({ input }) => backend.save(input.goalId, input.values)),
        fetchHistory: fromPromise(({ input }) => backend.history(input.goalId)),
        goalFunds: providedGoalFunds(backend, toasts),
      },
      actions: {
        notify: (_, toast) => void (toast.message && toasts.push(toast)),
        celebrate: (_, { goal }) => void celebrations.push(goal),
      },
    }),
  );
  actor.start();
  const parentIdle = (s: ReturnType<typeof actor.getSnapshot>) => !s.hasTag('busy') && !s.matches({ summary: 'refreshing' }) && !s.matches({ history: 'loading' });
  const idle = () => settledWithList(actor, parentIdle);
  return {
    actor,
    toasts,
    confirmations,
    celebrations,
    /** Resolves when no call is in flight (the invoked fund operation's own calls included). */
    async settled() {
      await idle();
      const funds = actor.getSnapshot().children.goalFunds;
      if (funds) await waitFor(funds, (s) => !s.hasTag('busy'), { timeout: 2000 });
      return idle();
    },
    /** The list child (the goals, deletion). */
    list: () => actor.getSnapshot().context.list.getSnapshot(),
    ids: () => actor.getSnapshot().context.list.getSnapshot().context.items.map((g) => g.goal_id),
    goal: (id: string) => actor.getSnapshot().context.list.getSnapshot().context.items.find((g) => g.goal_id === id),
    funds: () => actor.getSnapshot().children.goalFunds,
    lastToast: () => toasts.at(-1),
  };
}
