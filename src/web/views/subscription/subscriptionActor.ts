import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { subscriptionMachine, type SubscriptionInput } from '../../../../machines/subscription';
import { useAppActors } from '../../app/context';

export type SubscriptionActor = ActorRefFrom<typeof subscriptionMachine>;
export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

/**
 * A subscription actor for as long as the component shows (Settings' section, the plan picker, the checkout
 * return page): it loads on start, so no effect has to kick it. Its effects are the API calls, the ui
 * actor's toasts, the session's profile refetch and leaving for the billing provider.
 */
export function useSubscriptionActor(input: SubscriptionInput): SubscriptionActor {
  const { api, ui, session } = useAppActors();
  const machine = useMemo(
    () =>
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
          notify: (_, toast) => ui.send({ type: 'toast.show', toast }),
          leaveFor: (_, { url }) => window.location.assign(url),
          refreshProfile: () => session.send({ type: 'session.refreshProfile' }),
        },
      }),
    [api, ui, session],
  );
  return useActorRef(machine, { input });
}

export const useSubscription = <T,>(actor: SubscriptionActor, selector: (snapshot: SubscriptionSnapshot) => T): T => useSelector(actor, selector);
