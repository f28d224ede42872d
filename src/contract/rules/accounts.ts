import * as z from 'zod/mini';
import { ACCOUNT_KINDS, ACCOUNT_LIMITS } from '../accounts';
import { MAX_AMOUNT, hasAtMostTwoDecimals, required } from '../fields';
import { currencyField } from './transactions';
import { atMost, calendarDate, money, optionalText, text } from './fields';

/**
 * The account, transfer, valuation and reconcile rules: the forms check them before sending and the
 * server's schemas (../schemas/accounts) are these, so both refuse the same input in the same words.
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
    date: calendarDate('date'),
    description: z._default(text('description', z.trim(), atMost('description', 500)), ''),
    notes: optionalText('notes', 2000),
  })
  .check(z.refine((b: { from_account_id: string; to_account_id: string }) => b.from_account_id.toLowerCase() !== b.to_account_id.toLowerCase(), { message: 'to_account_id must be another account than from_account_id', path: ['to_account_id'] }));

export const updateTransferRequest = z
  .strictObject({
    from_account_id: z.optional(accountId('from_account_id')),
    to_account_id: z.optional(accountId('to_account_id')),
    amount: z.optional(money('amount')),
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

/** The kind rules the account form follows (the machines take values from the rules only). */
export { ON_BUDGET_BY_DEFAULT, isLiability } from '../accounts';
