import { fromPromise, type ActorRefFrom } from 'xstate';
import { goalFundsMachine } from '../../../../machines/goalFunds';
import { goalListMachine, goalsMachine, type GoalListActor } from '../../../../machines/goals';
import type { CreateGoalRequest } from '../../../contract/goals';
import { unlessAborted } from '../../api/abort';
import { confirmDeletion, pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';

export type GoalsActor = ActorRefFrom<typeof goalsMachine>;

const goals = pageActor<typeof goalsMachine>('goals');
export const { Provider: GoalsProvider, useActor: useGoalsActor, useSelect: useGoals } = goals;
/** The page's list child (the goals, deletion). */
export const { useActor: useGoalListActor, useSelect: useGoalList } = goals.child((s): GoalListActor => s.context.list);

/**
 * The goals actor lives as long as the /budget page: nothing else reads goals yet, and a fresh
 * visit should show fresh numbers. Its effects are the API calls and the ui actor's toasts and dialogs.
 */
export function useGoalsMachine(): GoalsActor {
  return usePageMachine(({ api, ui }) =>
    goalsMachine.provide({
      actors: {
        goalList: goalListMachine.provide({
          actors: {
            fetchPage: fromPromise(async ({ signal }) => ({ items: await unlessAborted(signal, api.goals.list(signal)), total: null, nextCursor: null, hasMore: false })),
            deleteItem: fromPromise(({ input }) => api.goals.remove(input.id)),
          },
          actions: {
            notify: toastVia(ui),
            requestDeleteConfirmation: ({ self }, { item: goal }) =>
              confirmDeletion(ui, self, {
                title: 'Delete goal',
                message: `Delete "${goal.name}" and its fund history? This cannot be undone.`,
                confirmLabel: 'Delete goal',
              }),
          },
        }),
        fetchSummary: fromPromise(({ signal }) => unlessAborted(signal, api.goals.summary(signal))),
        // The form sends what the user chose; the server validates every field ([spec:5-server-validates]),
        // so a blank target is left out and the category is sent as chosen: the server names what is wrong.
        saveGoal: fromPromise(({ input }) =>
          input.goalId === null ? api.goals.create(input.values as CreateGoalRequest) : api.goals.update(input.goalId, input.values as CreateGoalRequest),
        ),
        fetchHistory: fromPromise(({ input, signal }) =>
          unlessAborted(
            signal,
            Promise.all([api.goals.transactions(input.goalId, { limit: 50 }, signal), api.goals.transactionSummary(input.goalId, signal)]).then(([page, summary]) => ({
              transactions: page.transactions,
              total: page.total,
              summary,
            })),
          ),
        ),
        goalFunds: goalFundsMachine.provide({
          actors: {
            moveFunds: fromPromise(({ input }) => {
              const body = { amount: input.amount, note: input.note };
              return input.direction === 'add' ? api.goals.addFunds(input.goalId, body) : api.goals.withdrawFunds(input.goalId, body);
            }),
          },
          actions: {
            notify: toastVia(ui),
          },
        }),
      },
      actions: {
        notify: toastVia(ui),
        // The server's reward (goal_progress_100) opens the dialog through the API client: one mechanism for every award.
        celebrate: () => undefined,
      },
    }),
  );
}
