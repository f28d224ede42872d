import { DEFAULT_CATEGORIES, type TransactionType } from '../../../contract/transactions';
import type { TransactionsRepository } from '../../repositories/transactions';

/** The categories one user can use: the built-in set plus their own, looked up case-insensitively. */
export interface Categories {
  /** The stored spelling of a name, or undefined when the user has no such category. */
  resolve(name: string): string | undefined;
  list: { name: string; type: TransactionType; color: string | null; isDefault: boolean }[];
}

const defaultsByKey = new Map(DEFAULT_CATEGORIES.map((c) => [c.name.toLowerCase(), c.name]));

export const isDefaultCategory = (name: string) => defaultsByKey.has(name.trim().toLowerCase());

export async function loadCategories(repo: TransactionsRepository, userId: string): Promise<Categories> {
  const own = await repo.categories.list(userId);
  const byKey = new Map(defaultsByKey);
  for (const c of own) byKey.set(c.name.toLowerCase(), c.name);
  return {
    resolve: (name) => byKey.get(name.trim().toLowerCase()),
    list: [
      ...DEFAULT_CATEGORIES.map((c) => ({ name: c.name, type: c.type, color: c.color, isDefault: true })),
      ...own.map((c) => ({ name: c.name, type: c.type, color: c.color, isDefault: false })),
    ],
  };
}
