import { randomUUID } from 'node:crypto';
import type { AccountKind } from '../../../contract/accounts';
import { TRANSFER_CATEGORY } from '../../../contract/accounts';
import type { NewTransaction } from '../../repositories/transactions';

/** The demo's accounts: everyday money, a card paid off monthly, savings fed monthly and a car loan (tracking only). The on-budget ones open at 0, so the demo's balance is its transactions' sum. */
export const DEMO_INSTITUTION = 'Demo Bank';
export const DEMO_ACCOUNTS = [
  { key: 'checking', name: 'Everyday checking', kind: 'checking', onBudget: true, openingBalanceMinor: 0 },
  { key: 'card', name: 'Rewards card', kind: 'credit_card', onBudget: true, openingBalanceMinor: 0 },
  { key: 'savings', name: 'Savings', kind: 'savings', onBudget: true, openingBalanceMinor: 0 },
  { key: 'loan', name: 'Car loan', kind: 'loan', onBudget: false, openingBalanceMinor: -1_850_000 },
] as const satisfies readonly { key: string; name: string; kind: AccountKind; onBudget: boolean; openingBalanceMinor: number }[];
export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

/** Everyday spending goes on the card; bills, rent and income go through checking. */
const ON_CARD = new Set(['Dining', 'Groceries', 'Shopping', 'Entertainment', 'Subscriptions', 'Travel', 'Personal Care', 'Gifts & Donations']);
const SAVINGS_MINOR = 40_000;
const LOAN_PAYMENT_MINOR = 32_000;

const day = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;

/**
 * Puts a demo year's rows into the demo accounts and adds the transfers a person makes: the card paid
 * in full on the 3rd for the month before, 400.00 to savings on the 2nd, 320.00 to the car loan on the
 * 15th (spending of checking: the loan is tracking only).
 */
export function placeDemoRows(rows: NewTransaction[], ids: Record<DemoAccountKey, string>): NewTransaction[] {
  // Transfer ids are the user's own: a seeded id would be shared by every user who loads the same demo year.
  const uuid = () => randomUUID();
  const out: NewTransaction[] = [];
  const cardByMonth = new Map<string, number>();
  for (const r of rows) {
    const onCard = r.type === 'expense' ? ON_CARD.has(r.category) : r.category === 'Refunds';
    out.push({ ...r, accountId: onCard ? ids.card : ids.checking, counts: true, cleared: true });
    if (onCard) cardByMonth.set(r.date.slice(0, 7), (cardByMonth.get(r.date.slice(0, 7)) ?? 0) + (r.type === 'expense' ? r.amountMinor : -r.amountMinor));
  }
  const months = [...new Set(rows.map((r) => r.date.slice(0, 7)))].sort();
  const last = rows.reduce((m, r) => (r.date > m ? r.date : m), '');
  const transfer = (from: DemoAccountKey, to: DemoAccountKey, amountMinor: number, date: string, description: string) => {
    if (amountMinor <= 0 || date > last) return;
    const transferId = uuid();
    const leg = (accountId: string, type: 'income' | 'expense', counts: boolean): NewTransaction => ({
      accountId,
      type,
      amountMinor,
      date,
      category: TRANSFER_CATEGORY,
      description,
      merchant: null,
      notes: null,
      tags: [],
      currency: null,
      kind: 'transfer',
      transferId,
      counts,
      cleared: true,
    });
    // Into the tracking-only loan the payment is spending of checking; between on-budget accounts neither side counts.
    out.push(leg(ids[from], 'expense', to === 'loan'), leg(ids[to], 'income', false));
  };
  for (let i = 0; i < months.length; i++) {
    const month = months[i]!;
    transfer('checking', 'savings', SAVINGS_MINOR, day(month, 2), 'Monthly savings');
    transfer('checking', 'loan', LOAN_PAYMENT_MINOR, day(month, 15), 'Car loan payment');
    const previous = i > 0 ? months[i - 1]! : null;
    if (previous) transfer('checking', 'card', cardByMonth.get(previous) ?? 0, day(month, 3), 'Card payment');
  }
  return out;
}
