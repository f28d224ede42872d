import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { createTestModel } from '@xstate/test';
import type { AccessStatus } from '../../machines/access';
import { appChildren, appMachine } from '../../machines/app';
import type { OnboardingDraft, onboardingMachine } from '../../machines/onboarding';
import type { sessionMachine } from '../../machines/session';
import type { Toast } from '../../machines/types';
import type { uiMachine } from '../../machines/ui';
import { signInJourneyModel } from '../models/signInJourney';
import { recordMachineCoverage, type PathRecording } from '../support/machine-coverage';
import { fakeBackend } from './support/session';

const EMAIL = 'journey@example.com';
const PASSWORD = 'journey-password';
const answers: OnboardingDraft = { currency: 'EUR', monthly_income: 2500, main_goal: 'grow_savings', help_with: ['saving'] };

/**
 * The real app machine with its real session, onboarding, access and ui children, starting signed out. Only
 * I/O is faked: the account API (tests/machines/support/session.ts), onboarding, and a billing API whose free
 * trial cannot start. The router is simulated: each location is forwarded, redirects and navigations followed.
 */
function startApp(walk: PathRecording) {
  const backend = fakeBackend();
  backend.addAccount(EMAIL, PASSWORD);
  const toasts: Toast[] = [];
  const calls = { status: 0, trialStart: 0 };
  let pending: string | null = null;
  const root = createActor(
    appMachine.provide({
      actors: {
        ui: appChildren.ui.provide({ actions: { showToast: (_, toast) => void (toast.message && toasts.push(toast)), persistPreferences: () => undefined } }),
        session: appChildren.session.provide({
          actors: {
            login: fromPromise(({ input }) => backend.login(input)),
            fetchProfile: fromPromise(({ input }) => backend.profile(input.token)),
            checkSession: fromPromise(({ input }) => backend.profile(input.token)),
          },
        }),
        onboarding: appChildren.onboarding.provide({
          actors: {
            completeOnboarding: fromPromise(async ({ input }) => {
              const account = backend.accounts.get(EMAIL)!;
              Object.assign(account.user, { onboarding_completed: true, onboarding_skipped: false, onboarding: input });
              return { ...account.user };
            }),
          },
        }),
        access: appChildren.access.provide({
          actors: {
            getStatus: fromPromise(async (): Promise<AccessStatus> => {
              calls.status += 1;
              return { has_access: false, trial: { active: false, has_used_trial: false, days_left: 0 } };
            }),
            // The billing provider is unavailable: the trial does not report 'started'.
            startTrial: fromPromise(async () => {
              calls.trialStart += 1;
              return { status: 'unavailable' };
            }),
          },
        }),
      },
      actions: { navigate: (_, { to }) => void (pending = to), redirect: (_, { to }) => void (pending = to) },
    }),
    { input: {} },
  ).start();
  const session = root.system.get('session') as ActorRefFrom<typeof sessionMachine>;
  const onboarding = root.system.get('onboarding') as ActorRefFrom<typeof onboardingMachine>;
  const ui = root.system.get('ui') as ActorRefFrom<typeof uiMachine>;
  [root, session, onboarding, ui, root.system.get('access')].forEach((actor) => walk.attach(actor));

  const app = {
    root,
    session,
    ui,
    toasts,
    calls,
    location: '',
    /** Follows redirects and navigations until the app rests. */
    async follow() {
      for (let hops = 0; pending !== null; hops++) {
        if (hops > 8) throw new Error(`navigation loop at ${pending}`);
        app.location = pending;
        pending = null;
        root.send({ type: 'route.changed', location: app.location });
        await waitFor(root.system.get('access'), (s) => !s.hasTag('busy'), { timeout: 2000 });
      }
    },
    async visit(location: string) {
      pending = location;
      await app.follow();
    },
    /** Sends an event to a child, waits until it rests, then follows where the app went. */
    async act(actor: ActorRefFrom<typeof sessionMachine> | ActorRefFrom<typeof onboardingMachine>, event: Parameters<typeof actor.send>[0]) {
      (actor.send as (e: typeof event) => void)(event);
      await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 2000 });
      await app.follow();
    },
  };
  return app;
}

const model = createTestModel(signInJourneyModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: signed out → /login → onboarding → access → plan picker → logout (the real app machine and its children)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const all = Object.values(signInJourneyModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
    expect([...covered].sort()).toEqual(all.sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const app = startApp(coverage.path(path.description));
      await app.visit('/transactions');
      try {
        await path.test({
          events: {
            LOG_IN: () => app.act(app.session, { type: 'session.login', credentials: { email: EMAIL, password: PASSWORD }, returnTo: new URL(app.location, 'http://app.test').searchParams.get('from') }),
            COMPLETE_ONBOARDING: async () => {
              const onboarding = app.root.system.get('onboarding') as ActorRefFrom<typeof onboardingMachine>;
              onboarding.send({ type: 'onboarding.answer', answers });
              await app.act(onboarding, { type: 'onboarding.complete' });
            },
            LOG_OUT: () => app.act(app.session, { type: 'session.logout' }),
          },
          states: {
            loginRemembersPage: () => {
              expect(app.location).toBe('/login?from=%2Ftransactions');
              expect(app.root.getSnapshot().value).toBe('open');
              expect(app.calls.status).toBe(0);
            },
            wizard: () => {
              expect(app.location).toBe('/onboarding');
              expect(app.session.getSnapshot().hasTag('authenticated')).toBe(true);
              expect(app.toasts.map((t) => t.message)).toContain('Login successful!');
              expect(app.calls.status).toBe(0);
            },
            planPicker: () => {
              expect(app.location).toBe('/ai-coach');
              expect(app.ui.getSnapshot().context.modals.subscription).toBe(true);
              expect(app.calls).toEqual({ status: 1, trialStart: 1 });
              expect(app.toasts.map((t) => t.message)).not.toContain('Your free trial has started. Enjoy every feature!');
            },
            signedOut: () => {
              expect(app.location).toBe('/login');
              expect(app.session.getSnapshot().context).toMatchObject({ token: null, user: null });
              expect(app.ui.getSnapshot().context.modals).toEqual({ subscription: false, addTransaction: false, addGoal: false, onboardingRequired: false });
              expect(app.toasts.at(-1)?.message).toBe('Logged out successfully');
            },
          },
        });
      } finally {
        app.root.stop();
      }
    });
  }
});
