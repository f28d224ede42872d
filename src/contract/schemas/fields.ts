import { z } from 'zod';
import { DATE_RANGE, MAX_AMOUNT, cents, hasAtMostTwoDecimals, hasNul, isRealDate, isRealMonth, nulMessage, required } from '../fields';
export * from '../fields';


/** Free text: a string without NUL bytes. Chain trim/min/max on it as on z.string(). */
export const text = (field: string) => z.string({ error: required(field, 'text') }).refine((v) => !hasNul(v), nulMessage(field));

/** A calendar day, YYYY-MM-DD (`format: date` in the OpenAPI document). */
export const calendarDate = (field: string, example = '2024-05-31') =>
  z
    .string({ error: required(field, `a date like ${example}`) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like ${example} (YYYY-MM-DD)`)
    .refine(isRealDate, `${field} must be a real calendar date between ${DATE_RANGE.min} and ${DATE_RANGE.max}`)
    .meta({ format: 'date' });

/** A month, YYYY-MM. */
export const calendarMonth = (field: string) =>
  z
    .string({ error: required(field, 'a month like 2024-05') })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${field} must be like 2024-05 (YYYY-MM)`)
    .refine(isRealMonth, `${field} must be a month between ${DATE_RANGE.min.slice(0, 7)} and ${DATE_RANGE.max.slice(0, 7)}`);

/**
 * A positive amount of money: at most two decimals, at least 0.01 once rounded to cents (1e-9 is
 * not an amount: it would be stored as 0), below MAX_AMOUNT.
 */
export const money = (field: string) =>
  z
    .number({ error: required(field, 'a number') })
    .positive(`${field} must be greater than 0`)
    .lt(MAX_AMOUNT, `${field} must be less than 100,000,000,000`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most two decimal places`)
    .refine((n) => cents(n) >= 1, `${field} must be at least 0.01`)
    .meta({ multipleOf: 0.01, minimum: 0.01 });
