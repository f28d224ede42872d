import type { Check, X } from './expect';
import type { EvalUser } from './generate';

/** The classes of question the issue names (plus ordinary ones). */
export const CLASSES = [
  'two_part',
  'compare_periods',
  'single_transaction',
  'two_subjects',
  'merchant_or_purpose_words',
  'typo_time',
  'goal_left',
  'bare_amount',
  'usual_consistency',
  'ordinary',
] as const;
export type QuestionClass = (typeof CLASSES)[number];

export interface Question {
  cls: QuestionClass;
  user: EvalUser['key'];
  /** One question, or the turns of one chat asked in order. */
  turns: string[];
  /** Checks per turn (the same length as `turns`), computed from the user's rows. */
  expect: (x: X) => Check[][];
}

/** One question with checks on its answer. */
export const ask = (cls: QuestionClass, user: EvalUser['key'], text: string, expect: (x: X) => Check[]): Question => ({ cls, user, turns: [text], expect: (x) => [expect(x)] });

/** A chat: several turns, with checks on each answer. */
export const chat = (cls: QuestionClass, user: EvalUser['key'], turns: string[], expect: (x: X) => Check[][]): Question => ({ cls, user, turns, expect });
