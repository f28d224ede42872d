import * as z from 'zod/mini';
import { atMost, money, text } from './fields';
import { cents } from './fields';
import { categoryName, transaction, type Transaction } from './transactions';

/**
 * Splits: one transaction divided into category lines (category, amount, memo) that add up exactly
 * to its amount. The dashboard, budgets, reports, search totals and the coach count the lines; the
 * list shows the transaction once, its lines under it.
 */

export const SPLIT_LIMITS = { minLines: 2, maxLines: 50, memo: 200 } as const;

export const SPLIT_MESSAGES = {
  notEqual: (total: string, sum: string) => `The lines add up to ${sum}, not the transaction's ${total}`,
  notSplittable: 'Only an income or expense can be split: not a transfer, valuation or adjustment',
  isSplit: "This transaction is split: change its lines (PUT /transactions/{id}/split) or unsplit it first to change its amount, type or category",
  notSplit: 'This transaction is not split',
  isLine: 'A split line is changed through its transaction (PUT /transactions/{id}/split)',
} as const;

export const splitLineInput = z.strictObject({
  category: categoryName(),
  amount: money('amount'),
  memo: z.optional(z.nullable(z.pipe(text('memo', z.trim(), atMost('memo', SPLIT_LIMITS.memo)), z.transform((v: string) => (v === '' ? null : v))))),
});

export const splitRequest = z
  .strictObject({
    lines: z
      .array(splitLineInput, { error: 'lines must be a list of {category, amount, memo}' })
      .check(
        z.minLength(SPLIT_LIMITS.minLines, `lines must have at least ${SPLIT_LIMITS.minLines} entries`),
        z.maxLength(SPLIT_LIMITS.maxLines, `lines must have at most ${SPLIT_LIMITS.maxLines} entries`),
      ),
  })
  .check(z.meta({ id: 'SplitTransaction', description: 'The lines replace any the transaction had; their amounts must add up to its amount exactly' }));

export const splitLine = z.object({
  transaction_id: z.string().register(z.globalRegistry, { description: 'UUID of the line' }),
  category: z.string(),
  amount: z.number().register(z.globalRegistry, { description: 'Positive, two decimal places, in the direction of its transaction' }),
  memo: z.nullable(z.string()),
});

export const splitResponse = z
  .object({ transaction, lines: z.array(splitLine) })
  .register(z.globalRegistry, { id: 'SplitTransactionAnswer', description: 'The transaction and its lines (none when not split)' });

export type SplitLineInput = z.output<typeof splitLineInput>;
export type SplitRequest = z.output<typeof splitRequest>;
export type SplitLine = z.output<typeof splitLine>;
/** A split answer as the list shows it: the transaction with its lines under it (as `GET /transactions` gives them). */
export const listedSplit = (r: { transaction: Transaction; lines: readonly SplitLine[] }): Transaction =>
  r.lines.length > 0 ? { ...r.transaction, split_lines: r.lines.map((l) => ({ category: l.category, amount: l.amount, memo: l.memo })) } : r.transaction;
export type SplitResponse = z.output<typeof splitResponse>;

/**
 * What is left to assign while splitting, in cents: the total minus the lines typed so far (a line
 * not yet a valid amount counts as 0). Zero when the lines add up; negative when they exceed it.
 */
export function splitRemainderMinor(total: number, amounts: readonly (number | string | null | undefined)[]): number {
  let left = cents(total);
  for (const a of amounts) {
    const n = typeof a === 'string' ? Number(a.trim() === '' ? NaN : a) : (a ?? NaN);
    if (Number.isFinite(n) && n > 0) left -= cents(n);
  }
  return left;
}
