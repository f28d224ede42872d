import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpAndVerify, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

const answers = { currency: 'EUR', monthly_income: 3250.5, main_goal: 'build_emergency_fund', help_with: ['budgeting', 'saving'] };

const onboard = (user: VerifiedUser, payload: unknown) => app.inject({ method: 'POST', url: '/users/me/onboarding', headers: bearer(user.token), payload: payload as object });
const profileOf = async (user: VerifiedUser) => (await app.inject({ method: 'GET', url: '/users/me/profile', headers: bearer(user.token) })).json();

describe('POST /users/me/onboarding (docs/product.md §4 onboarding: not completed, skipped, or completed)', () => {
  it('completing sets completed true and skipped false, stores the answers and the currency; the profile reflects it', async () => {
    const user = await signUpAndVerify(app);
    const res = await onboard(user, { action: 'complete', answers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: user.userId, onboarding_completed: true, onboarding_skipped: false, currency: 'EUR', onboarding: answers });
    expect(res.json().subscription).toMatchObject({ has_access: false });
    expect(await profileOf(user)).toMatchObject({ onboarding_completed: true, onboarding_skipped: false, currency: 'EUR', onboarding: answers });
  });

  it('help_with may be left out (nothing picked) and the currency is normalised to upper case', async () => {
    const user = await signUpAndVerify(app);
    const res = await onboard(user, { action: 'complete', answers: { currency: 'gbp', monthly_income: 0, main_goal: 'spend_less' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'GBP', onboarding: { currency: 'GBP', monthly_income: 0, main_goal: 'spend_less', help_with: [] } });
  });

  it('skipping sets skipped true and completed false', async () => {
    const user = await signUpAndVerify(app);
    const res = await onboard(user, { action: 'skip' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ onboarding_completed: false, onboarding_skipped: true, currency: 'USD' });
    expect(await profileOf(user)).toMatchObject({ onboarding_completed: false, onboarding_skipped: true });
  });

  it('completing after skipping: completed true, skipped false', async () => {
    const user = await signUpAndVerify(app);
    await onboard(user, { action: 'skip' });
    const res = await onboard(user, { action: 'complete', answers });
    expect(res.statusCode).toBe(200);
    expect(await profileOf(user)).toMatchObject({ onboarding_completed: true, onboarding_skipped: false, onboarding: answers });
  });

  it('skipping after completing changes nothing: a finished user is never locked out again (defect 1)', async () => {
    const user = await signUpAndVerify(app);
    await onboard(user, { action: 'complete', answers });
    const res = await onboard(user, { action: 'skip' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ onboarding_completed: true, onboarding_skipped: false });
    expect(await profileOf(user)).toMatchObject({ onboarding_completed: true, onboarding_skipped: false, currency: 'EUR', onboarding: answers });
  });

  describe('validation: 422 with a readable detail, nothing stored', () => {
    let user: VerifiedUser;
    beforeAll(async () => {
      user = await signUpAndVerify(app);
    });

    it.each([
      ['missing answers', { action: 'complete' }, /^answers is required$/],
      ['a bad currency', { action: 'complete', answers: { ...answers, currency: 'EURO' } }, /^currency must be a three-letter ISO 4217 code$/],
      ['a negative income', { action: 'complete', answers: { ...answers, monthly_income: -1 } }, /^monthly_income cannot be negative$/],
      ['an income that is not a number', { action: 'complete', answers: { ...answers, monthly_income: '3000' } }, /^monthly_income must be a number$/],
      ['an unknown main_goal', { action: 'complete', answers: { ...answers, main_goal: 'get_rich_quick' } }, /^main_goal must be one of build_emergency_fund, .*understand_spending$/],
      ['an unknown help_with entry', { action: 'complete', answers: { ...answers, help_with: ['saving', 'crypto_tips'] } }, /^answers\.help_with\.1: help_with entries must be among budgeting, .*subscriptions$/],
      ['an unknown action', { action: 'finish', answers }, /^action must be 'complete' \(with answers\) or 'skip'$/],
      ['no action at all', { answers }, /^action must be 'complete' \(with answers\) or 'skip'$/],
    ])('%s', async (_name, payload, detail) => {
      const res = await onboard(user, payload);
      expect(res.statusCode).toBe(422);
      const body = res.json<{ detail: string }>();
      expect(Object.keys(body)).toEqual(['detail']);
      expect(body.detail).toMatch(detail);
      expect(await profileOf(user)).toMatchObject({ onboarding_completed: false, onboarding_skipped: false, onboarding: null, currency: 'USD' });
    });
  });

  it('needs a signed-in user: 401 without a token or with a bad one', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/users/me/onboarding', payload: { action: 'skip' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Not authenticated' });
    const forged = await app.inject({ method: 'POST', url: '/users/me/onboarding', headers: bearer('not-a-token'), payload: { action: 'skip' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().detail).toMatch(/log in again/);
  });
});
