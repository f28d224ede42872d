import * as z from 'zod/mini';
import { required } from '../fields';
import { TRANSACTION_LIMITS, TRANSACTION_TYPES, isListSafe } from '../transactions';
import { atMost, calendarDate, money, optionalText, text } from './fields';

/**
 * The add/edit transaction rules: the form checks them before sending and the server's schemas
 * (../schemas/transactions) are these, so both refuse the same input with the same words.
 */

export const amountField = (field = 'amount') => money(field);
export const dateField = (field = 'date') => calendarDate(field);

export const transactionType = z.enum(TRANSACTION_TYPES, { error: required('type', "'income' or 'expense'") });

export const categoryName = (field = 'category') =>
  text(field, z.trim(), z.minLength(1, `${field} is required`), atMost(field, TRANSACTION_LIMITS.category), z.refine(isListSafe, `${field} must not contain commas or control characters`));

const description = text('description', z.trim(), atMost('description', TRANSACTION_LIMITS.description));

export const tagValue = text(
  'tags',
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, 'tags must not contain empty tags'),
  z.maxLength(TRANSACTION_LIMITS.tag, `tags must each be at most ${TRANSACTION_LIMITS.tag} characters`),
  z.refine(isListSafe, 'tags must not contain commas or control characters'),
);

const tags = z.pipe(
  z.array(tagValue, { error: 'tags must be a list of text' }).check(z.maxLength(TRANSACTION_LIMITS.tags, `tags must have at most ${TRANSACTION_LIMITS.tags} entries`)),
  z.transform((list: string[]) => [...new Set(list)]),
);

export const currencyField = z
  .string({ error: 'currency must be a three-letter ISO 4217 code' })
  .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code'));

const accountIdField = z
  .string({ error: 'account_id must be an account id (a UUID)' })
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'account_id must be an account id (a UUID)'));

export const createTransactionRequest = z
  .strictObject({
    account_id: z.optional(accountIdField).check(z.describe('The money account (GET /accounts); omit for the first open on-budget account, made as "Main" when there is none')),
    type: transactionType,
    amount: amountField(),
    date: dateField(),
    category: categoryName().check(z.describe('A category from GET /transactions/categories (case-insensitive); unknown names answer 422')),
    description: z._default(description, ''),
    merchant: optionalText('merchant', TRANSACTION_LIMITS.merchant),
    notes: optionalText('notes', TRANSACTION_LIMITS.notes),
    tags: z._default(tags, []),
    currency: z.optional(z.nullable(currencyField)).check(z.describe('Omit for the account currency')),
    cleared: z.optional(z.boolean({ error: 'cleared must be true or false' })),
  })
  .check(z.meta({ id: 'CreateTransaction' }));

/** PUT changes only the fields sent; at least one is required. */
export const updateTransactionRequest = z
  .strictObject({
    type: z.optional(transactionType),
    amount: z.optional(amountField()),
    date: z.optional(dateField()),
    category: z.optional(categoryName()),
    description: z.optional(description),
    merchant: optionalText('merchant', TRANSACTION_LIMITS.merchant),
    notes: optionalText('notes', TRANSACTION_LIMITS.notes),
    tags: z.optional(tags),
    currency: z.optional(z.nullable(currencyField)),
    account_id: z.optional(accountIdField),
    cleared: z.optional(z.boolean({ error: 'cleared must be true or false' })),
    /** A reconciled (locked) transaction changes only with this set. */
    confirm_reconciled: z.optional(z.boolean({ error: 'confirm_reconciled must be true or false' })),
  })
  .check(
    z.refine((body: object) => Object.keys(body).some((k) => k !== 'confirm_reconciled'), 'Send at least one field to change'),
    z.meta({ id: 'UpdateTransaction', description: 'Any subset of the fields of CreateTransaction' }),
  );
