import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../src/contract/subscription';
import { offerCopy } from '../../src/web/views/subscription/offerCopy';

const status = (over: Partial<SubscriptionStatus>, trial: Partial<SubscriptionStatus['trial']> = {}): SubscriptionStatus => ({
  has_access: true,
  trial: { active: false, has_used_trial: false, ends_at: null, days_left: 0, ...trial },
  status: 'none',
  plan: null,
  current_period_end: null,
  cancel_at_period_end: false,
  payment_method: null,
  provider: 'local',
  ...over,
});

describe('the plan picker says what is true (defect 3)', () => {
  it('a trial with 14 days left is not called ended', () => {
    const text = offerCopy(status({ status: 'trialing' }, { active: true, has_used_trial: true, days_left: 14, ends_at: '2026-12-06T00:00:00Z' }), 14);
    expect(text).not.toMatch(/ended/);
    expect(text).toMatch(/^Your free trial has 14 days left/);
  });
  it('subscribing during the trial says, before payment, that its days are kept', () => {
    const text = offerCopy(status({ status: 'trialing' }, { active: true, has_used_trial: true, days_left: 14, ends_at: '2026-12-06T00:00:00Z' }), 14);
    expect(text).toMatch(/Subscribing now keeps them: your first payment is taken when the trial ends\.$/);
  });
  it('ended trial, ended subscription, cancelled and never started each have their own words', () => {
    expect(offerCopy(status({ status: 'expired', has_access: false }, { has_used_trial: true }), 14)).toMatch(/^Your free trial has ended/);
    expect(offerCopy(status({ status: 'expired', has_access: false, current_period_end: '2026-01-01T00:00:00Z' }, { has_used_trial: true }), 14)).toMatch(/^Your subscription has ended/);
    expect(offerCopy(status({ status: 'canceled', current_period_end: '2026-12-31T00:00:00Z' }), 14)).toMatch(/^Your subscription is cancelled; you keep access until/);
    expect(offerCopy(status({ status: 'none', has_access: false }), 14)).toBe('Start with a free trial of 14 days, then pick a plan.');
  });
});
