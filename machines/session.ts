import { assign, sendTo, setup } from 'xstate';
import { callbackErrorToast, callbackSession, callbackToken, safeReturnPath, sessionCalls, sessionEffects, sessionGuards, sessionTexts, type SessionContext, type SessionEvent, type SessionInput } from './sessionRules';
import { failureToast, toFailure } from './types';

export * from './sessionRules';

/**
 * Who is signed in (docs/product.md, "Session"). The shapes, texts, calls and rules it runs are in
 * machines/sessionRules.ts; the wallet steps are the child machine machines/walletSignIn.ts.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy' | 'authenticated',
  },
  actors: sessionCalls,
  actions: sessionEffects,
  guards: sessionGuards,
}).createMachine({
  id: 'session',
  description: 'Who is signed in. A token and a user are kept in local storage; every sign-in path ends by loading the profile.',
  context: ({ input }) => ({ token: input.token ?? null, user: input.user ?? null, returnTo: null, registeredEmail: null, error: null, signedOutBy: null }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Decides from local storage whether there is a session to check.',
      always: [{ description: 'A token is stored: check it.', guard: 'hasToken', target: 'checking' }, { description: 'Nothing stored: nobody is signed in.', target: 'anonymous' }],
    },
    checking: {
      description: 'Checks a stored token (GET /users/me, then the profile). A failed authentication check clears the session.',
      tags: ['busy'],
      invoke: {
        src: 'checkSession',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          description: 'The token is still good: signed in with the fresh profile.',
          target: 'authenticated',
          actions: [assign({ user: ({ event }) => event.output }), 'persist', { type: 'reportStatus', params: { status: 'authenticated' } }],
        },
        onError: {
          description: 'The check failed (expired or revoked token): the stored token and user are cleared. [spec:4-session-check-failed]',
          target: 'anonymous',
          actions: [assign({ token: null, user: null }), 'clearPersisted'],
        },
      },
    },
    anonymous: {
      description: 'Nobody is signed in: the public pages.',
      entry: { type: 'reportStatus', params: { status: 'anonymous' } },
      initial: 'idle',
      on: {
        'session.login': { description: "'Log in' with email and password.", target: '.loggingIn', actions: assign({ returnTo: ({ event }) => safeReturnPath(event.returnTo), error: null }) },
        'session.register': { description: "'Sign up' with email and password.", target: '.registering', actions: assign({ error: null }) },
        'session.verifyEmail': { description: 'The emailed verification link was opened.', target: '.verifyingEmail', actions: assign({ error: null }) },
        'session.google': { description: "'Continue with Google': the location is saved as oauth_redirect_url, then a full-page redirect to GET /auth/login/google.", target: '.redirectingToGoogle', actions: [assign({ error: null }), 'redirectToGoogle'] },
        'session.wallet': { description: "'Connect wallet': Sign-In with Ethereum starts.", target: '.wallet', actions: assign({ error: null }) },
      },
      states: {
        idle: { description: 'Waiting for the user to sign in or register.' },
        redirectingToGoogle: { description: 'The browser is leaving for the identity provider; it comes back on /oauth-callback.', tags: ['busy'] },
        wallet: {
          description: 'Sign-In with Ethereum runs as a child actor (machines/walletSignIn.ts): wallet, account, nonce, signature, the API check.',
          tags: ['busy'],
          invoke: {
            id: 'wallet',
            src: 'walletSignIn',
            input: { link: false },
            onDone: [
              {
                description: "The API accepted the signature: toast 'Login successful!', then the profile loads.",
                guard: 'walletSignedIn',
                target: '#session.web3SigningIn',
                actions: [assign({ token: ({ event }) => (event.output.ok ? event.output.token : null) }), { type: 'notify', params: { kind: 'success', message: 'Login successful!' } }],
              },
              {
                description: "The wallet sign-in failed: toast its reason (e.g. 'No browser wallet found…', 'Failed to get nonce', 'Web3 authentication failed').",
                target: 'walletFailed',
                actions: [assign({ error: ({ event }) => (event.output.ok ? null : event.output.error) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
              },
            ],
            onError: {
              description: "Something broke inside the wallet flow: 'Web3 authentication failed'.",
              target: 'walletFailed',
              actions: [assign({ error: ({ event }) => toFailure(event.error, sessionTexts.web3Failed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
            },
          },
          on: {
            'session.walletChosen': { description: 'The user picked a wallet in the dialog: the wallet flow goes on with it.', actions: sendTo('wallet', ({ event }) => ({ type: 'wallet.chosen', walletId: event.walletId })) },
            'session.walletCancel': { description: "Closing 'Choose a wallet' cancels: back to the sign-in page.", target: 'idle' },
          },
        },
        walletFailed: { description: 'The wallet sign-in failed; the reason is in context.error. Either button starts again.' },
        loggingIn: {
          description: 'POST /users/login with email and password.',
          tags: ['busy'],
          invoke: {
            src: 'login',
            input: ({ event }) => (event as Extract<SessionEvent, { type: 'session.login' }>).credentials,
            onDone: {
              description: "Accepted: toast 'Login successful!', then the profile loads.",
              target: '#session.signingIn',
              actions: [assign({ token: ({ event }) => event.output.access_token }), { type: 'notify', params: { kind: 'success', message: 'Login successful!' } }],
            },
            onError: {
              description: "Refused: toast the server's reason (e.g. 'Incorrect email or password'), else 'Login failed'.",
              target: 'idle',
              actions: [assign({ error: ({ event }) => toFailure(event.error, sessionTexts.loginFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
            },
          },
        },
        registering: {
          description: 'POST /users/signup. Registration does not authenticate: the user must verify their email first.',
          tags: ['busy'],
          invoke: {
            src: 'register',
            input: ({ event }) => (event as Extract<SessionEvent, { type: 'session.register' }>).registration,
            onDone: {
              description: "Registered, not signed in: toast 'Registration successful! Please check your email for verification.' and the verification-sent page. [spec:4-session-register]",
              target: 'registered',
              actions: [
                assign({ registeredEmail: ({ event }) => (event.output as { email?: string } | undefined)?.email ?? null }),
                { type: 'notify', params: { kind: 'success', message: 'Registration successful! Please check your email for verification.' } },
                { type: 'navigate', params: ({ context }) => ({ to: `/email-verification-sent${context.registeredEmail ? `?email=${encodeURIComponent(context.registeredEmail)}` : ''}` }) },
              ],
            },
            onError: {
              description: "Refused: the form shows the server's reason under the field it names (e.g. the email is taken), else above its button ('Registration failed'); no toast.",
              target: 'idle',
              actions: assign({ error: ({ event }) => toFailure(event.error, sessionTexts.registrationFailed) }),
            },
          },
        },
        registered: { description: 'Registered; waiting for the emailed link to be opened.' },
        verifyingEmail: {
          description: 'GET /users/verify-email?token= with a verification token from the link.',
          tags: ['busy'],
          invoke: {
            src: 'verifyEmail',
            input: ({ event }) => ({ token: (event as Extract<SessionEvent, { type: 'session.verifyEmail' }>).token }),
            onDone: {
              description: "Verified: toast 'Email verified successfully!', then the profile loads.",
              target: '#session.signingIn',
              actions: [assign({ token: ({ event }) => event.output.access_token }), { type: 'notify', params: { kind: 'success', message: 'Email verified successfully!' } }],
            },
            onError: {
              description: "The link is invalid or expired: toast 'Email verification error: <reason>' and go to /login.",
              target: 'idle',
              actions: [assign({ error: ({ event }) => toFailure(event.error, sessionTexts.verificationFailed) }), { type: 'notify', params: ({ context }) => failureToast(context.error, 'Email verification error: ') }, { type: 'navigate', params: { to: '/login' } }],
            },
          },
        },
      },
    },
    exchangingToken: {
      description: "The email-verification callback's token is single-use and short-lived (it travelled in a URL): POST /users/session swaps it for a session token at once.",
      tags: ['busy'],
      invoke: {
        src: 'exchangeToken',
        input: ({ event }) => ({ token: callbackToken(event) }),
        onDone: {
          description: "The email-verification callback stores the session token: toast 'Email verified successfully!', then the profile loads. [spec:4-session-store]",
          target: 'signingIn',
          actions: [assign({ token: ({ event }) => event.output.access_token, error: null }), 'persist', { type: 'notify', params: { kind: 'success', message: 'Email verified successfully!' } }],
        },
        onError: {
          description: "The link was used or expired: toast 'Email verification error: <reason>' and go to /login.",
          target: 'anonymous',
          actions: [
            assign({ token: null, user: null, error: ({ event }) => toFailure(event.error, sessionTexts.verificationFailed) }), 'clearPersisted',
            { type: 'notify', params: ({ context }) => failureToast(context.error, 'Email verification error: ') }, { type: 'navigate', params: { to: '/login' } },
          ],
        },
      },
    },
    signingIn: {
      description: 'A token was obtained (login, callback or verification): GET /users/me/profile, then the user is signed in.',
      tags: ['busy'],
      invoke: {
        src: 'fetchProfile',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          description: 'The profile is in: token and user are stored, the user is signed in and off to the page they asked for (or /). [spec:4-session-store]',
          target: 'authenticated',
          actions: [
            assign({ user: ({ event }) => event.output, error: null, signedOutBy: null }), 'persist', { type: 'reportStatus', params: { status: 'authenticated' } },
            { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? '/' }) }, assign({ returnTo: null }),
          ],
        },
        onError: {
          description: "The profile could not load: the session is cleared and the reason toasted (else 'Failed to get user profile').",
          target: 'anonymous',
          actions: [assign({ token: null, user: null, error: ({ event }) => toFailure(event.error, sessionTexts.profileFailed) }), 'clearPersisted', { type: 'notify', params: ({ context }) => failureToast(context.error) }],
        },
      },
    },
    web3SigningIn: {
      description: 'A wallet signed in: GET /api/web3/me, then the user is signed in.',
      tags: ['busy'],
      invoke: {
        src: 'fetchWeb3Profile',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          description: 'The wallet user\'s profile is in: token and user are stored, the user is signed in and off to the page they asked for (or /). [spec:4-session-store]',
          target: 'authenticated',
          actions: [
            assign({ user: ({ event }) => event.output, error: null, signedOutBy: null }), 'persist', { type: 'reportStatus', params: { status: 'authenticated' } },
            { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? '/' }) }, assign({ returnTo: null }),
          ],
        },
        onError: {
          description: "The profile could not load: the session is cleared and the reason toasted (else 'Web3 authentication failed').",
          target: 'anonymous.walletFailed',
          actions: [assign({ token: null, user: null, error: ({ event }) => toFailure(event.error, sessionTexts.web3Failed) }), 'clearPersisted', { type: 'notify', params: ({ context }) => failureToast(context.error) }],
        },
      },
    },
    authenticated: {
      description: 'Signed in: token and user are stored; guarded routes open.',
      tags: ['authenticated'],
      initial: 'idle',
      on: {
        'session.logout': {
          description: "'Log out': the token is revoked, token and user are cleared, all app state is reset; toast 'Logged out successfully' and /login. [spec:4-session-logout]",
          target: 'anonymous',
          actions: [
            { type: 'revokeSession', params: ({ context }) => ({ token: context.token }) },
            assign({ token: null, user: null, returnTo: null, registeredEmail: null, error: null, signedOutBy: 'logout' }), 'clearPersisted', 'resetApp',
            { type: 'reportStatus', params: { status: 'anonymous' } }, { type: 'notify', params: { kind: 'success', message: 'Logged out successfully' } }, { type: 'navigate', params: { to: '/login' } },
          ],
        },
        'session.expired': {
          description: 'The API answered 401: the session is cleared and the user sent to /login (the API client shows the toast).',
          target: 'anonymous',
          actions: [assign({ token: null, user: null, error: null, signedOutBy: 'expired' }), 'clearPersisted', 'resetApp', { type: 'reportStatus', params: { status: 'anonymous' } }, { type: 'navigate', params: { to: '/login' } }],
        },
        'session.profileUpdated': {
          description: 'Settings or onboarding saved the profile: the stored user follows.',
          actions: [assign({ user: ({ event }) => event.user }), 'persist', { type: 'reportStatus', params: { status: 'authenticated' } }],
        },
        'session.tokenRenewed': {
          description: 'A password change issues a new token; older ones stop working.',
          actions: [assign({ token: ({ event }) => event.token }), 'persist'],
        },
        'session.refreshProfile': { description: 'Refetch the profile (after onboarding or a subscription change).', target: '.refreshing' },
      },
      states: {
        idle: { description: 'Signed in; nothing loading.' },
        refreshing: {
          description: 'Refetches the profile (after onboarding or a subscription change).',
          invoke: {
            src: 'fetchProfile',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              description: 'The fresh profile is stored; the route guard and onboarding follow it.',
              target: 'idle',
              actions: [assign({ user: ({ event }) => event.output }), 'persist', { type: 'reportStatus', params: { status: 'authenticated' } }],
            },
            onError: { description: 'The refetch failed: the profile already stored stays.', target: 'idle' },
          },
        },
      },
    },
  },
  on: {
    'session.callback': [
      {
        description: "A verified, signed-in user followed an old verification link: toast 'Your email is already verified.' and continue, still signed in, where they were in this browser (else their landing page).",
        guard: 'alreadyVerified',
        actions: [{ type: 'notify', params: { kind: 'info', message: 'Your email is already verified.' } }, { type: 'navigate', params: ({ event }) => ({ to: safeReturnPath(event.returnTo) ?? '/' }) }],
      },
      {
        description: "An OAuth, web3 or email-verification callback with an error parameter: toast 'OAuth error: <error>' (or 'Email verification error: <error>') and go to /login.",
        guard: 'callbackHasError',
        target: '.anonymous',
        actions: [{ type: 'notify', params: ({ event }) => callbackErrorToast(event) }, { type: 'navigate', params: { to: '/login' } }],
      },
      {
        description: 'A valid email-verification callback: its one-time token is exchanged for a session token first.',
        guard: 'emailCallbackValid',
        target: '.exchangingToken',
        actions: assign(({ event }) => callbackSession(event)),
      },
      {
        description: "A valid OAuth or web3 callback stores the token and the user id, toasts 'Login successful!', then loads the profile. [spec:4-session-store]",
        guard: 'callbackValid',
        target: '.signingIn',
        actions: [assign(({ event }) => callbackSession(event)), 'persist', { type: 'notify', params: { kind: 'success', message: 'Login successful!' } }],
      },
      {
        description: "A callback without the required parameters: toast 'Invalid OAuth response' (or 'Invalid email verification response') and go to /login.",
        target: '.anonymous',
        actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'error', message: event.kind === 'email' ? sessionTexts.invalidEmailVerification : sessionTexts.invalidOAuth }) }, { type: 'navigate', params: { to: '/login' } }],
      },
    ],
  },
});
