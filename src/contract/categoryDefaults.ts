export const TRANSACTION_TYPES = ['income', 'expense'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * The built-in categories and their default groups: no schemas here, so the first load of /login
 * (which reads contract/transactions.ts, re-exporting these) carries no zod.
 */

export interface DefaultCategory {
  name: string;
  type: TransactionType;
  color: string;
  /** Its group in a new account (DEFAULT_CATEGORY_GROUPS); the user may move it. */
  group: (typeof DEFAULT_CATEGORY_GROUPS)[number];
}

/** The groups every user starts with, in order (seeded by migration 0032 with the built-in categories). */
export const DEFAULT_CATEGORY_GROUPS = ['Income', 'Bills', 'Everyday', 'Fun'] as const;

/** The built-in categories every user has; users add their own with POST /transactions/categories. */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { name: 'Salary', type: 'income', color: '#249051', group: 'Income' },
  { name: 'Freelance', type: 'income', color: '#248f6b', group: 'Income' },
  { name: 'Investments', type: 'income', color: '#198c8c', group: 'Income' },
  { name: 'Refunds', type: 'income', color: '#379037', group: 'Income' },
  { name: 'Gifts Received', type: 'income', color: '#528d29', group: 'Income' },
  { name: 'Other Income', type: 'income', color: '#5b8871', group: 'Income' },
  { name: 'Housing', type: 'expense', color: '#e44444', group: 'Bills' },
  { name: 'Utilities', type: 'expense', color: '#678918', group: 'Bills' },
  { name: 'Groceries', type: 'expense', color: '#a37709', group: 'Everyday' },
  { name: 'Dining', type: 'expense', color: '#cf5d11', group: 'Fun' },
  { name: 'Transport', type: 'expense', color: '#2d7ee1', group: 'Everyday' },
  { name: 'Subscriptions', type: 'expense', color: '#836be5', group: 'Bills' },
  { name: 'Shopping', type: 'expense', color: '#d63db7', group: 'Fun' },
  { name: 'Entertainment', type: 'expense', color: '#b157d5', group: 'Fun' },
  { name: 'Health', type: 'expense', color: '#249148', group: 'Everyday' },
  { name: 'Insurance', type: 'expense', color: '#6282a1', group: 'Bills' },
  { name: 'Education', type: 'expense', color: '#1389aa', group: 'Everyday' },
  { name: 'Travel', type: 'expense', color: '#148e7e', group: 'Fun' },
  { name: 'Personal Care', type: 'expense', color: '#de4283', group: 'Everyday' },
  { name: 'Gifts & Donations', type: 'expense', color: '#ce5767', group: 'Fun' },
  { name: 'Fees & Charges', type: 'expense', color: '#a2754e', group: 'Bills' },
  { name: 'Other', type: 'expense', color: '#7e7e7e', group: 'Everyday' },
];

/** What the manager and the forms say (the API's detail wins when there is one). */
export const CATEGORY_MESSAGES = {
  load: 'Failed to load categories',
  save: 'Failed to save the category',
  merge: 'Failed to merge the categories',
  remove: 'Failed to delete the category',
  group: 'Failed to save the group',
} as const;
