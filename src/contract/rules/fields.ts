import * as z from 'zod/mini';
import { hasNul, nulMessage, required } from '../fields';

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
