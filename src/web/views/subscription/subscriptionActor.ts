import { fromPromise, type ActorRefFrom } from 'xstate';
import { subscriptionMachine, type SubscriptionInput } from '../../../../machines/subscription';
import { toastVia, usePageMachine } from '../../hooks/pageActor';

export type SubscriptionActor = ActorRefFrom<typeof subscriptionMachine>;

/**
 * A subscription actor for as long as the component shows (Settings' section, the plan picker, the checkout
 * return page): it loads on start, so no effect has to kick it. Its effects are the API calls, the ui
 * actor's toasts, the session's profile refetch and leaving for the billing provider.
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
        },
      }),
    input,
  );
}
