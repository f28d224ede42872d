import { createMachine } from 'xstate';

/**
 * A new user's way into the features, as the user sees it (docs/product.md §2 routes and overlays, §4 onboarding,
 * route guard and access check): onboarding (skip or complete) → a route that requires onboarding
 * (/transactions in modal mode, /settings in redirect mode) → the access check (has access, the trial
 * starts by itself, the subscription modal and /ai-coach, the status call fails and the page opens anyway).
 * Its paths run against the real machines (tests/machines/accessFlow.model.test.ts) and drive the real app
 * in Chromium (tests/e2e/access.e2e.test.ts). States are what the user sees; events are what the user does.
 */
export const accessFlowModel = createMachine({
  id: 'accessFlow',
  initial: 'wizard',
  states: {
    wizard: {
      description: 'Just signed up: the onboarding wizard at /onboarding; onboarding neither completed nor skipped.',
      on: { SKIP_ONBOARDING: 'coachAfterSkip', COMPLETE_ONBOARDING: 'trialStarted' },
    },
    coachAfterSkip: {
      description: 'Skipped onboarding: on /ai-coach, which does not require it.',
      on: { VISIT_TRANSACTIONS: 'onboardingModal', VISIT_SETTINGS: 'wizardAfterSkip' },
    },
    onboardingModal: {
      description:
        "Skipped plus /transactions (modal mode): 'Complete Onboarding' with the skipped text, 'Maybe Later' and 'Complete Now'.",
      on: { MAYBE_LATER: 'coachAfterModal', COMPLETE_NOW: 'wizardAfterSkip' },
    },
    coachAfterModal: {
      description: "'Maybe Later': the modal closed, on /ai-coach; onboarding still skipped.",
      on: { VISIT_SETTINGS: 'wizardAfterSkip' },
    },
    wizardAfterSkip: {
      description: 'Back on the wizard at /onboarding (redirected from /settings, or /onboarding?force=true from the modal); still skipped.',
      on: { COMPLETE_ONBOARDING: 'trialStarted' },
    },
    trialStarted: {
      description: "Completed onboarding: /dashboard opens and the free trial starts by itself, with a toast.",
      on: { VISIT_TRANSACTIONS: 'transactionsOpen', ASK_END_TRIAL: 'endTrialAsked' },
    },
    endTrialAsked: {
      description: "Settings › 'End trial now': the warning confirmation 'End the free trial now?' is open; nothing has ended yet.",
      on: { KEEP_TRIAL: 'trialKept', CONFIRM_END_TRIAL: 'trialEnded' },
    },
    trialKept: {
      description: 'Cancel in the confirmation: the dialog closes, still on the free trial in /settings.',
      on: { VISIT_TRANSACTIONS: 'transactionsOpen' },
    },
    transactionsOpen: {
      description: 'During the trial (has_access): /transactions opens; no second trial start, no modal.',
      on: { END_TRIAL: 'trialEnded' },
    },
    trialEnded: {
      description: "Ended the trial from Settings ('End trial now'): no access, the trial used.",
      on: { VISIT_TRANSACTIONS: 'subscriptionModal', VISIT_TRANSACTIONS_WHILE_STATUS_FAILS: 'openedDespiteFailure' },
    },
    subscriptionModal: {
      description: "No access and the trial used: the subscription modal ('Choose a plan') opens and the user lands on /ai-coach.",
      on: { SUBSCRIBE_MONTHLY: 'subscribed' },
    },
    openedDespiteFailure: {
      description: 'The status call failed (network): the page opens anyway (docs/product.md §4: if the status call fails, allow).',
    },
    subscribed: {
      description: 'Paid the monthly plan at checkout; /subscription/success confirmed it; access is back.',
      on: { VISIT_TRANSACTIONS: 'paidTransactionsOpen' },
    },
    paidTransactionsOpen: {
      description: 'With the paid subscription (has_access): /transactions opens.',
    },
  },
});

export type AccessFlowEventType =
  | 'SKIP_ONBOARDING'
  | 'COMPLETE_ONBOARDING'
  | 'VISIT_TRANSACTIONS'
  | 'VISIT_SETTINGS'
  | 'MAYBE_LATER'
  | 'COMPLETE_NOW'
  | 'END_TRIAL'
  | 'ASK_END_TRIAL'
  | 'KEEP_TRIAL'
  | 'CONFIRM_END_TRIAL'
  | 'VISIT_TRANSACTIONS_WHILE_STATUS_FAILS'
  | 'SUBSCRIBE_MONTHLY';

/** What the user reads, exactly (docs/product.md §2 and the machines' texts). */
export const accessFlowTexts = {
  onboardingTitle: 'Complete Onboarding',
  skippedMessage: 'You previously skipped onboarding. Please complete it to access transactions and budgeting features.',
  maybeLater: 'Maybe Later',
  completeNow: 'Complete Now',
  trialDays: 14,
  trialStarted: 'Your 14-day free trial has started. Enjoy every feature!',
  onboardingCompleted: 'You are all set! Your coach now knows your starting point.',
  subscriptionModalTitle: 'Choose a plan',
  endTrialQuestion: 'End the free trial now?',
  trialEnded: 'Your trial has ended.',
} as const;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function accessFlowTransitions(): string[] {
  return Object.values(accessFlowModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

/** The "state:EVENT" transitions a list of paths takes. */
export function transitionsTaken(paths: { steps: { state: { value: unknown }; event: { type: string } }[] }[]): Set<string> {
  return new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
}
