import type { MerchantKind } from '../../../contract/merchants';
import type { TransactionType } from '../../../contract/transactions';

/**
 * The built-in category most people file a kind of merchant under, for a payee the user has never
 * filed. `apply`: clear enough to set on import (a coffee shop is Dining); otherwise only suggested
 * (a bar may be Dining or Entertainment, a daycare Education or the user's own category).
 */
interface KindCategory {
  category: string;
  apply: boolean;
}

const apply = (category: string): KindCategory => ({ category, apply: true });
const suggest = (category: string): KindCategory => ({ category, apply: false });

const SPENDING: Partial<Record<MerchantKind, KindCategory>> = {
  coffee_shop: apply('Dining'),
  fast_food: apply('Dining'),
  restaurant: apply('Dining'),
  food_delivery: apply('Dining'),
  bar: suggest('Dining'),
  groceries: apply('Groceries'),
  convenience_store: suggest('Groceries'),
  fuel: apply('Transport'),
  ev_charging: apply('Transport'),
  rideshare: apply('Transport'),
  public_transit: apply('Transport'),
  parking: apply('Transport'),
  tolls: apply('Transport'),
  car_rental: suggest('Travel'),
  airline: apply('Travel'),
  lodging: apply('Travel'),
  travel_booking: apply('Travel'),
  electricity: apply('Utilities'),
  gas_utility: apply('Utilities'),
  water: apply('Utilities'),
  internet: apply('Utilities'),
  phone: apply('Utilities'),
  streaming: apply('Subscriptions'),
  music: apply('Subscriptions'),
  software: suggest('Subscriptions'),
  gaming: suggest('Entertainment'),
  marketplace: apply('Shopping'),
  department_store: apply('Shopping'),
  clothing: apply('Shopping'),
  electronics: apply('Shopping'),
  home_improvement: suggest('Shopping'),
  furniture: suggest('Shopping'),
  books: suggest('Shopping'),
  pets: suggest('Shopping'),
  pharmacy: apply('Health'),
  health: apply('Health'),
  fitness: apply('Health'),
  personal_care: apply('Personal Care'),
  insurance: apply('Insurance'),
  rent: apply('Housing'),
  mortgage: apply('Housing'),
  bank_fee: apply('Fees & Charges'),
  charity: apply('Gifts & Donations'),
  education: apply('Education'),
  childcare: suggest('Education'),
  entertainment: apply('Entertainment'),
};

/** Kinds that say nothing about a category by themselves: a transfer, cash, a loan, a tax. */
const NO_SPENDING_CATEGORY = new Set<MerchantKind>(['transfer', 'atm', 'loan_payment', 'tax', 'payroll']);
/** Places that also pay people (drivers, sellers, developers): their money in may be earnings, not a refund. */
const PAYOUT_KINDS = new Set<MerchantKind>(['rideshare', 'food_delivery', 'marketplace', 'software', 'gaming', 'music']);

/**
 * The category of a kind for a row of this type. Money in: pay from an employer is Salary; money in
 * from a place people spend at is a refund (only suggested where the place also pays people); a tax
 * body's money in is most likely a refund (suggested).
 */
export function kindCategory(kind: MerchantKind, type: TransactionType): KindCategory | null {
  if (type === 'expense') return SPENDING[kind] ?? null;
  if (kind === 'payroll') return apply('Salary');
  if (kind === 'tax' || kind === 'bank_fee') return suggest('Refunds');
  if (NO_SPENDING_CATEGORY.has(kind) || kind === 'rent' || kind === 'mortgage') return null;
  if (!SPENDING[kind]) return null;
  return PAYOUT_KINDS.has(kind) ? suggest('Refunds') : apply('Refunds');
}
