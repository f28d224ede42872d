import { fromPromise, type ActorRefFrom } from 'xstate';
import { budgetMachine, type BudgetChange } from '../../../../machines/budget';
import type { Api } from '../../api';
import { unlessAborted } from '../../api/abort';
import { pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';
import { budgetsApi } from '../../api/budgets';
import { categoriesApi } from '../../api/categories';

export type BudgetActor = ActorRefFrom<typeof budgetMachine>;

const budget = pageActor<typeof budgetMachine>('budget');
export const { Provider: BudgetProvider, useActor: useBudgetActor, useSelect: useBudget } = budget;

const send = async (api: Api, month: string, change: BudgetChange) => {
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
    case 'target':
      return budgetsApi(api.call).target(month, change.target);
    case 'restore':
      return budgetsApi(api.call).amounts(month, { amounts: change.amounts });
    // The order is the category manager's: set there, then the month read again in it.
    case 'order_categories':
      await categoriesApi(api.call).order(change.group_id, change.names);
      return budgetsApi(api.call).month(month);
    case 'order_groups':
      await categoriesApi(api.call).orderGroups(change.group_ids);
      return budgetsApi(api.call).month(month);
  }
};

/** The month budget's actor lives as long as /budget; it starts on the month given (the link's, or this one). */
export function useBudgetMachine(month: string): BudgetActor {
  return usePageMachine(
    ({ api, ui }) =>
      budgetMachine.provide({
        actors: {
          fetchMonth: fromPromise(({ input, signal }) => unlessAborted(signal, budgetsApi(api.call).month(input.month, signal))),
          saveChange: fromPromise(async ({ input }) => {
            const answer = await send(api, input.month, input.change);
            // Where the redraw after a change starts (the e2e test measures from it to the row showing the answer).
            performance.mark('budget:answer');
            return answer;
          }),
        },
        actions: { notify: toastVia(ui) },
      }),
    { month },
  );
}
