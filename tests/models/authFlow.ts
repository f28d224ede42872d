import { createMachine } from 'xstate';

/**
 * The sign-up / sign-in / sign-out flow as a user sees it (password, email verification, Google, wallet).
 * Its paths run against the real session machine (tests/machines/auth.model.test.ts) and can drive the real app in Chromium.
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
      on: { LOG_IN: 'unverifiedLoginRefused', OPEN_VERIFICATION_LINK: 'signedIn', FOLLOW_VERIFICATION_CALLBACK: 'signedIn' },
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
      on: { LOG_IN: 'signedIn', LOG_IN_WITH_WRONG_PASSWORD: 'loginRefused', SIGN_IN_WITH_GOOGLE: 'signedIn', FOLLOW_TOKEN_CALLBACK: 'signedIn', SIGN_IN_WITH_WALLET: 'signedIn' },
    },
    loginRefused: {
      description: "Wrong password: 'Incorrect email or password', still signed out.",
      on: { LOG_IN: 'signedIn' },
    },
  },
});

/**
 * OPEN_VERIFICATION_LINK: the web page /verify-email?token= verifies; FOLLOW_VERIFICATION_CALLBACK: the API verified
 * and sent the browser back with a one-time sign-in token (exchanged at once). SIGN_IN_WITH_GOOGLE: the Google
 * callback with its one-time token (exchanged at once); FOLLOW_TOKEN_CALLBACK: a callback that carries the session
 * token itself (the product's /oauth-callback shape, still accepted); SIGN_IN_WITH_WALLET: Sign-In with Ethereum
 * with a wallet linked to the account.
 */
export type AuthFlowEvent = {
  type: 'REGISTER' | 'LOG_IN' | 'OPEN_VERIFICATION_LINK' | 'FOLLOW_VERIFICATION_CALLBACK' | 'LOG_OUT' | 'SESSION_EXPIRES' | 'RELOAD' | 'LOG_IN_WITH_WRONG_PASSWORD' | 'SIGN_IN_WITH_GOOGLE' | 'FOLLOW_TOKEN_CALLBACK' | 'SIGN_IN_WITH_WALLET';
};

/** Every transition of a model as "state:EVENT", to check that the chosen paths cover them all. */
export function transitionsOf(model: typeof authFlowModel): string[] {
  return Object.values(model.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}
