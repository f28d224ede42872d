import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { createTestModel } from '@xstate/test';
import type { accessMachine, AccessStatus } from '../../machines/access';
import { appChildren, appMachine, routeDecision } from '../../machines/app';
import type { onboardingMachine, OnboardingDraft } from '../../machines/onboarding';
import type { GuardDecision } from '../../machines/routes';
import type { sessionMachine } from '../../machines/session';
import { subscriptionMachine } from '../../machines/subscription';
import type { SubscriptionStatus } from '../../src/contract/subscription';
import type { SessionUser } from '../../machines/session';
import type { Toast } from '../../machines/types';
import { type uiMachine, uiTexts } from '../../machines/ui';
import { recordMachineCoverage, type PathRecording } from '../support/machine-coverage';
import { accessFlowModel, accessFlowTexts, accessFlowTransitions, transitionsTaken } from '../models/accessFlow';

const DAY = 86_400_000;
const answers: OnboardingDraft = { currency: 'EUR', monthly_income: 3000, main_goal: 'grow_savings', help_with: ['saving'] };
const fail = (message: string, status: number, handledGlobally = false) => Object.assign(new Error(message), { status, handledGlobally });

/** The server as the client sees it: the profile's onboarding flags, and the subscription rules of the API (trial once, ever). */
function fakeServer() {
  const user: SessionUser = { user_id: 'u1', email: 'model@example.com', onboarding_completed: false, onboarding_skipped: false };
  const billing = { trialEndsAt: null as number | null, trialUsed: false, paidUntil: null as number | null };
  const calls = { status: 0, trialStart: 0 };
  let networkDown = false;
  return {
    user,
    billing,
    calls,
    set networkDown(down: boolean) {
      networkDown = down;
    },
    async status(): Promise<AccessStatus> {
      calls.status += 1;
      if (networkDown) throw fail('Network error. Please check your connection.', 0, true);
      const now = Date.now();
      const paid = billing.paidUntil !== null && billing.paidUntil > now;
      const trialActive = !paid && billing.trialEndsAt !== null && billing.trialEndsAt > now;
      return { has_access: paid || trialActive, trial: { active: trialActive, has_used_trial: billing.trialUsed, days_left: trialActive ? Math.ceil((billing.trialEndsAt! - now) / DAY) : 0 } };
    },
    async startTrial(): Promise<{ status: string; trial?: AccessStatus['trial'] }> {
      calls.trialStart += 1;
      if (billing.trialUsed) throw fail('The free trial has already been used. Choose a plan to continue.', 409);
      Object.assign(billing, { trialUsed: true, trialEndsAt: Date.now() + accessFlowTexts.trialDays * DAY });
      return { status: 'started', trial: { active: true, has_used_trial: true, days_left: accessFlowTexts.trialDays } };
    },
    endTrialNow() {
      billing.trialEndsAt = Math.min(billing.trialEndsAt ?? Date.now(), Date.now() - 1);
    },
    /** GET /subscription/status as Settings' section reads it. */
    async subscriptionStatus(): Promise<SubscriptionStatus> {
      const { has_access, trial } = await this.status();
      return {
        has_access,
        trial: { ...trial, days_left: trial.days_left ?? 0, ends_at: billing.trialEndsAt === null ? null : new Date(billing.trialEndsAt).toISOString() },
        status: trial.active ? 'trialing' : billing.trialUsed ? 'expired' : 'none',
        plan: null,
        current_period_end: null,
        cancel_at_period_end: false,
        payment_method: null,
        provider: 'local',
      };
    },
    payMonthly() {
      billing.paidUntil = Date.now() + 30 * DAY;
    },
    async completeOnboarding(draft: OnboardingDraft): Promise<SessionUser> {
      Object.assign(user, { onboarding_completed: true, onboarding_skipped: false, onboarding: draft, currency: draft.currency });
      return { ...user };
    },
    async skipOnboarding(): Promise<SessionUser> {
      Object.assign(user, { onboarding_completed: false, onboarding_skipped: true });
      return { ...user };
    },
  };
}
type FakeServer = ReturnType<typeof fakeServer>;

/**
 * The signed-in app: the real app machine (machines/app.ts) with its real session, onboarding, ui and access
 * children; the router is simulated by forwarding each location (route.changed) and following the machine's
 * redirects and navigations. Only I/O is faked.
 */
function startApp(server: FakeServer, walk: PathRecording) {
  const toasts: Toast[] = [];
  const navigations: string[] = [];
  let pending: string | null = null;
  const navigate = (to: string) => {
    navigations.push(to);
    pending = to;
  };
  const notify = (toast: Toast) => void (toast.message && toasts.push(toast));
  // A stored, signed-in session (the profile the server holds): the session check answers with it.
  const storedUser = { ...server.user };

  const root = createActor(
    appMachine.provide({
      actors: {
        ui: appChildren.ui.provide({ actions: { showToast: (_, toast) => notify(toast), persistPreferences: () => undefined } }),
        session: appChildren.session.provide({
          actors: {
            checkSession: fromPromise(async () => ({ ...server.user })),
            fetchProfile: fromPromise(async () => ({ ...server.user })),
          },
        }),
        onboarding: appChildren.onboarding.provide({
          actors: {
            completeOnboarding: fromPromise(({ input }) => server.completeOnboarding(input)),
            skipOnboarding: fromPromise(() => server.skipOnboarding()),
          },
        }),
        access: appChildren.access.provide({
          actors: { getStatus: fromPromise(() => server.status()), startTrial: fromPromise(() => server.startTrial()) },
        }),
      },
      actions: { navigate: (_, { to }) => navigate(to), redirect: (_, { to }) => void (pending = to) },
    }),
    { input: { session: { token: 'stored-token', user: storedUser } } },
  ).start();
  const child = <T,>(id: string) => root.system.get(id) as T;
  const ui = child<ActorRefFrom<typeof uiMachine>>('ui');
  const onboarding = child<ActorRefFrom<typeof onboardingMachine>>('onboarding');
  const access = child<ActorRefFrom<typeof accessMachine>>('access');
  const session = child<ActorRefFrom<typeof sessionMachine>>('session');
  [root, ui, onboarding, access, session].forEach((actor) => walk.attach(actor));

  const app = {
    root,
    ui,
    onboarding,
    access,
    toasts,
    navigations,
    location: '/',
    /** Every location the app showed, redirects included. */
    history: [] as string[],
    get decision(): GuardDecision {
      return routeDecision(root.getSnapshot().context);
    },
    get path() {
      return new URL(app.location, 'http://app.test').pathname;
    },
    /** What the route shows: the page itself (the app machine opened it, or re-checks access after an allowed check). */
    pageOpen() {
      const s = root.getSnapshot();
      return s.hasTag('pageOpen') || (s.hasTag('loading') && s.context.accessGranted);
    },
    modals: () => ui.getSnapshot().context.modals,
    /** The onboarding-required modal as the user reads it (src/web/overlays/OnboardingRequiredModal.tsx). */
    onboardingModal() {
      const skipped = onboarding.getSnapshot().context.skipped;
      return {
        open: app.modals().onboardingRequired,
        title: uiTexts.onboardingTitle,
        text: skipped ? uiTexts.onboardingSkippedMessage : uiTexts.onboardingMessage,
        buttons: [uiTexts.maybeLater, skipped ? uiTexts.completeNow : uiTexts.goToOnboarding],
      };
    },
    /** Opens a location and follows redirects and the machines' navigations until the app rests. */
    async visit(location: string) {
      await waitFor(session, (s) => !s.hasTag('busy'), { timeout: 2000 });
      pending = location;
      for (let hops = 0; pending !== null; hops++) {
        if (hops > 8) throw new Error(`navigation loop: ${navigations.join(' → ')}`);
        app.location = pending;
        app.history.push(pending);
        pending = null;
        root.send({ type: 'route.changed', location: app.location });
        await waitFor(access, (s) => !s.hasTag('busy'), { timeout: 2000 });
      }
    },
    /**
     * Settings' subscription section (src/web/views/subscription/subscriptionActor.ts): the real subscription
     * machine, asking the ui machine for its confirmations as the view wires it.
     */
    subscription: null as ActorRefFrom<typeof subscriptionMachine> | null,
    async openSettingsSubscription() {
      app.subscription?.stop();
      const actor = createActor(
        subscriptionMachine.provide({
          actors: { getStatus: fromPromise(() => server.subscriptionStatus()), endTrial: fromPromise(async () => (server.endTrialNow(), server.subscriptionStatus())) },
          actions: {
            notify: (_, toast) => notify(toast),
            requestConfirmation: ({ self }, { step }) =>
              ui.send({ type: 'confirmation.open', request: { variant: 'warning', title: accessFlowTexts.endTrialQuestion, replyTo: self, onConfirm: { type: `${step}.confirm` }, onCancel: { type: `${step}.dismiss` } } }),
          },
        }),
        { input: {} },
      ).start();
      walk.attach(actor);
      app.subscription = actor;
      await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 2000 });
      return actor;
    },
    /** Sends an onboarding event, waits for the call, then follows where the machine navigated. */
    async onboardingDo(event: { type: 'onboarding.skip' } | { type: 'onboarding.complete' }) {
      onboarding.send(event);
      await waitFor(onboarding, (s) => !s.hasTag('busy'), { timeout: 2000 });
      if (pending) await app.visit(pending);
    },
    stop() {
      app.subscription?.stop();
      root.stop();
    },
  };
  return app;
}
type App = ReturnType<typeof startApp>;

const model = createTestModel(accessFlowModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: onboarding, route guard and access check (the real app machine and its children)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...transitionsTaken(paths)].sort()).toEqual(accessFlowTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(accessFlowModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const server = fakeServer();
      const walk = coverage.path(path.description);
      let app: App = startApp(server, walk);
      await app.visit('/');
      const trialToasts = () => app.toasts.filter((t) => t.message === accessFlowTexts.trialStarted);

      try {
        await path.test({
          events: {
            SKIP_ONBOARDING: () => app.onboardingDo({ type: 'onboarding.skip' }),
            COMPLETE_ONBOARDING: async () => {
              app.onboarding.send({ type: 'onboarding.answer', answers });
              await app.onboardingDo({ type: 'onboarding.complete' });
            },
            VISIT_TRANSACTIONS: () => app.visit('/transactions'),
            VISIT_SETTINGS: () => app.visit('/settings'),
            // The modal's buttons (OnboardingRequiredModal.tsx): close the modal, then go.
            MAYBE_LATER: async () => {
              app.ui.send({ type: 'modal.close', modal: 'onboardingRequired' });
              await app.visit('/ai-coach');
            },
            COMPLETE_NOW: async () => {
              app.ui.send({ type: 'modal.close', modal: 'onboardingRequired' });
              await app.visit('/onboarding?force=true');
            },
            // Settings → 'End trial now' → confirm: POST /subscription/trial/end-now.
            END_TRIAL: async () => {
              await app.visit('/settings');
              const subscription = await app.openSettingsSubscription();
              subscription.send({ type: 'subscription.endTrial' });
              app.ui.send({ type: 'confirmation.confirm' });
              await waitFor(subscription, (s) => !s.hasTag('busy'), { timeout: 2000 });
            },
            ASK_END_TRIAL: async () => {
              await app.visit('/settings');
              (await app.openSettingsSubscription()).send({ type: 'subscription.endTrial' });
            },
            KEEP_TRIAL: () => app.ui.send({ type: 'confirmation.cancel' }),
            CONFIRM_END_TRIAL: async () => {
              app.ui.send({ type: 'confirmation.confirm' });
              await waitFor(app.subscription!, (s) => !s.hasTag('busy'), { timeout: 2000 });
            },
            VISIT_TRANSACTIONS_WHILE_STATUS_FAILS: async () => {
              server.networkDown = true;
              await app.visit('/transactions');
              server.networkDown = false;
            },
            // Choose Monthly → hosted checkout (a full page load away from the app) → back on /subscription/success.
            SUBSCRIBE_MONTHLY: async () => {
              server.payMonthly();
              app.stop();
              app = startApp(server, walk);
              await app.visit('/subscription/success?session_id=cs_local_model');
            },
          },
          states: {
            wizard: () => {
              expect(app.location).toBe('/onboarding');
              expect(app.pageOpen()).toBe(true);
              expect(app.onboarding.getSnapshot().value).toBe('notCompleted');
              expect(app.modals()).toMatchObject({ onboardingRequired: false, subscription: false });
              expect(server.calls.status).toBe(0);
            },
            coachAfterSkip: () => {
              expect(app.location).toBe('/ai-coach');
              expect(app.pageOpen()).toBe(true);
              expect(app.onboarding.getSnapshot().value).toBe('skipped');
              expect(server.user).toMatchObject({ onboarding_completed: false, onboarding_skipped: true });
              expect(app.modals().onboardingRequired).toBe(false);
              // The coach needs neither onboarding nor a subscription: no access check.
              expect(server.calls.status).toBe(0);
            },
            onboardingModal: () => {
              expect(app.location).toBe('/transactions');
              expect(app.decision).toMatchObject({ kind: 'onboardingModal', skipped: true });
              expect(app.pageOpen()).toBe(false);
              expect(app.onboardingModal()).toEqual({
                open: true,
                title: accessFlowTexts.onboardingTitle,
                text: accessFlowTexts.skippedMessage,
                buttons: [accessFlowTexts.maybeLater, accessFlowTexts.completeNow],
              });
              expect(server.calls.status).toBe(0);
            },
            coachAfterModal: () => {
              expect(app.location).toBe('/ai-coach');
              expect(app.pageOpen()).toBe(true);
              expect(app.modals().onboardingRequired).toBe(false);
              expect(app.onboarding.getSnapshot().context).toMatchObject({ skipped: true, completed: false });
            },
            wizardAfterSkip: () => {
              // Redirected from /settings (redirect mode), or sent by 'Complete Now' to /onboarding?force=true.
              expect(['/settings,/onboarding', '/onboarding?force=true']).toContain(app.history.slice(app.history.at(-1) === '/onboarding' ? -2 : -1).join(','));
              expect(app.path).toBe('/onboarding');
              expect(app.pageOpen()).toBe(true);
              expect(app.modals().onboardingRequired).toBe(false);
              expect(app.onboarding.getSnapshot().value).toBe('skipped');
              expect(server.calls.status).toBe(0);
            },
            trialStarted: () => {
              expect(app.location).toBe('/dashboard');
              expect(app.pageOpen()).toBe(true);
              expect(app.onboarding.getSnapshot().context).toMatchObject({ completed: true, skipped: false });
              expect(server.user).toMatchObject({ onboarding_completed: true, onboarding_skipped: false, onboarding: answers });
              expect(app.toasts).toEqual([
                { kind: 'success', message: accessFlowTexts.onboardingCompleted },
                { kind: 'success', message: accessFlowTexts.trialStarted },
              ]);
              expect(server.calls.trialStart).toBe(1);
              expect(app.modals().subscription).toBe(false);
            },
            transactionsOpen: () => {
              expect(app.location).toBe('/transactions');
              expect(app.pageOpen()).toBe(true);
              expect(app.access.getSnapshot().value).toBe('allowed');
              expect(server.calls.trialStart).toBe(1);
              expect(trialToasts()).toHaveLength(1);
              expect(app.modals()).toMatchObject({ onboardingRequired: false, subscription: false });
            },
            endTrialAsked: async () => {
              expect(app.location).toBe('/settings');
              expect(app.ui.getSnapshot().context.confirmation).toMatchObject({ title: accessFlowTexts.endTrialQuestion, variant: 'warning' });
              expect(app.subscription!.getSnapshot().matches({ account: 'confirmingEndTrial' })).toBe(true);
              // Asking ends nothing.
              expect(await server.status()).toMatchObject({ has_access: true, trial: { active: true } });
            },
            trialKept: async () => {
              expect(app.location).toBe('/settings');
              expect(app.ui.getSnapshot().context.confirmation).toBeNull();
              expect(app.subscription!.getSnapshot().matches({ account: { plan: 'trialing' } })).toBe(true);
              expect(await server.status()).toMatchObject({ has_access: true, trial: { active: true } });
              expect(app.toasts.map((t) => t.message)).not.toContain(accessFlowTexts.trialEnded);
            },
            trialEnded: async () => {
              expect(app.location).toBe('/settings');
              expect(app.pageOpen()).toBe(true);
              expect(app.ui.getSnapshot().context.confirmation).toBeNull();
              expect(app.subscription!.getSnapshot().matches({ account: { plan: 'expired' } })).toBe(true);
              expect(app.toasts.at(-1)).toEqual({ kind: 'success', message: accessFlowTexts.trialEnded });
              expect(await server.status()).toMatchObject({ has_access: false, trial: { active: false, has_used_trial: true } });
            },
            subscriptionModal: () => {
              expect(app.modals().subscription).toBe(true);
              expect(app.location).toBe('/ai-coach');
              expect(app.pageOpen()).toBe(true);
              // The access machine sent the user from /transactions to /ai-coach.
              expect(app.history.slice(-2)).toEqual(['/transactions', '/ai-coach']);
              expect(app.navigations.at(-1)).toBe('/ai-coach');
              expect(app.access.getSnapshot().value).toBe('denied');
              // The used trial is never started again.
              expect(server.calls.trialStart).toBe(1);
            },
            openedDespiteFailure: () => {
              expect(app.location).toBe('/transactions');
              expect(app.pageOpen()).toBe(true);
              expect(app.access.getSnapshot().value).toBe('allowed');
              expect(app.modals().subscription).toBe(false);
              expect(server.calls.trialStart).toBe(1);
            },
            subscribed: async () => {
              expect(app.path).toBe('/subscription/success');
              expect(app.pageOpen()).toBe(true);
              expect(await server.status()).toMatchObject({ has_access: true });
              expect(app.modals().subscription).toBe(false);
            },
            paidTransactionsOpen: () => {
              expect(app.location).toBe('/transactions');
              expect(app.pageOpen()).toBe(true);
              expect(app.access.getSnapshot().value).toBe('allowed');
              expect(app.modals()).toMatchObject({ onboardingRequired: false, subscription: false });
              expect(server.calls.trialStart).toBe(1);
            },
          },
        });
      } finally {
        app.stop();
      }
    });
  }
});
