import { useActorRef, useSelector } from '@xstate/react';
import { inspect } from '../../app/inspect';
import { createContext, useContext, useMemo } from 'react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { goalFundsMachine } from '../../../../machines/goalFunds';
import { goalsMachine } from '../../../../machines/goals';
import type { CreateGoalRequest } from '../../../contract/goals';
import { useAppActors } from '../../app/context';

export type GoalsActor = ActorRefFrom<typeof goalsMachine>;
export type GoalsSnapshot = SnapshotFrom<typeof goalsMachine>;

export const GoalsActorContext = createContext<GoalsActor | null>(null);

export function useGoalsActor(): GoalsActor {
  const actor = useContext(GoalsActorContext);
  if (!actor) throw new Error('useGoalsActor outside <GoalsActorContext.Provider>');
  return actor;
}

/** A narrow selector over the page's goals actor; return primitives or stable references. */
export function useGoals<T>(selector: (snapshot: GoalsSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useGoalsActor(), selector, compare);
}

/**
 * An aborted read never settles. Its actor was stopped, or StrictMode's remount revived it from its
 * snapshot (@xstate/react rehydration) and started a fresh call: the aborted one must not answer it.
 */
const unlessAborted = <T>(signal: AbortSignal, call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => (signal.aborted ? new Promise<T>(() => undefined) : Promise.reject(error)));

/**
 * The goals actor lives as long as the /budget page: nothing else reads goals yet, and a fresh
 * visit should show fresh numbers. Its effects are the API calls and the ui actor's toasts and dialogs.
 */
export function useGoalsMachine(): GoalsActor {
  const { api, ui } = useAppActors();
  const machine = useMemo(
    () =>
      goalsMachine.provide({
        actors: {
          fetchGoals: fromPromise(({ signal }) =>
            unlessAborted(
              signal,
              Promise.all([api.goals.list(signal), api.goals.summary(signal)]).then(([goals, summary]) => ({ goals, summary })),
            ),
          ),
          fetchSummary: fromPromise(({ signal }) => unlessAborted(signal, api.goals.summary(signal))),
          // The form sends what the user chose; the server validates every field (spec §5: no client-side rules).
          saveGoal: fromPromise(({ input }) =>
            input.goalId === null ? api.goals.create(input.values as CreateGoalRequest) : api.goals.update(input.goalId, input.values as CreateGoalRequest),
          ),
          deleteGoal: fromPromise(({ input }) => api.goals.remove(input.goalId)),
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
              notify: (_, toast) => ui.send({ type: 'toast.show', toast }),
            },
          }),
        },
        actions: {
          notify: (_, toast) => {
            if (toast.message) ui.send({ type: 'toast.show', toast });
          },
          requestDeleteConfirmation: ({ self }, { goal }) =>
            ui.send({
              type: 'confirmation.open',
              request: {
                variant: 'danger',
                title: 'Delete goal',
                message: `Delete "${goal.name}" and its fund history? This cannot be undone.`,
                confirmLabel: 'Delete goal',
                replyTo: self,
                onConfirm: { type: 'deletion.confirm' },
                onCancel: { type: 'deletion.cancel' },
              },
            }),
          // The server's reward (goal_progress_100) opens the dialog through the API client: one mechanism for every award.
          celebrate: () => undefined,
        },
      }),
    [api, ui],
  );
  return useActorRef(machine, { inspect });
}
