import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { onboardingMachine } from '../../machines/onboarding';
import { onboardingIntro } from '../../src/web/views/onboarding/intro';

/** What the wizard's heading reads, from the onboarding machine's state as the page reads it. */
const introFor = (input: { completed?: boolean; skipped?: boolean }) => {
  const actor = createActor(onboardingMachine, { input }).start();
  const intro = onboardingIntro(actor.getSnapshot().context.completed);
  actor.stop();
  return intro;
};

describe('the onboarding wizard greets first-timers and tells a finished user they are reviewing answers', () => {
  it('first time (not completed, or skipped before): the welcome, unchanged', () => {
    for (const input of [{}, { skipped: true }]) {
      expect(introFor(input)).toEqual({
        title: 'Welcome',
        heading: 'Welcome to Finu',
        lead: 'Four quick questions so your coach and dashboard start from your numbers. You can change them later in Settings.',
      });
    }
  });

  it('revisiting from Settings (completed): no first-time welcome', () => {
    const intro = introFor({ completed: true });
    expect(intro.heading).toBe('Your answers');
    expect(intro.title).toBe('Your answers');
    expect(intro.lead).toMatch(/^Change what the coach knows about you/);
    expect(`${intro.heading} ${intro.lead}`).not.toMatch(/Welcome|Four quick questions/);
  });
});
