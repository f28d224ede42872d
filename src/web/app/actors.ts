import { notifications } from '@mantine/notifications';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { TOAST_DURATION_MS } from '../../contract/constants';
import { accessMachine, type AccessStatus } from '../../../machines/access';
import { onboardingMachine, type OnboardingDraft } from '../../../machines/onboarding';
import { sessionMachine } from '../../../machines/session';
import { uiMachine } from '../../../machines/ui';
import type { SessionUser, Toast } from '../../../machines/types';
import { createApi, type Api } from '../api';
import { inspect } from './inspect';
import { connectWallet, discoverWallets, signWalletMessage } from '../wallet/connect';
import { clearSession, loadPreferences, loadSession, saveOAuthRedirect, savePreferences, saveSession, watchSystemDark } from './storage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type UiActor = ActorRefFrom<typeof uiMachine>;
export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
export type AccessActor = ActorRefFrom<typeof accessMachine>;

export interface AppActors {
  api: Api;
  session: SessionActor;
  ui: UiActor;
  onboarding: OnboardingActor;
  access: AccessActor;
}

const toastColors: Record<Toast['kind'], string> = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' };

/** Creates the app-lifetime actors once, wiring each machine's named effects to real implementations. */
export function createAppActors(apiUrl: string, navigate: (to: string) => void): AppActors {
  // The API client and the session actor need each other: the client reads the token through this late binding.
  const late: { session?: SessionActor; onboarding?: OnboardingActor; access?: AccessActor } = {};
  const notify = (toast: Toast) => {
    if (toast.message) ui.send({ type: 'toast.show', toast });
  };

  const ui = createActor(
    uiMachine.provide({
      actions: {
        showToast: (_, toast) => {
          notifications.show({ message: toast.message, title: toast.title, color: toastColors[toast.kind], autoClose: TOAST_DURATION_MS, withBorder: true, closeButtonProps: { 'aria-label': 'Close notification' } });
        },
        persistPreferences: (_, prefs) => savePreferences(prefs),
      },
    }),
    { input: loadPreferences(), inspect },
  );
  watchSystemDark((dark) => ui.send({ type: 'theme.systemChanged', dark }));

  const api = createApi(apiUrl, {
    getToken: () => late.session?.getSnapshot().context.token ?? null,
    onSessionExpired: () => late.session?.send({ type: 'session.expired' }),
    toastError: (message) => ui.send({ type: 'toast.show', toast: { kind: 'error', message } }),
    onReward: (reward) => ui.send({ type: 'reward.show', points: reward.points, title: reward.title || undefined, message: reward.message || undefined }),
  });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }) => api.auth.login(input)),
        register: fromPromise(({ input }) => api.auth.signup(input)),
        verifyEmail: fromPromise(({ input }) => api.auth.verifyEmail(input.token)),
        exchangeToken: fromPromise(({ input }) => api.auth.exchangeToken(input.token)),
        fetchProfile: fromPromise(async ({ input }) => (await api.auth.getProfile(input.token)) as SessionUser),
        // GET /users/me is not exempt from spec §8's 401 rule: an expired stored token toasts 'Session expired…'.
        checkSession: fromPromise(async ({ input }) => {
          await api.auth.me();
          return (await api.auth.getProfile(input.token)) as SessionUser;
        }),
        discoverWallets: fromPromise(() => discoverWallets()),
        connectWallet: fromPromise(({ input }) => connectWallet(input)),
        getNonce: fromPromise(({ input }) => api.web3.nonce(input.address)),
        signWalletMessage: fromPromise(({ input }) => signWalletMessage(input)),
        web3Auth: fromPromise(({ input }) => api.web3.auth(input)),
        fetchWeb3Profile: fromPromise(async ({ input }) => (await api.web3.me(input.token)) as SessionUser),
      },
      actions: {
        persist: (_, { token, user }) => saveSession(token, user),
        clearPersisted: () => clearSession(),
        // Best effort: offline, the token simply stays valid until it expires.
        revokeSession: (_, { token }) => {
          if (token) api.auth.logout(token).catch(() => undefined);
        },
        resetApp: () => {
          ui.send({ type: 'app.reset' });
          late.access?.send({ type: 'access.reset' });
        },
        // An empty message means the API client already toasted it (network, 5xx, 403).
        notify: (_, toast) => notify(toast),
        navigate: (_, { to }) => navigate(to),
        redirectToGoogle: () => {
          saveOAuthRedirect(`${window.location.pathname}${window.location.search}`);
          window.location.assign(`${apiUrl}/auth/login/google`);
        },
      },
    }),
    { input: loadSession(), inspect },
  );

  late.session = session;

  const onboarding = createActor(
    onboardingMachine.provide({
      actors: {
        completeOnboarding: fromPromise(async ({ input }) => (await api.auth.completeOnboarding(input as Parameters<Api['auth']['completeOnboarding']>[0])) as SessionUser),
        skipOnboarding: fromPromise(async () => (await api.auth.skipOnboarding()) as SessionUser),
      },
      actions: {
        profileUpdated: (_, user) => session.send({ type: 'session.profileUpdated', user }),
        refreshProfile: () => session.send({ type: 'session.refreshProfile' }),
        notify: (_, toast) => notify(toast),
        navigate: (_, { to }) => navigate(to),
      },
    }),
    { input: onboardingInput(session.getSnapshot().context.user), inspect },
  );
  late.onboarding = onboarding;
  // The onboarding actor follows the profile the session holds.
  let lastUser: SessionUser | null = null;
  session.subscribe((snapshot) => {
    const user = snapshot.context.user;
    if (user === lastUser) return;
    lastUser = user;
    onboarding.send({ type: 'onboarding.sync', ...onboardingInput(user) });
  });

  const access = createActor(
    accessMachine.provide({
      actors: {
        getStatus: fromPromise(async (): Promise<AccessStatus> => api.subscription.status()),
        startTrial: fromPromise(async (): Promise<{ status: string; trial?: AccessStatus['trial'] }> => api.subscription.startTrial()),
      },
      actions: {
        openSubscriptionModal: () => ui.send({ type: 'modal.open', modal: 'subscription' }),
        navigate: (_, { to }) => navigate(to),
        notify: (_, toast) => notify(toast),
      },
    }),
    { inspect },
  );
  late.access = access;

  return { api, session, ui, onboarding, access };
}

function onboardingInput(user: SessionUser | null): { completed: boolean; skipped: boolean; draft: OnboardingDraft } {
  const answers = (user?.onboarding ?? {}) as OnboardingDraft;
  return {
    completed: user?.onboarding_completed === true,
    skipped: user?.onboarding_skipped === true,
    draft: { ...answers, currency: answers.currency ?? (typeof user?.currency === 'string' ? user.currency : undefined) },
  };
}
