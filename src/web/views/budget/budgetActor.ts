import { fromPromise, type ActorRefFrom } from 'xstate';
import { budgetMachine, type BudgetChange } from '../../../../machines/budget';
import type { Api } from '../../api';
import { unlessAborted } from '../../api/abort';
import { pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';
import { budgetsApi } from '../../api/budgets';

export type BudgetActor = ActorRefFrom<typeof budgetMachine>;

const budget = pageActor<typeof budgetMachine>('budget');
export const { Provider: BudgetProvider, useActor: useBudgetActor, useSelect: useBudget } = budget;

const send = (api: Api, month: string, change: BudgetChange) => {
  switch (change.kind) {
    case 'assign':
      return budgetsApi(api.call).assign(month, { category: change.category, assigned: change.assigned });
    case 'move':
      return budgetsApi(api.call).move(month, { from: change.from, to: change.to, amount: change.amount });
    case 'rollover':
      return budgetsApi(api.call).rollover(month, { category: change.category, rollover: change.rollover });
    case 'mode':
      return budgetsApi(api.call).mode(month, { mode: change.mode });
    case 'fill':
      return budgetsApi(api.call).fill(month, { source: change.source, ...(change.category ? { category: change.category } : {}) });
  }
};

/** The month budget's actor lives as long as /budget; it starts on the month given (the link's, or this one). */
export function useBudgetMachine(month: string): BudgetActor {
  return usePageMachine(
    ({ api, ui }) =>
      budgetMachine.provide({
        actors: {
          fetchMonth: fromPromise(({ input, signal }) => unlessAborted(signal, budgetsApi(api.call).month(input.month, signal))),
          saveChange: fromPromise(({ input }) => send(api, input.month, input.change)),
        },
        actions: { notify: toastVia(ui) },
      }),
    { month },
  );
}
