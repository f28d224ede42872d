import { assign, fromPromise, setup } from 'xstate';
import type { defaultMessages } from '../src/contract/errors';
import type { SessionUser } from './sessionRules';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

/** The wizard's answers (see src/contract/onboarding.ts for the allowed values). */
export interface OnboardingDraft {
  currency?: string;
  monthly_income?: number;
  main_goal?: string;
  help_with?: string[];
}

export const wizardSteps = ['currency', 'income', 'goal', 'help'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** Where a user left the wizard (kept in this browser so a reload resumes there). */
export interface OnboardingProgress {
  step: number;
  draft: OnboardingDraft;
}

/** The saved progress as the machine takes it: a step out of range or a draft that is not an object is ignored. */
export function restoredProgress(saved: unknown): OnboardingProgress | null {
  if (!saved || typeof saved !== 'object') return null;
  const { step, draft } = saved as Partial<OnboardingProgress>;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > wizardSteps.length - 1) return null;
  if (!draft || typeof draft !== 'object' || Array.isArray(draft)) return null;
  return { step, draft };
}

export interface OnboardingContext {
  completed: boolean;
  skipped: boolean;
  step: number;
  draft: OnboardingDraft;
  error: CallFailure | null;
}

export type OnboardingEvent =
  | { type: 'onboarding.sync'; completed: boolean; skipped: boolean; draft?: OnboardingDraft }
  | { type: 'onboarding.answer'; answers: OnboardingDraft }
  | { type: 'onboarding.next' }
  | { type: 'onboarding.back' }
  | { type: 'onboarding.restart' }
  | { type: 'onboarding.skip' }
  | { type: 'onboarding.cancel' }
  | { type: 'onboarding.complete' };

/** The call's default ([spec:8-message]), typed by the contract: a text that drifts from it fails tsc. */
const failed: (typeof defaultMessages)['completeOnboarding'] = 'Failed to complete onboarding';

export const onboardingTexts = {
  failed,
  completed: 'You are all set! Your coach now knows your starting point.',
} as const;

/** Whether the answer the current step asks for is there. */
/** The largest monthly income the API takes (the onboarding answers' rule). */
export const MAX_MONTHLY_INCOME = 10_000_000;

/** What is wrong with a typed monthly income, said at the field; null when it is fine or not typed yet. */
export function incomeProblem(income: number | undefined): string | null {
  if (typeof income !== 'number' || !Number.isFinite(income)) return null;
  if (income < 0) return 'Monthly income cannot be negative';
  if (income > MAX_MONTHLY_INCOME) return 'Monthly income can be at most 10,000,000';
  return null;
}

export function stepAnswered(step: number, draft: OnboardingDraft): boolean {
  switch (wizardSteps[step]) {
    case 'currency':
      return typeof draft.currency === 'string' && /^[A-Z]{3}$/.test(draft.currency);
    case 'income':
      return typeof draft.monthly_income === 'number' && Number.isFinite(draft.monthly_income) && incomeProblem(draft.monthly_income) === null;
    case 'goal':
      return typeof draft.main_goal === 'string' && draft.main_goal.length > 0;
    case 'help':
      return true;
    default:
      return false;
  }
}

const lastStep = wizardSteps.length - 1;

/** The answers the user has given: an unanswered question (undefined) does not hide what the profile holds. */
const given = (draft: OnboardingDraft): OnboardingDraft => Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined));

/** Where onboarding stands according to a profile ([spec:3-profile] onboarding_completed / onboarding_skipped), with the stored answers. */
export function onboardingFromProfile(user: SessionUser | null): { completed: boolean; skipped: boolean; draft: OnboardingDraft } {
  const answers = (user?.onboarding ?? {}) as OnboardingDraft;
  return {
    completed: user?.onboarding_completed === true,
    skipped: user?.onboarding_skipped === true,
    draft: { ...answers, currency: answers.currency ?? (typeof user?.currency === 'string' ? user.currency : undefined) },
  };
}

/** What is kept of the wizard after a change: nothing once onboarding is completed. */
const progressOf = (context: OnboardingContext): OnboardingProgress | null => (context.completed ? null : { step: context.step, draft: context.draft });

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as { completed?: boolean; skipped?: boolean; draft?: OnboardingDraft; progress?: OnboardingProgress | null },
    tags: {} as 'busy',
  },
  actors: {
    completeOnboarding: fromPromise<SessionUser, OnboardingDraft>(async () => {
      throw new Error('completeOnboarding not provided');
    }),
    skipOnboarding: fromPromise<SessionUser, void>(async () => {
      throw new Error('skipOnboarding not provided');
    }),
  },
  actions: {
    /** Hands the profile the server answered to the session. */
    profileUpdated: (_, _user: SessionUser) => {},
    /** Refetches the profile ([spec:4-onboarding-complete]). */
    refreshProfile: () => {},
    notify: (_, _toast: Toast) => {},
    navigate: (_, _params: { to: string }) => {},
    /** Tells the app where onboarding stands now (the route guard follows it). */
    reportProgress: () => {},
    /** Keeps the step and the answers typed so far in this browser (a reload resumes there). */
    saveProgress: (_, _progress: OnboardingProgress | null) => {},
  },
  guards: {
    isCompleted: ({ context }) => context.completed,
    isSkipped: ({ context }) => context.skipped,
    stepAnswered: ({ context }) => stepAnswered(context.step, context.draft),
    onLastStep: ({ context }) => context.step === lastStep,
    allAnswered: ({ context }) => wizardSteps.every((_, i) => stepAnswered(i, context.draft)),
  },
}).createMachine({
  id: 'onboarding',
  description: 'Onboarding is not completed, skipped, or completed. Skipping sets skipped true and completed false; completing sets completed true and skipped false, then the profile is refetched.',
  context: ({ input }) => {
    const completed = input.completed ?? false;
    // A finished user starts at the first step; anyone else resumes where this browser saw them leave.
    const progress = completed ? null : restoredProgress(input.progress);
    return { completed, skipped: input.skipped ?? false, step: progress?.step ?? 0, draft: { ...input.draft, ...given(progress?.draft ?? {}) }, error: null };
  },
  initial: 'resolving',
  on: {
    'onboarding.sync': {
      description: 'The session loaded or refreshed the profile.',
      target: '.resolving',
      actions: [assign(({ context, event }) => ({ completed: event.completed, skipped: event.skipped, draft: { ...event.draft, ...given(context.draft) } })), 'reportProgress'],
    },
    'onboarding.answer': { description: 'The user answered a wizard step (kept in this browser).', actions: [assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.answers }) }), { type: 'saveProgress', params: ({ context }) => progressOf(context) }] },
    'onboarding.next': {
      description: "'Next': only once the step is answered (the step is kept in this browser).",
      guard: 'stepAnswered',
      actions: [assign({ step: ({ context }) => Math.min(context.step + 1, lastStep) }), { type: 'saveProgress', params: ({ context }) => progressOf(context) }],
    },
    'onboarding.back': { description: "'Back' to the previous step.", actions: [assign({ step: ({ context }) => Math.max(context.step - 1, 0) }), { type: 'saveProgress', params: ({ context }) => progressOf(context) }] },
    'onboarding.restart': {
      description: 'The wizard opens: a finished user revisiting the answers starts at the first step; anyone who left midway resumes at the step and with the answers (the currency too) they had.',
      guard: 'isCompleted',
      actions: assign({ step: 0 }),
    },
  },
  states: {
    resolving: {
      description: "Reads where onboarding stands from the profile's onboarding_completed and onboarding_skipped.",
      always: [
        { description: 'onboarding_completed is true.', guard: 'isCompleted', target: 'completed' },
        { description: 'onboarding_skipped is true.', guard: 'isSkipped', target: 'skipped' },
        { description: 'Neither: onboarding is still to do.', target: 'notCompleted' },
      ],
    },
    notCompleted: {
      description: 'Neither completed nor skipped: every route that needs onboarding sends the user to /onboarding.',
      on: {
        'onboarding.skip': { description: "'Skip for now': skipping sets skipped true and completed false. [spec:4-onboarding-skip]", target: 'skipping' },
        'onboarding.complete': { description: "'Finish' with every step answered: completing sets completed true and skipped false. [spec:4-onboarding-complete]", guard: 'allAnswered', target: 'completing' },
      },
    },
    skipped: {
      description: 'Skipped: /transactions and /budget show the onboarding modal; /tokens, /settings and /help redirect to /onboarding.',
      on: {
        'onboarding.skip': { description: "'Skip for now' again, from the wizard: saved as skipped once more.", target: 'skipping' },
        'onboarding.complete': { description: "'Finish' with every step answered: completing sets completed true and skipped false. [spec:4-onboarding-complete]", guard: 'allAnswered', target: 'completing' },
      },
    },
    completed: {
      description: 'Completed: every feature is open (subject to the access check). Revisiting the answers can save them again or cancel; never un-complete (no skip).',
      on: {
        'onboarding.complete': { description: 'Save the revisited answers.', guard: 'allAnswered', target: 'completing' },
        'onboarding.cancel': {
          description: 'Leave the revisited answers unchanged: the stored ones come back with the profile.',
          actions: [assign({ step: 0, draft: {}, error: null }), 'refreshProfile', { type: 'navigate', params: { to: '/settings' } }],
        },
      },
    },
    skipping: {
      description: 'POST /users/me/onboarding {action: skip}.',
      tags: ['busy'],
      invoke: {
        src: 'skipOnboarding',
        onDone: {
          description: 'Skipped (skipped true, completed false): the profile follows and the user goes to /ai-coach. [spec:4-onboarding-skip]',
          target: 'skipped',
          actions: [
            assign({ skipped: true, completed: false, error: null }),
            'reportProgress',
            { type: 'profileUpdated', params: ({ event }) => event.output },
            { type: 'navigate', params: { to: '/ai-coach' } },
          ],
        },
        onError: {
          description: "Not saved: toast the server's reason, else 'Failed to complete onboarding'; onboarding stays where it was.",
          target: 'resolving',
          actions: [assign({ error: ({ event }) => toFailure(event.error, onboardingTexts.failed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
        },
      },
    },
    completing: {
      description: 'POST /users/me/onboarding {action: complete, answers}, then the profile is refetched.',
      tags: ['busy'],
      invoke: {
        src: 'completeOnboarding',
        input: ({ context }) => context.draft,
        onDone: {
          description: "Completed (completed true, skipped false): the profile is refetched, toast 'You are all set! Your coach now knows your starting point.' and /dashboard. [spec:4-onboarding-complete]",
          target: 'completed',
          actions: [
            assign({ completed: true, skipped: false, error: null, step: 0 }),
            'reportProgress',
            { type: 'saveProgress', params: null },
            { type: 'profileUpdated', params: ({ event }) => event.output },
            'refreshProfile',
            { type: 'notify', params: { kind: 'success', message: 'You are all set! Your coach now knows your starting point.' } },
            { type: 'navigate', params: { to: '/dashboard' } },
          ],
        },
        onError: {
          description: "Not saved: toast the server's reason, else 'Failed to complete onboarding'; onboarding stays where it was.",
          target: 'resolving',
          actions: [assign({ error: ({ event }) => toFailure(event.error, onboardingTexts.failed) }), { type: 'notify', params: ({ context }) => failureToast(context.error) }],
        },
      },
    },
  },
});
