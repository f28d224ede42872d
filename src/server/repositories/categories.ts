import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categoryGroups, transactionCategories, transactions } from '../db/schema';
import type { Queryable } from './transactions';

export type CategoryGroupRow = typeof categoryGroups.$inferSelect;

/** One category of a user (built in or their own) with its group's name and order. */
export interface CategoryRecord {
  id: string;
  name: string;
  type: 'income' | 'expense';
  /** The user's own colour; null: the built-in or derived one (categoryColor). */
  color: string | null;
  builtin: boolean;
  hidden: boolean;
  position: number;
  groupId: string | null;
  groupName: string | null;
  groupPosition: number | null;
}

const c = transactionCategories;
const g = categoryGroups;

/**
 * Other tables that store a category by name (budgets, rules, recurring series) register here; a
 * rename or merge calls each inside its database transaction, after the transactions moved, so they
 * stay consistent with it: `mode` 'rename' (same category, new name) or 'merge' (`from` is gone).
 */
export type CategoryNameReference = (tx: Queryable, userId: string, change: { from: string; to: string; mode: 'rename' | 'merge' }) => Promise<void>;
export const categoryNameReferences: CategoryNameReference[] = [];

const byName = (userId: string, name: string) => and(eq(c.userId, userId), eq(sql`lower(${c.name})`, name.trim().toLowerCase()));
const num = (v: unknown) => Number(v ?? 0);
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export type CategoryRow = typeof transactionCategories.$inferSelect;
export interface CategoryPatch {
  name?: string;
  color?: string | null;
  hidden?: boolean;
  groupId?: string | null;
}

/**
 * Every category of a user with its group, in display order: groups by position (ungrouped last),
 * then each category's position, then name. Every query is scoped by user.
 */
export function categoriesRepository(db: Db) {
  return {
    async list(userId: string): Promise<CategoryRecord[]> {
      return db
        .select({
          id: c.id,
          name: c.name,
          type: c.type,
          color: c.color,
          builtin: c.builtin,
          hidden: c.hidden,
          position: c.position,
          groupId: c.groupId,
          groupName: g.name,
          groupPosition: g.position,
        })
        .from(c)
        .leftJoin(g, and(eq(g.id, c.groupId), eq(g.userId, userId)))
        .where(eq(c.userId, userId))
        .orderBy(sql`${g.position} asc nulls last`, asc(g.name), asc(c.position), asc(sql`lower(${c.name})`));
    },

    /**
     * Transactions per category name: the rollups count income and spending, the few rows that are
     * neither (transfer legs, tracking-only accounts, valuations) are counted from their partial index.
     */
    async usage(userId: string): Promise<Map<string, number>> {
      const rows = (await db.execute(sql`
        select category, sum(n)::text as n from (
          select category, sum(count) as n from transaction_monthly_totals where user_id = ${userId} group by category
          union all
          select category, count(*) from ${transactions} where user_id = ${userId} and not counts group by category
        ) as u group by category`)) as unknown as { rows: { category: string; n: string }[] };
      return new Map(rows.rows.map((r) => [r.category, num(r.n)]));
    },

    async find(userId: string, name: string): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(c).where(byName(userId, name));
      return row;
    },

    /**
     * Changes one category. A rename rewrites the name on every transaction of the user that has it
     * (one UPDATE; the rollup triggers move the sums) and in every registered reference.
     * 'not_found', 'taken' (another category has the new name), 'no_group' (not one of the user's groups).
     */
    async update(userId: string, name: string, patch: CategoryPatch): Promise<CategoryRow | 'not_found' | 'taken' | 'no_group'> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(c).where(byName(userId, name)).for('update');
        if (!row) return 'not_found' as const;
        const set: Partial<CategoryRow> = {};
        if (patch.color !== undefined) set.color = patch.color;
        if (patch.hidden !== undefined) set.hidden = patch.hidden;
        if (patch.groupId !== undefined && patch.groupId !== row.groupId) {
          if (patch.groupId !== null) {
            const [group] = await tx.select({ id: g.id }).from(g).where(and(eq(g.userId, userId), eq(g.id, patch.groupId)));
            if (!group) return 'no_group' as const;
          }
          set.groupId = patch.groupId;
          set.position = await nextPosition(tx, userId, patch.groupId);
        }
        if (patch.name !== undefined && patch.name !== row.name) {
          if (patch.name.toLowerCase() !== row.name.toLowerCase()) {
            const [other] = await tx.select({ id: c.id }).from(c).where(byName(userId, patch.name));
            if (other) return 'taken' as const;
          }
          set.name = patch.name;
        }
        const [updated] = Object.keys(set).length > 0 ? await tx.update(c).set(set).where(eq(c.id, row.id)).returning() : [row];
        if (set.name !== undefined) await moveTransactions(tx, userId, row.name, set.name, 'rename');
        return updated!;
      });
    },

    /**
     * Moves every transaction of `from` to `into` and removes `from` (a built-in one is hidden instead:
     * it cannot go), in one database transaction. The number moved, or 'not_found' / 'into_not_found'.
     */
    async merge(userId: string, from: string, into: string): Promise<{ moved: number; from: CategoryRow; into: CategoryRow } | 'not_found' | 'into_not_found'> {
      return db.transaction(async (tx) => {
        // Both rows locked in one statement, in id order: two opposite merges cannot deadlock.
        const rows = await tx
          .select()
          .from(c)
          .where(and(eq(c.userId, userId), sql`lower(${c.name}) in (${from.trim().toLowerCase()}, ${into.trim().toLowerCase()})`))
          .orderBy(asc(c.id))
          .for('update');
        const source = rows.find((r) => r.name.toLowerCase() === from.trim().toLowerCase());
        const target = rows.find((r) => r.name.toLowerCase() === into.trim().toLowerCase());
        if (!source) return 'not_found' as const;
        if (!target) return 'into_not_found' as const;
        const moved = await moveTransactions(tx, userId, source.name, target.name, 'merge');
        if (source.builtin) await tx.update(c).set({ hidden: true }).where(eq(c.id, source.id));
        else await tx.delete(c).where(eq(c.id, source.id));
        return { moved, from: source, into: target };
      });
    },

    /** Puts the named categories into one group (or none) in the order given. The names not found. */
    async order(userId: string, groupId: string | null, names: string[]): Promise<{ missing: string[] } | 'no_group'> {
      return db.transaction(async (tx) => {
        if (groupId !== null) {
          const [group] = await tx.select({ id: g.id }).from(g).where(and(eq(g.userId, userId), eq(g.id, groupId)));
          if (!group) return 'no_group' as const;
        }
        const keys = names.map((n) => n.trim().toLowerCase());
        const found = (await tx.execute(sql`
          update ${c} as c set group_id = ${groupId}::uuid, position = o.ord - 1
          from unnest(${sql.param(keys)}::text[]) with ordinality as o(name, ord)
          where c.user_id = ${userId} and lower(c.name) = o.name
          returning c.name`)) as unknown as { rows: { name: string }[] };
        const done = new Set(found.rows.map((r) => r.name.toLowerCase()));
        return { missing: names.filter((n) => !done.has(n.trim().toLowerCase())) };
      });
    },

    /** The user's category groups in their order. */
    async groups(userId: string): Promise<CategoryGroupRow[]> {
      return db.select().from(g).where(eq(g.userId, userId)).orderBy(asc(g.position), asc(sql`lower(${g.name})`));
    },

    /** A new group after the others; undefined when the user has one by that name. */
    async createGroup(userId: string, name: string): Promise<CategoryGroupRow | undefined> {
      const [row] = await db
        .insert(g)
        .values({ userId, name, position: sql`(select coalesce(max(position) + 1, 0) from ${g} where user_id = ${userId})` })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async renameGroup(userId: string, id: string, name: string): Promise<CategoryGroupRow | 'not_found' | 'taken'> {
      if (!isUuid(id)) return 'not_found';
      return db.transaction(async (tx) => {
        const [other] = await tx.select({ id: g.id }).from(g).where(and(eq(g.userId, userId), eq(sql`lower(${g.name})`, name.toLowerCase())));
        if (other && other.id !== id) return 'taken' as const;
        const [row] = await tx.update(g).set({ name }).where(and(eq(g.userId, userId), eq(g.id, id))).returning();
        return row ?? ('not_found' as const);
      });
    },

    /** Deletes a group; its categories stay, ungrouped. False when there is no such group. */
    async removeGroup(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(g).where(and(eq(g.userId, userId), eq(g.id, id))).returning({ id: g.id });
      return rows.length > 0;
    },

    /** Sets the groups' order as given (groups not named keep theirs, after them). False when an id is not the user's. */
    async orderGroups(userId: string, ids: string[]): Promise<boolean> {
      if (!ids.every(isUuid)) return false;
      return db.transaction(async (tx) => {
        const own = await tx.select({ id: g.id }).from(g).where(eq(g.userId, userId)).orderBy(asc(g.position)).for('update');
        const known = new Set(own.map((r) => r.id));
        if (!ids.every((id) => known.has(id))) return false;
        const rest = own.map((r) => r.id).filter((id) => !ids.includes(id));
        const order = [...ids, ...rest];
        await tx.execute(sql`
          update ${g} as g set position = o.ord - 1
          from unnest(${sql.param(order)}::uuid[]) with ordinality as o(id, ord)
          where g.user_id = ${userId} and g.id = o.id`);
        return true;
      });
    },

    /** Does this user have a group with this id? */
    async hasGroup(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const [row] = await db.select({ id: g.id }).from(g).where(and(eq(g.userId, userId), eq(g.id, id)));
      return !!row;
    },
  };
}
/** After the last category of a group: where a category moved into it goes. */
async function nextPosition(tx: Queryable, userId: string, groupId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(max(${c.position}) + 1, 0)` })
    .from(c)
    .where(and(eq(c.userId, userId), groupId === null ? sql`${c.groupId} is null` : eq(c.groupId, groupId)));
  return num(row?.n);
}

/** Renames the category on every transaction of the user that has it, then in every registered reference. */
async function moveTransactions(tx: Queryable, userId: string, from: string, to: string, mode: 'rename' | 'merge'): Promise<number> {
  // One statement: the rollup triggers see every moved row at once. Only the count comes back.
  const moved = (await tx.execute(sql`
    with m as (update ${transactions} set category = ${to}, updated_at = now() where user_id = ${userId} and category = ${from} returning 1)
    select count(*)::int as n from m`)) as unknown as { rows: { n: number | string }[] };
  for (const reference of categoryNameReferences) await reference(tx, userId, { from, to, mode });
  return num(moved.rows[0]?.n);
}

export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
