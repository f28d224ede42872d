import { createMachine } from 'xstate';

/**
 * The sign-up / sign-in / sign-out flow as a user sees it. Its paths run against the real
 * session machine (tests/machines/auth.model.test.ts) and can drive the real app in Chromium.
 * States are what the user sees; events are what the user does. No invokes: this is a model, not the app.
 */
export const authFlowModel = createMachine({
  id: 'authFlow',
  initial: 'noAccount',
  states: {
    noAccount: {
      description: 'Signed out, no account yet.',
      on: { REGISTER: 'awaitingVerification' },
    },
    awaitingVerification: {
      description: 'Registered: told to check the inbox; not signed in.',
      on: { LOG_IN: 'unverifiedLoginRefused', OPEN_VERIFICATION_LINK: 'signedIn' },
    },
    unverifiedLoginRefused: {
      description: 'Tried to log in before verifying: refused with the server detail.',
      on: { OPEN_VERIFICATION_LINK: 'signedIn' },
    },
    signedIn: {
      description: 'Signed in: token and user stored.',
      on: { LOG_OUT: 'signedOut', SESSION_EXPIRES: 'signedOut', RELOAD: 'signedIn' },
    },
    signedOut: {
      description: 'Signed out with a verified account.',
      on: { LOG_IN: 'signedIn', LOG_IN_WITH_WRONG_PASSWORD: 'loginRefused' },
    },
    loginRefused: {
      description: "Wrong password: 'Incorrect email or password', still signed out.",
      on: { LOG_IN: 'signedIn' },
    },
  },
});

export type AuthFlowEvent = { type: 'REGISTER' | 'LOG_IN' | 'OPEN_VERIFICATION_LINK' | 'LOG_OUT' | 'SESSION_EXPIRES' | 'RELOAD' | 'LOG_IN_WITH_WRONG_PASSWORD' };

/** Every transition of a model as "state:EVENT", to check that the chosen paths cover them all. */
export function transitionsOf(model: typeof authFlowModel): string[] {
  return Object.values(model.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}
