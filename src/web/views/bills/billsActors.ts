import { fromPromise } from 'xstate';
import { billSuggestionsMachine } from '../../../../machines/billSuggestions';
import { billsOverviewMachine } from '../../../../machines/billsOverview';
import { notificationCentreMachine } from '../../../../machines/notificationCentre';
import { unlessAborted } from '../../api/abort';
import { pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';
import { recurringApi } from '../../api/recurring';

export const { Provider: BillsOverviewProvider, useActor: useBillsOverviewActor, useSelect: useBillsOverview } = pageActor<typeof billsOverviewMachine>('billsOverview');

/** The Bills page's figures: the month ahead and the forecast from `today` (the browser's day). */
export function useBillsOverviewMachine(today: string) {
  return usePageMachine(({ api }) =>
    billsOverviewMachine.provide({
      actors: {
        load: fromPromise(async ({ signal }) => {
          const [monthAhead, forecast] = await unlessAborted(signal, Promise.all([recurringApi(api.call).monthAhead(today, signal), recurringApi(api.call).forecast(today, signal)]));
          return { monthAhead, forecast };
        }),
      },
    }),
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
