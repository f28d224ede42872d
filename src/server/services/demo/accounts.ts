import { randomUUID } from 'node:crypto';
import type { AccountKind } from '../../../contract/accounts';
import { TRANSFER_CATEGORY } from '../../../contract/accounts';
import type { NewTransaction } from '../../repositories/transactions';
import { rateText, scaledOf, type RateFraction } from '../../../contract/rates';
import { convertStored } from '../rates/service';

/** The demo's accounts: everyday money, a card paid off monthly, savings fed monthly and a car loan (tracking only). The on-budget ones open at 0, so the demo's balance is its transactions' sum. */
export const DEMO_INSTITUTION = 'Demo Bank';
export const DEMO_ACCOUNTS = [
  { key: 'checking', name: 'Everyday checking', kind: 'checking', onBudget: true, openingBalanceMinor: 0 },
  { key: 'card', name: 'Rewards card', kind: 'credit_card', onBudget: true, openingBalanceMinor: 0 },
  { key: 'savings', name: 'Savings', kind: 'savings', onBudget: true, openingBalanceMinor: 0 },
  { key: 'loan', name: 'Car loan', kind: 'loan', onBudget: false, openingBalanceMinor: -1_850_000 },
  // In a second currency (euros; dollars for someone whose base is the euro): tracking only, valued at the rate.
  { key: 'abroad', name: 'Savings abroad', kind: 'savings', onBudget: false, openingBalanceMinor: 250_000, foreign: true },
] as const satisfies readonly { key: string; name: string; kind: AccountKind; onBudget: boolean; openingBalanceMinor: number; foreign?: boolean }[];

/** The demo's second currency: the euro, or the dollar for someone whose base is the euro. */
export const demoForeignCurrency = (base: string) => (base === 'EUR' ? 'USD' : 'EUR');

/** Units of each currency per euro, for the demo's own rates only (typed rates on its trip's charges). */
const DEMO_PER_EUR: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85, CAD: 1.47, AUD: 1.65, CHF: 0.95, JPY: 160, INR: 90, SEK: 11.5, NOK: 11.6, DKK: 7.46, PLN: 4.3, BRL: 5.9, MXN: 19.5, ZAR: 20, SGD: 1.45, NZD: 1.8 };
const TRIP_CURRENCY: Record<string, string> = { Lisbon: 'EUR', Barcelona: 'EUR', Croatia: 'EUR', Sicily: 'EUR', Kyoto: 'JPY', Vancouver: 'CAD' };

/** The demo's rate from→to as an exact fraction (4 places per euro); null for a currency it has no figure for. */
export function demoRate(from: string, to: string): RateFraction | null {
  const f = DEMO_PER_EUR[from];
  const t = DEMO_PER_EUR[to];
  return f && t ? { num: BigInt(Math.round(t * 10_000)), den: BigInt(Math.round(f * 10_000)) } : null;
}

/**
 * The summer trip abroad: its card charges there (dinners, tickets) keep what they were in the
 * destination's currency beside the amount the card was charged. Returns the rates they imply, by day.
 */
export function chargeTripAbroad(rows: NewTransaction[], base: string): { date: string; base: string; quote: string; rate: string }[] {
  const rates: { date: string; base: string; quote: string; rate: string }[] = [];
  for (const r of rows) {
    if (!r.tags.includes('vacation') || r.category === 'Travel') continue;
    const place = Object.keys(TRIP_CURRENCY).find((p) => r.description.endsWith(`in ${p}`) || r.merchant === p);
    const currency = place ? TRIP_CURRENCY[place]! : null;
    const rate = currency && currency !== base ? demoRate(base, currency) : null;
    if (!currency || !rate) continue;
    r.originalCurrency = currency;
    r.originalAmountMinor = convertStored(r.amountMinor, currency, rate);
    r.baseAmountMinor = r.amountMinor;
    rates.push({ date: r.date, base: currency, quote: base, rate: rateText(scaledOf({ num: rate.den, den: rate.num })) });
  }
  return rates;
}
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
