import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpAndVerify, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;
let user: VerifiedUser;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  user = await signUpAndVerify(app);
});
afterAll(() => testApp?.close());

const getProfile = (token = user.token) => app.inject({ method: 'GET', url: '/users/me/profile', headers: bearer(token) });
const putProfile = (payload: unknown, token = user.token) => app.inject({ method: 'PUT', url: '/users/me/profile', headers: bearer(token), payload: payload as object });

describe('GET /users/me/profile', () => {
  it('answers the profile with user_id, onboarding_completed, onboarding_skipped and the subscription status', async () => {
    const res = await getProfile();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: user.userId,
      email: user.email,
      full_name: null,
      email_verified: true,
      created_at: expect.any(String),
      currency: 'USD',
      onboarding_completed: false,
      onboarding_skipped: false,
      onboarding: null,
      has_password: true,
      subscription: expect.any(Object),
    });
    // A new user has no access yet and a trial still to start (docs/product.md §4 access check).
    expect(res.json().subscription).toMatchObject({ has_access: false, trial: { active: false, has_used_trial: false } });
    expect(new Date(res.json().created_at).getTime()).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'GET', url: '/users/me/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('PUT /users/me/profile', () => {
  it('updates the name and currency and answers the whole profile (an object)', async () => {
    const res = await putProfile({ full_name: '  Grace Hopper ', currency: 'eur' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: user.userId, full_name: 'Grace Hopper', currency: 'EUR', onboarding_completed: false, onboarding_skipped: false });
    expect(res.json().subscription).toMatchObject({ has_access: false });

    // The change is stored, not only echoed.
    expect((await getProfile()).json()).toMatchObject({ full_name: 'Grace Hopper', currency: 'EUR' });
  });

  it('a partial update keeps the other fields', async () => {
    await putProfile({ full_name: 'Kept Name', currency: 'GBP' });
    const res = await putProfile({ currency: 'CHF' });
    expect(res.json()).toMatchObject({ full_name: 'Kept Name', currency: 'CHF' });
  });

  it('a null name clears it', async () => {
    await putProfile({ full_name: 'Someone' });
    expect((await putProfile({ full_name: null })).json()).toMatchObject({ full_name: null });
  });

  it.each([['EURO'], ['E1R'], ['']])('currency %j is refused with 422', async (currency) => {
    const before = (await getProfile()).json().currency;
    const res = await putProfile({ currency });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'currency must be a three-letter ISO 4217 code' });
    expect((await getProfile()).json().currency).toBe(before);
  });

  it('unknown fields are refused with 422 naming the field', async () => {
    const res = await putProfile({ email: 'someone-else@example.com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('email');
    expect((await getProfile()).json().email).toBe(user.email);

    const onboarding = await putProfile({ onboarding_completed: true });
    expect(onboarding.statusCode).toBe(422);
    expect(onboarding.json().detail).toContain('onboarding_completed');
  });

  it('a name longer than 100 characters is refused with 422', async () => {
    const res = await putProfile({ full_name: 'x'.repeat(101) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'full_name must be at most 100 characters' });
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'PUT', url: '/users/me/profile', payload: { currency: 'EUR' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('PUT /users/me/profile: monthly income', () => {
  it('stores the income with the onboarding answers and keeps the other answers', async () => {
    const u = await signUpAndVerify(app);
    const answers = { currency: 'EUR', monthly_income: 3000, main_goal: 'grow_savings', help_with: ['saving'] };
    await app.inject({ method: 'POST', url: '/users/me/onboarding', headers: bearer(u.token), payload: { action: 'complete', answers } });
    const res = await putProfile({ monthly_income: 4200.5, currency: 'GBP' }, u.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'GBP', onboarding: { ...answers, currency: 'GBP', monthly_income: 4200.5 }, onboarding_completed: true });
    const bad = await putProfile({ monthly_income: -1 }, u.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ detail: 'monthly_income cannot be negative' });
  });
});
