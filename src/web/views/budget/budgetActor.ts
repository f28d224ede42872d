import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { budgetMachine, type BudgetChange } from '../../../../machines/budget';
import { addMonths } from '../../../contract/calendar';
import type { BudgetMonth } from '../../../contract/budgets';
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

/**
 * The month budget's actor lives as long as its page (/budget, or the dashboard's card); it starts on the month
 * given (the link's, or this one). When the tab comes back into view or the window gets focus it reads the month
 * again (the budget may have changed in another tab); a visit in the same tab starts a fresh actor anyway.
 * `readAhead`: /budget holds the months before and after the one shown, so Previous and Next draw at once; the
 * dashboard's card, which has no month switch, does not read them.
 */
export function useBudgetMachine(month: string, readAhead = true): BudgetActor {
  const actor = useBudgetActorFor(month, readAhead);
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'budget.refresh' });
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [actor]);
  return actor;
}

function useBudgetActorFor(month: string, readAhead: boolean): BudgetActor {
  return usePageMachine(
    ({ api, ui }) =>
      budgetMachine.provide({
        actors: {
          fetchMonth: fromPromise(({ input, signal }) => unlessAborted(signal, budgetsApi(api.call).month(input.month, signal))),
          fetchAround: fromPromise(async ({ input, signal }) => {
            if (!readAhead) return {};
            const months = [addMonths(input.month, -1), addMonths(input.month, 1)];
            const read = await unlessAborted(signal, Promise.all(months.map((m) => budgetsApi(api.call).month(m, signal))));
            return Object.fromEntries(months.map((m, i) => [m, read[i]!])) as Record<string, BudgetMonth>;
          }),
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
