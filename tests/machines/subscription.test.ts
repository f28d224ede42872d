import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SubscriptionStatus } from '../../src/contract/subscription';
import { subscriptionMachine, subscriptionTexts, type PlansOffer, type SubscriptionInput } from '../../machines/subscription';
import type { Toast } from '../../machines/types';

const fail = (message: string, status = 400, handledGlobally = false) => Object.assign(new Error(message), { status, handledGlobally });
const monthly = { id: 'monthly', name: 'Monthly', price: 9.99, currency: 'USD', interval: 'month' as const, trial_days: 14, features: ['Everything'], badge: null };

function statusOf(status: SubscriptionStatus['status'], extra: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return {
    has_access: status === 'trialing' || status === 'active' || status === 'canceled',
    trial: { active: status === 'trialing', has_used_trial: status !== 'none', ends_at: null, days_left: status === 'trialing' ? 10 : 0 },
    status,
    plan: status === 'active' || status === 'canceled' ? monthly : null,
    current_period_end: status === 'active' || status === 'canceled' ? '2026-12-22T00:00:00.000Z' : null,
    cancel_at_period_end: status === 'canceled',
    payment_method: null,
    provider: 'local',
    ...extra,
  };
}

/** A billing server as the client sees it: one subscription that moves between the states of docs/product.md §3/§4. */
function fakeBilling(initial: SubscriptionStatus['status']) {
  let current = statusOf(initial);
  const calls: string[] = [];
  const failing = new Set<string>();
  const call = async <T,>(name: string, answer: () => T): Promise<T> => {
    calls.push(name);
    if (failing.has(name)) throw fail(`${name} refused`);
    return answer();
  };
  return {
    calls,
    failing,
    get current() {
      return current;
    },
    getStatus: () => call('status', () => current),
    getPlans: () => call('plans', (): PlansOffer => ({ plans: [monthly], trial_days: 14, currency: 'USD' })),
    createCheckout: (planId: string) => call('checkout', () => ({ session_id: `cs_${planId}`, url: `https://billing.test/checkout/cs_${planId}` })),
    confirm: (sessionId: string) =>
      call('confirm', () => {
        if (!sessionId.startsWith('cs_')) throw fail('Checkout session not found', 404);
        return (current = statusOf('active'));
      }),
    cancel: () => call('cancel', () => (current = statusOf('canceled'))),
    endTrial: () => call('endTrial', () => (current = statusOf('expired'))),
    portal: () => call('portal', () => ({ url: 'https://billing.test/portal' })),
  };
}

function start(billing: ReturnType<typeof fakeBilling>, input: SubscriptionInput = {}) {
  const log = { toasts: [] as Toast[], left: [] as string[], profileRefreshes: 0, confirmations: [] as { step: string; periodEnd: string | null }[] };
  const actor = createActor(
    subscriptionMachine.provide({
      actors: {
        getStatus: fromPromise(() => billing.getStatus()),
        getPlans: fromPromise(() => billing.getPlans()),
        createCheckout: fromPromise(({ input: { planId } }) => billing.createCheckout(planId)),
        confirmCheckout: fromPromise(({ input: { sessionId } }) => billing.confirm(sessionId)),
        cancelSubscription: fromPromise(() => billing.cancel()),
        endTrial: fromPromise(() => billing.endTrial()),
        openPortal: fromPromise(() => billing.portal()),
      },
      actions: {
        notify: (_, toast) => void (toast.message && log.toasts.push(toast)),
        leaveFor: (_, { url }) => void log.left.push(url),
        refreshProfile: () => void (log.profileRefreshes += 1),
        requestConfirmation: (_, request) => void log.confirmations.push(request),
      },
    }),
    { input },
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy') || s.matches({ account: 'leaving' }), { timeout: 2000 });
  return { actor, log, settled, plan: () => (actor.getSnapshot().value as { account: { plan?: string } }).account.plan };
}

describe('subscription machine: the state the server reports', () => {
  it.each([
    ['none', 'none'],
    ['trialing', 'trialing'],
    ['active', 'active'],
    ['canceled', 'canceling'],
    ['expired', 'expired'],
  ] as const)('status %s shows as %s', async (status, state) => {
    const s = start(fakeBilling(status));
    expect(s.actor.getSnapshot().matches({ account: 'loading' })).toBe(true);
    await s.settled();
    expect(s.plan()).toBe(state);
  });

  it("a failed status call shows the reason and toasts it; 'Retry' loads again", async () => {
    const billing = fakeBilling('trialing');
    billing.failing.add('status');
    const s = start(billing);
    await s.settled();
    expect(s.actor.getSnapshot().matches({ account: 'failed' })).toBe(true);
    expect(s.actor.getSnapshot().context.error?.message).toBe('status refused');
    expect(s.log.toasts).toEqual([{ kind: 'error', message: 'status refused' }]);
    billing.failing.delete('status');
    s.actor.send({ type: 'subscription.reload' });
    await s.settled();
    expect(s.plan()).toBe('trialing');
  });

  it('a failure the API client already toasted (network, 5xx) is not toasted twice', async () => {
    const billing = fakeBilling('trialing');
    const s = start(billing);
    await s.settled();
    billing.getStatus = () => Promise.reject(fail('Network error. Please check your connection.', 0, true));
    s.actor.send({ type: 'subscription.reload' });
    await s.settled();
    expect(s.log.toasts).toEqual([]);
  });
});

describe('subscription machine: what the user can do in each state', () => {
  it("end trial: toast 'Your trial has ended.', the profile is refetched and the status reloads as expired", async () => {
    const billing = fakeBilling('trialing');
    const s = start(billing);
    await s.settled();
    s.actor.send({ type: 'subscription.endTrial' });
    s.actor.send({ type: 'endTrial.confirm' });
    await s.settled();
    expect(s.plan()).toBe('expired');
    expect(s.log.toasts).toEqual([{ kind: 'success', message: subscriptionTexts.trialEnded }]);
    expect(s.log.profileRefreshes).toBe(1);
  });

  it("cancel: toast 'Subscription cancelled. You keep access until the end of the period.' and the plan shows as cancelling", async () => {
    const s = start(fakeBilling('active'));
    await s.settled();
    s.actor.send({ type: 'subscription.cancel' });
    s.actor.send({ type: 'cancel.confirm' });
    await s.settled();
    expect(s.plan()).toBe('canceling');
    expect(s.actor.getSnapshot().context.status?.has_access).toBe(true);
    expect(s.log.toasts.map((t) => t.message)).toEqual(['Subscription cancelled. You keep access until the end of the period.']);
    // The machine writes the toast out (so Stately shows it): it reads as the texts say.
    expect(s.log.toasts.map((t) => t.message)).toEqual([subscriptionTexts.cancelled]);
  });

  it('cancel and end trial ask first; answering no (or closing the dialog) changes nothing and calls nobody', async () => {
    const active = fakeBilling('active');
    const a = start(active);
    await a.settled();
    a.actor.send({ type: 'subscription.cancel' });
    expect(a.actor.getSnapshot().matches({ account: 'confirmingCancel' })).toBe(true);
    expect(a.log.confirmations).toEqual([{ step: 'cancel', periodEnd: '2026-12-22T00:00:00.000Z' }]);
    // While the dialog is open the other step's answer means nothing.
    expect(a.actor.getSnapshot().can({ type: 'endTrial.confirm' })).toBe(false);
    a.actor.send({ type: 'cancel.dismiss' });
    expect(a.plan()).toBe('active');

    const trial = fakeBilling('trialing');
    const t = start(trial);
    await t.settled();
    t.actor.send({ type: 'subscription.endTrial' });
    expect(t.actor.getSnapshot().matches({ account: 'confirmingEndTrial' })).toBe(true);
    expect(t.log.confirmations).toEqual([{ step: 'endTrial', periodEnd: null }]);
    t.actor.send({ type: 'endTrial.dismiss' });
    expect(t.plan()).toBe('trialing');
    expect([...active.calls, ...trial.calls]).toEqual(['status', 'status']);
    expect([...a.log.toasts, ...t.log.toasts]).toEqual([]);
  });

  it('cancel and end trial are only offered where they make sense', async () => {
    const s = start(fakeBilling('expired'));
    await s.settled();
    expect(s.actor.getSnapshot().can({ type: 'subscription.cancel' })).toBe(false);
    expect(s.actor.getSnapshot().can({ type: 'subscription.endTrial' })).toBe(false);
    expect(s.actor.getSnapshot().can({ type: 'subscription.checkout', planId: 'monthly' })).toBe(true);
  });

  it("a refused cancel toasts the server's reason and keeps the plan", async () => {
    const billing = fakeBilling('active');
    billing.failing.add('cancel');
    const s = start(billing);
    await s.settled();
    s.actor.send({ type: 'subscription.cancel' });
    s.actor.send({ type: 'cancel.confirm' });
    await s.settled();
    expect(s.plan()).toBe('active');
    expect(s.log.toasts).toEqual([{ kind: 'error', message: 'cancel refused' }]);
  });

  it("choosing a plan leaves for the hosted checkout; 'Manage billing' and resume leave for the portal", async () => {
    const s = start(fakeBilling('trialing'));
    await s.settled();
    s.actor.send({ type: 'subscription.checkout', planId: 'monthly' });
    expect(s.actor.getSnapshot().context.choosingPlanId).toBe('monthly');
    await s.settled();
    expect(s.log.left).toEqual(['https://billing.test/checkout/cs_monthly']);

    const c = start(fakeBilling('canceled'));
    await c.settled();
    c.actor.send({ type: 'subscription.resume' });
    await c.settled();
    expect(c.log.left).toEqual(['https://billing.test/portal']);
  });

  it("a checkout that cannot start toasts the reason ('Failed to start checkout' by default) and stays", async () => {
    const billing = fakeBilling('trialing');
    billing.createCheckout = () => Promise.reject(new Error(''));
    const s = start(billing);
    await s.settled();
    s.actor.send({ type: 'subscription.checkout', planId: 'monthly' });
    await s.settled();
    expect(s.plan()).toBe('trialing');
    expect(s.log.toasts).toEqual([{ kind: 'error', message: 'Failed to start checkout' }]);
    expect(s.actor.getSnapshot().context.choosingPlanId).toBeNull();
  });
});

describe('subscription machine: back from checkout and the plan picker', () => {
  it("confirms the checkout first: toast 'Subscription activated. Thank you!', the profile is refetched, the plan is active", async () => {
    const billing = fakeBilling('expired');
    const s = start(billing, { sessionId: 'cs_monthly' });
    await s.settled();
    expect(billing.calls).toEqual(['confirm']);
    expect(s.plan()).toBe('active');
    expect(s.log.toasts).toEqual([{ kind: 'success', message: 'Subscription activated. Thank you!' }]);
    expect(s.log.toasts).toEqual([{ kind: 'success', message: subscriptionTexts.activated }]);
    expect(s.log.profileRefreshes).toBe(1);
  });

  it("an unknown checkout shows the reason; 'Try again' confirms again", async () => {
    const billing = fakeBilling('expired');
    const s = start(billing, { sessionId: 'nope' });
    await s.settled();
    expect(s.actor.getSnapshot().matches({ account: 'failed' })).toBe(true);
    expect(s.actor.getSnapshot().context.error?.message).toBe('Checkout session not found');
    s.actor.send({ type: 'subscription.confirm' });
    await s.settled();
    expect(billing.calls).toEqual(['confirm', 'confirm']);
  });

  it('the plan picker loads the plans as well; Settings does not', async () => {
    const picker = fakeBilling('expired');
    const p = start(picker, { withPlans: true });
    await waitFor(p.actor, (s) => s.matches({ plans: 'ready' }) && !s.hasTag('busy'), { timeout: 2000 });
    expect(p.actor.getSnapshot().context.plans?.plans.map((plan) => plan.id)).toEqual(['monthly']);
    const settings = fakeBilling('expired');
    const s = start(settings);
    await s.settled();
    expect(settings.calls).toEqual(['status']);
  });

  it("plans that cannot load show 'Failed to fetch plans' by default", async () => {
    const billing = fakeBilling('expired');
    billing.getPlans = () => Promise.reject(new Error(''));
    const s = start(billing, { withPlans: true });
    await waitFor(s.actor, (x) => x.matches({ plans: 'failed' }), { timeout: 2000 });
    expect(s.actor.getSnapshot().context.plansError?.message).toBe('Failed to fetch plans');
  });
});
