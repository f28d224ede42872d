import type { SessionUser } from '../../../machines/session';
import type { Preferences } from '../../../machines/ui';

/** [spec:4-session-store]: the session is a token and a user in local storage. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const PREFERENCES_KEY = 'preferences';
/** The last signed-in page shown in this browser (machines/app.ts rememberedLocation): an old verification link continues there. */
const LAST_LOCATION_KEY = 'last_location';

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const sessionStorageKeys = { token: TOKEN_KEY, user: USER_KEY } as const;

export function loadSession(): { token: string | null; user: SessionUser | null } {
  return { token: localStorage.getItem(TOKEN_KEY), user: read<SessionUser>(USER_KEY) };
}

export function saveSession(token: string | null, user: SessionUser | null) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
}

/** The onboarding wizard's step and answers, with the user they belong to (machines/onboarding.ts saveProgress). */
const ONBOARDING_PROGRESS_KEY = 'onboarding_progress';

/** The progress kept for this user, or null (another user's is never handed over). */
export function loadOnboardingProgress(userId: string | null | undefined): unknown {
  const saved = read<{ user_id?: string; step?: unknown; draft?: unknown }>(ONBOARDING_PROGRESS_KEY);
  return userId && saved?.user_id === userId ? { step: saved.step, draft: saved.draft } : null;
}

export function saveOnboardingProgress(userId: string | null | undefined, progress: { step: number; draft: object } | null) {
  if (userId && progress) localStorage.setItem(ONBOARDING_PROGRESS_KEY, JSON.stringify({ user_id: userId, ...progress }));
  else localStorage.removeItem(ONBOARDING_PROGRESS_KEY);
}

export function clearSession() {
  localStorage.removeItem(ONBOARDING_PROGRESS_KEY);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(LAST_LOCATION_KEY);
}

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

/** Stored preferences (validated by the ui machine) and whether the device prefers dark (theme 'system'). */
export function loadPreferences(): Partial<Preferences> & { systemDark: boolean } {
  const stored = read<Partial<Preferences>>(PREFERENCES_KEY) ?? {};
  return { ...(stored && typeof stored === 'object' ? stored : {}), systemDark: Boolean(darkQuery()?.matches) };
}

/** Calls back when the device switches between light and dark. */
export function watchSystemDark(onChange: (dark: boolean) => void): () => void {
  const query = darkQuery();
  if (!query) return () => undefined;
  const listener = (e: MediaQueryListEvent) => onChange(e.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export const savePreferences = (prefs: Preferences) => localStorage.setItem(PREFERENCES_KEY, JSON.stringify(prefs));

/** [spec:2-callbacks]: before the Google redirect the current location is saved under this key. */
const OAUTH_REDIRECT_KEY = 'oauth_redirect_url';

export const saveOAuthRedirect = (location: string) => localStorage.setItem(OAUTH_REDIRECT_KEY, location);

/** The saved location, removed as it is read (one sign-in uses it once). */
export function takeOAuthRedirect(): string | null {
  const saved = localStorage.getItem(OAUTH_REDIRECT_KEY);
  localStorage.removeItem(OAUTH_REDIRECT_KEY);
  return saved;
}


export const saveLastLocation = (location: string) => localStorage.setItem(LAST_LOCATION_KEY, location);

export const loadLastLocation = (): string | null => localStorage.getItem(LAST_LOCATION_KEY);
