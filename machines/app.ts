import { and, assign, sendParent, sendTo, setup, type AnyActorRef } from 'xstate';
import { accessMachine, type AccessOutcome } from './access';
import { onboardingFromProfile, onboardingMachine, restoredProgress } from './onboarding';
import { guardRoute, ruleFor, type GuardDecision } from './routes';
import { sessionMachine, type SessionInput, type SessionStatus, type SessionUser } from './session';
import type { Toast } from './types';
import { uiMachine, type Preferences } from './ui';

/**
 * The root of the app: it runs the app-lifetime actors (session, onboarding, access, ui) and decides, for
 * every location the router shows, what the user gets (docs/product.md: routes, route guard and access check):
 * sign-in → onboarding → access → trial → plan. Views and the router only read this state and send events.
 */

export interface AppContext {
  /** The location the router shows: path plus query. */
  location: string;
  session: SessionStatus;
  /** After an explicit logout the login page does not remember the last page. */
  signedOutBy: 'logout' | 'expired' | 'deleted' | null;
  onboardingCompleted: boolean;
  onboardingSkipped: boolean;
  /** The last access check allowed: a re-check keeps the page on screen instead of flashing a loader. */
  accessGranted: boolean;
  /** What the browser had stored when the app started (session and preferences): the children start from it. */
  restored: Pick<AppInput, 'session' | 'preferences' | 'onboardingProgress'>;
}

export interface AppInput {
  session?: SessionInput;
  preferences?: Partial<Preferences> & { systemDark?: boolean };
  /** The onboarding step and answers this browser kept for the restored user (a reload resumes there). */
  onboardingProgress?: unknown;
}

export type AppEvent =
  | { type: 'route.changed'; location: string }
  | { type: 'session.changed'; status: Exclude<SessionStatus, 'checking'>; user: SessionUser | null; signedOutBy: 'logout' | 'expired' | 'deleted' | null }
  | { type: 'onboarding.changed'; completed: boolean; skipped: boolean }
  | { type: 'access.decided'; outcome: AccessOutcome }
  | { type: 'app.navigate'; to: string }
  | { type: 'app.reset' };

const url = (location: string) => new URL(location || '/', 'http://app.invalid');

/** The route rules (docs/product.md) (machines/routes.ts) applied to what the app knows now. */
export function routeDecision(context: AppContext): GuardDecision {
  const where = url(context.location);
  return guardRoute({
    path: where.pathname.replace(/\/+$/, '') || '/',
    location: `${where.pathname}${where.search}`,
    session: context.session,
    onboardingCompleted: context.onboardingCompleted,
    onboardingSkipped: context.onboardingSkipped,
    force: where.searchParams.get('force') === 'true',
    from: where.searchParams.get('from'),
    // After a logout or a deleted account the next sign-in starts afresh, not on the page left behind.
    rememberOrigin: context.signedOutBy !== 'logout' && context.signedOutBy !== 'deleted',
  });
}

/**
 * Whether the rules let `location` open as it stands (no redirect, no wait for the session): what the
 * machine will decide once the router reports it. The router's view keeps the app shell mounted across
 * such a move instead of blanking it for the moment before the machine has taken the location in.
 */
export function opensAt(context: AppContext, location: string): boolean {
  const kind = routeDecision({ ...context, location }).kind;
  return kind === 'allow' || kind === 'onboardingModal';
}

/** The profile's onboarding flags, taken at once so the route is decided on the new profile, not the last one. */
const onboardingFlags = (user: SessionUser | null) => {
  const { completed, skipped } = onboardingFromProfile(user);
  return { onboardingCompleted: completed, onboardingSkipped: skipped };
};

const redirectTarget = (context: AppContext) => {
  const decision = routeDecision(context);
  return decision.kind === 'redirect' ? decision.to : '/';
};
/** The location worth coming back to: a signed-in app page other than the wizard, else null. */
export function rememberedLocation(context: AppContext): string | null {
  const path = pathOf(context);
  return context.session === 'authenticated' && path !== '/onboarding' && ruleFor(path) ? context.location : null;
}

const pathOf = (context: AppContext) => url(context.location).pathname.replace(/\/+$/, '') || '/';
/** A sibling in the app's actor system, by its systemId (all four start with the app and live as long as it). */
const sibling =
  (systemId: 'ui' | 'session') =>
  ({ system }: { system: { get: (id: string) => AnyActorRef | undefined } }): AnyActorRef =>
    system.get(systemId)!;
const ui = sibling('ui');

/** The children as the app runs them: their toasts go to the ui actor, their navigations and news to the app. */
export const appChildren = {
  ui: uiMachine,
  session: sessionMachine.provide({
    actions: {
      notify: sendTo(ui, (_: unknown, toast: Toast) => ({ type: 'toast.show', toast })),
      navigate: sendParent((_, { to }: { to: string }) => ({ type: 'app.navigate', to })),
      resetApp: sendParent({ type: 'app.reset' }),
      reportStatus: sendParent(({ context }, { status }: { status: Exclude<SessionStatus, 'checking'> }) => ({ type: 'session.changed', status, user: context.user, signedOutBy: context.signedOutBy })),
    },
  }),
  onboarding: onboardingMachine.provide({
    actions: {
      notify: sendTo(ui, (_: unknown, toast: Toast) => ({ type: 'toast.show', toast })),
      navigate: sendParent((_, { to }: { to: string }) => ({ type: 'app.navigate', to })),
      profileUpdated: sendTo(sibling('session'), (_, user: SessionUser) => ({ type: 'session.profileUpdated', user })),
      refreshProfile: sendTo(sibling('session'), { type: 'session.refreshProfile' }),
      reportProgress: sendParent(({ context }) => ({ type: 'onboarding.changed', completed: context.completed, skipped: context.skipped })),
    },
  }),
  access: accessMachine.provide({
    actions: {
      notify: sendTo(ui, (_: unknown, toast: Toast) => ({ type: 'toast.show', toast })),
      navigate: sendParent((_, { to }: { to: string }) => ({ type: 'app.navigate', to })),
      openSubscriptionModal: sendTo(ui, { type: 'modal.open', modal: 'subscription' }),
      report: sendParent((_, { outcome }: { outcome: AccessOutcome }) => ({ type: 'access.decided', outcome })),
    },
  }),
};

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    tags: {} as 'pageOpen' | 'loading',
  },
  actors: appChildren,
  actions: {
    /** Goes to a page (a new history entry): what a button or a finished flow asks for. */
    navigate: (_, _params: { to: string }) => {},
    /** Replaces the location the guard refused (no history entry for a page the user never saw). */
    redirect: (_, _params: { to: string }) => {},
    /** Keeps the signed-in page on screen in this browser (an old verification link continues there). */
    rememberLocation: (_, _params: { location: string | null }) => {},
  },
  guards: {
    routerReady: ({ context }) => context.location !== '',
    locationChanged: ({ context, event }) => event.type === 'route.changed' && event.location !== context.location,
    sessionPending: ({ context }) => routeDecision(context).kind === 'wait',
    signInRequired: ({ context }) => context.session === 'anonymous' && routeDecision(context).kind === 'redirect' && redirectTarget(context).startsWith('/login'),
    onboardingRequired: ({ context }) => routeDecision(context).kind === 'redirect' && redirectTarget(context) === '/onboarding',
    onboardingModalRequired: ({ context }) => routeDecision(context).kind === 'onboardingModal',
    redirectRequired: ({ context }) => routeDecision(context).kind === 'redirect',
    accessCheckRequired: ({ context }) => {
      const decision = routeDecision(context);
      return decision.kind === 'allow' && decision.checkAccess;
    },
    sessionStatusChanged: ({ context, event }) => event.type === 'session.changed' && (event.status !== context.session || event.signedOutBy !== context.signedOutBy),
    onboardingChanged: ({ context, event }) => event.type === 'onboarding.changed' && (event.completed !== context.onboardingCompleted || event.skipped !== context.onboardingSkipped),
    accessAllowed: ({ event }) => event.type === 'access.decided' && event.outcome === 'allowed',
    trialStarting: ({ event }) => event.type === 'access.decided' && event.outcome === 'trialStarting',
    accessDenied: ({ event }) => event.type === 'access.decided' && event.outcome === 'denied',
  },
}).createMachine({
  id: 'app',
  description:
    'The whole app: it runs session, onboarding, access and ui for as long as the tab is open, and decides what each location shows. The journey reads top to bottom: sign in, onboarding, the access check, the free trial, and the plan picker when access is over.',
  context: ({ input }) => {
    return {
      location: '',
      session: input.session?.token ? 'checking' : 'anonymous',
      signedOutBy: null,
      ...onboardingFlags(input.session?.user ?? null),
      accessGranted: false,
      restored: { session: input.session, preferences: input.preferences, onboardingProgress: input.onboardingProgress },
    };
  },
  invoke: [
    { id: 'ui', systemId: 'ui', src: 'ui', input: ({ context }) => context.restored.preferences ?? {} },
    { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.restored.session ?? {} },
    { id: 'onboarding', systemId: 'onboarding', src: 'onboarding', input: ({ context }) => ({ ...onboardingFromProfile(context.restored.session?.user ?? null), progress: restoredProgress(context.restored.onboardingProgress) }) },
    { id: 'access', systemId: 'access', src: 'access' },
  ],
  on: {
    'route.changed': {
      description: 'The router shows another location (a link, the back button, a redirect): decide again what it shows.',
      guard: 'locationChanged',
      target: '.deciding',
      actions: assign({ location: ({ event }) => event.location }),
    },
    'session.changed': [
      {
        description: 'Someone signed in or out: the onboarding answers follow the new profile, and the current location is decided again.',
        guard: and(['sessionStatusChanged', 'routerReady']),
        target: '.deciding',
        actions: [
          assign(({ event }) => ({ session: event.status, signedOutBy: event.signedOutBy, ...onboardingFlags(event.user) })),
          sendTo('onboarding', ({ event }) => ({ type: 'onboarding.sync', ...onboardingFromProfile(event.user) })),
        ],
      },
      {
        description: 'The profile changed while signed in (refetched after onboarding or a subscription change), or the router has not reported yet: onboarding follows the profile.',
        actions: [
          assign(({ event }) => ({ session: event.status, signedOutBy: event.signedOutBy, ...onboardingFlags(event.user) })),
          sendTo('onboarding', ({ event }) => ({ type: 'onboarding.sync', ...onboardingFromProfile(event.user) })),
        ],
      },
    ],
    'onboarding.changed': [
      {
        description: 'Onboarding was completed or skipped: the current location is decided again.',
        guard: and(['onboardingChanged', 'routerReady']),
        target: '.deciding',
        actions: assign({ onboardingCompleted: ({ event }) => event.completed, onboardingSkipped: ({ event }) => event.skipped }),
      },
      {
        description: 'Onboarding stands where it stood (or the router has not reported yet): only remember it.',
        actions: assign({ onboardingCompleted: ({ event }) => event.completed, onboardingSkipped: ({ event }) => event.skipped }),
      },
    ],
    'app.navigate': {
      description: 'A finished flow sends the user to a page (after sign-in, onboarding, or no access: /ai-coach).',
      actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) },
    },
    'app.reset': {
      description: 'Logout resets all app state: dialogs, modals and the last access check. [spec:4-session-logout]',
      actions: [assign({ accessGranted: false }), sendTo('ui', { type: 'app.reset' }), sendTo('access', { type: 'access.reset' })],
    },
  },
  initial: 'waitingForRouter',
  states: {
    waitingForRouter: {
      description: 'The app has started; the router has not reported a location yet.',
      tags: ['loading'],
    },
    deciding: {
      description: 'Applies the route rules of docs/product.md to the location, in the order a user meets them.',
      always: [
        { description: 'A stored session is still being checked: wait before deciding.', guard: 'sessionPending', target: 'waitingForSession' },
        { description: 'No token: go to /login, remembering the origin (not after an explicit logout). [spec:4-route-login]', guard: 'signInRequired', target: 'signIn' },
        {
          description: 'Signed in with onboarding neither completed nor skipped (or skipped on a redirect-mode route): go to /onboarding. [spec:4-route-onboarding]',
          guard: 'onboardingRequired',
          target: 'onboarding',
        },
        {
          description: "Skipped onboarding plus a route that requires it in modal mode (/transactions, /budget): the 'Complete Onboarding' modal. [spec:4-route-onboarding-modal]",
          guard: 'onboardingModalRequired',
          target: 'onboardingModal',
        },
        {
          description: 'Any other redirect: an unknown path to /login, / to /ai-coach or /onboarding, a signed-in user away from the sign-in forms (the redirects of docs/product.md).',
          guard: 'redirectRequired',
          target: 'redirecting',
        },
        { description: 'A feature route (dashboard, transactions, budget, tokens): check subscription access first. [spec:4-access-check-start]', guard: 'accessCheckRequired', target: 'access' },
        { description: 'Public pages, the coach, settings, help and the wizard open without an access check.', target: 'open' },
      ],
    },
    waitingForSession: {
      description: 'The stored token is being checked (GET /users/me): a loader, then the location is decided.',
      tags: ['loading'],
    },
    signIn: {
      description: 'Sign in first: the user is sent to /login?from=<where they were going>.',
      entry: { type: 'redirect', params: ({ context }) => ({ to: redirectTarget(context) }) },
    },
    onboarding: {
      description: 'Onboarding first: the user is sent to the wizard at /onboarding.',
      entry: { type: 'redirect', params: { to: '/onboarding' } },
    },
    onboardingModal: {
      description: "The page stays closed behind the 'Complete Onboarding' modal ('Maybe Later' or 'Complete Now').",
      entry: sendTo('ui', { type: 'modal.open', modal: 'onboardingRequired' }),
      exit: sendTo('ui', { type: 'modal.close', modal: 'onboardingRequired' }),
    },
    redirecting: {
      description: 'The location is replaced by the one the rules name.',
      entry: { type: 'redirect', params: ({ context }) => ({ to: redirectTarget(context) }) },
    },
    access: {
      description: 'Checking access (GET /subscription/status): a loader, or the page itself when the last check allowed.',
      tags: ['loading'],
      entry: sendTo('access', ({ context }) => ({ type: 'access.check', path: pathOf(context) })),
      on: {
        'access.decided': [
          { description: 'has_access: the page opens. [spec:4-access-allow]', guard: 'accessAllowed', target: 'open', actions: assign({ accessGranted: true }) },
          { description: 'No trial active and never used: the free trial starts by itself. [spec:4-access-trial]', guard: 'trialStarting', target: 'trial' },
          { description: 'No access and no trial to start: the plan picker. [spec:4-access-deny]', guard: 'accessDenied', target: 'plan', actions: assign({ accessGranted: false }) },
        ],
      },
    },
    trial: {
      description: 'Starting the free trial (POST /subscription/trial/start) on the first visit to a feature.',
      tags: ['loading'],
      on: {
        'access.decided': [
          {
            description: "The trial reported 'started': the page opens with the toast 'Your N-day free trial has started. Enjoy every feature!' [spec:4-access-trial]",
            guard: 'accessAllowed',
            target: 'open',
            actions: assign({ accessGranted: true }),
          },
          { description: 'The trial could not start: the plan picker. [spec:4-access-deny]', guard: 'accessDenied', target: 'plan', actions: assign({ accessGranted: false }) },
        ],
      },
    },
    plan: {
      description: "No access: the subscription modal 'Choose a plan' is open and the user is sent to /ai-coach. [spec:4-access-deny]",
    },
    open: {
      description: 'The page is on screen. A signed-in app page (not a sign-in form, callback or the wizard) is remembered as where the user was.',
      tags: ['pageOpen'],
      entry: { type: 'rememberLocation', params: ({ context }) => ({ location: rememberedLocation(context) }) },
    },
  },
});
