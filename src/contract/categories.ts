import type { TransactionType } from './transactions';

export interface DefaultCategory {
  name: string;
  type: TransactionType;
  color: string;
}

/** The built-in categories every user has; users add their own with POST /transactions/categories. */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { name: 'Salary', type: 'income', color: '#249051' },
  { name: 'Freelance', type: 'income', color: '#248f6b' },
  { name: 'Investments', type: 'income', color: '#198c8c' },
  { name: 'Refunds', type: 'income', color: '#379037' },
  { name: 'Gifts Received', type: 'income', color: '#528d29' },
  { name: 'Other Income', type: 'income', color: '#5b8871' },
  { name: 'Housing', type: 'expense', color: '#e44444' },
  { name: 'Utilities', type: 'expense', color: '#678918' },
  { name: 'Groceries', type: 'expense', color: '#a37709' },
  { name: 'Dining', type: 'expense', color: '#cf5d11' },
  { name: 'Transport', type: 'expense', color: '#2d7ee1' },
  { name: 'Subscriptions', type: 'expense', color: '#836be5' },
  { name: 'Shopping', type: 'expense', color: '#d63db7' },
  { name: 'Entertainment', type: 'expense', color: '#b157d5' },
  { name: 'Health', type: 'expense', color: '#249148' },
  { name: 'Insurance', type: 'expense', color: '#6282a1' },
  { name: 'Education', type: 'expense', color: '#1389aa' },
  { name: 'Travel', type: 'expense', color: '#148e7e' },
  { name: 'Personal Care', type: 'expense', color: '#de4283' },
  { name: 'Gifts & Donations', type: 'expense', color: '#ce5767' },
  { name: 'Fees & Charges', type: 'expense', color: '#a2754e' },
  { name: 'Other', type: 'expense', color: '#7e7e7e' },
];
