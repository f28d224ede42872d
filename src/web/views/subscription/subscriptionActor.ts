import { fromPromise, type ActorRefFrom } from 'xstate';
import { subscriptionMachine, type SubscriptionInput } from '../../../../machines/subscription';
import { formatLongDate } from '../../format/date';
import { askToConfirm, toastVia, usePageMachine } from '../../hooks/pageActor';

export type SubscriptionActor = ActorRefFrom<typeof subscriptionMachine>;

/**
 * A subscription actor for as long as the component shows (Settings' section, the plan picker, the checkout
 * return page): it loads on start, so no effect has to kick it. Its effects are the API calls, the ui
 * actor's toasts and confirmations, the session's profile refetch and leaving for the billing provider.
 */
export function useSubscriptionActor(input: SubscriptionInput): SubscriptionActor {
  return usePageMachine(
    ({ api, ui, session }) =>
      subscriptionMachine.provide({
        actors: {
          getStatus: fromPromise(() => api.subscription.status()),
          getPlans: fromPromise(() => api.subscription.plans()),
          createCheckout: fromPromise(({ input: { planId } }) => api.subscription.createCheckout(planId)),
          confirmCheckout: fromPromise(({ input: { sessionId } }) => api.subscription.confirm(sessionId)),
          cancelSubscription: fromPromise(() => api.subscription.cancel()),
          endTrial: fromPromise(() => api.subscription.endTrialNow()),
          openPortal: fromPromise(() => api.subscription.portal()),
        },
        actions: {
          notify: toastVia(ui),
          leaveFor: (_, { url }) => window.location.assign(url),
          refreshProfile: () => session.send({ type: 'session.refreshProfile' }),
          requestConfirmation: ({ self }, { step, periodEnd }) =>
            askToConfirm(
              ui,
              self,
              step === 'cancel'
                ? {
                    variant: 'danger',
                    title: 'Cancel subscription?',
                    message: `You keep access until ${formatLongDate(periodEnd)}. After that, the dashboard, transactions, goals and rewards close until you subscribe again.`,
                    confirmLabel: 'Cancel subscription',
                    cancelLabel: 'Keep subscription',
                    onConfirm: { type: 'cancel.confirm' },
                    onCancel: { type: 'cancel.dismiss' },
                  }
                : {
                    variant: 'warning',
                    title: 'End the free trial now?',
                    message: 'For trying out what happens after the trial: features close until you choose a plan. The trial cannot be restarted.',
                    confirmLabel: 'End trial now',
                    onConfirm: { type: 'endTrial.confirm' },
                    onCancel: { type: 'endTrial.dismiss' },
                  },
            ),
        },
      }),
    input,
  );
}
