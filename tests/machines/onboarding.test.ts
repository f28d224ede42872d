import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { onboardingFromProfile, onboardingMachine, onboardingTexts, incomeProblem, restoredProgress, stepAnswered, type OnboardingDraft } from '../../machines/onboarding';
import type { SessionUser } from '../../machines/session';
import type { Toast } from '../../machines/types';

function start(input: { completed?: boolean; skipped?: boolean; draft?: OnboardingDraft } = {}, server: { fail?: string } = {}) {
  const log = { profiles: [] as SessionUser[], refreshes: 0, toasts: [] as Toast[], navigations: [] as string[], completedWith: null as OnboardingDraft | null };
  const answer = (flags: Partial<SessionUser>) => ({ user_id: 'u1', ...flags });
  const actor = createActor(
    onboardingMachine.provide({
      actors: {
        completeOnboarding: fromPromise(async ({ input: draft }) => {
          if (server.fail) throw new Error(server.fail);
          log.completedWith = draft;
          return answer({ onboarding_completed: true, onboarding_skipped: false });
        }),
        skipOnboarding: fromPromise(async () => {
          if (server.fail) throw new Error(server.fail);
          return answer({ onboarding_completed: false, onboarding_skipped: true });
        }),
      },
      actions: {
        profileUpdated: (_, user) => void log.profiles.push(user),
        refreshProfile: () => void (log.refreshes += 1),
        notify: (_, t) => void (t.message && log.toasts.push(t)),
        navigate: (_, { to }) => void log.navigations.push(to),
      },
    }),
    { input },
  ).start();
  return { actor, log, settled: () => waitFor(actor, (s) => !s.hasTag('busy')) };
}

const fullDraft: OnboardingDraft = { currency: 'EUR', monthly_income: 3200, main_goal: 'grow_savings', help_with: ['saving'] };

describe('onboarding machine (docs/product.md §4 Onboarding)', () => {
  it('starts in the state the profile says: not completed, skipped or completed', () => {
    expect(start().actor.getSnapshot().value).toBe('notCompleted');
    expect(start({ skipped: true }).actor.getSnapshot().value).toBe('skipped');
    expect(start({ completed: true }).actor.getSnapshot().value).toBe('completed');
  });

  it('skipping sets skipped true and completed false', async () => {
    const o = start();
    o.actor.send({ type: 'onboarding.skip' });
    await o.settled();
    const snap = o.actor.getSnapshot();
    expect(snap.value).toBe('skipped');
    expect(snap.context).toMatchObject({ skipped: true, completed: false });
    expect(o.log.profiles.at(-1)).toMatchObject({ onboarding_skipped: true });
    expect(o.log.navigations).toEqual(['/ai-coach']);
  });

  it('completing sets completed true and skipped false, then the profile is refetched', async () => {
    const o = start({ skipped: true, draft: fullDraft });
    o.actor.send({ type: 'onboarding.complete' });
    await o.settled();
    const snap = o.actor.getSnapshot();
    expect(snap.value).toBe('completed');
    expect(snap.context).toMatchObject({ completed: true, skipped: false });
    expect(o.log.completedWith).toEqual(fullDraft);
    expect(o.log.refreshes).toBe(1);
    // The machine writes the toast out (so Stately shows it): it reads as onboardingTexts says.
    expect(o.log.toasts).toEqual([{ kind: 'success', message: onboardingTexts.completed }]);
  });

  it('cannot complete before every question is answered', () => {
    const o = start({ draft: { currency: 'EUR' } });
    o.actor.send({ type: 'onboarding.complete' });
    expect(o.actor.getSnapshot().value).toBe('notCompleted');
  });

  it('the wizard only moves on when the current step is answered', () => {
    const o = start();
    o.actor.send({ type: 'onboarding.next' });
    expect(o.actor.getSnapshot().context.step).toBe(0);
    o.actor.send({ type: 'onboarding.answer', answers: { currency: 'GBP' } });
    o.actor.send({ type: 'onboarding.next' });
    expect(o.actor.getSnapshot().context.step).toBe(1);
    o.actor.send({ type: 'onboarding.back' });
    expect(o.actor.getSnapshot().context.step).toBe(0);
    expect(o.actor.getSnapshot().context.draft).toEqual({ currency: 'GBP' });
  });

  it('a failure keeps the previous state and toasts the server detail', async () => {
    const o = start({ draft: fullDraft }, { fail: 'answers.currency: currency must be a three-letter ISO 4217 code' });
    o.actor.send({ type: 'onboarding.complete' });
    await o.settled();
    expect(o.actor.getSnapshot().value).toBe('notCompleted');
    expect(o.log.toasts.at(-1)?.message).toBe('answers.currency: currency must be a three-letter ISO 4217 code');
  });

  it('follows the profile when the session reloads it', () => {
    const o = start();
    o.actor.send({ type: 'onboarding.sync', completed: true, skipped: false });
    expect(o.actor.getSnapshot().value).toBe('completed');
  });

  it('a profile that arrives after the wizard opened fills the answers the user has not given (the currency after verifying the email)', () => {
    const o = start({ draft: onboardingFromProfile(null).draft });
    o.actor.send({ type: 'onboarding.sync', ...onboardingFromProfile({ user_id: 'u1', currency: 'EUR', onboarding_completed: false, onboarding_skipped: false } as SessionUser) });
    expect(o.actor.getSnapshot().context.draft.currency).toBe('EUR');
    o.actor.send({ type: 'onboarding.answer', answers: { currency: 'GBP' } });
    o.actor.send({ type: 'onboarding.sync', ...onboardingFromProfile({ user_id: 'u1', currency: 'EUR', onboarding_completed: false, onboarding_skipped: false } as SessionUser) });
    expect(o.actor.getSnapshot().context.draft.currency).toBe('GBP');
  });

  it('step rules', () => {
    expect(stepAnswered(0, { currency: 'eur' })).toBe(false);
    expect(stepAnswered(1, { monthly_income: 0 })).toBe(true);
    expect(stepAnswered(2, {})).toBe(false);
    expect(stepAnswered(3, {})).toBe(true);
  });

  it('a completed user revisiting the answers cannot un-complete: skip is not offered, cancel changes nothing (defect 1)', async () => {
    const o = start({ completed: true, draft: fullDraft });
    o.actor.send({ type: 'onboarding.next' });
    expect(o.actor.getSnapshot().can({ type: 'onboarding.skip' })).toBe(false);
    o.actor.send({ type: 'onboarding.skip' });
    expect(o.actor.getSnapshot().value).toBe('completed');
    expect(o.actor.getSnapshot().context).toMatchObject({ completed: true, skipped: false });
    expect(o.log.profiles).toEqual([]);
    o.actor.send({ type: 'onboarding.cancel' });
    expect(o.actor.getSnapshot().context.step).toBe(0);
    expect(o.log.navigations).toEqual(['/settings']);
  });
});

describe('the income step says no out loud', () => {
  it('an income below 0 or above the bound is a message at the field, and the step is not answered', () => {
    const step = 1;
    expect(incomeProblem(-100)).toBe('Monthly income cannot be negative');
    expect(incomeProblem(20_000_000)).toBe('Monthly income can be at most 10,000,000');
    expect(stepAnswered(step, { monthly_income: 20_000_000 })).toBe(false);
    expect(incomeProblem(3200)).toBeNull();
    expect(incomeProblem(undefined)).toBeNull();
    expect(stepAnswered(step, { monthly_income: 3200 })).toBe(true);
  });
});

describe('leaving the wizard midway', () => {
  it('coming back resumes at the same step with the chosen currency; a finished user revisiting starts at the first step', () => {
    const o = start();
    o.actor.send({ type: 'onboarding.answer', answers: { currency: 'EUR' } });
    o.actor.send({ type: 'onboarding.next' });
    o.actor.send({ type: 'onboarding.restart' });
    expect(o.actor.getSnapshot().context).toMatchObject({ step: 1, draft: { currency: 'EUR' } });

    const done = start({ completed: true, draft: fullDraft });
    done.actor.send({ type: 'onboarding.next' });
    done.actor.send({ type: 'onboarding.restart' });
    expect(done.actor.getSnapshot().context.step).toBe(0);
  });
});

describe('a reload midway resumes the wizard', () => {
  it('every answer and step is kept, and a new machine given what was kept opens at that step with what was typed', () => {
    let kept: unknown = null;
    const saving = onboardingMachine.provide({ actions: { saveProgress: (_, progress) => void (kept = progress) } });
    const before = createActor(saving, { input: { draft: { currency: 'USD' } } }).start();
    before.send({ type: 'onboarding.answer', answers: { currency: 'EUR' } });
    before.send({ type: 'onboarding.next' });
    before.send({ type: 'onboarding.answer', answers: { monthly_income: 4200 } });
    expect(kept).toEqual({ step: 1, draft: { currency: 'EUR', monthly_income: 4200 } });

    // The reload: the profile still says USD (the answers are only sent on Finish); what was typed wins.
    const after = createActor(onboardingMachine, { input: { draft: { currency: 'USD' }, progress: kept as never } }).start();
    expect(after.getSnapshot().value).toBe('notCompleted');
    expect(after.getSnapshot().context).toMatchObject({ step: 1, draft: { currency: 'EUR', monthly_income: 4200 } });
  });

  it('completing forgets what was kept; a completed user or a malformed record starts at the first step', async () => {
    let kept: unknown = 'untouched';
    const o = createActor(
      onboardingMachine.provide({
        actors: { completeOnboarding: fromPromise(async (): Promise<SessionUser> => ({ user_id: 'u1', onboarding_completed: true })) },
        actions: { saveProgress: (_, progress) => void (kept = progress) },
      }),
      { input: { draft: fullDraft } },
    ).start();
    o.send({ type: 'onboarding.complete' });
    await waitFor(o, (s) => s.matches('completed'));
    expect(kept).toBeNull();

    expect(createActor(onboardingMachine, { input: { completed: true, draft: fullDraft, progress: { step: 2, draft: { currency: 'GBP' } } } }).start().getSnapshot().context).toMatchObject({ step: 0, draft: { currency: 'EUR' } });
    expect(restoredProgress({ step: 9, draft: {} })).toBeNull();
    expect(restoredProgress({ step: 1, draft: 'x' })).toBeNull();
    expect(restoredProgress(null)).toBeNull();
  });
});
