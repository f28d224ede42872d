import { assign, fromPromise, setup } from 'xstate';
import type { SubscriptionStatus } from '../src/contract/subscription';
import type { Toast } from './types';

/** The part of GET /subscription/status (the contract's SubscriptionStatus) the access rule reads ([spec:3-subscription-status]). */
export type AccessStatus = Pick<SubscriptionStatus, 'has_access'> & {
  trial: Pick<SubscriptionStatus['trial'], 'active' | 'has_used_trial'> & Partial<Pick<SubscriptionStatus['trial'], 'days_left'>>;
};

export interface AccessContext {
  /** The route being checked. */
  path: string | null;
  status: AccessStatus | null;
  /** The last decision allowed: a re-check keeps the page on screen instead of flashing a loader. */
  granted: boolean;
}

/** What the app hears of a check: the page may open, the trial is starting, or no access. */
export type AccessOutcome = 'allowed' | 'trialStarting' | 'denied';

export type AccessEvent = { type: 'access.check'; path: string } | { type: 'access.reset' };

export const accessTexts = {
  trialStarted: (days?: number) => (days ? `Your ${days}-day free trial has started. Enjoy every feature!` : 'Your free trial has started. Enjoy every feature!'),
} as const;

export const accessMachine = setup({
  types: {
    context: {} as AccessContext,
    events: {} as AccessEvent,
    tags: {} as 'open' | 'busy',
  },
  actors: {
    getStatus: fromPromise<AccessStatus, void>(async () => {
      throw new Error('getStatus not provided');
    }),
    startTrial: fromPromise<{ status: string; trial?: AccessStatus['trial'] }, void>(async () => {
      throw new Error('startTrial not provided');
    }),
  },
  actions: {
    openSubscriptionModal: () => {},
    navigate: (_, _params: { to: string }) => {},
    notify: (_, _toast: Toast) => {},
    /** Tells the app how the check ended (the route guard follows it). */
    report: (_, _params: { outcome: AccessOutcome }) => {},
  },
  guards: {
    hasAccess: (_, status: AccessStatus) => status.has_access,
    trialAvailable: (_, status: AccessStatus) => !status.trial.active && !status.trial.has_used_trial,
    trialStarted: (_, result: { status: string }) => result.status === 'started',
    wasGranted: ({ context }) => context.granted,
  },
}).createMachine({
  id: 'access',
  description:
    'Access check after onboarding: get subscription status. If has_access, allow. If no trial is active and the trial was never used, start the trial automatically; if it reports "started", allow. Otherwise open the subscription modal and redirect to /ai-coach. If the status call fails, allow.',
  context: { path: null, status: null, granted: false },
  initial: 'idle',
  on: {
    'access.check': { description: 'The app opened a feature route: check access for it.', target: '.checking', actions: assign({ path: ({ event }) => event.path }), reenter: true },
    'access.reset': { description: 'Logout: forget the last check.', target: '.idle', actions: assign({ path: null, status: null, granted: false }) },
  },
  states: {
    idle: { description: 'Nothing checked yet (or signed out).' },
    checking: {
      description: 'GET /subscription/status.',
      tags: ['busy'],
      invoke: {
        src: 'getStatus',
        onDone: [
          { description: 'has_access: allow. [spec:4-access-allow]', guard: { type: 'hasAccess', params: ({ event }) => event.output }, target: 'allowed', actions: assign({ status: ({ event }) => event.output }) },
          { description: 'No trial active and the trial never used: start it automatically. [spec:4-access-trial]', guard: { type: 'trialAvailable', params: ({ event }) => event.output }, target: 'startingTrial', actions: assign({ status: ({ event }) => event.output }) },
          { description: 'Otherwise: no access. [spec:4-access-deny]', target: 'denied', actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: { description: 'If the status call fails, allow. [spec:4-access-status-failed]', target: 'allowed' },
      },
    },
    startingTrial: {
      description: 'POST /subscription/trial/start: the trial starts by itself on the first visit to a feature.',
      tags: ['busy'],
      entry: { type: 'report', params: { outcome: 'trialStarting' } },
      invoke: {
        src: 'startTrial',
        onDone: [
          {
            description: "The trial reported 'started': allow, with the toast 'Your N-day free trial has started. Enjoy every feature!' [spec:4-access-trial]",
            guard: { type: 'trialStarted', params: ({ event }) => event.output },
            target: 'allowed',
            actions: { type: 'notify', params: ({ event }) => ({ kind: 'success', message: accessTexts.trialStarted(event.output.trial?.days_left) }) },
          },
          { description: "The trial did not report 'started': no access. [spec:4-access-deny]", target: 'denied' },
        ],
        onError: { description: 'The trial could not start: no access.', target: 'denied' },
      },
    },
    allowed: {
      description: 'The page opens.',
      tags: ['open'],
      entry: [assign({ granted: true }), { type: 'report', params: { outcome: 'allowed' } }],
    },
    denied: {
      description: 'No access: the subscription modal opens and the user lands on /ai-coach.',
      entry: [assign({ granted: false }), { type: 'report', params: { outcome: 'denied' } }, 'openSubscriptionModal', { type: 'navigate', params: { to: '/ai-coach' } }],
    },
  },
});
