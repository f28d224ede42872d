import { assign, fromPromise, raise, setup } from 'xstate';
import { goalFundsMachine, type FundDirection, type FundsResult } from './goalFunds';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

/** A savings goal as GET /goals answers it (src/contract/goals.ts is the source of truth). */
export interface Goal {
  goal_id: string;
  name: string;
  target_amount: number;
  current_amount: number;
  remaining_amount: number;
  progress_percentage: number;
  target_date: string;
  category: string;
  priority: 'low' | 'medium' | 'high';
  notes: string | null;
  status: 'active' | 'completed';
  schedule: 'completed' | 'on_track' | 'behind' | 'overdue';
  on_track: boolean;
  expected_amount: number;
  days_remaining: number;
  monthly_needed: number;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GoalsSummary {
  total_goals: number;
  active_goals: number;
  completed_goals: number;
  on_track_goals: number;
  behind_goals: number;
  overdue_goals: number;
  total_target_amount: number;
  total_saved_amount: number;
  total_remaining_amount: number;
  overall_progress_percentage: number;
  monthly_needed_total: number;
}

export interface FundTransaction {
  transaction_id: string;
  goal_id: string;
  type: 'deposit' | 'withdrawal';
  amount: number;
  balance_after: number;
  note: string | null;
  created_at: string;
}

export interface GoalTransactionSummary {
  goal_id: string;
  total_deposits: number;
  total_withdrawals: number;
  net_amount: number;
  deposit_count: number;
  withdrawal_count: number;
  transaction_count: number;
  average_deposit: number;
  largest_deposit: number;
  first_transaction_at: string | null;
  last_transaction_at: string | null;
}

/** What the add/edit goal form sends (the server validates it). */
export interface GoalDraft {
  name: string;
  /** Left out when the field is blank, so the server answers "target_amount is required". */
  target_amount?: number;
  target_date: string;
  category?: string;
  priority?: 'low' | 'medium' | 'high';
  notes?: string | null;
  initial_amount?: number;
}

export interface GoalHistory {
  goalId: string;
  transactions: FundTransaction[];
  total: number;
  summary: GoalTransactionSummary;
}

export interface GoalsContext {
  goals: Goal[];
  summary: GoalsSummary | null;
  loadError: CallFailure | null;
  /** The goal the form edits; null while it creates one. */
  editingGoalId: string | null;
  draft: GoalDraft | null;
  formError: CallFailure | null;
  /** The goal waiting for the delete confirmation, or being deleted. */
  deletingGoalId: string | null;
  /** The goal and direction of the fund operation in progress. */
  funding: { goalId: string; direction: FundDirection } | null;
  historyGoalId: string | null;
  history: GoalHistory | null;
  historyError: CallFailure | null;
}

export type GoalsEvent =
  | { type: 'goals.retry' }
  | { type: 'summary.refresh' }
  | { type: 'goal.create' }
  | { type: 'goal.edit'; goalId: string }
  | { type: 'form.submit'; values: GoalDraft }
  | { type: 'form.close' }
  | { type: 'goal.delete'; goalId: string }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' }
  | { type: 'goal.deposit'; goalId: string }
  | { type: 'goal.withdraw'; goalId: string }
  | { type: 'history.open'; goalId: string }
  | { type: 'history.retry' }
  | { type: 'history.close' };

/** Spec §8 texts of the goals page. */
export const goalsTexts = {
  created: 'Goal created successfully!',
  updated: 'Goal updated successfully!',
  fetchFailed: 'Failed to fetch goals',
  deleteFailed: 'Failed to delete goal',
  createFailed: 'Failed to create goal',
  updateFailed: 'Failed to update goal',
  historyFailed: 'Failed to fetch goal transactions',
} as const;

/** Spec §4 Goals: create adds to the front; update, add funds and withdraw funds replace by goal_id; delete removes. */
export const addToFront = (goals: Goal[], goal: Goal) => [goal, ...goals.filter((g) => g.goal_id !== goal.goal_id)];
export const replaceById = (goals: Goal[], goal: Goal) => goals.map((g) => (g.goal_id === goal.goal_id ? goal : g));
export const removeById = (goals: Goal[], goalId: string) => goals.filter((g) => g.goal_id !== goalId);

const findGoal = (context: GoalsContext, goalId: string | null) => context.goals.find((g) => g.goal_id === goalId) ?? null;

/** A failure the API client already toasted (network, 403, 5xx) is not toasted again. */

export const goalsMachine = setup({
  types: {
    context: {} as GoalsContext,
    events: {} as GoalsEvent,
    tags: {} as 'busy',
    children: {} as { goalFunds: 'goalFunds' },
  },
  actors: {
    /** GET /goals and GET /goals/progress/summary. */
    fetchGoals: fromPromise<{ goals: Goal[]; summary: GoalsSummary }>(async () => {
      throw new Error('fetchGoals not provided');
    }),
    /** GET /goals/progress/summary. */
    fetchSummary: fromPromise<GoalsSummary>(async () => {
      throw new Error('fetchSummary not provided');
    }),
    /** POST /goals when goalId is null, else PUT /goals/{id}. */
    saveGoal: fromPromise<Goal, { goalId: string | null; values: GoalDraft }>(async () => {
      throw new Error('saveGoal not provided');
    }),
    /** DELETE /goals/{id}. */
    deleteGoal: fromPromise<unknown, { goalId: string }>(async () => {
      throw new Error('deleteGoal not provided');
    }),
    /** GET /goals/{id}/transactions and GET /goals/{id}/transaction-summary. */
    fetchHistory: fromPromise<Omit<GoalHistory, 'goalId'>, { goalId: string }>(async () => {
      throw new Error('fetchHistory not provided');
    }),
    goalFunds: goalFundsMachine,
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** Opens the danger confirmation dialog; it answers deletion.confirm or deletion.cancel. */
    requestDeleteConfirmation: (_, _params: { goal: Goal }) => {},
    /** Reaching a target is celebrated (the reward dialog). */
    celebrate: (_, _params: { goal: Goal }) => {},
  },
  guards: {
    goalExists: ({ context, event }) => 'goalId' in event && findGoal(context, event.goalId) !== null,
    creating: ({ context }) => context.editingGoalId === null,
    fundsMoved: ({ event }) => Boolean((event as { output?: FundsResult | null }).output),
    goalReached: ({ event }) => Boolean((event as { output?: FundsResult | null }).output?.goal_reached),
  },
}).createMachine({
  id: 'goals',
  description: 'The savings goals page: the list and the progress summary, the add/edit form, deletion after a danger confirmation, fund operations and the fund history.',
  context: {
    goals: [],
    summary: null,
    loadError: null,
    editingGoalId: null,
    draft: null,
    formError: null,
    deletingGoalId: null,
    funding: null,
    historyGoalId: null,
    history: null,
    historyError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the goals and the summary across them (skeletons on screen).',
      tags: ['busy'],
      invoke: {
        src: 'fetchGoals',
        onDone: { target: 'ready', actions: assign({ goals: ({ event }) => event.output.goals, summary: ({ event }) => event.output.summary, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toFailure(event.error, goalsTexts.fetchFailed) }) },
      },
    },
    failed: {
      description: "Loading failed: 'Failed to fetch goals' (or the server's detail) with a retry.",
      on: { 'goals.retry': { description: 'The Retry button loads again.', target: 'loading' } },
    },
    ready: {
      description: 'The goals are on screen; the regions below run side by side.',
      type: 'parallel',
      states: {
        summary: {
          description: 'The progress summary across goals, fetched again after every change.',
          initial: 'idle',
          states: {
            idle: { on: { 'summary.refresh': { target: 'refreshing' } } },
            refreshing: {
              on: { 'summary.refresh': { target: 'refreshing', reenter: true } },
              invoke: {
                src: 'fetchSummary',
                onDone: { target: 'idle', actions: assign({ summary: ({ event }) => event.output }) },
                // The previous summary stays; the next change fetches it again.
                onError: { target: 'idle' },
              },
            },
          },
        },
        form: {
          description: 'The add/edit goal modal.',
          initial: 'closed',
          states: {
            closed: {
              on: {
                'goal.create': { description: 'New goal: an empty form.', target: 'editing', actions: assign({ editingGoalId: null, draft: null, formError: null }) },
                'goal.edit': { description: 'Edit goal: the form filled with the goal.', guard: 'goalExists', target: 'editing', actions: assign({ editingGoalId: ({ event }) => event.goalId, draft: null, formError: null }) },
              },
            },
            editing: {
              description: 'The form is open (empty to create, filled to edit).',
              on: {
                'form.submit': { target: 'saving', actions: assign({ draft: ({ event }) => event.values, formError: null }) },
                'form.close': { target: 'closed', actions: assign({ editingGoalId: null, draft: null, formError: null }) },
              },
            },
            saving: {
              description: "Saves the goal; the server's detail is shown in the form if it refuses.",
              tags: ['busy'],
              invoke: {
                src: 'saveGoal',
                input: ({ context }) => ({ goalId: context.editingGoalId, values: context.draft! }),
                onDone: [
                  {
                    description: 'Create adds to the front.',
                    guard: 'creating',
                    target: 'closed',
                    actions: [
                      assign({ goals: ({ context, event }) => addToFront(context.goals, event.output), draft: null }),
                      { type: 'notify', params: { kind: 'success', message: goalsTexts.created } },
                      raise({ type: 'summary.refresh' }),
                    ],
                  },
                  {
                    description: 'Update replaces by goal_id.',
                    target: 'closed',
                    actions: [
                      assign({ goals: ({ context, event }) => replaceById(context.goals, event.output), editingGoalId: null, draft: null }),
                      { type: 'notify', params: { kind: 'success', message: goalsTexts.updated } },
                      raise({ type: 'summary.refresh' }),
                    ],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: assign({ formError: ({ context, event }) => toFailure(event.error, context.editingGoalId === null ? goalsTexts.createFailed : goalsTexts.updateFailed) }),
                },
              },
            },
          },
        },
        deletion: {
          description: 'Deleting a goal, always after a danger confirmation.',
          initial: 'idle',
          states: {
            idle: {
              on: {
                'goal.delete': {
                  guard: 'goalExists',
                  target: 'confirming',
                  actions: [assign({ deletingGoalId: ({ event }) => event.goalId }), { type: 'requestDeleteConfirmation', params: ({ context, event }) => ({ goal: findGoal(context, event.goalId)! }) }],
                },
              },
            },
            confirming: {
              description: 'The danger confirmation dialog is open.',
              on: {
                'deletion.confirm': { description: 'The dialog answered Delete.', target: 'deleting' },
                'deletion.cancel': { description: 'The dialog answered Cancel: the goal stays.', target: 'idle', actions: assign({ deletingGoalId: null }) },
                'goal.delete': {
                  guard: 'goalExists',
                  actions: [assign({ deletingGoalId: ({ event }) => event.goalId }), { type: 'requestDeleteConfirmation', params: ({ context, event }) => ({ goal: findGoal(context, event.goalId)! }) }],
                },
              },
            },
            deleting: {
              description: "Deletes it; on failure toasts the server's detail or 'Failed to delete goal'.",
              tags: ['busy'],
              invoke: {
                src: 'deleteGoal',
                input: ({ context }) => ({ goalId: context.deletingGoalId! }),
                onDone: {
                  description: 'Delete removes.',
                  target: 'idle',
                  actions: [assign({ goals: ({ context }) => removeById(context.goals, context.deletingGoalId!), deletingGoalId: null }), raise({ type: 'summary.refresh' })],
                },
                onError: {
                  target: 'idle',
                  actions: [assign({ deletingGoalId: null }), { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, goalsTexts.deleteFailed)) }],
                },
              },
            },
          },
        },
        funds: {
          description: 'One add-funds or withdraw-funds operation at a time, each its own goalFunds actor.',
          initial: 'idle',
          states: {
            idle: {
              on: {
                'goal.deposit': { guard: 'goalExists', target: 'operating', actions: assign({ funding: ({ event }) => ({ goalId: event.goalId, direction: 'add' as const }) }) },
                'goal.withdraw': { guard: 'goalExists', target: 'operating', actions: assign({ funding: ({ event }) => ({ goalId: event.goalId, direction: 'withdraw' as const }) }) },
              },
            },
            operating: {
              description: 'The add/withdraw modal, driven by the invoked goalFunds actor.',
              invoke: {
                id: 'goalFunds',
                src: 'goalFunds',
                input: ({ context }) => ({ goal: findGoal(context, context.funding!.goalId)!, direction: context.funding!.direction }),
                onDone: [
                  {
                    description: 'The deposit that reaches the target is celebrated.',
                    guard: 'goalReached',
                    target: 'idle',
                    actions: [
                      assign({ goals: ({ context, event }) => replaceById(context.goals, event.output!.goal), funding: null }),
                      raise({ type: 'summary.refresh' }),
                      { type: 'celebrate', params: ({ event }) => ({ goal: event.output!.goal }) },
                    ],
                  },
                  {
                    description: 'Add funds and withdraw funds replace by goal_id.',
                    guard: 'fundsMoved',
                    target: 'idle',
                    actions: [assign({ goals: ({ context, event }) => replaceById(context.goals, event.output!.goal), funding: null }), raise({ type: 'summary.refresh' })],
                  },
                  { description: 'Cancelled: nothing changed.', target: 'idle', actions: assign({ funding: null }) },
                ],
                onError: { target: 'idle', actions: assign({ funding: null }) },
              },
            },
          },
        },
        history: {
          description: "A goal's fund history and its summary, in a drawer.",
          initial: 'closed',
          on: {
            'history.open': { guard: 'goalExists', target: '.loading', actions: assign({ historyGoalId: ({ event }) => event.goalId, history: null, historyError: null }) },
          },
          states: {
            closed: {},
            loading: {
              tags: ['busy'],
              invoke: {
                src: 'fetchHistory',
                input: ({ context }) => ({ goalId: context.historyGoalId! }),
                onDone: { target: 'showing', actions: assign({ history: ({ context, event }) => ({ goalId: context.historyGoalId!, ...event.output }) }) },
                onError: { target: 'failed', actions: assign({ historyError: ({ event }) => toFailure(event.error, goalsTexts.historyFailed) }) },
              },
              on: { 'history.close': { target: 'closed', actions: assign({ historyGoalId: null }) } },
            },
            showing: {
              on: { 'history.close': { target: 'closed', actions: assign({ historyGoalId: null, history: null }) } },
            },
            failed: {
              on: {
                'history.retry': { target: 'loading', actions: assign({ historyError: null }) },
                'history.close': { target: 'closed', actions: assign({ historyGoalId: null, historyError: null }) },
              },
            },
          },
        },
      },
    },
  },
});
