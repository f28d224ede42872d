import { assign, fromPromise, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { CreateGoalRequest, FundTransaction, Goal, goalMessages, GoalsSummary, goalToasts, GoalTransactionSummary } from '../src/contract/goals';
import { collectionMachineOf, type CollectionReport } from './collection';
import { goalFundsMachine, type FundDirection, type FundsResult } from './goalFunds';
import { toFailure, type CallFailure, type Toast } from './types';

// goalFunds reads these two from here.
export type { FundTransaction, Goal };

/** What the add/edit goal form sends (the server validates it): the target is left out when the field is blank, so the server answers "target_amount is required"; the category is the option chosen. */
export type GoalDraft = Omit<CreateGoalRequest, 'target_amount' | 'category'> & { target_amount?: number; category?: string };

export interface GoalHistory {
  goalId: string;
  transactions: FundTransaction[];
  total: number;
  summary: GoalTransactionSummary;
}

/** The goals list: the collection machine (machines/collection.ts) typed for goals (one page, newest first); the page provides its calls. */
export const goalListMachine = collectionMachineOf<Goal>();
export type GoalListActor = ActorRefFrom<typeof goalListMachine>;

export interface GoalsContext {
  /** The goals ([spec:3-client-state]): a child actor, spawned with the page. */
  list: GoalListActor;
  summary: GoalsSummary | null;
  /** The goal the form edits; null while it creates one. */
  editingGoalId: string | null;
  draft: GoalDraft | null;
  formError: CallFailure | null;
  /** The goal and direction of the fund operation in progress. */
  funding: { goalId: string; direction: FundDirection } | null;
  historyGoalId: string | null;
  history: GoalHistory | null;
  historyError: CallFailure | null;
}

export type GoalsEvent =
  | { type: 'goals.retry' }
  | CollectionReport
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

/**
 * The goals page's texts ([spec:8-message], [spec:8-success]), held by the compiler to the contract's. The two toasts are also written
 * literally in the machine, so Stately shows them; tests/machines/goals.model.test.ts keeps both equal.
 */
export const goalsTexts: Pick<typeof goalMessages, 'fetchGoals' | 'deleteGoal' | 'createGoal' | 'updateGoal' | 'fetchTransactions'> & Pick<typeof goalToasts, 'created' | 'updated'> = {
  created: 'Goal created successfully!',
  updated: 'Goal updated successfully!',
  fetchGoals: 'Failed to fetch goals',
  deleteGoal: 'Failed to delete goal',
  createGoal: 'Failed to create goal',
  updateGoal: 'Failed to update goal',
  fetchTransactions: 'Failed to fetch goal transactions',
};

const listed = (context: GoalsContext, goalId: string | null) => context.list.getSnapshot().context.items.find((g) => g.goal_id === goalId) ?? null;

export const goalsMachine = setup({
  types: {
    context: {} as GoalsContext,
    events: {} as GoalsEvent,
    tags: {} as 'busy',
    children: {} as { goalFunds: 'goalFunds'; list: 'goalList' },
  },
  actors: {
    goalList: goalListMachine,
    /** GET /goals/progress/summary. */
    fetchSummary: fromPromise<GoalsSummary>(async () => {
      throw new Error('fetchSummary not provided');
    }),
    /** POST /goals when goalId is null, else PUT /goals/{id}. */
    saveGoal: fromPromise<Goal, { goalId: string | null; values: GoalDraft }>(async () => {
      throw new Error('saveGoal not provided');
    }),
    /** GET /goals/{id}/transactions and GET /goals/{id}/transaction-summary. */
    fetchHistory: fromPromise<Omit<GoalHistory, 'goalId'>, { goalId: string }>(async () => {
      throw new Error('fetchHistory not provided');
    }),
    goalFunds: goalFundsMachine,
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** Reaching a target is celebrated (the reward dialog). */
    celebrate: (_, _params: { goal: Goal }) => {},
    /** Passes an event on to the list. */
    forwardToList: sendTo(({ context }) => context.list, ({ event }) => event as { type: 'deletion.confirm' | 'deletion.cancel' }),
    /** Funds moved: the list shows the server's goal in place. */
    replaceFunded: sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.replace' as const, item: (event as unknown as { output: FundsResult }).output.goal })),
  },
  guards: {
    goalListed: ({ context, event }) => 'goalId' in event && listed(context, event.goalId) !== null,
    creating: ({ context }) => context.editingGoalId === null,
    fundsMoved: ({ event }) => Boolean((event as { output?: FundsResult | null }).output),
    goalReached: ({ event }) => Boolean((event as { output?: FundsResult | null }).output?.goal_reached),
  },
}).createMachine({
  id: 'goals',
  description:
    'The savings goals page: the list (its own child actor: load, deletion after a danger confirmation) and the progress summary, the add/edit form, fund operations and the fund history.',
  context: ({ spawn }) => ({
    list: spawn('goalList', { id: 'list', input: { idKey: 'goal_id', query: null, texts: { fetchFailed: goalsTexts.fetchGoals, deleteFailed: goalsTexts.deleteGoal, deleted: '' } } }),
    summary: null,
    editingGoalId: null,
    draft: null,
    formError: null,
    funding: null,
    historyGoalId: null,
    history: null,
    historyError: null,
  }),
  type: 'parallel',
  on: {
    'goals.retry': { description: 'The Retry button of a failed list.', actions: sendTo(({ context }) => context.list, { type: 'list.retry' }) },
    'goal.delete': {
      description: 'Delete on a goal card: the list asks for a danger confirmation first.',
      actions: sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.delete' as const, id: event.goalId })),
    },
    'deletion.confirm': { description: 'The confirmation dialog answered Delete (passed on to the list, which asked).', actions: 'forwardToList' },
    'deletion.cancel': { description: 'The confirmation dialog answered Cancel (passed on to the list).', actions: 'forwardToList' },
    'list.changed': { description: 'A goal was deleted (the list removed it): the summary is read again. [spec:4-goals-delete]', actions: raise({ type: 'summary.refresh' }) },
  },
  states: {
    summary: {
      description: 'The progress summary across goals, read with the page and again after every change.',
      initial: 'refreshing',
      states: {
        idle: { description: 'The summary is on screen.', on: { 'summary.refresh': { description: 'A change: read the summary again.', target: 'refreshing' } } },
        refreshing: {
          description: 'Reads the summary (the previous one stays on screen).',
          on: { 'summary.refresh': { description: 'Another change meanwhile: read it again from the start.', target: 'refreshing', reenter: true } },
          invoke: {
            src: 'fetchSummary',
            onDone: { description: 'The summary is on screen.', target: 'idle', actions: assign({ summary: ({ event }) => event.output }) },
            onError: { description: 'The previous summary stays; the next change reads it again.', target: 'idle' },
          },
        },
      },
    },
    form: {
      description: 'The add/edit goal modal.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No form on screen.',
          on: {
            'goal.create': { description: 'New goal: an empty form.', target: 'editing', actions: assign({ editingGoalId: null, draft: null, formError: null }) },
            'goal.edit': { description: 'Edit goal: the form filled with the goal.', guard: 'goalListed', target: 'editing', actions: assign({ editingGoalId: ({ event }) => event.goalId, draft: null, formError: null }) },
          },
        },
        editing: {
          description: 'The form is open (empty to create, filled to edit).',
          on: {
            'form.submit': { description: 'Save: the form sends what the user chose.', target: 'saving', actions: assign({ draft: ({ event }) => event.values, formError: null }) },
            'form.close': { description: 'Cancel or Escape: nothing is saved.', target: 'closed', actions: assign({ editingGoalId: null, draft: null, formError: null }) },
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
                description: "Create adds to the front and toasts 'Goal created successfully!'. [spec:4-create-front] [spec:4-goals-create]",
                guard: 'creating',
                target: 'closed',
                actions: [
                  sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.add' as const, item: event.output })),
                  assign({ draft: null }),
                  { type: 'notify', params: { kind: 'success', message: 'Goal created successfully!' } },
                  raise({ type: 'summary.refresh' }),
                ],
              },
              {
                description: "Update replaces by goal_id and toasts 'Goal updated successfully!'. [spec:4-replace-by-id] [spec:4-goals-update]",
                target: 'closed',
                actions: [
                  sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.replace' as const, item: event.output })),
                  assign({ editingGoalId: null, draft: null }),
                  { type: 'notify', params: { kind: 'success', message: 'Goal updated successfully!' } },
                  raise({ type: 'summary.refresh' }),
                ],
              },
            ],
            onError: {
              description: "Refused: the form stays open with the server's detail, or 'Failed to create goal' / 'Failed to update goal'.",
              target: 'editing',
              actions: assign({ formError: ({ context, event }) => toFailure(event.error, context.editingGoalId === null ? goalsTexts.createGoal : goalsTexts.updateGoal) }),
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
          description: 'No fund operation open.',
          on: {
            'goal.deposit': { description: 'Add funds opens the modal.', guard: 'goalListed', target: 'operating', actions: assign({ funding: ({ event }) => ({ goalId: event.goalId, direction: 'add' as const }) }) },
            'goal.withdraw': {
              description: 'Withdraw funds opens the modal.',
              guard: 'goalListed',
              target: 'operating',
              actions: assign({ funding: ({ event }) => ({ goalId: event.goalId, direction: 'withdraw' as const }) }),
            },
          },
        },
        operating: {
          description: 'The add/withdraw modal, driven by the invoked goalFunds actor.',
          invoke: {
            id: 'goalFunds',
            src: 'goalFunds',
            input: ({ context }) => ({ goal: listed(context, context.funding!.goalId)!, direction: context.funding!.direction }),
            onDone: [
              {
                description: 'The deposit that reaches the target replaces the goal and is celebrated (the reward dialog). [spec:4-replace-by-id] [spec:4-goals-add-funds]',
                guard: 'goalReached',
                target: 'idle',
                actions: ['replaceFunded', assign({ funding: null }), raise({ type: 'summary.refresh' }), { type: 'celebrate', params: ({ event }) => ({ goal: event.output!.goal }) }],
              },
              {
                description: 'Add funds and withdraw funds replace by goal_id. [spec:4-replace-by-id] [spec:4-goals-add-funds] [spec:4-goals-withdraw-funds]',
                guard: 'fundsMoved',
                target: 'idle',
                actions: ['replaceFunded', assign({ funding: null }), raise({ type: 'summary.refresh' })],
              },
              { description: 'Cancelled: nothing changed.', target: 'idle', actions: assign({ funding: null }) },
            ],
            onError: { description: 'The operation broke: the modal closes.', target: 'idle', actions: assign({ funding: null }) },
          },
        },
      },
    },
    history: {
      description: "A goal's fund history and its summary, in a drawer.",
      initial: 'closed',
      on: {
        'history.open': {
          description: 'History on a goal card opens the drawer and reads it.',
          guard: 'goalListed',
          target: '.loading',
          actions: assign({ historyGoalId: ({ event }) => event.goalId, history: null, historyError: null }),
        },
      },
      states: {
        closed: { description: 'No drawer on screen.' },
        loading: {
          description: 'Reads the goal’s deposits and withdrawals.',
          tags: ['busy'],
          invoke: {
            src: 'fetchHistory',
            input: ({ context }) => ({ goalId: context.historyGoalId! }),
            onDone: { description: 'The history is on screen.', target: 'showing', actions: assign({ history: ({ context, event }) => ({ goalId: context.historyGoalId!, ...event.output }) }) },
            onError: {
              description: "Reading failed: the server's detail or 'Failed to fetch goal transactions', with a retry.",
              target: 'failed',
              actions: assign({ historyError: ({ event }) => toFailure(event.error, goalsTexts.fetchTransactions) }),
            },
          },
          on: { 'history.close': { description: 'Closing the drawer abandons the read.', target: 'closed', actions: assign({ historyGoalId: null }) } },
        },
        showing: {
          description: 'The history and its totals are on screen.',
          on: { 'history.close': { description: 'Closing the drawer.', target: 'closed', actions: assign({ historyGoalId: null, history: null }) } },
        },
        failed: {
          description: 'The history could not be read.',
          on: {
            'history.retry': { description: 'Retry reads it again.', target: 'loading', actions: assign({ historyError: null }) },
            'history.close': { description: 'Closing the drawer.', target: 'closed', actions: assign({ historyGoalId: null, historyError: null }) },
          },
        },
      },
    },
  },
});
