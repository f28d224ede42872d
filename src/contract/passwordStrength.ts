import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * Password strength, the same rule on the server and in the forms (the web app loads this module only
 * on the pages that set a password: it carries the dictionaries). zxcvbn scores 0 to 4 from common and
 * breached-style passwords, English words, names, keyboard patterns and dates, offline.
 */
zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations });

/** Scores below this are refused: 0 and 1 fall to an online guessing attack in minutes to hours. */
export const MIN_PASSWORD_SCORE = 2;
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof STRENGTH_LABELS)[number];
  acceptable: boolean;
  /** Why it is weak and what to do, in sentence case; null for an acceptable password. */
  problem: string | null;
  suggestions: string[];
}

/** `userInputs`: the email and name, which make a password easy to guess for anyone who knows them. */
export function passwordStrength(password: string, userInputs: (string | null | undefined)[] = []): PasswordStrength {
  const inputs = userInputs.flatMap((v) => (v ? [v, ...v.split(/[@.\s_-]+/)] : [])).filter((v) => v.length >= 3);
  const result = zxcvbn(password.slice(0, 128), inputs);
  const score = result.score as PasswordStrength['score'];
  const acceptable = score >= MIN_PASSWORD_SCORE;
  const warning = result.feedback.warning?.replace(/\.$/, '');
  const problem = acceptable ? null : `Too easy to guess${warning ? `: ${warning.charAt(0).toLowerCase()}${warning.slice(1)}` : ''}. ${result.feedback.suggestions[0] ?? 'Add another word or two.'}`;
  return { score, label: STRENGTH_LABELS[score], acceptable, problem, suggestions: result.feedback.suggestions };
}
