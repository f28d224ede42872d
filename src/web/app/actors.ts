import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { showToast } from '../overlays/toasts';
import type { accessMachine, AccessStatus } from '../../../machines/access';
import { appChildren, appMachine } from '../../../machines/app';
import type { onboardingMachine } from '../../../machines/onboarding';
import type { sessionMachine, SessionUser } from '../../../machines/session';
import type { uiMachine } from '../../../machines/ui';
import { createApi, type Api } from '../api';
import { inspect } from './inspect';
import { browserWalletSignIn } from './walletSignIn';
import { clearSession, loadOnboardingProgress, loadPreferences, loadSession, saveLastLocation, saveOAuthRedirect, saveOnboardingProgress, savePreferences, saveSession, watchSystemDark } from './storage';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type UiActor = ActorRefFrom<typeof uiMachine>;
export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
export type AccessActor = ActorRefFrom<typeof accessMachine>;

export interface AppActors {
  api: Api;
  /** The root: the route decision, and the parent of the four below. */
  app: AppActor;
  session: SessionActor;
  ui: UiActor;
  onboarding: OnboardingActor;
  access: AccessActor;
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Starts the app actor once (machines/app.ts), giving each child machine its real I/O: the API client,
 * local storage, the browser wallet, Mantine notifications and the router. How the children talk to
 * each other is the app machine's business, not this file's.
 */
export function createAppActors(apiUrl: string, navigate: Navigate): AppActors {
  const api = createApi(apiUrl, {
    // The app actor is created below and lives as long as the page; the client asks it for the token per call.
    getToken: () => app.system.get('session')?.getSnapshot().context.token ?? null,
    onSessionExpired: () => app.system.get('session')?.send({ type: 'session.expired' }),
    toastError: (message) => app.system.get('ui')?.send({ type: 'toast.show', toast: { kind: 'error', message } }),
    onReward: (reward) => app.system.get('ui')?.send({ type: 'reward.show', points: reward.points, title: reward.title || undefined, message: reward.message || undefined, milestone: reward.milestone }),
  });

  const restored = loadSession();
  const app = createActor(
    appMachine.provide({
      actors: {
        ui: appChildren.ui.provide({
          actions: {
            showToast: (_, toast) => showToast(toast),
            persistPreferences: (_, prefs) => savePreferences(prefs),
          },
        }),
        session: appChildren.session.provide({
          actors: {
            login: fromPromise(({ input }) => api.auth.login(input)),
            register: fromPromise(({ input }) => api.auth.signup(input)),
            verifyEmail: fromPromise(({ input }) => api.auth.verifyEmail(input.token)),
            exchangeToken: fromPromise(({ input }) => api.auth.exchangeToken(input.token)),
            fetchProfile: fromPromise(({ input }) => api.auth.getProfile(input.token)),
            // GET /users/me is not exempt from the 401 rule [spec:8-401]: an expired stored token toasts 'Session expired…'.
            checkSession: fromPromise(async ({ input }) => {
              await api.auth.me();
              return api.auth.getProfile(input.token);
            }),
            walletSignIn: browserWalletSignIn(api),
            fetchWeb3Profile: fromPromise(({ input }) => api.web3.me(input.token)),
          },
          actions: {
            persist: ({ context }) => saveSession(context.token, context.user),
            clearPersisted: () => clearSession(),
            // Best effort: offline, the token simply stays valid until it expires.
            revokeSession: (_, { token }) => {
              if (token) api.auth.logout(token).catch(() => undefined);
            },
            redirectToGoogle: () => {
              saveOAuthRedirect(`${window.location.pathname}${window.location.search}`);
              window.location.assign(`${apiUrl}/auth/login/google`);
            },
          },
        }),
        onboarding: appChildren.onboarding.provide({
          actors: {
            completeOnboarding: fromPromise(({ input }) => api.auth.completeOnboarding(input as Parameters<Api['auth']['completeOnboarding']>[0])),
            skipOnboarding: fromPromise<SessionUser, void>(() => api.auth.skipOnboarding()),
          },
          actions: {
            saveProgress: (_, progress) => saveOnboardingProgress(loadSession().user?.user_id, progress),
          },
        }),
        access: appChildren.access.provide({
          actors: {
            getStatus: fromPromise(async (): Promise<AccessStatus> => api.subscription.status()),
            startTrial: fromPromise(async (): Promise<{ status: string; trial?: AccessStatus['trial'] }> => api.subscription.startTrial()),
          },
        }),
      },
      actions: {
        navigate: (_, { to }) => navigate(to),
        redirect: (_, { to }) => navigate(to, { replace: true }),
        rememberLocation: (_, { location }) => {
          if (location) saveLastLocation(location);
        },
      },
    }),
    { input: { session: restored, preferences: loadPreferences(), onboardingProgress: loadOnboardingProgress(restored.user?.user_id) }, inspect },
  );
  app.start();
  const ui = app.system.get('ui') as UiActor;
  watchSystemDark((dark) => ui.send({ type: 'theme.systemChanged', dark }));

  return {
    api,
    app,
    ui,
    session: app.system.get('session') as SessionActor,
    onboarding: app.system.get('onboarding') as OnboardingActor,
    access: app.system.get('access') as AccessActor,
  };
}
