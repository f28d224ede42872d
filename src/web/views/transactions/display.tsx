import type { TransactionCategory } from '../../../../machines/transactions';
import type { Transaction } from '../../../contract/transactions';
import { useSession, useUi } from '../../app/context';
import { formatMoney } from '../../format/money';
import { categoryColor as sharedCategoryColor } from '../../../contract/categoryColors';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on the user's clock, YYYY-MM-DD. */
export const localDay = (date = new Date()) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** This month on the user's clock, YYYY-MM. */
export const localMonth = (date = new Date()) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) as the user's locale writes it. */
export const formatDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
};

/** The name of a month (YYYY-MM). */
export const monthName = (month: string) => {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormat.format(date);
};

/** Formats amounts in the transaction's currency (else the account's), masked while balances are hidden. */
export function useTransactionMoney(): (amount: number, currency?: string | null) => string {
  const accountCurrency = useSession((s) => s.context.user?.currency ?? 'USD');
  const hidden = useUi((s) => !s.context.showBalances);
  return (amount, currency) => formatMoney(amount, currency ?? accountCurrency, { hidden });
}

/** Category colours from the categories call; unknown names get grey. */
/** The category's one colour, as on the dashboard (src/contract/categoryColors.ts). */
export const categoryColor = (categories: TransactionCategory[], name: string) => sharedCategoryColor(name, categories.find((c) => c.name.toLowerCase() === name.toLowerCase())?.color);

/** Select data: the categories grouped by where they are offered first, the given type's group first. */
export function categoryOptions(categories: TransactionCategory[], type: Transaction['type'], current?: string) {
  const names = (t: Transaction['type']) => categories.filter((c) => c.type === t).map((c) => c.name);
  const groups = [
    { group: type === 'income' ? 'Income' : 'Expenses', items: names(type) },
    { group: type === 'income' ? 'Expenses' : 'Income', items: names(type === 'income' ? 'expense' : 'income') },
  ];
  // A row may carry a category that has since been removed: keep it selectable.
  if (current && !categories.some((c) => c.name === current)) groups.push({ group: 'Other', items: [current] });
  return groups.filter((g) => g.items.length > 0);
}
