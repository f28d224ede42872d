import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../src/contract/subscription';
import { checkoutSessions, subscriptions } from '../../src/server/db/schema/billing';
import { bearer, createTestApp, signUpAndVerify, type TestApp, type VerifiedUser } from '../support/app';

// Prices, currency and trial length come from configuration: non-default values prove it.
const JWT_SECRET = 'subscription-test-secret-0123456789abcdef';
const env = { TRIAL_DAYS: '10', PLAN_MONTHLY_PRICE: '9.50', PLAN_YEARLY_PRICE: '95', BILLING_CURRENCY: 'EUR', JWT_SECRET };
const DAY = 86_400_000;
const MINUTE = 60_000;

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({ env });
  app = testApp.app;
});
afterAll(() => testApp?.close());

type Method = 'GET' | 'POST';
const call = (user: VerifiedUser | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });
const statusOf = async (user: VerifiedUser) => (await call(user, 'GET', '/subscription/status')).json<SubscriptionStatus>();
const startTrial = (user: VerifiedUser) => call(user, 'POST', '/subscription/trial/start');
const endTrial = (user: VerifiedUser) => call(user, 'POST', '/subscription/trial/end-now');

/** The path and query of an absolute URL the API answered, as app.inject wants it. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const form = (url: string, fields: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

const futureExpiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const card = (number: string) => ({ name: 'Ada Lovelace', card_number: number, expiry: futureExpiry, cvc: '123' });
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

function periodEndFrom(from: Date, interval: 'month' | 'year'): number {
  const end = new Date(from);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end.getTime();
}

async function createCheckout(user: VerifiedUser, planId = 'monthly') {
  const res = await call(user, 'POST', '/subscription/create-checkout-session', { plan_id: planId });
  expect(res.statusCode).toBe(200);
  return res.json<{ session_id: string; url: string }>();
}

/** A user who paid for a plan on the local hosted checkout and came back to confirm it. */
async function subscribedUser(planId = 'monthly'): Promise<VerifiedUser & { sessionId: string }> {
  const user = await signUpAndVerify(app);
  const session = await createCheckout(user, planId);
  const paid = await form(`/billing/checkout/${session.session_id}/pay`, card(GOOD_CARD));
  expect(paid.statusCode).toBe(303);
  const confirmed = await call(user, 'POST', '/subscription/confirm', { session_id: session.session_id });
  expect(confirmed.statusCode).toBe(200);
  return { ...user, sessionId: session.session_id };
}

const expectDetail = (res: LightMyRequestResponse, status: number, detail: RegExp | string) => {
  expect(res.statusCode).toBe(status);
  const body = res.json<{ detail: string }>();
  expect(Object.keys(body)).toEqual(['detail']);
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else expect(body.detail).toMatch(detail);
};

describe('GET /subscription/plans', () => {
  it('is public and answers monthly and yearly plans with the configured prices, currency and trial length', async () => {
    const res = await call(null, 'GET', '/subscription/plans');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ trial_days: 10, currency: 'EUR' });
    expect(body.plans).toHaveLength(2);
    expect(body.plans[0]).toMatchObject({ id: 'monthly', name: 'Monthly', price: 9.5, currency: 'EUR', interval: 'month', trial_days: 10, badge: null });
    // 95 against 12 × 9.50 = 114: a 17 % saving.
    expect(body.plans[1]).toMatchObject({ id: 'yearly', name: 'Yearly', price: 95, currency: 'EUR', interval: 'year', trial_days: 10, badge: 'Save 17%' });
    expect(body.plans[0].features.length).toBeGreaterThan(0);
  });
});

describe('subscription status and the free trial', () => {
  it('a new user has no access and has never used the trial', async () => {
    const user = await signUpAndVerify(app);
    expect(await statusOf(user)).toEqual({
      has_access: false,
      trial: { active: false, has_used_trial: false, ends_at: null, days_left: 0 },
      status: 'none',
      plan: null,
      current_period_end: null,
      cancel_at_period_end: false,
      payment_method: null,
      provider: 'local',
    });
  });

  it('status needs a signed-in user', async () => {
    expectDetail(await call(null, 'GET', '/subscription/status'), 401, 'Not authenticated');
  });

  it("starting the trial answers status 'started' and gives access for the configured days", async () => {
    const user = await signUpAndVerify(app);
    const res = await startTrial(user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'started', trial: { active: true, has_used_trial: true, days_left: 10 }, message: 'Your 10-day free trial has started' });
    expect(Math.abs(new Date(body.trial.ends_at).getTime() - (Date.now() + 10 * DAY))).toBeLessThan(MINUTE);
    expect(await statusOf(user)).toMatchObject({ has_access: true, status: 'trialing', trial: { active: true, has_used_trial: true }, plan: null });
  });

  it('the trial can be started only once: a second start is 409', async () => {
    const user = await signUpAndVerify(app);
    expect((await startTrial(user)).statusCode).toBe(200);
    expectDetail(await startTrial(user), 409, 'The free trial has already been used. Choose a plan to continue.');
    expect(await statusOf(user)).toMatchObject({ has_access: true, status: 'trialing' });
  });

  it("20 concurrent starts: exactly one answers 'started', the others 409", async () => {
    const user = await signUpAndVerify(app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => startTrial(user)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(answers.find((r) => r.statusCode === 200)!.json().status).toBe('started');
  });

  it('end-now removes access and keeps has_used_trial; the trial never starts again', async () => {
    const user = await signUpAndVerify(app);
    await startTrial(user);
    const res = await endTrial(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ has_access: false, status: 'expired', trial: { active: false, has_used_trial: true, days_left: 0 } });
    expect(await statusOf(user)).toMatchObject({ has_access: false, trial: { active: false, has_used_trial: true } });
    expectDetail(await startTrial(user), 409, /already been used/);
    expect((await statusOf(user)).has_access).toBe(false);
  });

  it('end-now without a trial is 400', async () => {
    const user = await signUpAndVerify(app);
    expectDetail(await endTrial(user), 400, 'There is no trial to end');
  });

  it('profile.subscription mirrors the status', async () => {
    const user = await signUpAndVerify(app);
    await startTrial(user);
    const profile = (await call(user, 'GET', '/users/me/profile')).json();
    expect(profile.subscription).toEqual(await statusOf(user));
  });
});

describe('checkout on the local provider (hosted page with a test card)', () => {
  it('create → hosted page → confirm before paying 400 → declined card → 4242 → success redirect → confirm activates; idempotent; other users get 404', async () => {
    const user = await signUpAndVerify(app);
    const session = await createCheckout(user, 'monthly');
    expect(session.session_id).toMatch(/^cs_local_/);
    expect(session.url).toBe(`${testApp.config.apiUrl}/billing/checkout/${session.session_id}`);

    // The hosted page: plan, price and the test-mode note.
    const page = await app.inject({ method: 'GET', url: pathOf(session.url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Subscribe to Finu Monthly');
    // Its icon is inline (and allowed by its policy), so the browser does not ask for a missing /favicon.ico.
    expect(page.body).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(page.body).toContain('€9.50');
    expect(page.body).toContain('4242 4242 4242 4242');

    expectDetail(await call(user, 'POST', '/subscription/confirm', { session_id: session.session_id }), 400, 'Payment for this checkout session has not been completed');

    // A declined card: the page says so, nothing is activated.
    const declined = await form(`/billing/checkout/${session.session_id}/pay`, card(DECLINED_CARD));
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined. Try another card.');
    expect(await statusOf(user)).toMatchObject({ has_access: false, status: 'none' });
    expectDetail(await call(user, 'POST', '/subscription/confirm', { session_id: session.session_id }), 400, /not been completed/);

    // The test card: back to the app's success page with the session id.
    const paidAt = new Date();
    const paid = await form(`/billing/checkout/${session.session_id}/pay`, card(GOOD_CARD));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${testApp.config.appUrl}/subscription/success?session_id=${session.session_id}`);

    const confirmed = await call(user, 'POST', '/subscription/confirm', { session_id: session.session_id });
    expect(confirmed.statusCode).toBe(200);
    const status = confirmed.json<SubscriptionStatus>();
    expect(status).toMatchObject({ has_access: true, status: 'active', plan: { id: 'monthly', price: 9.5 }, cancel_at_period_end: false, payment_method: 'Visa •••• 4242', provider: 'local' });
    expect(Math.abs(new Date(status.current_period_end!).getTime() - periodEndFrom(paidAt, 'month'))).toBeLessThan(MINUTE);

    // Confirming again (a reload of the success page) answers the same status.
    const again = await call(user, 'POST', '/subscription/confirm', { session_id: session.session_id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(status);

    // The paid checkout link now leads back to the success page instead of charging twice.
    const revisit = await app.inject({ method: 'GET', url: pathOf(session.url) });
    expect(revisit.statusCode).toBe(303);
    expect(revisit.headers.location).toBe(`${testApp.config.appUrl}/subscription/success?session_id=${session.session_id}`);

    // Someone else cannot claim this checkout.
    const other = await signUpAndVerify(app);
    expectDetail(await call(other, 'POST', '/subscription/confirm', { session_id: session.session_id }), 404, 'Checkout session not found');
    expect(await statusOf(other)).toMatchObject({ has_access: false, status: 'none' });
  });

  it('the yearly plan runs one year ahead', async () => {
    const before = new Date();
    const user = await subscribedUser('yearly');
    const status = await statusOf(user);
    expect(status).toMatchObject({ status: 'active', plan: { id: 'yearly' } });
    expect(Math.abs(new Date(status.current_period_end!).getTime() - periodEndFrom(before, 'year'))).toBeLessThan(MINUTE);
  });

  it('an unknown plan is 404 and an unknown session is 404', async () => {
    const user = await signUpAndVerify(app);
    expectDetail(await call(user, 'POST', '/subscription/create-checkout-session', { plan_id: 'lifetime' }), 404, "Unknown plan 'lifetime'. Plans: monthly, yearly");
    expectDetail(await call(user, 'POST', '/subscription/confirm', { session_id: 'cs_local_nope' }), 404, 'Checkout session not found');
    expect((await app.inject({ method: 'GET', url: '/billing/checkout/cs_local_nope' })).statusCode).toBe(404);
  });

  it('paying on a checkout page left open past its expiry says it expired and charges nothing', async () => {
    const user = await signUpAndVerify(app);
    const session = await createCheckout(user, 'monthly');
    await app.db.update(checkoutSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(checkoutSessions.id, session.session_id));
    for (const res of [await app.inject({ method: 'GET', url: pathOf(session.url) }), await form(`/billing/checkout/${session.session_id}/pay`, card(GOOD_CARD))]) {
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('This checkout expired');
      expect(res.body).toContain('Nothing was charged');
    }
    expect(await statusOf(user)).toMatchObject({ has_access: false, status: 'none' });
    expectDetail(await call(user, 'POST', '/subscription/confirm', { session_id: session.session_id }), 400, /not been completed/);
  });

  it('submitting the payment form again after paying goes back to the success page without a second charge', async () => {
    const user = await signUpAndVerify(app);
    const session = await createCheckout(user, 'monthly');
    expect((await form(`/billing/checkout/${session.session_id}/pay`, card(GOOD_CARD))).statusCode).toBe(303);
    const [first] = await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.session_id));
    const again = await form(`/billing/checkout/${session.session_id}/pay`, card(GOOD_CARD));
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`${testApp.config.appUrl}/subscription/success?session_id=${session.session_id}`);
    const [second] = await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.session_id));
    expect(second?.paidAt).toEqual(first?.paidAt);
  });

  it('a missing plan_id or session_id is 422 naming the field', async () => {
    const user = await signUpAndVerify(app);
    expectDetail(await call(user, 'POST', '/subscription/create-checkout-session', {}), 422, /plan_id/);
    expectDetail(await call(user, 'POST', '/subscription/confirm', {}), 422, /session_id/);
  });

  it('confirming the same checkout again after cancelling does not undo the cancellation', async () => {
    const user = await subscribedUser();
    expect((await call(user, 'POST', '/subscription/cancel')).json()).toMatchObject({ status: 'canceled' });
    const again = await call(user, 'POST', '/subscription/confirm', { session_id: user.sessionId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'canceled', cancel_at_period_end: true, has_access: true });
  });

  it('confirming an older checkout after a newer one keeps the newer purchase', async () => {
    // Two checkouts opened before either was paid (e.g. two tabs): the later payment wins.
    const user = await signUpAndVerify(app);
    const older = await createCheckout(user, 'monthly');
    const newer = await createCheckout(user, 'yearly');
    expect((await form(`/billing/checkout/${older.session_id}/pay`, card(GOOD_CARD))).statusCode).toBe(303);
    expect((await call(user, 'POST', '/subscription/confirm', { session_id: older.session_id })).statusCode).toBe(200);
    expect((await form(`/billing/checkout/${newer.session_id}/pay`, card(GOOD_CARD))).statusCode).toBe(303);
    expect((await call(user, 'POST', '/subscription/confirm', { session_id: newer.session_id })).json()).toMatchObject({ plan: { id: 'yearly' } });
    const again = await call(user, 'POST', '/subscription/confirm', { session_id: older.session_id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'active', plan: { id: 'yearly' } });
  });

  it('an active subscriber cannot open a second checkout (409): plans change through update or the portal', async () => {
    const user = await subscribedUser('monthly');
    expectDetail(await call(user, 'POST', '/subscription/create-checkout-session', { plan_id: 'yearly' }), 409, /already have an active subscription/);
  });

  it('confirming the same checkout again after switching plan keeps the new plan', async () => {
    const user = await subscribedUser('monthly');
    expect((await call(user, 'POST', '/subscription/update', { planId: 'yearly' })).json()).toMatchObject({ plan: { id: 'yearly' } });
    const again = await call(user, 'POST', '/subscription/confirm', { session_id: user.sessionId });
    expect(again.json()).toMatchObject({ status: 'active', plan: { id: 'yearly' } });
  });
});

describe('subscribing during the free trial', () => {
  const longDate = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

  it('keeps the trial days: the checkout says when the first payment is taken, and the paid period starts when the trial ends', async () => {
    const user = await signUpAndVerify(app);
    expect((await startTrial(user)).statusCode).toBe(200);
    const trialEnd = new Date((await statusOf(user)).trial.ends_at!);

    const session = await createCheckout(user, 'monthly');
    const page = await app.inject({ method: 'GET', url: pathOf(session.url) });
    expect(page.body).toContain(`Your free trial continues until ${longDate(trialEnd)}. Your first payment of €9.50 is taken then.`);

    expect((await form(`/billing/checkout/${session.session_id}/pay`, card(GOOD_CARD))).statusCode).toBe(303);
    const confirmed = await call(user, 'POST', '/subscription/confirm', { session_id: session.session_id });
    expect(confirmed.statusCode).toBe(200);
    const status = confirmed.json<SubscriptionStatus>();
    expect(status).toMatchObject({ has_access: true, status: 'active', plan: { id: 'monthly' } });
    expect(Math.abs(new Date(status.current_period_end!).getTime() - periodEndFrom(trialEnd, 'month'))).toBeLessThan(MINUTE);
    expect(status.trial.ends_at).toBe(trialEnd.toISOString());
  });

  it('after the trial has ended the paid period starts at payment, and the checkout says nothing of a trial', async () => {
    const user = await signUpAndVerify(app);
    await startTrial(user);
    await endTrial(user);
    const paidAt = new Date();
    const session = await createCheckout(user, 'yearly');
    const page = await app.inject({ method: 'GET', url: pathOf(session.url) });
    expect(page.body).not.toContain('free trial');
    await form(`/billing/checkout/${session.session_id}/pay`, card(GOOD_CARD));
    const status = (await call(user, 'POST', '/subscription/confirm', { session_id: session.session_id })).json<SubscriptionStatus>();
    expect(Math.abs(new Date(status.current_period_end!).getTime() - periodEndFrom(paidAt, 'year'))).toBeLessThan(MINUTE);
  });
});

describe('cancel', () => {
  it('needs a paid subscription: 400 for a new user and for a trial', async () => {
    const user = await signUpAndVerify(app);
    expectDetail(await call(user, 'POST', '/subscription/cancel'), 400, 'There is no paid subscription to cancel');
    await startTrial(user);
    expectDetail(await call(user, 'POST', '/subscription/cancel'), 400, 'There is no paid subscription to cancel');
    expect(await statusOf(user)).toMatchObject({ status: 'trialing', has_access: true });
  });

  it("keeps access until current_period_end, with status 'canceled'", async () => {
    const user = await subscribedUser();
    const before = await statusOf(user);
    const res = await call(user, 'POST', '/subscription/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled', has_access: true, cancel_at_period_end: true, current_period_end: before.current_period_end, plan: { id: 'monthly' } });
    // Cancelling twice changes nothing more.
    expect((await call(user, 'POST', '/subscription/cancel')).json()).toEqual(res.json());
  });
});

describe('billing portal (local)', () => {
  const portalUrl = async (user: VerifiedUser) => {
    const res = await call(user, 'POST', '/subscription/portal');
    expect(res.statusCode).toBe(200);
    return res.json<{ url: string }>().url;
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  it('the portal link opens a page showing the plan and payment method', async () => {
    const user = await subscribedUser();
    const url = await portalUrl(user);
    expect(url.startsWith(`${testApp.config.apiUrl}/billing/portal?token=`)).toBe(true);
    const page = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Plan: <strong>Monthly</strong>');
    expect(page.body).toContain('Visa •••• 4242');
    expect(page.body).toContain('Switch to Yearly');
  });

  it('cancel, resume and plan changes posted through the portal change the status', async () => {
    const user = await subscribedUser();
    const token = tokenOf(await portalUrl(user));
    const post = async (action: string, fields: Record<string, string> = {}) => {
      const res = await form(`/billing/portal/${action}?token=${encodeURIComponent(token)}`, fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(/^\/billing\/portal\?token=.+&done=.+/);
      return res;
    };

    await post('cancel');
    expect(await statusOf(user)).toMatchObject({ status: 'canceled', cancel_at_period_end: true, has_access: true });
    const cancelledPage = await app.inject({ method: 'GET', url: `/billing/portal?token=${encodeURIComponent(token)}` });
    expect(cancelledPage.body).toContain('Resume subscription');

    await post('resume');
    expect(await statusOf(user)).toMatchObject({ status: 'active', cancel_at_period_end: false });

    const switched = await post('plan', { plan_id: 'yearly' });
    expect(decodeURIComponent(switched.headers.location as string)).toContain('You are now on the Yearly plan.');
    expect(await statusOf(user)).toMatchObject({ status: 'active', plan: { id: 'yearly' } });
  });

  it('portal actions without a paid subscription change nothing', async () => {
    const user = await signUpAndVerify(app);
    await startTrial(user);
    const url = await portalUrl(user);
    const page = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You have no paid subscription yet');
    const before = await statusOf(user);
    await form(`/billing/portal/plan?token=${encodeURIComponent(tokenOf(url))}`, { plan_id: 'yearly' });
    await form(`/billing/portal/cancel?token=${encodeURIComponent(tokenOf(url))}`, {});
    expect(await statusOf(user)).toEqual(before);
  });

  it('a tampered or expired portal token is refused and changes nothing', async () => {
    const user = await subscribedUser();
    const token = tokenOf(await portalUrl(user));
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const secret = new TextEncoder().encode(JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ scope: 'billing-portal', ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.userId).setJti(randomUUID()).setIssuedAt(now - 7200).setExpirationTime(now - 3600).sign(secret);
    // The same construction, unexpired, is accepted: the refusal above is about expiry, not the secret.
    const fresh = await new SignJWT({ scope: 'billing-portal', ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.userId).setJti(randomUUID()).setIssuedAt(now).setExpirationTime(now + 60).sign(secret);
    expect((await app.inject({ method: 'GET', url: `/billing/portal?token=${fresh}` })).statusCode).toBe(200);

    for (const bad of [tampered, expired]) {
      const page = await app.inject({ method: 'GET', url: `/billing/portal?token=${encodeURIComponent(bad)}` });
      expect(page.statusCode).toBe(401);
      expect(page.body).toContain('This link has expired');
      const post = await form(`/billing/portal/cancel?token=${encodeURIComponent(bad)}`, {});
      expect(post.statusCode).toBe(303);
      expect(post.headers.location).not.toContain('done=');
    }
    expect(await statusOf(user)).toMatchObject({ status: 'active', cancel_at_period_end: false });
  });

  it('the portal link stops opening after a password change and after log out everywhere', async () => {
    for (const revoke of ['change-password', 'logout-all'] as const) {
      const user = await subscribedUser();
      const link = await portalUrl(user);
      expect((await app.inject({ method: 'GET', url: `/billing/portal?token=${encodeURIComponent(tokenOf(link))}` })).statusCode).toBe(200);
      const res =
        revoke === 'change-password'
          ? await call(user, 'POST', '/users/me/change-password', { current_password: user.password, new_password: 'a brand new passphrase' })
          : await call(user, 'POST', '/users/logout-all');
      expect(res.statusCode).toBe(200);
      const page = await app.inject({ method: 'GET', url: `/billing/portal?token=${encodeURIComponent(tokenOf(link))}` });
      expect(page.statusCode).toBe(401);
      expect(page.body).toContain('This link has expired');
      const post = await form(`/billing/portal/cancel?token=${encodeURIComponent(tokenOf(link))}`, {});
      expect(post.headers.location).not.toContain('done=');
      const password = revoke === 'change-password' ? 'a brand new passphrase' : user.password;
      const login = await app.inject({ method: 'POST', url: '/users/login', payload: { email: user.email, password } });
      expect(await statusOf({ ...user, token: login.json().access_token })).toMatchObject({ status: 'active', cancel_at_period_end: false });
    }
  });

  it('a session token is not a portal token, and a portal token is not a session token', async () => {
    const user = await subscribedUser();
    const asPortal = await app.inject({ method: 'GET', url: `/billing/portal?token=${encodeURIComponent(user.token)}` });
    expect(asPortal.statusCode).toBe(401);
    await form(`/billing/portal/cancel?token=${encodeURIComponent(user.token)}`, {});
    expect((await statusOf(user)).status).toBe('active');

    const portalToken = tokenOf(await portalUrl(user));
    expectDetail(await app.inject({ method: 'GET', url: '/subscription/status', headers: bearer(portalToken) }), 401, /log in again/);
    expectDetail(await app.inject({ method: 'POST', url: '/subscription/cancel', headers: bearer(portalToken) }), 401, /log in again/);
  });
});

describe('update {planId, paymentMethod}', () => {
  it('switches plan and payment method', async () => {
    const user = await subscribedUser('monthly');
    const before = await statusOf(user);
    const res = await call(user, 'POST', '/subscription/update', { planId: 'yearly', paymentMethod: 'Mastercard •••• 4444' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', has_access: true, plan: { id: 'yearly' }, payment_method: 'Mastercard •••• 4444', current_period_end: before.current_period_end });
    expect(await statusOf(user)).toEqual(res.json());
  });

  it('an unknown plan is 404', async () => {
    const user = await subscribedUser();
    expectDetail(await call(user, 'POST', '/subscription/update', { planId: 'lifetime' }), 404, /Unknown plan 'lifetime'/);
  });

  it('without a paid subscription it is 400 (new user, trial)', async () => {
    const user = await signUpAndVerify(app);
    expectDetail(await call(user, 'POST', '/subscription/update', { planId: 'yearly' }), 400, 'Subscribe first: there is no paid subscription to change');
    await startTrial(user);
    expectDetail(await call(user, 'POST', '/subscription/update', { planId: 'yearly' }), 400, /Subscribe first/);
  });
});

describe('webhooks on the local provider', () => {
  it('there are none: 404 with a detail', async () => {
    expectDetail(await app.inject({ method: 'POST', url: '/subscription/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' }), 404, 'This billing provider has no webhooks');
  });
});

describe('a paid period that has ended', () => {
  it('gives no access (status expired) and premium endpoints answer 403', async () => {
    const user = await subscribedUser();
    await app.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - MINUTE) }).where(eq(subscriptions.userId, user.userId));
    expect(await statusOf(user)).toMatchObject({ has_access: false, status: 'expired', plan: { id: 'monthly' } });
    expect((await call(user, 'GET', '/users/me/profile')).json().subscription).toMatchObject({ has_access: false, status: 'expired' });
    expectDetail(await call(user, 'GET', '/goals'), 403, 'Your subscription has ended. Choose a plan to keep using this feature.');
    // A cancelled subscription past its period cannot be changed or cancelled any more.
    expectDetail(await call(user, 'POST', '/subscription/cancel'), 400, /no paid subscription/);
  });
});

describe('enforcement: premium endpoints need access', () => {
  const premium = ['/goals', '/transactions'];

  it.each(premium)('GET %s answers 403 with a detail for a user who never had access', async (url) => {
    const user = await signUpAndVerify(app);
    expectDetail(await call(user, 'GET', url), 403, 'Start your free trial or choose a plan to use this feature.');
  });

  it.each(premium)('GET %s opens during the trial and answers 403 once it ended', async (url) => {
    const user = await signUpAndVerify(app);
    await startTrial(user);
    expect((await call(user, 'GET', url)).statusCode).toBe(200);
    await endTrial(user);
    expectDetail(await call(user, 'GET', url), 403, 'Your free trial has ended. Choose a plan to keep using this feature.');
  });

  it.each(premium)('GET %s opens with a paid subscription', async (url) => {
    const user = await subscribedUser();
    expect((await call(user, 'GET', url)).statusCode).toBe(200);
  });

  it.each(premium)('GET %s still answers 401 (not 403) without a token', async (url) => {
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });
});
