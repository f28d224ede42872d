import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionCategories, transactions } from '../../db/schema';
import type { CategoryRow, TxType } from './types';

/** The user's own categories as rows (the category manager's store). */
export function categoriesRepository(db: Db) {
  return {
    /** The user's own categories (the built-in rows of migration 0032 are left out: DEFAULT_CATEGORIES lists them). */
    async list(userId: string): Promise<CategoryRow[]> {
      return db
        .select()
        .from(transactionCategories)
        .where(and(eq(transactionCategories.userId, userId), eq(transactionCategories.builtin, false))).orderBy(asc(sql`lower(${transactionCategories.name})`));
    },
    /** The new category, or undefined when the user already has one with that name. */
    async create(userId: string, input: { name: string; type: TxType; color: string | null }): Promise<CategoryRow | undefined> {
      const rows = await db
        .insert(transactionCategories)
        .values({ userId, ...input })
        .onConflictDoNothing()
        .returning();
      return rows[0];
    },
    /** Deletes a user category no transaction uses: 'deleted', 'in_use' or 'not_found'. */
    async remove(userId: string, name: string): Promise<'deleted' | 'in_use' | 'not_found'> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(transactionCategories)
          .where(and(eq(transactionCategories.userId, userId), eq(transactionCategories.builtin, false), eq(sql`lower(${transactionCategories.name})`, name.toLowerCase())))
          .for('update');
        if (!found) return 'not_found';
        const used = await tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.userId, userId), eq(transactions.category, found.name)))
          .limit(1);
        if (used.length > 0) return 'in_use';
        await tx.delete(transactionCategories).where(eq(transactionCategories.id, found.id));
        return 'deleted';
      });
    },
  };
}
