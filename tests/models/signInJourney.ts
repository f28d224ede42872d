import { createMachine } from 'xstate';

/**
 * The journey of docs/product.md §4 from the outside in, as a signed-out user meets it: a guarded page sends them to
 * /login (remembering the page), signing in leads through onboarding to the access check, the free trial
 * cannot start, so the plan picker opens on /ai-coach; logging out resets the app. Its paths run against the
 * real app machine and its real children (tests/machines/signInJourney.model.test.ts). States are what the user
 * sees; events are what the user does. No invokes: this is a model, not the app.
 */
export const signInJourneyModel = createMachine({
  id: 'signInJourney',
  initial: 'loginRemembersPage',
  states: {
    loginRemembersPage: {
      description: 'Signed out, opened /transactions: on /login?from=/transactions.',
      on: { LOG_IN: 'wizard' },
    },
    wizard: {
      description: 'Signed in, onboarding neither completed nor skipped: the wizard at /onboarding.',
      on: { COMPLETE_ONBOARDING: 'planPicker', LOG_OUT: 'signedOut' },
    },
    planPicker: {
      description: "Onboarding done, the free trial could not start: the subscription modal 'Choose a plan' on /ai-coach.",
      on: { LOG_OUT: 'signedOut' },
    },
    signedOut: {
      description: "Logged out: on /login, no page remembered, every modal closed, 'Logged out successfully'.",
    },
  },
});

export type SignInJourneyEventType = 'LOG_IN' | 'COMPLETE_ONBOARDING' | 'LOG_OUT';
