import type { TransactionCategory } from '../../../../machines/transactions';
import type { Transaction } from '../../../contract/transactions';
import { categoryColor as sharedCategoryColor } from '../../../contract/categoryColors';
import { formatDay } from '../../format/date';

/** The category's one colour, as on the dashboard (src/contract/categoryColors.ts). */
export const categoryColor = (categories: TransactionCategory[], name: string) => sharedCategoryColor(name, categories.find((c) => c.name.toLowerCase() === name.toLowerCase())?.color);

/** Select data: the categories grouped by where they are offered first, the given type's group first. */
export function categoryOptions(all: TransactionCategory[], type: Transaction['type'], current?: string, kept?: string) {
  // Hidden categories are not offered for new entries; the one an edited row already has stays.
  const categories = all.filter((c) => !c.hidden || c.name === current || c.name === kept);
  const names = (t: Transaction['type']) => categories.filter((c) => c.type === t).map((c) => c.name);
  const groups = [
    { group: type === 'income' ? 'Income' : 'Expenses', items: names(type) },
    { group: type === 'income' ? 'Expenses' : 'Income', items: names(type === 'income' ? 'expense' : 'income') },
  ];
  // A row may carry a category that has since been removed: keep it selectable.
  if (current && !categories.some((c) => c.name === current)) groups.push({ group: 'Other', items: [current] });
  return groups.filter((g) => g.items.length > 0);
}

/** The delete confirmation's words: the row as the list names it, and its day as people write it. */
export const deletionMessage = (t: Pick<Transaction, 'description' | 'merchant' | 'category' | 'date'>) =>
  `Delete "${t.description || t.merchant || t.category}" of ${formatDay(t.date)}? This cannot be undone.`;
