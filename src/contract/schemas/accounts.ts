import { z } from 'zod';
import { ACCOUNT_GROUPS, ACCOUNT_KINDS, NET_WORTH_MONTHS } from '../accounts';
import { MAX_AMOUNT, hasAtMostTwoDecimals } from '../fields';
import { calendarDate } from './fields';
import { transaction } from './transactions';
export * from '../accounts';

/** Create, edit, close, transfer, valuation and reconcile: the form rules (zod/mini, shared with the web's forms). */
export { closeAccountRequest, createAccountRequest, reconcileRequest, signedMoney, transferRequest, updateAccountRequest, updateTransferRequest, valuationRequest } from '../rules/accounts';

export const accountIdParams = z.object({ id: z.string().describe('account_id (UUID); anything else answers 404') });
export const transferIdParams = z.object({ id: z.string().describe('transfer_id (UUID); anything else answers 404') });

export const account = z
  .object({
    account_id: z.string(),
    name: z.string(),
    kind: z.enum(ACCOUNT_KINDS),
    group: z.enum(ACCOUNT_GROUPS).describe('The Accounts area group: cash, credit, loans, investments or property'),
    is_liability: z.boolean(),
    currency: z.string().describe('ISO 4217; amounts are in it'),
    on_budget: z.boolean().describe('Its transactions are income and spending; tracking-only accounts count only in net worth'),
    opening_balance: z.number().describe('Signed: negative is owed'),
    opening_date: z.string(),
    institution: z.string().nullable(),
    last4: z.string().nullable(),
    closed: z.boolean(),
    order: z.number().int(),
    balance: z.number().describe('Signed balance today: opening balance plus every transaction; negative is owed'),
    owed: z.number().nullable().describe('For a card or loan: what is owed, as a positive figure'),
    cleared_balance: z.number(),
    transaction_count: z.number().int(),
    reconciled_date: z.string().nullable(),
    reconciled_balance: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Account', description: 'A place money lives: a bank account, a card, cash, a loan, a house' });

export const accountGroupTotal = z.object({ group: z.enum(ACCOUNT_GROUPS), balance: z.number(), account_count: z.number().int() });

export const accountList = z
  .object({
    accounts: z.array(account),
    groups: z.array(accountGroupTotal).describe('Open accounts per group (profile currency only)'),
    currency: z.string().describe('The profile currency: the totals are in it'),
    on_budget_balance: z.number().describe('GET /transactions/balance/current as of today'),
    net_worth: z.number().describe('Assets minus liabilities of the accounts in the profile currency'),
    unconverted_accounts: z.number().int().describe('Accounts in another currency, left out of the totals until rates exist'),
  })
  .meta({ id: 'AccountList' });

export const accountListQuery = z.object({
  include_closed: z
    .enum(['true', 'false', '1', '0'], { error: 'include_closed must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});

export const transferResponse = z
  .object({ transfer_id: z.string(), from: transaction, to: transaction })
  .meta({ id: 'Transfer', description: 'Two linked legs: money out of from, the same amount into to' });

export const valuationResponse = z.object({
  account: account,
  /** The market change recorded, or null when the value equals the balance already. */
  transaction: transaction.nullable(),
});

export const reconcilePreviewQuery = z.object({
  statement_date: calendarDate('statement_date'),
  statement_balance: z.coerce
    .number({ error: 'statement_balance must be a number' })
    .refine((n) => Number.isFinite(n) && Math.abs(n) < MAX_AMOUNT, 'statement_balance must be between -100,000,000,000 and 100,000,000,000')
    .refine(hasAtMostTwoDecimals, 'statement_balance must have at most two decimal places'),
});

export const reconcilePreview = z
  .object({
    statement_date: z.string(),
    statement_balance: z.number(),
    cleared_balance: z.number().describe('Opening balance plus the cleared transactions up to the statement date'),
    difference: z.number().describe('statement_balance − cleared_balance'),
    cleared_count: z.number().int(),
    uncleared_count: z.number().int().describe('Transactions up to the statement date not yet cleared'),
  })
  .meta({ id: 'ReconcilePreview' });

export const reconcileResult = z.object({
  account: account,
  adjustment: transaction.nullable(),
  locked: z.number().int().describe('Transactions now reconciled'),
});

export const closeResult = z.object({ account: account, transaction: transaction.nullable().describe('The final transfer leg or adjustment, if one was needed') });

export const registerQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50),
  cursor: z.string().max(300, 'cursor is invalid').optional(),
});

export const registerRow = transaction.extend({ running_balance: z.number().describe('The account balance after this row') });
export const register = z
  .object({ account: account, transactions: z.array(registerRow), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .meta({ id: 'Register', description: "One account's transactions, newest first, each with the balance after it" });

export const netWorthQuery = z.object({
  months: z.coerce
    .number({ error: 'months must be a whole number' })
    .int('months must be a whole number')
    .min(1, 'months must be at least 1')
    .max(NET_WORTH_MONTHS.max, `months must be at most ${NET_WORTH_MONTHS.max}`)
    .default(NET_WORTH_MONTHS.default),
  to: z.string().regex(/^\d{4}-\d{2}$/, 'to must be a month like 2026-05').optional().describe('Last month, YYYY-MM; omit for this month'),
});

export const netWorth = z
  .object({
    currency: z.string(),
    months: z.array(z.string()).describe('YYYY-MM, oldest first; each figure is the balance at the end of that month'),
    assets: z.array(z.number()),
    liabilities: z.array(z.number()).describe('What is owed, positive'),
    net_worth: z.array(z.number()),
    change: z.number().describe('Net worth at the end minus at the start of the series'),
    accounts: z.array(z.object({ account_id: z.string(), name: z.string(), kind: z.enum(ACCOUNT_KINDS), balances: z.array(z.number()) })),
    unconverted_accounts: z.number().int(),
  })
  .meta({ id: 'NetWorth', description: 'Assets minus liabilities at the end of each month' });

export type Account = z.infer<typeof account>;
export type AccountList = z.infer<typeof accountList>;
export type TransferResult = z.infer<typeof transferResponse>;
export type ReconcilePreview = z.infer<typeof reconcilePreview>;
export type NetWorth = z.infer<typeof netWorth>;
export type Register = z.infer<typeof register>;
export type RegisterRow = z.infer<typeof registerRow>;
