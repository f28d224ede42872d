import { sql } from 'drizzle-orm';
import { TRANSFER_CATEGORY, TRANSFER_MATCH_DAYS } from '../../contract/accounts';
import type { NewTransaction, Queryable, SplitLine } from './transactions/types';

/** A rule's split of a row being imported: the row's id (chosen before its insert) and its lines. */
export interface ImportSplit {
  id: string;
  lines: SplitLine[];
}
/** A rule's transfer of a row being imported into another account of the user. */
export interface ImportTransfer {
  id: string;
  accountId: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A rule's split and transfer actions on the rows of one import batch, in the batch's own database
 * transaction (after its insert), so the batch commits with them or not at all. Everything written
 * is found again by the import's undo: split lines and new transfer legs carry the import's id; a
 * row already in the other account that became a leg remembers the import and its category.
 */
export const importActions = {
  /** Splits the batch's rows into their lines (the database checks each sum at commit). Answers how many rows were split. */
  async split(q: Queryable, userId: string, importId: string, splits: ImportSplit[]): Promise<number> {
    if (splits.length === 0) return 0;
    const ids = splits.map((s) => s.id);
    const marked = rowsOf<{ id: string }>(
      await q.execute(sql`
        update transactions set split = true
        where user_id = ${userId} and id = any(${sql.param(ids)}::uuid[]) and parent_id is null and not split and transfer_id is null
        returning id`),
    );
    const done = new Set(marked.map((r) => r.id));
    const lines = splits.filter((s) => done.has(s.id)).flatMap((s) => s.lines.map((l) => ({ parent: s.id, ...l })));
    if (lines.length === 0) return 0;
    const column = <T>(pick: (l: (typeof lines)[number]) => T) => sql.param(lines.map(pick));
    await q.execute(sql`
      insert into transactions (user_id, account_id, counts, kind, cleared, type, amount_minor, date, category, description, merchant, notes, tags, currency, source, import_id, merchant_name, merchant_kind, parent_id, created_at)
      select p.user_id, p.account_id, a.on_budget, 'standard', p.cleared, p.type, l.amount_minor, p.date, l.category, p.description, p.merchant, l.memo, p.tags, p.currency, p.source, ${importId}::uuid, p.merchant_name, p.merchant_kind, p.id,
        now() + (l.n * interval '1 millisecond')
      from unnest(${column((l) => l.parent)}::uuid[], ${column((l) => l.category)}::text[], ${column((l) => l.amountMinor)}::bigint[], ${column((l) => l.memo)}::text[]) with ordinality as l(parent, category, amount_minor, memo, n)
      join transactions p on p.id = l.parent and p.user_id = ${userId}
      join accounts a on a.id = p.account_id`);
    return done.size;
  },

  /**
   * Makes each row one leg of a transfer with the account its rule names: linked to a row there that
   * looks like the other leg (same amount the other way, within the match window, standalone), else a
   * new leg added there (only when both accounts share a currency). Both legs then count as their
   * accounts say. Answers how many rows became transfers.
   */
  async transfer(q: Queryable, userId: string, importId: string, transfers: ImportTransfer[]): Promise<number> {
    let done = 0;
    const touched: string[] = [];
    for (const t of transfers) {
      const [row] = rowsOf<{ id: string; account_id: string; type: 'income' | 'expense'; amount_minor: string; date: string; description: string; currency: string | null; base_amount_minor: string | null; from_currency: string; to_currency: string | null; to_closed: boolean | null }>(
        await q.execute(sql`
          select r.id, r.account_id, r.type, r.amount_minor::text, r.date::text, r.description, r.currency, r.base_amount_minor::text,
            a.currency as from_currency, b.currency as to_currency, b.closed as to_closed
          from transactions r join accounts a on a.id = r.account_id left join accounts b on b.id = ${t.accountId}::uuid and b.user_id = r.user_id
          where r.id = ${t.id}::uuid and r.user_id = ${userId} and r.transfer_id is null and not r.split and r.parent_id is null`),
      );
      if (!row || row.to_currency === null || row.to_closed || row.account_id === t.accountId) continue;
      const other = 'income' === row.type ? 'expense' : 'income';
      const [match] = rowsOf<{ id: string }>(
        await q.execute(sql`
          select id from transactions
          where user_id = ${userId} and account_id = ${t.accountId}::uuid and amount_minor = ${row.amount_minor}::bigint and type = ${other}
            and transfer_id is null and kind = 'standard' and parent_id is null and not split
            and date between ${row.date}::date - ${TRANSFER_MATCH_DAYS}::int and ${row.date}::date + ${TRANSFER_MATCH_DAYS}::int
          order by abs(date - ${row.date}::date), id
          limit 1
          for update`),
      );
      if (!match && row.from_currency !== row.to_currency) continue;
      const [{ id: transferId }] = rowsOf<{ id: string }>(await q.execute(sql`select gen_random_uuid() as id`)) as [{ id: string }];
      let otherId: string;
      if (match) {
        otherId = match.id;
        await q.execute(sql`
          update transactions set kind = 'transfer', transfer_id = ${transferId}::uuid, transfer_import_id = ${importId}::uuid,
            transfer_prior_category = category, category = ${TRANSFER_CATEGORY}, updated_at = now()
          where id = ${otherId}::uuid and user_id = ${userId}`);
      } else {
        const [leg] = rowsOf<{ id: string }>(
          await q.execute(sql`
            insert into transactions (user_id, account_id, kind, transfer_id, type, amount_minor, base_amount_minor, date, category, description, tags, source, import_id)
            values (${userId}, ${t.accountId}::uuid, 'transfer', ${transferId}::uuid, ${other}, ${row.amount_minor}::bigint, ${row.base_amount_minor}::bigint, ${row.date}::date,
              ${TRANSFER_CATEGORY}, ${row.description}, '{}'::text[], 'import', ${importId}::uuid)
            returning id`),
        );
        otherId = leg!.id;
      }
      await q.execute(sql`
        update transactions set kind = 'transfer', transfer_id = ${transferId}::uuid, category = ${TRANSFER_CATEGORY}, updated_at = now()
        where id = ${row.id}::uuid and user_id = ${userId}`);
      touched.push(row.id, otherId);
      done++;
    }
    await recountLegs(q, userId, touched);
    return done;
  },

  /** The import's undo for rows it made legs of a transfer that were there before: standalone again, in their old category. */
  async undoTransfers(q: Queryable, userId: string, importId: string): Promise<void> {
    const rows = rowsOf<{ id: string }>(
      await q.execute(sql`
        update transactions set kind = 'standard', transfer_id = null, category = coalesce(transfer_prior_category, category),
          transfer_import_id = null, transfer_prior_category = null, updated_at = now()
        where user_id = ${userId} and transfer_import_id = ${importId}::uuid
        returning id`),
    );
    await recountLegs(q, userId, rows.map((r) => r.id));
  },
};

/**
 * `counts` of these rows, as an account's recount sets it, without walking the accounts: a row counts
 * when its account is on budget, it is no valuation, and it is no transfer whose other leg is on budget too.
 */
async function recountLegs(q: Queryable, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await q.execute(sql`
    update transactions t set counts = x.counts
    from (
      select r.id, (r.kind <> 'valuation' and a.on_budget and not coalesce(oa.on_budget, false)) as counts
      from transactions r
      join accounts a on a.id = r.account_id
      left join transactions o on r.transfer_id is not null and o.transfer_id = r.transfer_id and o.id <> r.id and o.user_id = r.user_id
      left join accounts oa on oa.id = o.account_id
      where r.user_id = ${userId} and r.id = any(${sql.param(ids)}::uuid[])
    ) x
    where t.id = x.id and t.counts is distinct from x.counts`);
}

/** What a rule does to a row being imported besides its plain fields. */
export type ImportRowActions = { split: SplitLine[] } | { transferTo: string };
export type FinishedRow = { row: NewTransaction; actions: ImportRowActions | null };
