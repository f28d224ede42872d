import * as z from 'zod/mini';
import { MAX_AMOUNT, hasAtMostTwoDecimals, required, atMost, calendarDate, money, optionalText, text } from './fields';
import { rateField } from './rates';
import { currencyField, transaction } from './transactions';

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

/**
 * The account, transfer, valuation and reconcile rules: the forms check them before sending and the
 * server's schemas are these, so both refuse the same input in the same words.
 */

/** A balance: any sign, at most two decimals, below MAX_AMOUNT either way. */
export const signedMoney = (field: string) =>
  z.number({ error: required(field, 'a number') }).check(
    z.refine((n) => Number.isFinite(n) && Math.abs(n) < MAX_AMOUNT, `${field} must be between -100,000,000,000 and 100,000,000,000`),
    z.refine(hasAtMostTwoDecimals, `${field} must have at most two decimal places`),
    z.meta({ multipleOf: 0.01 }),
  );

const accountId = (field: string) => z.string({ error: required(field, 'an account id') }).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${field} must be an account id (a UUID)`));

export const accountName = text('name', z.trim(), z.minLength(1, 'name is required'), atMost('name', ACCOUNT_LIMITS.name));
export const accountKind = z.enum(ACCOUNT_KINDS, { error: `kind must be one of ${ACCOUNT_KINDS.join(', ')}` });
const last4 = z.optional(
  z.nullable(
    z.pipe(
      z.string({ error: 'last4 must be four digits' }).check(z.trim()),
      z.transform((v: string) => (v === '' ? null : v)),
    ).check(z.refine((v: string | null) => v === null || /^\d{4}$/.test(v), 'last4 must be four digits')),
  ),
);

export const createAccountRequest = z.strictObject({
  name: accountName,
  kind: accountKind,
  currency: z.optional(currencyField).check(z.describe('ISO 4217; omit for the profile currency')),
  on_budget: z.optional(z.boolean({ error: 'on_budget must be true or false' })).check(z.describe('Omit for the kind default: on budget for checking, savings, credit card and cash')),
  opening_balance: z._default(signedMoney('opening_balance'), 0).check(z.describe('The balance on opening_date; negative for what is owed on a card or loan')),
  opening_date: z.optional(calendarDate('opening_date')).check(z.describe('Omit for today')),
  institution: optionalText('institution', ACCOUNT_LIMITS.institution),
  last4,
  order: z.optional(z.int({ error: 'order must be a whole number' }).check(z.gte(0, 'order must be 0 or more'), z.lte(10_000, 'order must be at most 10000'))),
});

/** Any subset; `closed: false` reopens a closed account (closing goes through /close). */
export const updateAccountRequest = z
  .strictObject({
    name: z.optional(accountName),
    kind: z.optional(accountKind),
    currency: z.optional(currencyField),
    on_budget: z.optional(z.boolean({ error: 'on_budget must be true or false' })),
    opening_balance: z.optional(signedMoney('opening_balance')),
    opening_date: z.optional(calendarDate('opening_date')),
    institution: optionalText('institution', ACCOUNT_LIMITS.institution),
    last4,
    order: z.optional(z.int({ error: 'order must be a whole number' }).check(z.gte(0, 'order must be 0 or more'), z.lte(10_000, 'order must be at most 10000'))),
    closed: z.optional(z.literal(false, { error: 'closed can only be set to false here: close an account with POST /accounts/{id}/close' })),
  })
  .check(z.refine((body: object) => Object.keys(body).length > 0, 'Send at least one field to change'));

/** Closing: a non-zero balance needs a final transfer to another account or an adjustment. */
export const closeAccountRequest = z.strictObject({
  transfer_to_account_id: z.optional(accountId('transfer_to_account_id')),
  adjust: z.optional(z.boolean({ error: 'adjust must be true or false' })),
  date: z.optional(calendarDate('date')),
});

export const transferRequest = z
  .strictObject({
    from_account_id: accountId('from_account_id'),
    to_account_id: accountId('to_account_id'),
    amount: money('amount'),
    to_amount: z.optional(money('to_amount')).check(z.describe("Between accounts in different currencies: what arrived, in the to account's currency (the implied rate is kept)")),
    rate: z.optional(rateField).check(z.describe('Between accounts in different currencies: 1 from-currency = rate to-currency, as text; omit both to use the rate of the day')),
    date: calendarDate('date'),
    description: z._default(text('description', z.trim(), atMost('description', 500)), ''),
    notes: optionalText('notes', 2000),
  })
  .check(
    z.refine((b: { from_account_id: string; to_account_id: string }) => b.from_account_id.toLowerCase() !== b.to_account_id.toLowerCase(), { message: 'to_account_id must be another account than from_account_id', path: ['to_account_id'] }),
    z.refine((b: { to_amount?: number; rate?: string }) => b.to_amount === undefined || b.rate === undefined, { message: 'Send to_amount or rate, not both', path: ['rate'] }),
  );

export const updateTransferRequest = z
  .strictObject({
    from_account_id: z.optional(accountId('from_account_id')),
    to_account_id: z.optional(accountId('to_account_id')),
    amount: z.optional(money('amount')),
    to_amount: z.optional(money('to_amount')),
    rate: z.optional(rateField),
    date: z.optional(calendarDate('date')),
    description: z.optional(text('description', z.trim(), atMost('description', 500))),
    notes: optionalText('notes', 2000),
    confirm_reconciled: z.optional(z.boolean()),
  })
  .check(z.refine((body: object) => Object.keys(body).filter((k) => k !== 'confirm_reconciled').length > 0, 'Send at least one field to change'));

/** A dated value of a balance-only account (a house, a car, a portfolio): the difference is a market change. */
export const valuationRequest = z.strictObject({
  date: calendarDate('date'),
  value: signedMoney('value'),
});

export const reconcileRequest = z.strictObject({
  statement_date: calendarDate('statement_date'),
  statement_balance: signedMoney('statement_balance'),
  /** Record the difference as an adjustment; without it a non-zero difference is refused. */
  adjust: z.optional(z.boolean({ error: 'adjust must be true or false' })),
});

export const accountIdParams = z.object({ id: z.string().register(z.globalRegistry, { description: 'account_id (UUID); anything else answers 404' }) });
export const transferIdParams = z.object({ id: z.string().register(z.globalRegistry, { description: 'transfer_id (UUID); anything else answers 404' }) });

export const account = z
  .object({
    account_id: z.string(),
    name: z.string(),
    kind: z.enum(ACCOUNT_KINDS),
    group: z.enum(ACCOUNT_GROUPS).register(z.globalRegistry, { description: 'The Accounts area group: cash, credit, loans, investments or property' }),
    is_liability: z.boolean(),
    currency: z.string().register(z.globalRegistry, { description: 'ISO 4217; amounts are in it' }),
    on_budget: z.boolean().register(z.globalRegistry, { description: 'Its transactions are income and spending; tracking-only accounts count only in net worth' }),
    opening_balance: z.number().register(z.globalRegistry, { description: 'Signed: negative is owed' }),
    opening_date: z.string(),
    institution: z.nullable(z.string()),
    last4: z.nullable(z.string()),
    closed: z.boolean(),
    order: z.number().check(z.int()),
    balance: z.number().register(z.globalRegistry, { description: 'Signed balance today: opening balance plus every transaction; negative is owed' }),
    owed: z.nullable(z.number()).register(z.globalRegistry, { description: 'For a card or loan: what is owed, as a positive figure' }),
    cleared_balance: z.number(),
    transaction_count: z.number().check(z.int()),
    reconciled_date: z.nullable(z.string()),
    reconciled_balance: z.nullable(z.number()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .register(z.globalRegistry, { id: 'Account', description: 'A place money lives: a bank account, a card, cash, a loan, a house' });

export const accountGroupTotal = z.object({ group: z.enum(ACCOUNT_GROUPS), balance: z.number(), account_count: z.number().check(z.int()) });

export const accountList = z
  .object({
    accounts: z.array(account),
    groups: z.array(accountGroupTotal).register(z.globalRegistry, { description: 'Open accounts per group (profile currency only)' }),
    currency: z.string().register(z.globalRegistry, { description: 'The profile currency: the totals are in it' }),
    on_budget_balance: z.number().register(z.globalRegistry, { description: 'GET /transactions/balance/current as of today' }),
    net_worth: z.number().register(z.globalRegistry, { description: 'Assets minus liabilities of the accounts in the profile currency' }),
    unconverted_accounts: z.number().check(z.int()).register(z.globalRegistry, { description: 'Accounts in another currency, left out of the totals until rates exist' }),
  })
  .register(z.globalRegistry, { id: 'AccountList' });

export const accountListQuery = z.object({
  include_closed: z._default(z.pipe(z
    .enum(['true', 'false', '1', '0'], { error: 'include_closed must be true or false' }), z.transform((v) => v === 'true' || v === '1')), false),
});

export const transferResponse = z
  .object({ transfer_id: z.string(), from: transaction, to: transaction })
  .register(z.globalRegistry, { id: 'Transfer', description: 'Two linked legs: money out of from, the same amount into to' });

export const valuationResponse = z.object({
  account: account,
  /** The market change recorded, or null when the value equals the balance already. */
  transaction: z.nullable(transaction),
});

export const reconcilePreviewQuery = z.object({
  statement_date: calendarDate('statement_date'),
  statement_balance: z.coerce
    .number({ error: 'statement_balance must be a number' })
    .check(z.refine((n) => Number.isFinite(n) && Math.abs(n) < MAX_AMOUNT, 'statement_balance must be between -100,000,000,000 and 100,000,000,000'), z.refine(hasAtMostTwoDecimals, 'statement_balance must have at most two decimal places')),
});

export const reconcilePreview = z
  .object({
    statement_date: z.string(),
    statement_balance: z.number(),
    cleared_balance: z.number().register(z.globalRegistry, { description: 'Opening balance plus the cleared transactions up to the statement date' }),
    difference: z.number().register(z.globalRegistry, { description: 'statement_balance − cleared_balance' }),
    cleared_count: z.number().check(z.int()),
    uncleared_count: z.number().check(z.int()).register(z.globalRegistry, { description: 'Transactions up to the statement date not yet cleared' }),
  })
  .register(z.globalRegistry, { id: 'ReconcilePreview' });

export const reconcileResult = z.object({
  account: account,
  adjustment: z.nullable(transaction),
  locked: z.number().check(z.int()).register(z.globalRegistry, { description: 'Transactions now reconciled' }),
});

export const closeResult = z.object({ account: account, transaction: z.nullable(transaction).register(z.globalRegistry, { description: 'The final transfer leg or adjustment, if one was needed' }) });

export const registerQuery = z.object({
  limit: z._default(z.coerce.number({ error: 'limit must be a whole number' }).check(z.int('limit must be a whole number'), z.gte(1, 'limit must be at least 1'), z.lte(200, 'limit must be at most 200')), 50),
  cursor: z.optional(z.string().check(z.maxLength(300, 'cursor is invalid'))),
});

export const registerRow = z.extend(transaction, { running_balance: z.number().register(z.globalRegistry, { description: 'The account balance after this row' }) });
export const register = z
  .object({ account: account, transactions: z.array(registerRow), has_more: z.boolean(), next_cursor: z.nullable(z.string()) })
  .register(z.globalRegistry, { id: 'Register', description: "One account's transactions, newest first, each with the balance after it" });

export const netWorthQuery = z.object({
  months: z._default(z.coerce
    .number({ error: 'months must be a whole number' })
    .check(z.int('months must be a whole number'), z.gte(1, 'months must be at least 1'), z.lte(NET_WORTH_MONTHS.max, `months must be at most ${NET_WORTH_MONTHS.max}`)), NET_WORTH_MONTHS.default),
  to: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}$/, 'to must be a month like 2026-05'))).register(z.globalRegistry, { description: 'Last month, YYYY-MM; omit for this month' }),
});

export const netWorth = z
  .object({
    currency: z.string(),
    months: z.array(z.string()).register(z.globalRegistry, { description: 'YYYY-MM, oldest first; each figure is the balance at the end of that month' }),
    assets: z.array(z.number()),
    liabilities: z.array(z.number()).register(z.globalRegistry, { description: 'What is owed, positive' }),
    net_worth: z.array(z.number()),
    change: z.number().register(z.globalRegistry, { description: 'Net worth at the end minus at the start of the series' }),
    accounts: z.array(z.object({ account_id: z.string(), name: z.string(), kind: z.enum(ACCOUNT_KINDS), balances: z.array(z.number()) })),
    unconverted_accounts: z.number().check(z.int()),
    currency_effect: z.optional(z.array(z.number())).register(z.globalRegistry, {
      description: 'Per month, the part of the change that is only rates moving: each foreign account’s balance at the start of the month revalued at the month’s end rate (never income or spending)',
    }),
  })
  .register(z.globalRegistry, { id: 'NetWorth', description: 'Assets minus liabilities at the end of each month' });

/** The batch transfer-match list: days of outgoing rows looked at by default and at most, pairs per page. */
export const TRANSFER_PAIRS = { days: 90, maxDays: 366, limit: 50, maxLimit: 200 } as const;

export const transferPairsQuery = z.object({
  to: z.optional(calendarDate('to')).register(z.globalRegistry, { description: 'Last day of the window (of the outgoing row), YYYY-MM-DD; omit for today' }),
  days: z._default(z.coerce
    .number({ error: 'days must be a whole number' })
    .check(z.int('days must be a whole number'), z.gte(1, 'days must be at least 1'), z.lte(TRANSFER_PAIRS.maxDays, `days must be at most ${TRANSFER_PAIRS.maxDays}`)), TRANSFER_PAIRS.days),
  limit: z._default(z.coerce
    .number({ error: 'limit must be a whole number' })
    .check(z.int('limit must be a whole number'), z.gte(1, 'limit must be at least 1'), z.lte(TRANSFER_PAIRS.maxLimit, `limit must be at most ${TRANSFER_PAIRS.maxLimit}`)), TRANSFER_PAIRS.limit),
  cursor: z.optional(z.string().check(z.maxLength(300, 'cursor is invalid'))),
});

export const transferPairs = z
  .object({
    pairs: z.array(z.object({ from: transaction, to: transaction })),
    has_more: z.boolean(),
    next_cursor: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'TransferPairs', description: 'Rows that look like the two legs of a transfer between your accounts, newest outgoing row first' });

export const otherTransactionRequest = z.strictObject({ other_transaction_id: z.uuid({ error: 'other_transaction_id must be a transaction id (a UUID)' }) });

export type TransferPairs = z.infer<typeof transferPairs>;

export type Account = z.infer<typeof account>;
export type AccountList = z.infer<typeof accountList>;
export type TransferResult = z.infer<typeof transferResponse>;
export type ReconcilePreview = z.infer<typeof reconcilePreview>;
export type NetWorth = z.infer<typeof netWorth>;
export type Register = z.infer<typeof register>;
export type RegisterRow = z.infer<typeof registerRow>;
