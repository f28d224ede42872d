/**
 * The one place that says which machines/ files are held to the statechart checks
 * (tests/docs/machine-extractor.test.ts, tests/docs/machine-descriptions.test.ts and the
 * spec-rule coverage check of src/tools/machine-coverage.ts), and the product rules (docs/product.md, section 4) a
 * transition can cite with a `[spec:4-…]` tag at the end of its description.
 *
 * Every file in machines/ is enforced unless it is listed in PENDING_MACHINES below. The list
 * only shrinks: the tests print what is pending, and fail when a pending file already passes
 * every check (remove it from the list then).
 */

/** machines/<file>.ts basenames not yet enforced, with the reason. */
export const PENDING_MACHINES: Readonly<Record<string, string>> = {
};

export const isPending = (file: string) => Object.hasOwn(PENDING_MACHINES, file);

/**
 * docs/product.md section 4 ("States and transitions") rule by rule: the tag a transition cites, and the rule's words.
 * A description ends with one or more tags: `… and the user lands on /ai-coach. [spec:4-access-deny]`.
 */
export const SPEC_RULES: Readonly<Record<string, string>> = {
  '4-session-store': 'Login, OAuth, web3 and email-verification callbacks store the token and the user and mark the user authenticated.',
  '4-session-logout': 'Logout clears the token and the user and resets all app state.',
  '4-session-register': 'Registration does not authenticate; the user must verify email first.',
  '4-session-check-failed': 'A failed authentication check clears the session.',
  '4-onboarding-skip': 'Skipping sets skipped true and completed false.',
  '4-onboarding-complete': 'Completing sets completed true and skipped false, then the profile is refetched.',
  '4-route-login': 'No token redirects to /login, remembering the origin.',
  '4-route-onboarding': 'Signed in with onboarding neither completed nor skipped redirects to /onboarding (the onboarding page and the dashboard without the requirement are allowed).',
  '4-route-onboarding-modal': 'Skipped plus a route requiring onboarding shows the onboarding modal.',
  '4-access-check-start': 'Access check after onboarding, on routes that require it (dashboard, transactions, budget, tokens).',
  '4-access-allow': 'Access check after onboarding: get subscription status; if has_access, allow.',
  '4-access-trial': "If no trial is active and the trial was never used, start the trial automatically; if it reports 'started', allow.",
  '4-access-deny': 'Otherwise open the subscription modal and redirect to /ai-coach.',
  '4-access-status-failed': 'If the status call fails, allow.',
  '4-chat-create': 'Creating a conversation makes it current and clears messages.',
  '4-chat-switch': 'Switching to a different conversation clears messages.',
  '4-chat-delete-current': 'Deleting the current conversation clears the current one.',
  '4-chat-rename': 'Renaming updates the title in the list and in the current conversation.',
  '4-chat-clear-memory': 'Clearing memory empties all chat data.',
  '4-chat-title-fill': 'A missing title is filled from the list.',
  '4-create-front': 'Transactions, goals and conversations: create adds to the front (the shared collection machine).',
  '4-replace-by-id': 'Transactions and goals: update (and a goal\'s add or withdraw funds) replaces by id (the shared collection machine).',
  '4-delete-confirm': 'Transactions, goals and conversations: delete asks for a confirmation first.',
  '4-delete-removes': 'Transactions, goals and conversations: delete removes (the shared collection machine).',
  '4-transactions-create': 'Transactions: create adds to the front.',
  '4-transactions-update': 'Transactions: update replaces by transaction_id.',
  '4-transactions-delete': 'Transactions: delete removes.',
  '4-goals-create': 'Goals: create adds to the front.',
  '4-goals-update': 'Goals: update replaces by goal_id.',
  '4-goals-add-funds': 'Goals: add funds replaces by goal_id.',
  '4-goals-withdraw-funds': 'Goals: withdraw funds replaces by goal_id.',
  '4-goals-delete': 'Goals: delete removes.',
};

const TAG = /\[spec:([^\]\s]*)\]/g;
const TRAILING_TAGS = /(?:\s*\[spec:[^\]\s]*\])+\s*$/;

export interface ParsedDescription {
  /** The words without the trailing tags. */
  text: string;
  /** Tags in order, without `spec:` (`4-chat-switch`). */
  rules: string[];
  /** What is wrong with the tags: unknown rule, or a tag that is not at the end. */
  problems: string[];
}

/** Splits `Switching clears the messages. [spec:4-chat-switch]` into words and rule tags. */
export function parseDescription(description: string | undefined): ParsedDescription {
  const source = description ?? '';
  const trailing = source.match(TRAILING_TAGS)?.[0] ?? '';
  const text = source.slice(0, source.length - trailing.length).trim();
  const rules = [...trailing.matchAll(TAG)].map((m) => m[1]!);
  const problems: string[] = [];
  for (const rule of rules) if (!Object.hasOwn(SPEC_RULES, rule)) problems.push(`unknown spec rule [spec:${rule}] (known: see SPEC_RULES in src/tools/machine-catalog.ts)`);
  for (const m of text.matchAll(TAG)) problems.push(`[spec:${m[1]}] must stand at the end of the description`);
  return { text, rules, problems };
}
