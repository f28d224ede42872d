import { fromPromise } from 'xstate';
import { billSuggestionsMachine } from '../../../../machines/billSuggestions';
import { billsOverviewMachine } from '../../../../machines/billsOverview';
import { recurringFormMachine } from '../../../../machines/recurringForm';
import { notificationCentreMachine } from '../../../../machines/notificationCentre';
import { unlessAborted } from '../../api/abort';
import { pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';
import { recurringApi } from '../../api/recurring';

export const { Provider: BillsOverviewProvider, useActor: useBillsOverviewActor, useSelect: useBillsOverview } = pageActor<typeof billsOverviewMachine>('billsOverview');

/** The Bills page's figures (the month ahead and the forecast from `today`, the browser's day), its items and their form. */
export function useBillsOverviewMachine(today: string) {
  return usePageMachine(
    ({ api, ui }) =>
      billsOverviewMachine.provide({
        actors: {
          load: fromPromise(async ({ signal }) => {
            const bills = recurringApi(api.call);
            const [monthAhead, forecast, items, accounts] = await unlessAborted(signal, Promise.all([bills.monthAhead(today, signal), bills.forecast(today, signal), bills.items(today, signal), api.accounts.list(signal)]));
            return { monthAhead, forecast, items: items.items, accounts: accounts.accounts.filter((a) => !a.closed).map((a) => ({ account_id: a.account_id, name: a.name })) };
          }),
          setOccurrence: fromPromise(({ input }) => recurringApi(api.call).setOccurrence(input.recurringId, input.date, input.status)),
          recurringForm: recurringFormMachine.provide({ actors: { saveItem: fromPromise(({ input }) => recurringApi(api.call).saveItem(input.recurringId, input.body)) }, actions: { notify: toastVia(ui) } }),
        },
        actions: { notify: toastVia(ui) },
      }),
    { today },
  );
}

/** The suggestions: confirming one reloads the figures (`onAdded`). */
export function useBillSuggestionsMachine(today: string, onAdded: () => void) {
  return usePageMachine(({ api, ui }) =>
    billSuggestionsMachine.provide({
      actors: {
        load: fromPromise(async ({ signal }) => (await unlessAborted(signal, recurringApi(api.call).suggestions(today, signal))).suggestions),
        confirm: fromPromise(({ input }) => recurringApi(api.call).confirm(input.key, today)),
        dismiss: fromPromise(async ({ input }) => void (await recurringApi(api.call).dismiss(input.key))),
      },
      actions: { notify: toastVia(ui), itemAdded: onAdded },
    }),
  );
}

/** The bell's actor, for the shell's lifetime. */
export function useNotificationCentreMachine() {
  return usePageMachine(({ api, ui, app }) =>
    notificationCentreMachine.provide({
      actors: {
        load: fromPromise(({ signal }) => unlessAborted(signal, recurringApi(api.call).notifications(signal))),
        read: fromPromise(({ input }) => recurringApi(api.call).readNotification(input.id)),
        readAll: fromPromise(() => recurringApi(api.call).readAllNotifications()),
        dismiss: fromPromise(async ({ input }) => void (await recurringApi(api.call).dismissNotification(input.id))),
      },
      actions: { notify: toastVia(ui), navigate: (_, to) => app.send({ type: 'app.navigate', to }) },
    }),
  );
}
