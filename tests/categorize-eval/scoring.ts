import type { Transaction } from '../../src/contract/transactions';
import { FALLBACK_CATEGORY } from '../../src/contract/transactions';
import { TRANSFER_CATEGORY } from '../../src/contract/accounts';
import type { Answer } from './held-out/build';
import { PAYEES, type EvalClass } from './held-out/payees';

export type { Answer };

/** The statement rows of answers.json with what their payee says about them. */
export function withPayees(stored: Pick<Answer, 'file' | 'fitid' | 'date' | 'amount' | 'type' | 'raw' | 'payee'>[]): Answer[] {
  return stored.map((row) => {
    const p = PAYEES[row.payee]!;
    return { ...row, person: p.person, account: p.account, category: p.category, accept: p.accept ?? [], class: p.class, name: p.name };
  });
}

/** How the held-out evaluation scores a row: no data here, only the rules. */
export const CLASS_ORDER: EvalClass[] = ['chain', 'local', 'wrapper', 'income', 'transfer', 'learning'];
export const CLASS_LABELS: Record<EvalClass, string> = {
  chain: 'known chains',
  local: 'local / unknown',
  wrapper: 'bank wrappers',
  income: 'income & refunds',
  transfer: 'own transfers',
  learning: 'learning',
};

export interface Tally {
  rows: number;
  right: number;
  /** Left in Other / Other Income: undecided rather than wrong. */
  fallback: number;
  /** Left in Other, but the suggestion the app would offer is right. */
  suggested: number;
  wrong: number;
  firstRows: number;
  firstRight: number;
  returnRows: number;
  returnRight: number;
  named: number;
  nameRight: number;
  unreadable: number;
}
export const emptyTally = (): Tally => ({ rows: 0, right: 0, fallback: 0, suggested: 0, wrong: 0, firstRows: 0, firstRight: 0, returnRows: 0, returnRight: 0, named: 0, nameRight: 0, unreadable: 0 });

export const isFallback = (t: Transaction) => t.category === FALLBACK_CATEGORY.expense || t.category === FALLBACK_CATEGORY.income;

/** Right when the category is the person's (or one they would accept); a transfer is right when the product keeps it out of income and spending. */
export function rightCategory(a: Answer, t: Transaction): boolean {
  if (a.class === 'transfer') return t.kind === 'transfer' || !t.counts || t.category.toLowerCase() === TRANSFER_CATEGORY.toLowerCase();
  if (t.type !== a.type) return false;
  const got = t.category.toLowerCase();
  return [a.category, ...a.accept].some((c) => c.toLowerCase() === got);
}

const STOP = new Set(['the', 'inc', 'ltd', 'plc', 'llc', 'co', 'com', 'uk', 'us', 'and', 'of']);
const words = (s: string) =>
  s
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/['’.-]/g, '')
    .split(/[^a-z0-9+]+/)
    .filter((w) => w && !STOP.has(w));

/** A clean name is right when it says the same words, or a shorter form of them ("Costco" for "Costco Wholesale"). */
export function nameMatches(expected: string, got: string | null): boolean {
  if (!got) return false;
  const want = words(expected);
  const have = words(got);
  if (have.length === 0) return false;
  if (want.join(' ') === have.join(' ')) return true;
  return have.every((w) => want.includes(w)) || want.every((w) => have.includes(w));
}
