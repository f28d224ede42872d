import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { RuleActions, RuleCondition, RuleMatch } from '../../contract/autoRules';
import { toMinor } from '../../contract/money';
import { TRANSACTION_LIMITS } from '../../contract/transactions';
import type { Db } from '../db/client';
import { categoryNameReferences } from './categories';
import { categoryCorrections, categoryRules, tags, transactions } from '../db/schema';
import type { HistoryGroup } from '../services/autoRules/learn';

export type RuleRow = typeof categoryRules.$inferSelect;
export interface NewRule {
  name: string;
  match: RuleMatch;
  conditions: RuleCondition[];
  actions: RuleActions;
  enabled: boolean;
}

/**
 * A condition ready for SQL. The merchant and kind of a row without a payee come from its description
 * through the merchant component, which the database cannot run: the service reads the user's distinct
 * labels once, and such a condition arrives with the labels it holds for (`labels`).
 */
export type CompiledCondition = RuleCondition & { labels?: string[] };
export interface CompiledRule {
  match: RuleMatch;
  conditions: CompiledCondition[];
  actions: RuleActions;
  /** The category's type: the category goes only to rows of it. */
  categoryType?: 'income' | 'expense';
}

export interface ChangedRow {
  id: string;
  date: string;
  description: string;
  amountMinor: number;
  type: 'income' | 'expense';
  before: { category: string; merchant: string | null; tags: string[]; notes: string | null };
  after: { category: string; merchant: string | null; tags: string[]; notes: string | null };
}

export interface TagStats {
  name: string;
  color: string | null;
  count: number;
  incomeMinor: number;
  expenseMinor: number;
}

/** Rows the learner reads, newest first. */
export const HISTORY_ROWS = 50_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const t = transactions;
/** The string the merchant component reads for a row (engine.ts `labelOf`): the description, or the payee. */
const label = sql`coalesce(nullif(btrim(${t.description}), ''), ${t.merchant}, '')`;

function textCondition(column: SQL, op: 'is' | 'contains' | 'matches', value: string): SQL {
  if (op === 'is') return sql`lower(${column}) = lower(${value})`;
  if (op === 'contains') return sql`strpos(lower(${column}), lower(${value})) > 0`;
  return sql`${column} ~* ${value}`;
}

function conditionSql(c: CompiledCondition): SQL {
  switch (c.field) {
    case 'merchant': {
      const derived = sql`(${t.merchant} is null and ${label} = any(${sql.param(c.labels ?? [])}::text[]))`;
      return sql`((${t.merchant} is not null and ${textCondition(sql`${t.merchant}`, c.op, c.value)}) or ${derived})`;
    }
    case 'description':
      return textCondition(sql`${t.description}`, c.op, c.value);
    case 'notes':
      return sql`(${t.notes} is not null and ${textCondition(sql`${t.notes}`, c.op, c.value)})`;
    case 'amount': {
      const v = toMinor(c.value);
      if (c.op === 'equals') return sql`${t.amountMinor} = ${v}`;
      if (c.op === 'greater') return sql`${t.amountMinor} > ${v}`;
      if (c.op === 'less') return sql`${t.amountMinor} < ${v}`;
      return sql`${t.amountMinor} between ${v} and ${toMinor(c.value2 ?? c.value)}`;
    }
    case 'type':
      return sql`${t.type} = ${c.value}`;
    case 'account':
      return isUuid(c.value) ? sql`${t.accountId} = ${c.value}::uuid` : sql`false`;
    case 'date':
      return sql`${t.date} between ${c.value}::date and ${c.value2}::date`;
    case 'kind':
      return sql`${label} = any(${sql.param(c.labels ?? [])}::text[])`;
  }
}

/** The rows a rule reads: the user's own, plain income and expenses (transfer legs, valuations and adjustments keep theirs). */
function ruleWhere(userId: string, rule: CompiledRule): SQL {
  const parts = rule.conditions.map(conditionSql);
  const joined = sql.join(parts, sql.raw(rule.match === 'all' ? ' and ' : ' or '));
  return sql`${t.userId} = ${userId} and ${t.kind} = 'standard' and (${joined})`;
}

/** The new value of each field a rule sets, as SQL over the row. */
function ruleSets(rule: CompiledRule) {
  const a = rule.actions;
  const category = a.category !== undefined && rule.categoryType ? sql`case when ${t.type} = ${rule.categoryType} then ${a.category} else ${t.category} end` : sql`${t.category}`;
  const merchant = a.merchant !== undefined ? sql`${a.merchant}::text` : sql`${t.merchant}`;
  const notes = a.notes !== undefined ? sql`${a.notes}::text` : sql`${t.notes}`;
  const add = a.tags ?? [];
  const tagList = add.length
    ? sql`(${t.tags} || array(select x from unnest(${sql.param(add)}::text[]) with ordinality as a(x, i) where not x = any(${t.tags}) order by i))[1:${TRANSACTION_LIMITS.tags}]`
    : sql`${t.tags}`;
  return { category, merchant, notes, tags: tagList };
}

/** Rules, tags and corrections of one user; the rule engine's set-based preview and apply. */
export function autoRulesRepository(db: Db) {
  const owned = (userId: string, id: string) => and(eq(categoryRules.userId, userId), eq(categoryRules.id, id));

  return {
    rules: {
      list: (userId: string): Promise<RuleRow[]> => db.select().from(categoryRules).where(eq(categoryRules.userId, userId)).orderBy(asc(categoryRules.position), asc(categoryRules.createdAt), asc(categoryRules.id)),
      async get(userId: string, id: string): Promise<RuleRow | undefined> {
        if (!isUuid(id)) return undefined;
        const [row] = await db.select().from(categoryRules).where(owned(userId, id));
        return row;
      },
      count: async (userId: string) => num(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${categoryRules} where user_id = ${userId}`))[0]?.n),
      async create(userId: string, rule: NewRule): Promise<RuleRow> {
        const [row] = await db
          .insert(categoryRules)
          .values({ userId, ...rule, position: sql`(select coalesce(max(position), -1) + 1 from ${categoryRules} where user_id = ${userId})` })
          .returning();
        return row!;
      },
      async update(userId: string, id: string, rule: NewRule): Promise<RuleRow | undefined> {
        if (!isUuid(id)) return undefined;
        const [row] = await db
          .update(categoryRules)
          .set({ ...rule, updatedAt: sql`now()` })
          .where(owned(userId, id))
          .returning();
        return row;
      },
      async remove(userId: string, id: string): Promise<boolean> {
        if (!isUuid(id)) return false;
        return (await db.delete(categoryRules).where(owned(userId, id)).returning({ id: categoryRules.id })).length > 0;
      },
      /** Puts the rules in the order given (ids of other users or unknown ones are ignored; rules left out keep their place after). */
      async reorder(userId: string, ids: string[]): Promise<void> {
        const valid = ids.filter(isUuid);
        await db.execute(sql`
          update ${categoryRules} r set position = o.pos - 1, updated_at = now()
          from unnest(${sql.param(valid)}::uuid[]) with ordinality as o(id, pos)
          where r.user_id = ${userId} and r.id = o.id`);
        await db.execute(sql`
          update ${categoryRules} r set position = ${valid.length} + s.n - 1
          from (select id, row_number() over (order by position, created_at, id) as n from ${categoryRules}
                where user_id = ${userId} and not id = any(${sql.param(valid)}::uuid[])) s
          where r.id = s.id`);
      },
    },

    /** Every distinct label (engine.ts `labelOf`) of the user's rows without a payee or with one: what derived conditions are worked out on. */
    async distinctLabels(userId: string): Promise<string[]> {
      const rows = rowsOf<{ l: string }>(await db.execute(sql`select distinct ${label} as l from ${t} where ${t.userId} = ${userId} and ${t.kind} = 'standard'`));
      return rows.map((r) => r.l);
    },

    /**
     * The user's categorized history, grouped: what the learner is built from. Only the newest `limit`
     * rows (walked on the list's (user_id, date, id) index), so an import into a very large account does
     * not read all of it first; recent habits are the ones worth learning anyway.
     */
    async history(userId: string, limit = HISTORY_ROWS): Promise<HistoryGroup[]> {
      const rows = rowsOf<{ d: string; m: string | null; c: string; ty: 'income' | 'expense'; n: number; s: string }>(
        await db.execute(sql`
          select d, m, c, ty, count(*)::int as n, sum(a)::text as s
          from (select ${t.description} as d, ${t.merchant} as m, ${t.category} as c, ${t.type} as ty, ${t.amountMinor} as a, ${t.kind} as k
                from ${t} where ${t.userId} = ${userId} order by ${t.date} desc, ${t.id} desc limit ${limit}) recent
          where k = 'standard'
          group by 1, 2, 3, 4`),
      );
      return rows.map((r) => ({ description: r.d, merchant: r.m, category: r.c, type: r.ty, count: num(r.n), amountMinor: num(r.s) }));
    },

    /** How many rows a rule matches and changes, and the first `limit` changed rows, before and after. */
    async preview(userId: string, rule: CompiledRule, limit: number): Promise<{ matched: number; changed: number; rows: ChangedRow[] }> {
      const where = ruleWhere(userId, rule);
      const s = ruleSets(rule);
      const changes = sql`(${s.category} is distinct from ${t.category} or ${s.merchant} is distinct from ${t.merchant} or ${s.notes} is distinct from ${t.notes} or ${s.tags} is distinct from ${t.tags})`;
      const [counts] = rowsOf<{ matched: number; changed: number }>(
        await db.execute(sql`select count(*)::int as matched, count(*) filter (where ${changes})::int as changed from ${t} where ${where}`),
      );
      const rows = rowsOf<{ id: string; date: string; description: string; amount_minor: string; type: 'income' | 'expense'; category: string; merchant: string | null; tags: string[]; notes: string | null; n_category: string; n_merchant: string | null; n_tags: string[]; n_notes: string | null }>(
        await db.execute(sql`
          select ${t.id} as id, ${t.date}::text as date, ${t.description} as description, ${t.amountMinor}::text as amount_minor, ${t.type} as type,
            ${t.category} as category, ${t.merchant} as merchant, ${t.tags} as tags, ${t.notes} as notes,
            ${s.category} as n_category, ${s.merchant} as n_merchant, ${s.tags} as n_tags, ${s.notes} as n_notes
          from ${t} where ${where} and ${changes}
          order by ${t.date} desc, ${t.id} desc limit ${limit}`),
      );
      return {
        matched: num(counts?.matched),
        changed: num(counts?.changed),
        rows: rows.map((r) => ({
          id: r.id,
          date: r.date,
          description: r.description,
          amountMinor: num(r.amount_minor),
          type: r.type,
          before: { category: r.category, merchant: r.merchant, tags: r.tags, notes: r.notes },
          after: { category: r.n_category, merchant: r.n_merchant, tags: r.n_tags, notes: r.n_notes },
        })),
      };
    },

    /** Applies a rule to every row it matches, in one statement; answers how many rows changed. */
    async apply(userId: string, rule: CompiledRule): Promise<number> {
      const s = ruleSets(rule);
      const changes = sql`(${s.category} is distinct from ${t.category} or ${s.merchant} is distinct from ${t.merchant} or ${s.notes} is distinct from ${t.notes} or ${s.tags} is distinct from ${t.tags})`;
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`
          with changed as (
            update ${t} set category = ${s.category}, merchant = ${s.merchant}, notes = ${s.notes}, tags = ${s.tags}, updated_at = now()
            where ${ruleWhere(userId, rule)} and ${changes}
            returning 1)
          select count(*)::int as n from changed`),
      );
      return num(rows[0]?.n);
    },

    /**
     * The rows a rule's split or transfer action would change: matched, not split, not a line, not a
     * transfer leg; at most `limit`, newest first. Read before the rule's other actions change them.
     */
    async actionRows(userId: string, rule: CompiledRule, limit: number): Promise<{ id: string; accountId: string; type: 'income' | 'expense'; amountMinor: number; date: string }[]> {
      const rows = rowsOf<{ id: string; account_id: string; type: 'income' | 'expense'; amount_minor: string; date: string }>(
        await db.execute(sql`
          select ${t.id} as id, ${t.accountId} as account_id, ${t.type} as type, ${t.amountMinor}::text as amount_minor, ${t.date}::text as date
          from ${t} where ${ruleWhere(userId, rule)} and ${t.parentId} is null and not ${t.split} and ${t.transferId} is null
          order by ${t.date} desc, ${t.id} desc limit ${limit}`),
      );
      return rows.map((r) => ({ id: r.id, accountId: r.account_id, type: r.type, amountMinor: num(r.amount_minor), date: r.date }));
    },

    tags: {
      /** Every tag the user has, named in the table or carried by rows, with counts and totals over the period. */
      async list(userId: string, dateFrom?: string, dateTo?: string): Promise<TagStats[]> {
        const range = sql.join([dateFrom ? sql` and ${t.date} >= ${dateFrom}::date` : sql``, dateTo ? sql` and ${t.date} <= ${dateTo}::date` : sql``], sql``);
        const rows = rowsOf<{ name: string; color: string | null; n: number; income: string; expense: string }>(
          await db.execute(sql`
            with used as (
              select tag, count(*)::int as n,
                coalesce(sum(${t.amountMinor}) filter (where ${t.type} = 'income' and ${t.counts}), 0)::text as income,
                coalesce(sum(${t.amountMinor}) filter (where ${t.type} = 'expense' and ${t.counts}), 0)::text as expense
              from ${t}, unnest(${t.tags}) as tag
              where ${t.userId} = ${userId} and ${t.tags} <> '{}'${range}
              group by tag)
            select coalesce(g.name, u.tag) as name, g.color, coalesce(u.n, 0) as n, coalesce(u.income, '0') as income, coalesce(u.expense, '0') as expense
            from (select name, color from ${tags} where user_id = ${userId}) g
            full join used u on u.tag = g.name
            order by 1`),
        );
        return rows.map((r) => ({ name: r.name, color: r.color, count: num(r.n), incomeMinor: num(r.income), expenseMinor: num(r.expense) }));
      },
      async exists(userId: string, name: string): Promise<boolean> {
        const rows = rowsOf<{ x: number }>(
          await db.execute(sql`select 1 as x where exists (select 1 from ${tags} where user_id = ${userId} and name = ${name})
            or exists (select 1 from ${t} where ${t.userId} = ${userId} and ${t.tags} @> array[${name}]::text[])`),
        );
        return rows.length > 0;
      },
      async create(userId: string, name: string, color: string | null): Promise<boolean> {
        const rows = await db.insert(tags).values({ userId, name, color }).onConflictDoNothing().returning({ name: tags.name });
        return rows.length > 0;
      },
      /**
       * Moves every row's `from` tag to `into` (a rename when `into` is new, a merge when it exists: a row
       * carrying both keeps one); `into` keeps its own colour, or takes `from`'s when it had none in the table.
       */
      async move(userId: string, from: string, into: string): Promise<void> {
        await db.transaction(async (tx) => {
          await tx.execute(sql`
            update ${t} set tags = case when ${into} = any(${t.tags}) then array_remove(${t.tags}, ${from}) else array_replace(${t.tags}, ${from}, ${into}) end, updated_at = now()
            where ${t.userId} = ${userId} and ${t.tags} @> array[${from}]::text[]`);
          const [old] = rowsOf<{ color: string | null }>(await tx.execute(sql`delete from ${tags} where user_id = ${userId} and name = ${from} returning color`));
          await tx.execute(sql`insert into ${tags} (user_id, name, color) values (${userId}, ${into}, ${old?.color ?? null}) on conflict (user_id, name) do nothing`);
        });
      },
      async setColor(userId: string, name: string, color: string | null): Promise<void> {
        await db.execute(sql`insert into ${tags} (user_id, name, color) values (${userId}, ${name}, ${color}) on conflict (user_id, name) do update set color = excluded.color`);
      },
      /** Deletes the tag and takes it off every row. */
      async remove(userId: string, name: string): Promise<void> {
        await db.transaction(async (tx) => {
          await tx.execute(sql`update ${t} set tags = array_remove(${t.tags}, ${name}), updated_at = now() where ${t.userId} = ${userId} and ${t.tags} @> array[${name}]::text[]`);
          await tx.execute(sql`delete from ${tags} where user_id = ${userId} and name = ${name}`);
        });
      },
    },

    corrections: {
      /** Counts one move of a merchant's row to a category by hand. */
      async record(userId: string, merchant: string, category: string): Promise<void> {
        await db.execute(sql`
          insert into ${categoryCorrections} (user_id, merchant_key, merchant, category, count) values (${userId}, ${merchant.toLowerCase()}, ${merchant}, ${category}, 1)
          on conflict (user_id, merchant_key, category) do update set count = ${categoryCorrections}.count + 1, merchant = excluded.merchant, updated_at = now()`);
      },
      async offers(userId: string, atLeast: number): Promise<{ merchant: string; category: string; count: number }[]> {
        const rows = await db
          .select({ merchant: categoryCorrections.merchant, category: categoryCorrections.category, count: categoryCorrections.count })
          .from(categoryCorrections)
          .where(and(eq(categoryCorrections.userId, userId), eq(categoryCorrections.dismissed, false), sql`${categoryCorrections.count} >= ${atLeast}`))
          .orderBy(sql`${categoryCorrections.updatedAt} desc`);
        return rows;
      },
      async dismiss(userId: string, merchant: string, category?: string): Promise<void> {
        if (category === undefined) {
          await db.execute(sql`update ${categoryCorrections} set dismissed = true where user_id = ${userId} and merchant_key = ${merchant.toLowerCase()}`);
          return;
        }
        await db.execute(sql`
          insert into ${categoryCorrections} (user_id, merchant_key, merchant, category, count, dismissed) values (${userId}, ${merchant.toLowerCase()}, ${merchant}, ${category}, 0, true)
          on conflict (user_id, merchant_key, category) do update set dismissed = true, updated_at = now()`);
      },
      /** The merchant/category pair as counted: how often moved there by hand, and whether its offer was dismissed. */
      async pair(userId: string, merchant: string, category: string): Promise<{ count: number; dismissed: boolean }> {
        const [row] = await db
          .select({ count: categoryCorrections.count, dismissed: categoryCorrections.dismissed })
          .from(categoryCorrections)
          .where(and(eq(categoryCorrections.userId, userId), eq(categoryCorrections.merchantKey, merchant.toLowerCase()), eq(categoryCorrections.category, category)));
        return row ?? { count: 0, dismissed: false };
      },
    },

    /** Whether the user has another row of this merchant (its payee, or the clean name of a row without one). */
    async merchantHasOtherRows(userId: string, merchant: string, exceptId: string): Promise<boolean> {
      const rows = rowsOf<{ x: number }>(
        await db.execute(sql`select 1 as x from ${t} where ${t.userId} = ${userId} and ${t.id} <> ${exceptId} and ${t.parentId} is null and ${t.kind} = 'standard'
          and (lower(${t.merchant}) = lower(${merchant}) or (${t.merchant} is null and lower(${t.merchantName}) = lower(${merchant}))) limit 1`),
      );
      return rows.length > 0;
    },

    bulk: {
      /** The selected rows that are the user's: id, kind, transfer id and reconciled flag. */
      async rows(userId: string, ids: string[]): Promise<{ id: string; kind: string; transferId: string | null; reconciled: boolean; type: 'income' | 'expense' }[]> {
        const valid = ids.filter(isUuid);
        if (valid.length === 0) return [];
        return rowsOf<{ id: string; kind: string; transferId: string | null; reconciled: boolean; type: 'income' | 'expense' }>(
          await db.execute(sql`select id, kind, transfer_id as "transferId", reconciled, type from ${t} where ${t.userId} = ${userId} and ${t.id} = any(${sql.param(valid)}::uuid[])`),
        );
      },
      async update(userId: string, ids: string[], set: { category?: string; addTags?: string[]; removeTags?: string[]; cleared?: boolean }): Promise<number> {
        if (ids.length === 0) return 0;
        const parts: SQL[] = [sql`updated_at = now()`];
        if (set.category !== undefined) parts.push(sql`category = ${set.category}`);
        if (set.addTags?.length)
          parts.push(sql`tags = (${t.tags} || array(select x from unnest(${sql.param(set.addTags)}::text[]) with ordinality as a(x, i) where not x = any(${t.tags}) order by i))[1:${TRANSACTION_LIMITS.tags}]`);
        if (set.removeTags?.length) parts.push(sql`tags = array(select x from unnest(${t.tags}) with ordinality as a(x, i) where not x = any(${sql.param(set.removeTags)}::text[]) order by i)`);
        if (set.cleared !== undefined) parts.push(sql`cleared = ${set.cleared}`);
        const rows = rowsOf<{ n: number }>(
          await db.execute(sql`with changed as (update ${t} set ${sql.join(parts, sql`, `)} where ${t.userId} = ${userId} and ${t.id} = any(${sql.param(ids)}::uuid[]) returning 1) select count(*)::int as n from changed`),
        );
        return num(rows[0]?.n);
      },
      /** Deletes the rows, and both legs of any transfer among them; answers the ids deleted. */
      async remove(userId: string, ids: string[]): Promise<string[]> {
        if (ids.length === 0) return [];
        const rows = rowsOf<{ id: string }>(
          await db.execute(sql`
            delete from ${t} where ${t.userId} = ${userId} and (${t.id} = any(${sql.param(ids)}::uuid[])
              or ${t.transferId} in (select transfer_id from ${t} where user_id = ${userId} and id = any(${sql.param(ids)}::uuid[]) and transfer_id is not null))
            returning id`),
        );
        return rows.map((r) => r.id);
      },
    },
  };
}
export type AutoRulesRepository = ReturnType<typeof autoRulesRepository>;

// A category renamed or merged in Settings: rules that set it set the new name, and the corrections that offer rules count under it.
categoryNameReferences.push(async (tx, userId, { from, to }) => {
  const r = categoryRules;
  const c = categoryCorrections;
  await tx.execute(sql`update ${r} set actions = jsonb_set(actions, '{category}', to_jsonb(${to}::text)) where ${r.userId} = ${userId} and actions->>'category' = ${from}`);
  await tx.execute(sql`insert into ${c} (user_id, merchant_key, merchant, category, count, dismissed)
    select user_id, merchant_key, merchant, ${to}, count, dismissed from ${c} where ${c.userId} = ${userId} and ${c.category} = ${from}
    on conflict (user_id, merchant_key, category) do update set count = ${c}.count + excluded.count`);
  await tx.delete(c).where(and(eq(c.userId, userId), eq(c.category, from)));
});
