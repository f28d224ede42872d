import { assign, fromPromise, sendTo, setup } from 'xstate';
import { readCallback, safeReturnPath, sessionTexts, type Credentials, type Registration, type SessionContext, type SessionEvent, type SessionInput, type SessionStatus } from './sessionRules';
import { failureToast, toFailure, type IssuedToken, type SessionUser, type Toast } from './types';
import { walletSignInMachine } from './walletSignIn';

export * from './sessionRules';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy' | 'authenticated',
  },
  actors: {
    login: fromPromise<IssuedToken, Credentials>(async () => {
      throw new Error('login not provided');
    }),
    register: fromPromise<unknown, Registration>(async () => {
      throw new Error('register not provided');
    }),
    verifyEmail: fromPromise<IssuedToken, { token: string }>(async () => {
      throw new Error('verifyEmail not provided');
    }),
    fetchProfile: fromPromise<SessionUser, { token: string }>(async () => {
      throw new Error('fetchProfile not provided');
    }),
    /** Exchanges the email-verification callback's one-time token for a session token (POST /users/session). */
    exchangeToken: fromPromise<IssuedToken, { token: string }>(async () => {
      throw new Error('exchangeToken not provided');
    }),
    /** The authentication check of a restored session (GET /users/me, then the profile). */
    checkSession: fromPromise<SessionUser, { token: string }>(async () => {
      throw new Error('checkSession not provided');
    }),
    /** Sign-In with Ethereum (machines/walletSignIn.ts): ends with a session token or the reason it failed. */
    walletSignIn: walletSignInMachine,
    /** GET /api/web3/me: the wallet user's profile. */
    fetchWeb3Profile: fromPromise<SessionUser, { token: string }>(async () => {
      throw new Error('fetchWeb3Profile not provided');
    }),
  },
  actions: {
    /** Writes token and user to local storage (provided by the app). */
    persist: (_, _params: { token: string | null; user: SessionUser | null }) => {},
    /** Removes token and user from local storage. */
    clearPersisted: () => {},
    /** Revokes the token server-side (POST /users/logout); fire and forget, the local session ends at once. */
    revokeSession: (_, _params: { token: string | null }) => {},
    /** Resets every other app actor (logout resets all app state). */
    resetApp: () => {},
    notify: (_, _params: Toast) => {},
    navigate: (_, _params: { to: string }) => {},
    /** Saves the current location as oauth_redirect_url and leaves for GET /auth/login/google (full-page redirect). */
    redirectToGoogle: () => {},
    /** Tells the app who is signed in now (the route guard and onboarding follow it). */
    reportStatus: (_, _params: { status: Exclude<SessionStatus, 'checking'> }) => {},
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    callbackValid: ({ event }) => event.type === 'session.callback' && readCallback(event.kind, event.params).ok,
    emailCallbackValid: ({ event }) => event.type === 'session.callback' && event.kind === 'email' && readCallback(event.kind, event.params).ok,
    callbackHasError: ({ event }) => event.type === 'session.callback' && Boolean(event.params.error),
    walletSignedIn: ({ event }) => (event as { output?: { ok: boolean } }).output?.ok === true,
    /** An old verification link (already used) opened by a signed-in user whose email is verified. */
    alreadyVerified: ({ context, event }) =>
      event.type === 'session.callback' && event.kind === 'email' && Boolean(event.params.error) && Boolean(context.token) && context.user?.email_verified === true,
  },
}).createMachine({
  id: 'session',
  description: 'Who is signed in. A token and a user are kept in local storage; every sign-in path ends by loading the profile.',
  context: ({ input }) => ({
    token: input.token ?? null,
    user: input.user ?? null,
    returnTo: null,
    registeredEmail: null,
    error: null,
    signedOutBy: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Decides from local storage whether there is a session to check.',
      always: [{ guard: 'hasToken', target: 'checking' }, { target: 'anonymous' }],
    },
    checking: {
      description: 'Checks a stored token (GET /users/me, then the profile). A failed authentication check clears the session.',
      tags: ['busy'],
      invoke: {
        src: 'checkSession',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'authenticated',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'persist', params: ({ context, event }) => ({ token: context.token, user: event.output }) },
            { type: 'reportStatus', params: { status: 'authenticated' } },
          ],
        },
        onError: {
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
        'session.login': { target: '.loggingIn', actions: assign({ returnTo: ({ event }) => safeReturnPath(event.returnTo), error: null }) },
        'session.register': { target: '.registering', actions: assign({ error: null }) },
        'session.verifyEmail': { target: '.verifyingEmail', actions: assign({ error: null }) },
        'session.google': {
          description: "'Continue with Google': the current location is saved as oauth_redirect_url, then a full-page redirect to GET /auth/login/google.",
          target: '.redirectingToGoogle',
          actions: [assign({ error: null }), 'redirectToGoogle'],
        },
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
            onDone: [
              {
                description: "The API accepted the signature: toast 'Login successful!', then the profile loads.",
                guard: 'walletSignedIn',
                target: '#session.web3SigningIn',
                actions: [assign({ token: ({ event }) => (event.output.ok ? event.output.token : null) }), { type: 'notify', params: { kind: 'success', message: sessionTexts.loginSuccess } }],
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
            'session.walletChosen': { description: 'The user picked a wallet in the dialog: the wallet flow goes on with it.', actions: sendTo('wallet', ({ event }) => event) },
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
              target: '#session.signingIn',
              actions: [assign({ token: ({ event }) => event.output.access_token }), { type: 'notify', params: { kind: 'success', message: sessionTexts.loginSuccess } }],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ error: ({ event }) => toFailure(event.error, sessionTexts.loginFailed) }),
                { type: 'notify', params: ({ context }) => failureToast(context.error) },
              ],
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
              target: 'registered',
              actions: [
                assign({ registeredEmail: ({ event }) => (event.output as { email?: string } | undefined)?.email ?? null }),
                { type: 'notify', params: { kind: 'success', message: sessionTexts.registered } },
                { type: 'navigate', params: ({ context }) => ({ to: `/email-verification-sent${context.registeredEmail ? `?email=${encodeURIComponent(context.registeredEmail)}` : ''}` }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ error: ({ event }) => toFailure(event.error, sessionTexts.registrationFailed) }),
                { type: 'notify', params: ({ context }) => failureToast(context.error) },
              ],
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
              target: '#session.signingIn',
              actions: [assign({ token: ({ event }) => event.output.access_token }), { type: 'notify', params: { kind: 'success', message: sessionTexts.emailVerified } }],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ error: ({ event }) => toFailure(event.error, sessionTexts.verificationFailed) }),
                { type: 'notify', params: ({ context }) => failureToast(context.error, 'Email verification error: ') },
                { type: 'navigate', params: { to: '/login' } },
              ],
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
        input: ({ event }) => {
          const read = event.type === 'session.callback' ? readCallback(event.kind, event.params) : null;
          return { token: read?.ok ? read.token : '' };
        },
        onDone: {
          target: 'signingIn',
          actions: [
            assign({ token: ({ event }) => event.output.access_token, error: null }),
            { type: 'persist', params: ({ context }) => ({ token: context.token, user: context.user }) },
            { type: 'notify', params: { kind: 'success', message: sessionTexts.emailVerified } },
          ],
        },
        onError: {
          target: 'anonymous',
          actions: [
            assign({ token: null, user: null, error: ({ event }) => toFailure(event.error, sessionTexts.verificationFailed) }),
            'clearPersisted',
            { type: 'notify', params: ({ context }) => failureToast(context.error, 'Email verification error: ') },
            { type: 'navigate', params: { to: '/login' } },
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
          description: 'The profile is in: signed in, and off to the page the user asked for (or /).',
          target: 'authenticated',
          actions: [
            assign({ user: ({ event }) => event.output, error: null, signedOutBy: null }),
            { type: 'persist', params: ({ context, event }) => ({ token: context.token, user: event.output }) },
            { type: 'reportStatus', params: { status: 'authenticated' } },
            { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? '/' }) },
            assign({ returnTo: null }),
          ],
        },
        onError: {
          target: 'anonymous',
          actions: [
            assign({ token: null, user: null, error: ({ event }) => toFailure(event.error, sessionTexts.profileFailed) }),
            'clearPersisted',
            { type: 'notify', params: ({ context }) => failureToast(context.error) },
          ],
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
          description: 'The profile is in: signed in, and off to the page the user asked for (or /).',
          target: 'authenticated',
          actions: [
            assign({ user: ({ event }) => event.output, error: null, signedOutBy: null }),
            { type: 'persist', params: ({ context, event }) => ({ token: context.token, user: event.output }) },
            { type: 'reportStatus', params: { status: 'authenticated' } },
            { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? '/' }) },
            assign({ returnTo: null }),
          ],
        },
        onError: {
          target: 'anonymous.walletFailed',
          actions: [
            assign({ token: null, user: null, error: ({ event }) => toFailure(event.error, sessionTexts.web3Failed) }),
            'clearPersisted',
            { type: 'notify', params: ({ context }) => failureToast(context.error) },
          ],
        },
      },
    },
    authenticated: {
      description: 'Signed in: token and user are stored; guarded routes open.',
      tags: ['authenticated'],
      initial: 'idle',
      on: {
        'session.logout': {
          target: 'anonymous',
          actions: [
            { type: 'revokeSession', params: ({ context }) => ({ token: context.token }) },
            assign({ token: null, user: null, returnTo: null, registeredEmail: null, error: null, signedOutBy: 'logout' }),
            'clearPersisted',
            'resetApp',
            { type: 'reportStatus', params: { status: 'anonymous' } },
            { type: 'notify', params: { kind: 'success', message: sessionTexts.loggedOut } },
            { type: 'navigate', params: { to: '/login' } },
          ],
        },
        'session.expired': {
          description: 'The API answered 401: the session is cleared and the user sent to /login (the API client shows the toast).',
          target: 'anonymous',
          actions: [assign({ token: null, user: null, error: null, signedOutBy: 'expired' }), 'clearPersisted', 'resetApp', { type: 'reportStatus', params: { status: 'anonymous' } }, { type: 'navigate', params: { to: '/login' } }],
        },
        'session.profileUpdated': {
          actions: [assign({ user: ({ event }) => event.user }), { type: 'persist', params: ({ context, event }) => ({ token: context.token, user: event.user }) }, { type: 'reportStatus', params: { status: 'authenticated' } }],
        },
        'session.tokenRenewed': {
          description: 'A password change issues a new token; older ones stop working.',
          actions: [assign({ token: ({ event }) => event.token }), { type: 'persist', params: ({ context, event }) => ({ token: event.token, user: context.user }) }],
        },
        'session.refreshProfile': { target: '.refreshing' },
      },
      states: {
        idle: {},
        refreshing: {
          description: 'Refetches the profile (after onboarding or a subscription change).',
          invoke: {
            src: 'fetchProfile',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: 'idle',
              actions: [assign({ user: ({ event }) => event.output }), { type: 'persist', params: ({ context, event }) => ({ token: context.token, user: event.output }) }, { type: 'reportStatus', params: { status: 'authenticated' } }],
            },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
  on: {
    'session.callback': [
      {
        description: 'A verified, signed-in user followed an old verification link: say so and carry on, still signed in.',
        guard: 'alreadyVerified',
        actions: [{ type: 'notify', params: { kind: 'info', message: sessionTexts.alreadyVerified } }, { type: 'navigate', params: { to: '/' } }],
      },
      {
        description: 'OAuth / web3 / email-verification callback with an error parameter.',
        guard: 'callbackHasError',
        target: '.anonymous',
        actions: [
          { type: 'notify', params: ({ event }) => ({ kind: 'error', message: `${event.kind === 'email' ? 'Email verification error' : 'OAuth error'}: ${event.params.error}` }) },
          { type: 'navigate', params: { to: '/login' } },
        ],
      },
      {
        description: 'A valid email-verification callback: its one-time token is exchanged for a session token first.',
        guard: 'emailCallbackValid',
        target: '.exchangingToken',
        actions: assign(({ event }) => {
          const read = readCallback(event.kind, event.params);
          return read.ok ? { token: null, user: { user_id: read.userId }, error: null } : {};
        }),
      },
      {
        description: 'A valid callback stores token and user id, then loads the profile.',
        guard: 'callbackValid',
        target: '.signingIn',
        actions: [
          assign(({ event }) => {
            const read = readCallback(event.kind, event.params);
            return read.ok ? { token: read.token, user: { user_id: read.userId }, error: null, returnTo: safeReturnPath(event.returnTo) } : {};
          }),
          { type: 'persist', params: ({ context }) => ({ token: context.token, user: context.user }) },
          { type: 'notify', params: ({ event }) => ({ kind: 'success', message: event.kind === 'email' ? sessionTexts.emailVerified : sessionTexts.loginSuccess }) },
        ],
      },
      {
        description: 'A callback without the required parameters.',
        target: '.anonymous',
        actions: [
          { type: 'notify', params: ({ event }) => ({ kind: 'error', message: event.kind === 'email' ? sessionTexts.invalidEmailVerification : sessionTexts.invalidOAuth }) },
          { type: 'navigate', params: { to: '/login' } },
        ],
      },
    ],
  },
});
