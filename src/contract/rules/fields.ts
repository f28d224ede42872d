import * as z from 'zod/mini';
import { DATE_RANGE, MAX_AMOUNT, cents, hasAtMostTwoDecimals, hasNul, isRealDate, nulMessage, required } from '../fields';

/**
 * The request rules a form checks before sending (zod/mini: the web bundles these, never zod
 * itself). The server's schemas (../schemas) use the same schemas, so a form and the API refuse
 * the same input with the same words.
 */

/** Free text: a string without NUL bytes, trimmed; more checks (lengths) follow. */
export const text = (field: string, ...checks: z.core.CheckFn<string>[] | z.core.$ZodCheck<string>[]) =>
  z.string({ error: required(field, 'text') }).check(z.refine((v) => !hasNul(v), nulMessage(field)), ...(checks as z.core.$ZodCheck<string>[]));

/** At most `max` characters, in the words the API answers ("name must be at most 100 characters"). */
export const atMost = (field: string, max: number) => z.maxLength(max, `${field} must be at most ${max} characters`);

/** A calendar day, YYYY-MM-DD (`format: date` in the OpenAPI document). */
export const calendarDate = (field: string, example = '2024-05-31') =>
  z.string({ error: required(field, `a date like ${example}`) }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like ${example} (YYYY-MM-DD)`),
    z.refine(isRealDate, `${field} must be a real calendar date between ${DATE_RANGE.min} and ${DATE_RANGE.max}`),
    z.meta({ format: 'date' }),
  );

/**
 * A positive amount of money: at most two decimals, at least 0.01 once rounded to cents (1e-9 is
 * not an amount: it would be stored as 0), below MAX_AMOUNT.
 */
export const money = (field: string) =>
  z.number({ error: required(field, 'a number') }).check(
    z.positive(`${field} must be greater than 0`),
    z.lt(MAX_AMOUNT, `${field} must be less than 100,000,000,000`),
    z.refine(hasAtMostTwoDecimals, `${field} must have at most two decimal places`),
    z.refine((n) => cents(n) >= 1, `${field} must be at least 0.01`),
    z.meta({ multipleOf: 0.01, minimum: 0.01 }),
  );

/** Optional free text: trimmed, at most `max` characters; blank becomes null. */
export const optionalText = (field: string, max: number) =>
  z.optional(z.nullable(z.pipe(text(field, z.trim(), atMost(field, max)), z.transform((v: string) => (v === '' ? null : v)))));
