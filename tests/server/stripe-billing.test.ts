import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../src/contract/subscription';
import { ConfigError, loadConfig } from '../../src/server/config';
import { PROVIDER_FAILED } from '../../src/server/services/billing/stripe';
import { bearer, createTestApp, signUpAndVerify, type TestApp, type VerifiedUser } from '../support/app';
import { signWebhook, startFakeStripe, stripeEvent, type FakeStripe } from '../support/fake-stripe';

const SECRET_KEY = 'sk_test_x';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const PRICE_MONTHLY = 'price_monthly_test';
const PRICE_YEARLY = 'price_yearly_test';
const APP_URL = 'http://app.finu.test:3000';

let fake: FakeStripe;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, prices: { [PRICE_MONTHLY]: 'month', [PRICE_YEARLY]: 'year' } });
  testApp = await createTestApp({
    env: {
      APP_URL,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
      STRIPE_PRICE_YEARLY: PRICE_YEARLY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
  app = testApp.app;
});
afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});

const call = (user: VerifiedUser, url: string, payload?: object) =>
  app.inject({ method: payload || url !== '/subscription/status' ? 'POST' : 'GET', url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
const statusOf = async (user: VerifiedUser) => (await app.inject({ method: 'GET', url: '/subscription/status', headers: bearer(user.token) })).json<SubscriptionStatus>();
const expectDetail = (res: LightMyRequestResponse, status: number, detail: string | RegExp) => {
  expect(res.statusCode).toBe(status);
  expect(Object.keys(res.json())).toEqual(['detail']);
  if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
  else expect(res.json().detail).toMatch(detail);
};
const periodEndOf = (subId: string) => new Date(fake.subscriptions.get(subId)!.items.data[0]!.current_period_end * 1000).toISOString();

async function checkout(user: VerifiedUser, planId = 'monthly') {
  const res = await call(user, '/subscription/create-checkout-session', { plan_id: planId });
  expect(res.statusCode).toBe(200);
  return res.json<{ session_id: string; url: string }>();
}

/** A user who went through Stripe Checkout (the fake completes it as a paying customer would) and came back. */
async function subscribedUser(planId = 'monthly') {
  const user = await signUpAndVerify(app);
  const session = await checkout(user, planId);
  const sub = fake.complete(session.session_id);
  expect((await call(user, '/subscription/confirm', { session_id: session.session_id })).statusCode).toBe(200);
  return { ...user, sessionId: session.session_id, subscriptionId: sub.id };
}

const webhook = (payload: string, signature: string | undefined, contentType = 'application/json; charset=utf-8') =>
  app.inject({ method: 'POST', url: '/subscription/webhook', headers: { 'content-type': contentType, ...(signature ? { 'stripe-signature': signature } : {}) }, payload });

describe('Stripe provider (against a local server speaking the Stripe API)', () => {
  it('status reports the stripe provider; the local hosted pages are not served', async () => {
    const user = await signUpAndVerify(app);
    expect(await statusOf(user)).toMatchObject({ provider: 'stripe', has_access: false, status: 'none' });
    expect((await app.inject({ method: 'GET', url: '/billing/checkout/cs_local_x' })).statusCode).toBe(404);
  });

  it('create-checkout-session answers the Stripe Checkout URL and sent the price, success_url and client_reference_id', async () => {
    const user = await signUpAndVerify(app);
    const session = await checkout(user, 'monthly');
    expect(session.session_id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.session_id}`);

    const sent = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE_MONTHLY,
      'line_items[0][quantity]': '1',
      client_reference_id: user.userId,
      customer_email: user.email,
      success_url: `${APP_URL}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/settings`,
      'metadata[user_id]': user.userId,
      'metadata[plan_id]': 'monthly',
      'subscription_data[metadata][user_id]': user.userId,
    });

    await checkout(user, 'yearly');
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.form['line_items[0][price]']).toBe(PRICE_YEARLY);
  });

  it('subscribing during the free trial keeps its days: the checkout carries trial_end, and the paid period starts when the trial ends', async () => {
    const user = await signUpAndVerify(app);
    expect((await call(user, '/subscription/trial/start')).statusCode).toBe(200);
    const trialEnd = Math.floor(new Date((await statusOf(user)).trial.ends_at!).getTime() / 1000);

    const session = await checkout(user, 'monthly');
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.form['subscription_data[trial_end]']).toBe(String(trialEnd));
    const sub = fake.complete(session.session_id);
    expect(sub.status).toBe('trialing');
    const confirmed = await call(user, '/subscription/confirm', { session_id: session.session_id });
    expect(confirmed.json()).toMatchObject({ has_access: true, status: 'active', current_period_end: new Date(trialEnd * 1000).toISOString() });

    // A trial already over (or ending within Stripe's 48 hours) is not sent: billing starts at checkout.
    const late = await signUpAndVerify(app);
    await call(late, '/subscription/trial/start');
    await call(late, '/subscription/trial/end-now');
    await checkout(late, 'monthly');
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.form['subscription_data[trial_end]']).toBeUndefined();
  });

  it('confirm before the checkout completed is 400 and gives no access', async () => {
    const user = await signUpAndVerify(app);
    const session = await checkout(user);
    expectDetail(await call(user, '/subscription/confirm', { session_id: session.session_id }), 400, 'Payment for this checkout session has not been completed');
    expect((await statusOf(user)).has_access).toBe(false);
  });

  it('after the customer paid, confirm activates with the plan mapped from the price, the period end and the card', async () => {
    const user = await signUpAndVerify(app);
    const session = await checkout(user, 'yearly');
    const sub = fake.complete(session.session_id, { paymentMethod: 'pm_card_visa' });
    const res = await call(user, '/subscription/confirm', { session_id: session.session_id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      has_access: true,
      status: 'active',
      plan: { id: 'yearly' },
      current_period_end: periodEndOf(sub.id),
      cancel_at_period_end: false,
      payment_method: 'Visa •••• 4242',
      provider: 'stripe',
    });
    // The subscription was read with its payment method expanded.
    const read = fake.requestsTo('GET', `/v1/subscriptions/${sub.id}`).at(-1)!;
    expect(Object.values(read.query)).toContain('default_payment_method');
    // Confirming again is harmless.
    expect((await call(user, '/subscription/confirm', { session_id: session.session_id })).json()).toEqual(res.json());
  });

  it("another user's session and an unknown session are 404", async () => {
    const owner = await subscribedUser();
    const other = await signUpAndVerify(app);
    expectDetail(await call(other, '/subscription/confirm', { session_id: owner.sessionId }), 404, 'Checkout session not found');
    expectDetail(await call(other, '/subscription/confirm', { session_id: 'cs_test_unknown' }), 404, 'Checkout session not found');
    expect((await statusOf(other)).has_access).toBe(false);
  });

  it('a second checkout (after cancelling) reuses the Stripe customer', async () => {
    const user = await subscribedUser();
    expect((await call(user, '/subscription/cancel')).statusCode).toBe(200);
    await checkout(user, 'yearly');
    const sent = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sent.form.customer).toBe(fake.subscriptions.get(user.subscriptionId)!.customer);
    expect(sent.form.customer_email).toBeUndefined();
  });

  it('cancel sends cancel_at_period_end=true and keeps access until the period ends', async () => {
    const user = await subscribedUser();
    const res = await call(user, '/subscription/cancel');
    expect(res.statusCode).toBe(200);
    expect(fake.requestsTo('POST', `/v1/subscriptions/${user.subscriptionId}`).at(-1)!.form).toMatchObject({ cancel_at_period_end: 'true' });
    expect(res.json()).toMatchObject({ status: 'canceled', has_access: true, cancel_at_period_end: true, current_period_end: periodEndOf(user.subscriptionId) });
  });

  it('portal: 400 before the user is a Stripe customer, then the Stripe portal URL for their customer', async () => {
    const newcomer = await signUpAndVerify(app);
    expectDetail(await call(newcomer, '/subscription/portal'), 400, 'The billing portal opens once you have subscribed');

    const user = await subscribedUser();
    const res = await call(user, '/subscription/portal');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    expect(fake.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.form).toEqual({
      customer: fake.subscriptions.get(user.subscriptionId)!.customer,
      return_url: `${APP_URL}/settings`,
    });
  });

  it('update switches the price of the subscription item and the payment method', async () => {
    const user = await subscribedUser('monthly');
    const itemId = fake.subscriptions.get(user.subscriptionId)!.items.data[0]!.id;
    const res = await call(user, '/subscription/update', { planId: 'yearly', paymentMethod: 'pm_card_mastercard' });
    expect(res.statusCode).toBe(200);
    expect(fake.requestsTo('POST', `/v1/subscriptions/${user.subscriptionId}`).at(-1)!.form).toMatchObject({
      'items[0][id]': itemId,
      'items[0][price]': PRICE_YEARLY,
      cancel_at_period_end: 'false',
      default_payment_method: 'pm_card_mastercard',
    });
    expect(res.json()).toMatchObject({ status: 'active', plan: { id: 'yearly' }, payment_method: 'Mastercard •••• 4444' });
  });

  it('update and cancel without a paid subscription are 400 and call nothing', async () => {
    const user = await signUpAndVerify(app);
    const before = fake.requests.length;
    expectDetail(await call(user, '/subscription/update', { planId: 'yearly' }), 400, /Subscribe first/);
    expectDetail(await call(user, '/subscription/cancel'), 400, 'There is no paid subscription to cancel');
    expect(fake.requests.length).toBe(before);
  });

  it('Stripe refusing a call (e.g. a revoked key) is a 502 for the client, never a 401 that would sign the user out', async () => {
    const user = await signUpAndVerify(app);
    fake.failNext(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_***');
    const res = await call(user, '/subscription/create-checkout-session', { plan_id: 'monthly' });
    // The client toasts 'Server error. Please try again later.' (docs/product.md §8); the reason is in the server log.
    expectDetail(res, 502, PROVIDER_FAILED);
    // The user is still signed in.
    expect((await app.inject({ method: 'GET', url: '/subscription/status', headers: bearer(user.token) })).statusCode).toBe(200);
  });
});

describe('Stripe webhooks (Stripe-Signature checked)', () => {
  it('a signed customer.subscription.updated event updates the row (plan, cancellation, period)', async () => {
    const user = await subscribedUser('monthly');
    const sub = fake.subscriptions.get(user.subscriptionId)!;
    // Changed in the Stripe dashboard or portal: now yearly, cancelling at period end.
    sub.items.data[0]!.price = { id: PRICE_YEARLY, object: 'price', recurring: { interval: 'year', interval_count: 1 } };
    sub.items.data[0]!.current_period_end += 365 * 86_400;
    sub.cancel_at_period_end = true;
    const payload = stripeEvent('customer.subscription.updated', fake.subscriptionObject(sub.id));
    const res = await webhook(payload, signWebhook(payload, WEBHOOK_SECRET));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await statusOf(user)).toMatchObject({ status: 'canceled', has_access: true, plan: { id: 'yearly' }, cancel_at_period_end: true, current_period_end: periodEndOf(sub.id) });
  });

  it('a price this app was not configured with maps to the plan of its billing interval', async () => {
    const user = await subscribedUser('monthly');
    const sub = fake.subscriptions.get(user.subscriptionId)!;
    // E.g. a yearly price created in the Stripe dashboard, or the one before a price change.
    sub.items.data[0]!.price = { id: 'price_legacy_yearly', object: 'price', recurring: { interval: 'year', interval_count: 1 } };
    const payload = stripeEvent('customer.subscription.updated', fake.subscriptionObject(sub.id));
    expect((await webhook(payload, signWebhook(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await statusOf(user)).toMatchObject({ status: 'active', has_access: true, plan: { id: 'yearly' } });
  });

  it('a signed customer.subscription.deleted event ends access', async () => {
    const user = await subscribedUser();
    const sub = fake.subscriptions.get(user.subscriptionId)!;
    // Cancelled immediately (not at period end): Stripe sends the subscription with status canceled and ended_at now.
    Object.assign(sub, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), ended_at: Math.floor(Date.now() / 1000) });
    const payload = stripeEvent('customer.subscription.deleted', fake.subscriptionObject(sub.id));
    expect((await webhook(payload, signWebhook(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await statusOf(user)).toMatchObject({ has_access: false, status: 'expired' });
  });

  it('a subscription whose first payment is incomplete or unpaid gives no access', async () => {
    const user = await subscribedUser();
    const sub = fake.subscriptions.get(user.subscriptionId)!;
    sub.status = 'unpaid';
    const payload = stripeEvent('customer.subscription.updated', fake.subscriptionObject(sub.id));
    expect((await webhook(payload, signWebhook(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect((await statusOf(user)).has_access).toBe(false);
  });

  it('checkout.session.completed activates the subscription even if the customer never comes back to confirm', async () => {
    const user = await signUpAndVerify(app);
    const session = await checkout(user, 'monthly');
    const sub = fake.complete(session.session_id);
    const payload = stripeEvent('checkout.session.completed', fake.checkoutSessionObject(session.session_id));
    expect((await webhook(payload, signWebhook(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await statusOf(user)).toMatchObject({ has_access: true, status: 'active', plan: { id: 'monthly' }, current_period_end: periodEndOf(sub.id) });
  });

  it('a bad, missing or stale signature is 400 with a detail and changes nothing', async () => {
    const user = await subscribedUser();
    const sub = fake.subscriptions.get(user.subscriptionId)!;
    const payload = stripeEvent('customer.subscription.deleted', { ...fake.subscriptionObject(sub.id), status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    const stale = Math.floor(Date.now() / 1000) - 3600;
    for (const signature of [signWebhook(payload, 'whsec_wrong_secret'), undefined, signWebhook(payload, WEBHOOK_SECRET, stale), signWebhook(`${payload} `, WEBHOOK_SECRET)]) {
      expectDetail(await webhook(payload, signature), 400, 'Invalid Stripe signature');
    }
    expect(await statusOf(user)).toMatchObject({ has_access: true, status: 'active' });
  });

  it('an event for a subscription nobody here has is acknowledged and ignored', async () => {
    const payload = stripeEvent('customer.subscription.updated', { ...fake.subscriptionObject((await subscribedUser()).subscriptionId), id: 'sub_elsewhere', metadata: {} });
    const res = await webhook(payload, signWebhook(payload, WEBHOOK_SECRET));
    expect(res.statusCode).toBe(200);
  });
});

describe('Stripe configuration', () => {
  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }],
    [{ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_MONTHLY: PRICE_MONTHLY }],
    [{ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_YEARLY: PRICE_YEARLY }],
  ])('STRIPE_SECRET_KEY without both prices fails with one line (%o)', (env) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe('Invalid configuration: STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY are required with STRIPE_SECRET_KEY');
  });

  it('the secret key, price ids and webhook secret are checked for their Stripe prefixes without echoing secrets', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_live_123' })).toThrow('Invalid configuration: STRIPE_SECRET_KEY must start with sk_ or rk_ (value hidden)');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_MONTHLY: 'monthly', STRIPE_PRICE_YEARLY: PRICE_YEARLY })).toThrow(/STRIPE_PRICE_MONTHLY must be a Stripe price id/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow('Invalid configuration: STRIPE_WEBHOOK_SECRET must start with whsec_ (value hidden)');
    expect(() => loadConfig({ STRIPE_API_URL: 'localhost:12111' })).toThrow(/STRIPE_API_URL must be an http\(s\) URL/);
  });
});

describe('deleting the account of a Stripe subscriber', () => {
  it('cancels the subscription at Stripe at once before deleting anything', async () => {
    const user = await subscribedUser();
    expect(fake.subscriptions.get(user.subscriptionId)!.status).toBe('active');
    const res = await app.inject({ method: 'DELETE', url: '/users/me', headers: bearer(user.token), payload: { password: user.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.subscriptions.get(user.subscriptionId)!.status).toBe('canceled');
    expect(await app.repos.users.findById(user.userId)).toBeUndefined();
  });
});
