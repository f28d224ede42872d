import * as z from 'zod/mini';

/**
 * Building blocks every request schema uses for free text, calendar days, months, money and ids,
 * so a value the database cannot store (a NUL byte, 2026-02-30, 0000-01, an amount that rounds to
 * 0 cents) answers 422 naming its field instead of failing in SQL. Messages start with the field
 * name, so the errors plugin passes them on as the whole detail.
 */

/** The first and last day a date may name: wide enough for any real history or plan, narrow enough for PostgreSQL and for period maths. */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;

/** PostgreSQL text cannot hold U+0000. */
export const hasNul = (value: string) => value.includes('\u0000');
export const nulMessage = (field: string) => `${field} must not contain NUL characters (\\u0000)`;

/** The message of a field that is missing or of the wrong type. */
export const required = (field: string, kind: string) => (issue: { input?: unknown }) => (issue.input === undefined ? `${field} is required` : `${field} must be ${kind}`);

/** True for a real calendar day written YYYY-MM-DD within DATE_RANGE (2024-02-30 and 0000-00-00 are not). */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && value >= DATE_RANGE.min && value <= DATE_RANGE.max;
}

/** True for a month written YYYY-MM within DATE_RANGE. */
export const isRealMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= DATE_RANGE.min.slice(0, 7) && value <= DATE_RANGE.max.slice(0, 7);

/** Amounts stay below this: 100 billion in major units. */
export const MAX_AMOUNT = 1e11;

/** Whole cents of an amount: the only rounding money sees. */
export const cents = (n: number) => Math.round(n * 100);
export const hasAtMostTwoDecimals = (n: number) => Math.abs(cents(n) - n * 100) < 1e-6;

/** The canonical 8-4-4-4-12 hex form (36 dashes are 36 characters too, but no id). */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * The request rules a form checks before sending (zod/mini: the web bundles these, never zod
 * itself). The server's schemas use the same schemas, so a form and the API refuse
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

/** A month, YYYY-MM. */
export const calendarMonth = (field: string) =>
  z
    .string({ error: required(field, 'a month like 2024-05') })
    .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${field} must be like 2024-05 (YYYY-MM)`), z.refine(isRealMonth, `${field} must be a month between ${DATE_RANGE.min.slice(0, 7)} and ${DATE_RANGE.max.slice(0, 7)}`));
