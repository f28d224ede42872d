/** Money accounts: kinds, how they group and which are owed. Shared by the server, the machines and the views. */

export const ACCOUNT_KINDS = ['checking', 'savings', 'credit_card', 'cash', 'loan', 'mortgage', 'investment', 'property', 'vehicle', 'crypto', 'other_asset', 'other_liability'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit_card: 'Credit card',
  cash: 'Cash',
  loan: 'Loan',
  mortgage: 'Mortgage',
  investment: 'Investment',
  property: 'Property',
  vehicle: 'Vehicle',
  crypto: 'Crypto',
  other_asset: 'Other asset',
  other_liability: 'Other liability',
};

/** The Accounts area's groups, in the order it shows them. */
export const ACCOUNT_GROUPS = ['cash', 'credit', 'loans', 'investments', 'property'] as const;
export type AccountGroup = (typeof ACCOUNT_GROUPS)[number];
export const ACCOUNT_GROUP_LABELS: Record<AccountGroup, string> = { cash: 'Cash', credit: 'Credit', loans: 'Loans', investments: 'Investments', property: 'Property' };

export const ACCOUNT_GROUP_OF: Record<AccountKind, AccountGroup> = {
  checking: 'cash',
  savings: 'cash',
  cash: 'cash',
  credit_card: 'credit',
  loan: 'loans',
  mortgage: 'loans',
  other_liability: 'loans',
  investment: 'investments',
  crypto: 'investments',
  property: 'property',
  vehicle: 'property',
  other_asset: 'property',
};

/** Kinds whose balance is what is owed: shown as a positive "owed", counted negatively in net worth. */
export const LIABILITY_KINDS: readonly AccountKind[] = ['credit_card', 'loan', 'mortgage', 'other_liability'];
export const isLiability = (kind: AccountKind) => LIABILITY_KINDS.includes(kind);

/** Kinds that usually move by valuations (a "market change") rather than transactions. */
export const BALANCE_ONLY_KINDS: readonly AccountKind[] = ['investment', 'property', 'vehicle', 'crypto', 'other_asset'];

/** Kinds on the budget unless the person says otherwise: day-to-day money. */
export const ON_BUDGET_BY_DEFAULT: readonly AccountKind[] = ['checking', 'savings', 'credit_card', 'cash'];

export const ACCOUNT_LIMITS = { name: 60, institution: 80, accounts: 100 } as const;

/** The category transfer legs and other non-spending rows carry. */
export const TRANSFER_CATEGORY = 'Transfer';
export const VALUATION_CATEGORY = 'Market change';
export const ADJUSTMENT_CATEGORY = 'Adjustment';

/** How far apart (days) an imported row and the other leg of a transfer may be to be offered "link as transfer". */
export const TRANSFER_MATCH_DAYS = 3;

/** Months of the net-worth series by default and at most. */
export const NET_WORTH_MONTHS = { default: 12, max: 120 } as const;
