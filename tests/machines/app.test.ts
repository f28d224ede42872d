import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { accessMachine, AccessStatus } from '../../machines/access';
import { appChildren, appMachine, opensAt } from '../../machines/app';
import type { sessionMachine } from '../../machines/session';
import type { SessionUser } from '../../machines/session';
import type { Toast } from '../../machines/types';
import type { uiMachine } from '../../machines/ui';

const status = (has_access: boolean, active: boolean, has_used_trial: boolean): AccessStatus => ({ has_access, trial: { active, has_used_trial } });

/**
 * The real app machine and its real children; the router is simulated: each location is forwarded
 * (route.changed) and the machine's redirects and navigations are followed. Only I/O is faked.
 */
function startApp(options: { token?: string | null; stored?: SessionUser | null; profile?: SessionUser; access?: AccessStatus | Error } = {}) {
  const toasts: Toast[] = [];
  const redirects: string[] = [];
  const navigations: string[] = [];
  const remembered: string[] = [];
  let pending: string | null = null;
  let trialStarts = 0;
  const profile: SessionUser = options.profile ?? { user_id: 'u1', onboarding_completed: true, onboarding_skipped: false };
  const root = createActor(
    appMachine.provide({
      actors: {
        ui: appChildren.ui.provide({ actions: { showToast: (_, toast) => void toasts.push(toast), persistPreferences: () => undefined } }),
        session: appChildren.session.provide({
          actors: { checkSession: fromPromise(async () => profile), fetchProfile: fromPromise(async () => profile) },
        }),
        access: appChildren.access.provide({
          actors: {
            getStatus: fromPromise(async () => {
              if (options.access instanceof Error) throw options.access;
              return options.access ?? status(true, false, false);
            }),
            startTrial: fromPromise(async (): Promise<{ status: string; trial?: AccessStatus['trial'] }> => {
              trialStarts += 1;
              return { status: 'started', trial: { active: true, has_used_trial: true, days_left: 14 } };
            }),
          },
        }),
      },
      actions: {
        navigate: (_, { to }) => void (navigations.push(to), (pending = to)),
        redirect: (_, { to }) => void (redirects.push(to), (pending = to)),
        rememberLocation: (_, { location }) => void (location && remembered.push(location)),
      },
    }),
    { input: { session: { token: options.token ?? null, user: options.stored ?? null } } },
  ).start();
  const session = root.system.get('session') as ActorRefFrom<typeof sessionMachine>;
  const ui = root.system.get('ui') as ActorRefFrom<typeof uiMachine>;
  const access = root.system.get('access') as ActorRefFrom<typeof accessMachine>;
  const app = {
    root,
    session,
    ui,
    toasts,
    redirects,
    navigations,
    remembered,
    location: '',
    get trialStarts() {
      return trialStarts;
    },
    state: () => root.getSnapshot().value,
    /** Shows a location, then follows the machine's redirects and navigations until the app rests. */
    async visit(location: string) {
      pending = location;
      for (let hops = 0; pending !== null; hops++) {
        if (hops > 8) throw new Error(`navigation loop: ${redirects.join(' → ')}`);
        app.location = pending;
        pending = null;
        root.send({ type: 'route.changed', location: app.location });
        await waitFor(access, (s) => !s.hasTag('busy'), { timeout: 2000 });
        await waitFor(session, (s) => !s.hasTag('busy'), { timeout: 2000 });
        if (pending === null && root.getSnapshot().matches('waitingForSession')) await waitFor(root, (s) => !s.matches('waitingForSession'), { timeout: 2000 });
      }
    },
  };
  return app;
}

const signedIn = (profile: Partial<SessionUser> = {}) => ({ token: 'stored', stored: { user_id: 'u1' }, profile: { user_id: 'u1', onboarding_completed: true, onboarding_skipped: false, ...profile } });

describe('app machine: the route decision of docs/product.md §2 and §4', () => {
  it('waits for the router before deciding anything', () => {
    const app = startApp();
    expect(app.state()).toBe('waitingForRouter');
    expect(app.redirects).toEqual([]);
  });

  it('no token redirects to /login, remembering the origin', async () => {
    const app = startApp();
    await app.visit('/budget?goal=3');
    expect(app.redirects).toEqual(['/login?from=%2Fbudget%3Fgoal%3D3']);
    expect(app.location).toBe('/login?from=%2Fbudget%3Fgoal%3D3');
    expect(app.state()).toBe('open');
  });

  it('any unknown path redirects to /login', async () => {
    const app = startApp();
    await app.visit('/no-such-page');
    expect(app.redirects[0]).toBe('/login');
  });

  it('while a stored session is checked the location waits; then it is decided on the fresh profile, not the stored one', async () => {
    const app = startApp({ token: 'stored', stored: { user_id: 'u1', onboarding_completed: false }, profile: { user_id: 'u1', onboarding_completed: true, onboarding_skipped: false } });
    app.root.send({ type: 'route.changed', location: '/settings' });
    expect(app.state()).toBe('waitingForSession');
    await waitFor(app.root, (s) => !s.matches('waitingForSession'), { timeout: 2000 });
    expect(app.state()).toBe('open');
    expect(app.redirects).toEqual([]);
  });

  it('remembers the signed-in page on screen (where an old verification link continues), never a sign-in form, callback or the wizard', async () => {
    const app = startApp(signedIn());
    await app.visit('/settings');
    await app.visit('/transactions?category=Groceries');
    await app.visit('/verify-email?error=expired');
    expect(app.location).toBe('/verify-email?error=expired');
    expect(app.remembered).toEqual(['/settings', '/transactions?category=Groceries']);
    await app.visit('/onboarding?force=true'); // revisiting the answers from Settings
    expect(app.location).toBe('/onboarding?force=true');
    expect(app.remembered).toEqual(['/settings', '/transactions?category=Groceries']);
    const anonymous = startApp();
    await anonymous.visit('/login');
    expect(anonymous.remembered).toEqual([]);
  });

  it('/ redirects to /ai-coach when onboarding is completed, otherwise to /onboarding', async () => {
    const done = startApp(signedIn());
    await done.visit('/');
    expect(done.location).toBe('/ai-coach');
    const fresh = startApp(signedIn({ onboarding_completed: false }));
    await fresh.visit('/');
    expect(fresh.location).toBe('/onboarding');
  });

  it('onboarding neither completed nor skipped: a route that requires it redirects to /onboarding', async () => {
    const app = startApp(signedIn({ onboarding_completed: false }));
    await app.visit('/transactions');
    expect(app.redirects).toEqual(['/onboarding']);
    expect(app.location).toBe('/onboarding');
  });

  it('skipped onboarding plus a required route shows the onboarding modal; leaving the route closes it', async () => {
    const app = startApp(signedIn({ onboarding_completed: false, onboarding_skipped: true }));
    await app.visit('/budget');
    expect(app.state()).toBe('onboardingModal');
    expect(app.ui.getSnapshot().context.modals.onboardingRequired).toBe(true);
    await app.visit('/ai-coach');
    expect(app.ui.getSnapshot().context.modals.onboardingRequired).toBe(false);
  });

  it('with has_access a feature route opens after the access check', async () => {
    const app = startApp(signedIn());
    await app.visit('/dashboard');
    expect(app.state()).toBe('open');
    expect(app.trialStarts).toBe(0);
  });

  it('no trial active and never used: the trial starts by itself and the page opens with the toast', async () => {
    const app = startApp({ ...signedIn(), access: status(false, false, false) });
    const seen: string[] = [];
    app.root.subscribe((s) => seen.push(String(s.value)));
    await app.visit('/tokens');
    expect(seen).toEqual(expect.arrayContaining(['access', 'trial', 'open']));
    expect(app.trialStarts).toBe(1);
    expect(app.toasts.map((t) => t.message)).toContain('Your 14-day free trial has started. Enjoy every feature!');
  });

  it('no access and the trial used: the subscription modal opens and the user lands on /ai-coach', async () => {
    const app = startApp({ ...signedIn(), access: status(false, false, true) });
    const seen: string[] = [];
    app.root.subscribe((s) => seen.push(String(s.value)));
    await app.visit('/transactions');
    expect(seen).toContain('plan');
    expect(app.ui.getSnapshot().context.modals.subscription).toBe(true);
    expect(app.navigations).toEqual(['/ai-coach']);
    expect(app.location).toBe('/ai-coach');
  });

  it('if the status call fails, allow', async () => {
    const app = startApp({ ...signedIn(), access: new Error('Network error. Please check your connection.') });
    await app.visit('/budget');
    expect(app.state()).toBe('open');
  });

  it('logout resets app state and the login page does not remember the last page', async () => {
    const app = startApp({ ...signedIn(), access: status(false, false, true) });
    await app.visit('/transactions');
    expect(app.ui.getSnapshot().context.modals.subscription).toBe(true);
    app.session.send({ type: 'session.logout' });
    await app.visit(app.navigations.at(-1)!);
    expect(app.ui.getSnapshot().context.modals.subscription).toBe(false);
    expect(app.root.getSnapshot().context.accessGranted).toBe(false);
    await app.visit('/dashboard');
    expect(app.location).toBe('/login');
  });

  it('opensAt (what the router view uses before the machine has a location) agrees with the decision the machine then takes', async () => {
    const cases = [
      { who: 'completed', options: signedIn() },
      { who: 'skipped', options: signedIn({ onboarding_completed: false, onboarding_skipped: true }) },
      { who: 'new', options: signedIn({ onboarding_completed: false }) },
      { who: 'anonymous', options: {} },
    ];
    const locations = ['/', '/login', '/register', '/dashboard', '/transactions?q=rent', '/budget', '/ai-coach', '/tokens', '/settings', '/help', '/onboarding', '/onboarding?force=true', '/nowhere'];
    for (const { who, options } of cases) {
      const app = startApp(options);
      await app.visit('/ai-coach');
      for (const location of locations) {
        const predicted = opensAt(app.root.getSnapshot().context, location);
        const redirectsBefore = app.redirects.length;
        await app.visit(location);
        expect({ who, location, opens: app.redirects.length === redirectsBefore }).toEqual({ who, location, opens: predicted });
      }
    }
  });
});
