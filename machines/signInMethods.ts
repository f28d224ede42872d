import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { SignInMethod, SignInMethodsResponse } from '../src/contract/identities';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';
import { walletSignInMachine, walletTexts } from './walletSignIn';

export type { SignInMethodsResponse };

export interface SignInMethodsInput {
  /** `linked` from the URL after a Google link flow (linked=google). */
  linked?: string | null;
  /** `link_error` from the URL after a Google link flow that failed. */
  linkError?: string | null;
  /** `link_code` from the URL after a Google link flow: this session redeems it to finish the link. */
  linkCode?: string | null;
}

/** What waits for the password to be confirmed (the server answered 428). */
export type PendingChange = { kind: 'google' } | { kind: 'wallet' } | { kind: 'unlink'; identityId: string };

export interface SignInMethodsContext {
  methods: SignInMethodsResponse | null;
  error: CallFailure | null;
  /** The method being removed. */
  removing: string | null;
  /** The method whose removal waits for the user's answer in the confirmation. */
  asked: string | null;
  /** The change that waits for the password to be confirmed. */
  pending: PendingChange | null;
  /** The code to redeem, back from a Google link flow. */
  linkCode: string | null;
  /** Why the password was not confirmed (wrong password), shown in the dialog. */
  confirmError: CallFailure | null;
}

export type SignInMethodsEvent =
  | { type: 'methods.reload' }
  | { type: 'methods.linkGoogle' }
  | { type: 'methods.linkWallet' }
  | { type: 'methods.walletChosen'; walletId: string }
  | { type: 'methods.walletCancel' }
  | { type: 'methods.unlink'; identityId: string }
  | { type: 'unlink.confirm' }
  | { type: 'unlink.dismiss' }
  | { type: 'methods.confirmPassword'; password: string }
  | { type: 'methods.confirmCancel' };

/** The texts the machine shows; the machine writes its toasts literally (so Stately shows them) and its tests check they agree. */
export const signInMethodsTexts = {
  loadFailed: 'Failed to fetch sign-in methods',
  googleLinked: 'Google account linked. You can now sign in with it.',
  walletLinked: 'Wallet linked. You can now sign in with it.',
  unlinked: 'Sign-in method removed',
  unlinkFailed: 'Failed to unlink the sign-in method',
  googleFailed: 'Failed to start linking Google',
  googleFinishFailed: 'Failed to finish linking Google',
  confirmFailed: 'Failed to confirm your password',
  linkFailed: walletTexts.linkFailed,
  noWallet: walletTexts.noWalletToLink,
} as const;

/**
 * Settings › Sign-in methods: the password, Google account and wallets of the signed-in user; link
 * Google (full-page redirect, back with linked=google) or a wallet (a signed SIWE message), unlink one
 * while another way to sign in remains (the server enforces it too).
 */
export const signInMethodsMachine = setup({
  types: {
    context: {} as SignInMethodsContext,
    events: {} as SignInMethodsEvent,
    input: {} as SignInMethodsInput,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<SignInMethodsResponse, void>(async () => {
      throw new Error('load not provided');
    }),
    prepareGoogleLink: fromPromise<{ url: string }, void>(async () => {
      throw new Error('prepareGoogleLink not provided');
    }),
    /** The wallet signing flow (machines/walletSignIn.ts), here ending with POST /api/web3/link. */
    walletSignIn: walletSignInMachine,
    unlink: fromPromise<SignInMethodsResponse, { identityId: string }>(async () => {
      throw new Error('unlink not provided');
    }),
    /** POST /auth/link/google/complete with the code from the URL. */
    completeGoogleLink: fromPromise<SignInMethodsResponse, { code: string }>(async () => {
      throw new Error('completeGoogleLink not provided');
    }),
    /** POST /users/me/reauthenticate: the password again, so the change may go on. */
    reauthenticate: fromPromise<unknown, { password: string }>(async () => {
      throw new Error('reauthenticate not provided');
    }),
  },
  actions: {
    notify: (_, _params: Toast) => {},
    /** Full-page navigation to the API's link URL (it continues at the provider). */
    leaveFor: (_, _params: { url: string }) => {},
    /** Opens the danger confirmation naming the method; it answers unlink.confirm or unlink.dismiss. */
    requestUnlinkConfirmation: (_, _params: { method: SignInMethod }) => {},
  },
  guards: {
    walletLinked: ({ event }) => (event as { output?: { ok: boolean } }).output?.ok === true,
    /** The server wants the owner again (428): ask for the password, then retry. */
    needsPassword: ({ event }) => {
      const e = event as { error?: unknown; output?: { ok: boolean; error?: CallFailure } };
      return (e.output && !e.output.ok ? e.output.error?.status : toFailure(e.error, '').status) === 428;
    },
    hasLinkCode: ({ context }) => context.linkCode !== null,
    pendingGoogle: ({ context }) => context.pending?.kind === 'google',
    pendingWallet: ({ context }) => context.pending?.kind === 'wallet',
    isListed: ({ context, event }) => (event as { identityId?: string }).identityId !== undefined && (context.methods?.methods.some((m) => m.identity_id === (event as { identityId: string }).identityId) ?? false),
  },
}).createMachine({
  id: 'signInMethods',
  description:
    "Settings: how the signed-in user can sign in, and linking or unlinking Google and wallets. Back from Google, a toast says 'Google account linked. You can now sign in with it.' or gives the reason the link failed.",
  context: ({ input }) => ({ methods: null, error: null, removing: null, asked: null, pending: null, confirmError: null, linkCode: input.linkCode ?? null }),
  entry: [
    { type: 'notify', params: ({ event }) => ({ kind: 'success', message: (event as { input?: SignInMethodsInput }).input?.linked === 'google' ? signInMethodsTexts.googleLinked : '' }) },
    { type: 'notify', params: ({ event }) => ({ kind: 'error', message: (event as { input?: SignInMethodsInput }).input?.linkError ?? '' }) },
  ],
  initial: 'starting',
  states: {
    starting: {
      description: 'Back from Google with a link code, the link is finished first; otherwise the list loads.',
      always: [{ guard: 'hasLinkCode', target: 'completingGoogleLink', description: 'A link_code in the URL: finish the link.' }, { target: 'loading', description: 'Otherwise: load the list.' }],
    },
    completingGoogleLink: {
      description: 'POST /auth/link/google/complete: only the session that prepared the link may finish it.',
      tags: ['busy'],
      invoke: {
        src: 'completeGoogleLink',
        input: ({ context }) => ({ code: context.linkCode ?? '' }),
        onDone: {
          target: 'ready',
          description: "Linked: the list shows Google and a toast says 'Google account linked. You can now sign in with it.'",
          actions: [assign({ methods: ({ event }) => event.output, linkCode: null }), { type: 'notify', params: { kind: 'success', message: 'Google account linked. You can now sign in with it.' } }],
        },
        onError: {
          target: 'loading',
          description: "Refused (another session, expired, used) or failed: a toast gives the reason, or 'Failed to finish linking Google'; the list loads.",
          actions: [assign({ linkCode: null, error: ({ event }) => toFailure(event.error, signInMethodsTexts.googleFinishFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
        },
      },
    },
    loading: {
      description: 'GET /users/me/sign-in-methods.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', description: 'The password, Google account and wallets are listed.', actions: assign({ methods: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          description: "The server's reason, or 'Failed to fetch sign-in methods', is shown with a Retry.",
          actions: assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.loadFailed) }),
        },
      },
    },
    failed: {
      description: 'The list could not be loaded; Retry.',
      on: { 'methods.reload': { target: 'loading', description: 'Retry loads the list again.' } },
    },
    ready: {
      description: 'The list is shown; the user may link or unlink.',
      on: {
        'methods.linkGoogle': { target: 'linkingGoogle', description: "'Link Google' starts the Google link flow." },
        'methods.linkWallet': { target: 'linkingWallet', description: "'Link a wallet' looks for a browser wallet.", actions: assign({ error: null }) },
        'methods.unlink': {
          guard: 'isListed',
          target: 'askingUnlink',
          description: "Unlink (or Remove) asks first: the danger confirmation naming the method opens.",
          actions: [
            assign({ asked: ({ event }) => event.identityId }),
            { type: 'requestUnlinkConfirmation', params: ({ context, event }) => ({ method: context.methods!.methods.find((m) => m.identity_id === event.identityId)! }) },
          ],
        },
        'methods.reload': { target: 'loading', description: 'Reloads the list.' },
      },
    },
    linkingGoogle: {
      description: 'POST /auth/link/google, then a full-page redirect to the provider; it comes back to /settings.',
      tags: ['busy'],
      invoke: {
        src: 'prepareGoogleLink',
        onDone: { target: 'leaving', description: 'The browser leaves for Google to approve the link.', actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.url }) } },
        onError: [
          { guard: 'needsPassword', target: 'confirming', description: 'The session is not fresh (428): the password is asked for first.', actions: assign({ pending: { kind: 'google' }, confirmError: null }) },
          {
          target: 'ready',
          description: "A toast gives the server's reason, or 'Failed to start linking Google'.",
          actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.googleFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
          },
        ],
      },
    },
    leaving: { description: 'The browser is on its way to the provider.', tags: ['busy'] },
    linkingWallet: {
      description: 'Link a wallet: the wallet signing flow runs as a child actor (machines/walletSignIn.ts), then POST /api/web3/link.',
      tags: ['busy'],
      invoke: {
        id: 'wallet',
        src: 'walletSignIn',
        input: { link: true },
        onDone: [
          {
            description: "Linked: the list shows the wallet and a toast says 'Wallet linked. You can now sign in with it.'",
            guard: 'walletLinked',
            target: 'ready',
            actions: [assign({ methods: ({ event }) => (event.output.ok ? event.output.methods : null), error: null }), { type: 'notify', params: { kind: 'success', message: 'Wallet linked. You can now sign in with it.' } }],
          },
          {
            guard: 'needsPassword',
            target: 'confirming',
            description: 'The session is not fresh (428): the password is asked for first, then the wallet is linked again.',
            actions: assign({ pending: { kind: 'wallet' }, confirmError: null }),
          },
          {
            description: "Not linked: a toast gives the reason (e.g. 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.', 'Failed to get nonce', the server's refusal, 'Failed to link the wallet').",
            target: 'ready',
            actions: [assign({ error: ({ event }) => (event.output.ok ? null : event.output.error) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
          },
        ],
        onError: {
          description: "Something broke inside the wallet flow: 'Failed to link the wallet'.",
          target: 'ready',
          actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.linkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
        },
      },
      on: {
        'methods.walletChosen': { description: 'The user picked a wallet in the dialog: the wallet flow goes on with it.', actions: sendTo('wallet', ({ event }) => ({ type: 'wallet.chosen', walletId: event.walletId })) },
        'methods.walletCancel': { description: "Closing 'Choose a wallet' cancels: nothing is linked.", target: 'ready' },
      },
    },
    askingUnlink: {
      description: 'The danger confirmation is open.',
      on: {
        'unlink.confirm': { target: 'unlinking', description: 'The dialog answered Unlink (or Remove): the method is removed.', actions: assign({ removing: ({ context }) => context.asked, asked: null }) },
        'unlink.dismiss': { target: 'ready', description: 'The dialog answered Cancel (or was closed): nothing is removed.', actions: assign({ asked: null }) },
      },
    },
    unlinking: {
      description: 'DELETE /users/me/sign-in-methods/{id} (after the danger confirmation).',
      tags: ['busy'],
      invoke: {
        src: 'unlink',
        input: ({ context }) => ({ identityId: context.removing! }),
        onDone: {
          target: 'ready',
          description: "Removed: the list updates and a toast says 'Sign-in method removed'.",
          actions: [assign({ methods: ({ event }) => event.output, removing: null }), { type: 'notify', params: { kind: 'success', message: 'Sign-in method removed' } }],
        },
        onError: [
          {
            guard: 'needsPassword',
            target: 'confirming',
            description: 'The session is not fresh (428): the password is asked for first.',
            actions: assign({ pending: ({ context }) => ({ kind: 'unlink' as const, identityId: context.removing! }), confirmError: null }),
          },
          {
            target: 'ready',
            description: "Refused (the last way to sign in stays) or failed: a toast gives the server's reason, or 'Failed to unlink the sign-in method'.",
            actions: [assign({ removing: null, error: ({ event }) => toFailure(event.error, signInMethodsTexts.unlinkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
          },
        ],
      },
    },
    confirming: {
      description: "'Confirm it's you': the password, then the change that waited goes on (an account without a password is told to sign in again).",
      initial: 'asking',
      states: {
        asking: {
          description: 'The dialog asks for the password.',
          on: { 'methods.confirmPassword': { target: 'checking', description: 'POST /users/me/reauthenticate with the password.' } },
        },
        checking: {
          tags: ['busy'],
          description: 'POST /users/me/reauthenticate.',
          invoke: {
            src: 'reauthenticate',
            input: ({ event }) => ({ password: (event as { password?: string }).password ?? '' }),
            onDone: [
              { guard: 'pendingGoogle', target: '#signInMethods.linkingGoogle', description: 'Confirmed: the Google link starts again.', actions: assign({ pending: null, confirmError: null }) },
              { guard: 'pendingWallet', target: '#signInMethods.linkingWallet', description: 'Confirmed: the wallet link starts again.', actions: assign({ pending: null, confirmError: null }) },
              {
                target: '#signInMethods.unlinking',
                description: 'Confirmed: the method is removed.',
                actions: assign({ removing: ({ context }) => (context.pending?.kind === 'unlink' ? context.pending.identityId : context.removing), pending: null, confirmError: null }),
              },
            ],
            onError: {
              target: 'asking',
              description: "A wrong password (or an account without one): the reason shows in the dialog, else 'Failed to confirm your password'.",
              actions: assign({ confirmError: ({ event }) => toFailure(event.error, signInMethodsTexts.confirmFailed) }),
            },
          },
        },
      },
      on: { 'methods.confirmCancel': { target: 'ready', description: 'Cancel: nothing changes.', actions: assign({ pending: null, removing: null, confirmError: null }) } },
    },
  },
});
