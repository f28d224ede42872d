/** What an import matches against: duplicates, known bank ids, hand-typed rows to link. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import type { TxType, Queryable } from './types';
import { num } from './query';
import { manualCandidates, type ManualCandidateQuery } from '../importMatches';

export function bankMatchingQueries(db: Db) {
  const self = {
    /**
     * How many stored rows share each of these rows' duplicate key (date, type, amount, description
     * with case and whitespace runs ignored; the SQL function finu_duplicate_key, migration 0015),
     * leaving out rows of one import. One set-based query: the distinct keys of the batch joined to
     * the (user_id, duplicate_key) index, so its cost follows the batch, not the account's size.
     * Answers only the rows with at least one stored match, each with its count.
     */
    async duplicateCandidates(
      userId: string,
      candidates: { date: string; type: TxType; amountMinor: number; description: string }[],
      excludeImportId: string | null,
      q: Queryable = db,
    ): Promise<{ date: string; type: TxType; amountMinor: number; description: string; stored: number }[]> {
      if (candidates.length === 0) return [];
      const keys = JSON.stringify(candidates.map((c) => ({ d: c.date, ty: c.type, a: Math.trunc(c.amountMinor), de: c.description })));
      const result = (await q.execute(sql`
        select k.d::text as date, k.ty as type, k.a as amount_minor, k.de as description, count(*) as stored
        from (select distinct d, ty, a, de from jsonb_to_recordset(${keys}::jsonb) as r(d date, ty text, a bigint, de text)) as k
        join ${transactions} x on x.user_id = ${userId} and x.duplicate_key = finu_duplicate_key(k.d, k.ty, k.a, k.de)
        where ${excludeImportId}::uuid is null or x.import_id is distinct from ${excludeImportId}::uuid
        group by k.d, k.ty, k.a, k.de`)) as unknown as { rows: { date: string; type: TxType; amount_minor: string | number; description: string; stored: string | number }[] };
      return result.rows.map((r) => ({ date: r.date, type: r.type, amountMinor: num(r.amount_minor), description: r.description, stored: num(r.stored) }));
    },

    /** Which of these bank ids the money account already holds (the unique (account_id, bank_id) index). */
    async knownBankIds(userId: string, accountId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ bankId: transactions.bankId })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), eq(transactions.userId, userId), inArray(transactions.bankId, [...new Set(ids)])));
      return new Set(rows.map((r) => r.bankId!));
    },

    /** Hand-typed rows of one account without a bank id that some bank row may be (importMatches.ts). */
    manualCandidates: (userId: string, accountId: string, query: ManualCandidateQuery) => manualCandidates(db, userId, accountId, query),

    /** Links bank rows to the hand-typed rows they are: the bank id (when the file has one) and the import that linked them. */
    async linkBankRows(q: Queryable, userId: string, importId: string, links: { id: string; bankId: string | null }[]): Promise<void> {
      if (links.length === 0) return;
      await q.execute(sql`
        update ${transactions} t set bank_id = coalesce(l.bank_id, t.bank_id), linked_import_id = ${importId}::uuid
        from unnest(${sql.param(links.map((l) => l.id))}::uuid[], ${sql.param(links.map((l) => l.bankId))}::text[]) as l(id, bank_id)
        where t.id = l.id and t.user_id = ${userId}`);
    },
  };
  return self;
}
