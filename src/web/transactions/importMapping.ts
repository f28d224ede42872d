import type { ImportMapping } from '../../contract/transactions';

/** How a bank file writes amounts: one signed column, or money out and money in apart. */
export type AmountStyle = 'signed' | 'debit_credit';

/** The amount layout of a mapping. */
export const amountStyleOf = (mapping: ImportMapping): AmountStyle => (mapping.columns.amount !== undefined && mapping.columns.amount !== null ? 'signed' : 'debit_credit');

/** Column names banks use for each field, for switching the amount layout. */
const columnHints: Record<'amount' | 'debit' | 'credit', RegExp> = {
  amount: /amount|betrag|montant|importe|sum|value/i,
  debit: /debit|withdraw|out|paid out|soll|ausgang|expense/i,
  credit: /credit|deposit|\bin\b|paid in|haben|eingang|income/i,
};

/** The mapping switched to another amount layout, guessing the columns from their names. */
export function withAmountStyle(mapping: ImportMapping, style: AmountStyle, columnNames: string[]): ImportMapping {
  const find = (hint: RegExp, avoid: (number | null | undefined)[]) => {
    const i = columnNames.findIndex((name, index) => hint.test(name) && !avoid.includes(index) && index !== mapping.columns.date);
    return i >= 0 ? i : null;
  };
  const { amount, debit, credit, ...rest } = mapping.columns;
  if (style === 'signed') {
    const guess = amount ?? find(columnHints.amount, []) ?? debit ?? credit ?? null;
    return { ...mapping, columns: { ...rest, amount: guess, debit: null, credit: null } };
  }
  const d = debit ?? find(columnHints.debit, []);
  const c = credit ?? find(columnHints.credit, [d]);
  return { ...mapping, columns: { ...rest, amount: null, debit: d ?? amount ?? null, credit: c } };
}
