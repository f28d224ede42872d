import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categoryGroups, transactionCategories } from '../db/schema';

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

    /** The user's category groups in their order. */
    async groups(userId: string): Promise<CategoryGroupRow[]> {
      return db.select().from(g).where(eq(g.userId, userId)).orderBy(asc(g.position), asc(sql`lower(${g.name})`));
    },
  };
}
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
