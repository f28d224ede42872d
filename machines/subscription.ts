import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutResponse, PlansResponse, PortalResponse, SubscriptionStatus } from '../src/contract/subscription';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

export type PlansOffer = PlansResponse;
type Checkout = CheckoutResponse;
type Portal = PortalResponse;

export interface SubscriptionContext {
  status: SubscriptionStatus | null;
  plans: PlansOffer | null;
  /** Why the status (or the confirmation) could not load. */
  error: CallFailure | null;
  plansError: CallFailure | null;
  /** The checkout session to confirm (/subscription/success?session_id=…). */
  sessionId: string | null;
  /** The plan whose Choose button is busy. */
  choosingPlanId: string | null;
  withPlans: boolean;
}

export interface SubscriptionInput {
  /** Confirm this checkout first (the success page). */
  sessionId?: string | null;
  /** Also load the plans (the plan picker). */
  withPlans?: boolean;
}

export type SubscriptionEvent =
  | { type: 'subscription.reload' }
  | { type: 'subscription.checkout'; planId: string }
  | { type: 'subscription.confirm' }
  | { type: 'subscription.cancel' }
  | { type: 'subscription.resume' }
  | { type: 'subscription.endTrial' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  | { type: 'endTrial.confirm' }
  | { type: 'endTrial.dismiss' }
  | { type: 'subscription.portal' }
  | { type: 'plans.reload' };

/**
 * What the user reads after each step, and the defaults in the style of [spec:8-message] when the server gives no detail. The
 * machine writes its success toasts literally (so Stately shows them); tests/machines/subscription.test.ts checks they agree.
 */
export const subscriptionTexts = {
  statusFailed: 'Failed to fetch subscription status',
  plansFailed: 'Failed to fetch plans',
  checkoutFailed: 'Failed to start checkout',
  confirmFailed: 'Failed to confirm the subscription',
  cancelFailed: 'Failed to cancel subscription',
  endTrialFailed: 'Failed to end the trial',
  portalFailed: 'Failed to open the billing portal',
  activated: 'Subscription activated. Thank you!',
  cancelled: 'Subscription cancelled. You keep access until the end of the period.',
  trialEnded: 'Your trial has ended.',
} as const;

const onStatus = (name: SubscriptionStatus['status']) => ({ context }: { context: SubscriptionContext }) => context.status?.status === name;

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionInput,
    tags: {} as 'busy',
  },
  actors: {
    getStatus: fromPromise<SubscriptionStatus, void>(async () => {
      throw new Error('getStatus not provided');
    }),
    getPlans: fromPromise<PlansOffer, void>(async () => {
      throw new Error('getPlans not provided');
    }),
    createCheckout: fromPromise<Checkout, { planId: string }>(async () => {
      throw new Error('createCheckout not provided');
    }),
    confirmCheckout: fromPromise<SubscriptionStatus, { sessionId: string }>(async () => {
      throw new Error('confirmCheckout not provided');
    }),
    cancelSubscription: fromPromise<SubscriptionStatus, void>(async () => {
      throw new Error('cancelSubscription not provided');
    }),
    endTrial: fromPromise<SubscriptionStatus, void>(async () => {
      throw new Error('endTrial not provided');
    }),
    openPortal: fromPromise<Portal, void>(async () => {
      throw new Error('openPortal not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** The browser leaves the app for the billing provider (hosted checkout or portal). */
    leaveFor: (_, _params: { url: string }) => {},
    /** The profile carries the subscription: the session refetches it. */
    refreshProfile: () => {},
    /**
     * Opens the confirmation of a step that takes features away; it answers `<step>.confirm` or `<step>.dismiss`.
     * `periodEnd` is when a cancelled plan's access ends.
     */
    requestConfirmation: (_, _params: { step: 'cancel' | 'endTrial'; periodEnd: string | null }) => {},
  },
  guards: {
    confirmsCheckout: ({ context }) => Boolean(context.sessionId),
    wantsPlans: ({ context }) => context.withPlans,
    isNone: onStatus('none'),
    isTrialing: onStatus('trialing'),
    isActive: onStatus('active'),
    isCanceled: onStatus('canceled'),
  },
}).createMachine({
  id: 'subscription',
  description:
    'The subscription as Settings, the plan picker and the checkout return page show it: its state (free trial, active, cancelling at period end, expired) and what the user can do next (choose a plan, cancel, resume, end the trial, manage billing).',
  context: ({ input }) => ({ status: null, plans: null, error: null, plansError: null, sessionId: input.sessionId ?? null, choosingPlanId: null, withPlans: input.withPlans ?? false }),
  type: 'parallel',
  states: {
    account: {
      description: "The user's subscription.",
      initial: 'starting',
      states: {
        starting: {
          description: 'Back from checkout with a session id the payment is confirmed first; otherwise the status loads.',
          always: [
            { description: 'The success page: confirm the checkout.', guard: 'confirmsCheckout', target: 'confirming' },
            { description: 'Settings or the plan picker: load the status.', target: 'loading' },
          ],
        },
        loading: {
          description: 'GET /subscription/status.',
          tags: ['busy'],
          invoke: {
            src: 'getStatus',
            onDone: { description: 'The status is in: show it.', target: 'plan', actions: assign({ status: ({ event }) => event.output, error: null }) },
            onError: {
              description: "The status could not load: the reason shows with a Retry (default 'Failed to fetch subscription status').",
              target: 'failed',
              actions: [assign({ error: ({ event }) => toFailure(event.error, subscriptionTexts.statusFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
            },
          },
        },
        failed: {
          description: 'The status or the confirmation failed; the message is in context.',
          on: {
            'subscription.reload': { description: "'Retry': load the status again.", target: 'loading' },
            'subscription.confirm': { description: "'Try again': confirm the checkout again.", guard: 'confirmsCheckout', target: 'confirming' },
          },
        },
        confirming: {
          description: 'POST /subscription/confirm {session_id}: the payment at the hosted checkout activates the plan.',
          tags: ['busy'],
          invoke: {
            src: 'confirmCheckout',
            input: ({ context }) => ({ sessionId: context.sessionId! }),
            onDone: {
              description: "Paid: the plan is active, toast 'Subscription activated. Thank you!', and the profile is refetched.",
              target: 'plan',
              actions: [assign({ status: ({ event }) => event.output, error: null }), { type: 'notify', params: { kind: 'success', message: 'Subscription activated. Thank you!' } }, 'refreshProfile'],
            },
            onError: {
              description: "Not confirmed: the reason shows with 'Try again' (default 'Failed to confirm the subscription').",
              target: 'failed',
              actions: [assign({ error: ({ event }) => toFailure(event.error, subscriptionTexts.confirmFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
            },
          },
        },
        plan: {
          description: 'The status is known: which plan the user is on decides what they can do.',
          initial: 'resolving',
          on: {
            'subscription.reload': { description: 'Load the status again (after a change elsewhere).', target: 'loading' },
            'subscription.checkout': {
              description: "'Choose <plan>': start a hosted checkout for that plan.",
              target: 'checkingOut',
              actions: assign({ choosingPlanId: ({ event }) => event.planId }),
            },
          },
          states: {
            resolving: {
              description: 'Reads the status the server gave.',
              always: [
                { description: 'Never subscribed: the trial starts by itself on the first feature.', guard: 'isNone', target: 'none' },
                { description: 'On the free trial.', guard: 'isTrialing', target: 'trialing' },
                { description: 'On a paid plan.', guard: 'isActive', target: 'active' },
                { description: 'Cancelled, with access until the end of the paid period.', guard: 'isCanceled', target: 'canceling' },
                { description: 'The trial or the subscription has ended.', target: 'expired' },
              ],
            },
            none: { description: "No plan yet: 'Choose a plan'." },
            trialing: {
              description: "The free trial: 'Choose a plan' or 'End trial now'.",
              on: {
                'subscription.endTrial': {
                  description: "'End trial now' asks first: the warning confirmation 'End the free trial now?' opens.",
                  target: '#subscription.account.confirmingEndTrial',
                  actions: { type: 'requestConfirmation', params: { step: 'endTrial', periodEnd: null } },
                },
              },
            },
            active: {
              description: "A paid plan: 'Manage billing' or 'Cancel subscription'.",
              on: {
                'subscription.cancel': {
                  description: "'Cancel subscription' asks first: the danger confirmation 'Cancel subscription?' opens, naming the day access ends.",
                  target: '#subscription.account.confirmingCancel',
                  actions: { type: 'requestConfirmation', params: ({ context }) => ({ step: 'cancel' as const, periodEnd: context.status?.current_period_end ?? null }) },
                },
                'subscription.portal': { description: "'Manage billing': open the billing portal.", target: '#subscription.account.openingPortal' },
              },
            },
            canceling: {
              description: "Cancelled at period end: every feature stays until current_period_end; 'Manage billing' resumes it.",
              on: {
                'subscription.resume': { description: 'Resume the subscription from the billing portal.', target: '#subscription.account.openingPortal' },
                'subscription.portal': { description: "'Manage billing': open the billing portal.", target: '#subscription.account.openingPortal' },
              },
            },
            expired: { description: "The trial or subscription has ended: 'Choose a plan' brings every feature back." },
          },
        },
        checkingOut: {
          description: 'POST /subscription/create-checkout-session {plan_id}.',
          tags: ['busy'],
          invoke: {
            src: 'createCheckout',
            input: ({ context }) => ({ planId: context.choosingPlanId! }),
            onDone: { description: "The browser leaves for the provider's hosted checkout.", target: 'leaving', actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.url }) } },
            onError: {
              description: "Checkout could not start: toast the reason (default 'Failed to start checkout').",
              target: 'plan',
              actions: [assign({ choosingPlanId: null }), { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, subscriptionTexts.checkoutFailed)) }],
            },
          },
        },
        confirmingCancel: {
          description: "The 'Cancel subscription?' confirmation is open.",
          on: {
            'cancel.confirm': { description: "The dialog answered 'Cancel subscription'.", target: 'cancelling' },
            'cancel.dismiss': { description: "The dialog answered 'Keep subscription' (or was closed): nothing changes.", target: 'plan' },
          },
        },
        confirmingEndTrial: {
          description: "The 'End the free trial now?' confirmation is open.",
          on: {
            'endTrial.confirm': { description: "The dialog answered 'End trial now'.", target: 'endingTrial' },
            'endTrial.dismiss': { description: 'The dialog answered Cancel (or was closed): the trial goes on.', target: 'plan' },
          },
        },
        cancelling: {
          description: 'POST /subscription/cancel: the plan ends at the end of the paid period.',
          tags: ['busy'],
          invoke: {
            src: 'cancelSubscription',
            onDone: {
              description: "Toast 'Subscription cancelled. You keep access until the end of the period.', then the status and the profile are refetched.",
              target: 'loading',
              actions: [{ type: 'notify', params: { kind: 'success', message: 'Subscription cancelled. You keep access until the end of the period.' } }, 'refreshProfile'],
            },
            onError: {
              description: "Not cancelled: toast the reason (default 'Failed to cancel subscription').",
              target: 'plan',
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, subscriptionTexts.cancelFailed)) },
            },
          },
        },
        endingTrial: {
          description: 'POST /subscription/trial/end-now: features close until a plan is chosen; the trial cannot restart.',
          tags: ['busy'],
          invoke: {
            src: 'endTrial',
            onDone: {
              description: "Toast 'Your trial has ended.', then the status and the profile are refetched.",
              target: 'loading',
              actions: [{ type: 'notify', params: { kind: 'success', message: 'Your trial has ended.' } }, 'refreshProfile'],
            },
            onError: {
              description: "The trial goes on: toast the reason (default 'Failed to end the trial').",
              target: 'plan',
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, subscriptionTexts.endTrialFailed)) },
            },
          },
        },
        openingPortal: {
          description: 'POST /subscription/portal.',
          tags: ['busy'],
          invoke: {
            src: 'openPortal',
            onDone: { description: "The browser leaves for the provider's billing portal.", target: 'leaving', actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.url }) } },
            onError: {
              description: "The portal could not open: toast the reason (default 'Failed to open the billing portal').",
              target: 'plan',
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, subscriptionTexts.portalFailed)) },
            },
          },
        },
        leaving: {
          description: 'The browser is on its way to the billing provider; it comes back on /subscription/success or /settings.',
          tags: ['busy'],
        },
      },
    },
    plans: {
      description: 'The plans with their prices (the plan picker only).',
      initial: 'starting',
      states: {
        starting: {
          description: 'Only the plan picker needs the plans.',
          always: [{ description: 'The plan picker: load the plans.', guard: 'wantsPlans', target: 'loading' }, { description: 'Settings and the success page show no plans.', target: 'notNeeded' }],
        },
        notNeeded: { description: 'No plans shown here.' },
        loading: {
          description: 'GET /subscription/plans.',
          invoke: {
            src: 'getPlans',
            onDone: { description: 'The plans are in: the cards show.', target: 'ready', actions: assign({ plans: ({ event }) => event.output, plansError: null }) },
            onError: {
              description: "The plans could not load: the reason shows (default 'Failed to fetch plans').",
              target: 'failed',
              actions: [assign({ plansError: ({ event }) => toFailure(event.error, subscriptionTexts.plansFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.plansError) }],
            },
          },
        },
        ready: { description: 'The plan cards show.' },
        failed: { description: 'The plans could not load.', on: { 'plans.reload': { description: 'Load the plans again.', target: 'loading' } } },
      },
    },
  },
});
