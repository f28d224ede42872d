import { notifications } from '@mantine/notifications';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { TOAST_DURATION_MS } from '../../contract/constants';
import { sessionMachine } from '../../../machines/session';
import { uiMachine } from '../../../machines/ui';
import type { SessionUser, Toast } from '../../../machines/types';
import { createApi, type Api } from '../api';
import { clearSession, loadPreferences, loadSession, savePreferences, saveSession } from './storage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type UiActor = ActorRefFrom<typeof uiMachine>;

export interface AppActors {
  api: Api;
  session: SessionActor;
  ui: UiActor;
}

const toastColors: Record<Toast['kind'], string> = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' };

/** Creates the app-lifetime actors once, wiring each machine's named effects to real implementations. */
export function createAppActors(apiUrl: string, navigate: (to: string) => void): AppActors {
  // The API client and the session actor need each other: the client reads the token through this late binding.
  const late: { session?: SessionActor } = {};

  const ui = createActor(
    uiMachine.provide({
      actions: {
        showToast: (_, toast) => {
          notifications.show({ message: toast.message, title: toast.title, color: toastColors[toast.kind], autoClose: TOAST_DURATION_MS, withBorder: true });
        },
        persistPreferences: (_, prefs) => savePreferences(prefs),
      },
    }),
    { input: loadPreferences() },
  );

  const api = createApi(apiUrl, {
    getToken: () => late.session?.getSnapshot().context.token ?? null,
    onSessionExpired: () => late.session?.send({ type: 'session.expired' }),
    toastError: (message) => ui.send({ type: 'toast.show', toast: { kind: 'error', message } }),
  });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }) => api.auth.login(input)),
        register: fromPromise(({ input }) => api.auth.signup(input)),
        verifyEmail: fromPromise(({ input }) => api.auth.verifyEmail(input.token)),
        fetchProfile: fromPromise(async ({ input }) => (await api.auth.getProfile(input.token)) as SessionUser),
        // GET /users/me is not exempt from spec §8's 401 rule: an expired stored token toasts 'Session expired…'.
        checkSession: fromPromise(async ({ input }) => {
          await api.auth.me();
          return (await api.auth.getProfile(input.token)) as SessionUser;
        }),
      },
      actions: {
        persist: (_, { token, user }) => saveSession(token, user),
        clearPersisted: () => clearSession(),
        resetApp: () => ui.send({ type: 'app.reset' }),
        // Toasts the API client already showed (network, 5xx, 403) are not repeated.
        notify: (_, toast) => {
          if (toast.message) ui.send({ type: 'toast.show', toast });
        },
        navigate: (_, { to }) => navigate(to),
      },
    }),
    { input: loadSession() },
  );

  late.session = session;
  return { api, session, ui };
}
