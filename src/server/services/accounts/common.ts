import { ACCOUNT_GROUP_OF, ADJUSTMENT_CATEGORY, isLiability, type Account, type TransferResult } from '../../../contract/accounts';
import { fromMinor, toMinor } from '../../../contract/money';
import { conflict, notFound, unprocessable } from '../../errors';
import type { AccountRow, AccountsRepository, AccountWithBalance } from '../../repositories/accounts';
import type { NewTransaction, TransactionRow } from '../../repositories/transactions';
import { isoString, toTransaction, transactionNotFound } from '../transactions/wire';
import { fractionOf, parseRate, type RateFraction } from '../../../contract/rates';
import { convertStored, type RatesService } from '../rates/service';

export const accountNotFound = () => notFound('Account not found');
export const transferNotFound = () => notFound('Transfer not found');
export const reconciledChange = () => conflict('This transaction is reconciled: send confirm_reconciled: true to change it');

/** Whether a row counts as income or spending (see the `counts` column). */
export const countsFor = (account: Pick<AccountRow, 'onBudget'>, kind: NewTransaction['kind'] = 'standard', other?: Pick<AccountRow, 'onBudget'>) =>
  kind !== 'valuation' && account.onBudget && !(kind === 'transfer' && other?.onBudget === true);

export function toAccount(a: AccountWithBalance): Account {
  const liability = isLiability(a.kind);
  return {
    account_id: a.id,
    name: a.name,
    kind: a.kind,
    group: ACCOUNT_GROUP_OF[a.kind],
    is_liability: liability,
    currency: a.currency,
    on_budget: a.onBudget,
    opening_balance: fromMinor(a.openingBalanceMinor),
    opening_date: a.openingDate,
    institution: a.institution,
    last4: a.last4,
    closed: a.closed,
    order: a.position,
    balance: fromMinor(a.balanceMinor),
    owed: liability ? fromMinor(0 - a.balanceMinor) : null,
    cleared_balance: fromMinor(a.clearedMinor),
    transaction_count: a.count,
    reconciled_date: a.reconciledDate,
    reconciled_balance: a.reconciledBalanceMinor === null ? null : fromMinor(a.reconciledBalanceMinor),
    created_at: isoString(a.createdAt),
    updated_at: isoString(a.updatedAt),
  };
}

export interface AccountsDeps {
  repo: AccountsRepository;
  /** The profile currency (users.currency). */
  currencyOf: (userId: string) => Promise<string>;
  today: () => string;
  /** Exchange rates: cross-currency transfers, base amounts, net worth across currencies. */
  rates?: RatesService;
  /** One of the user's transactions (the transfer matching starts from a row). */
  transactionOf?: (userId: string, id: string) => Promise<TransactionRow | undefined>;
}

/** Reading an account or a row the way every part refuses a missing or closed one. */
export function accountLookups({ repo, transactionOf }: AccountsDeps) {
  const mustGetTransaction = async (userId: string, id: string) => {
    const row = await transactionOf?.(userId, id);
    if (!row) throw transactionNotFound();
    return row;
  };
  const mustGet = async (userId: string, id: string) => {
    const a = await repo.get(userId, id);
    if (!a) throw accountNotFound();
    return a;
  };
  const open = async (userId: string, id: string, field: string) => {
    const a = await repo.get(userId, id);
    if (!a) throw unprocessable(`${field} is not one of your accounts`);
    if (a.closed) throw conflict(`${field} is a closed account: reopen it first`);
    return a;
  };
  const nameTaken = (name: string) => conflict(`You already have an account named '${name}'`);
  const mustGetAny = async (userId: string, id: string, field: string) => {
    const a = await repo.get(userId, id);
    if (!a) throw unprocessable(`${field} is not one of your accounts`);
    return a;
  };
  return { mustGetTransaction, mustGet, open, nameTaken, mustGetAny };
}

/** Amounts across currencies: what arrives in a transfer, a row in the base currency, balances at the newest rate. */
export function currencyMoves({ currencyOf, rates }: AccountsDeps) {
  /**
   * What lands in `to` when `amountMinor` leaves `from`: the same amount in one currency; across
   * currencies the amount the person saw arrive (its implied rate is kept as a typed rate), the rate
   * they typed, or the rate of the day. Without any of these the transfer is refused: never 1:1.
   */
  const arriving = async (userId: string, from: AccountRow, to: AccountRow, amountMinor: number, date: string, b: { to_amount?: number; rate?: string }): Promise<number> => {
    if (from.currency === to.currency) {
      if (b.to_amount !== undefined && toMinor(b.to_amount) !== amountMinor) throw unprocessable('to_amount must equal amount between accounts in the same currency');
      return amountMinor;
    }
    if (!rates) throw unprocessable('A transfer between accounts in different currencies needs exchange rates');
    if (b.to_amount !== undefined) {
      const toAmount = toMinor(b.to_amount);
      await rates.keepImplied(userId, date, amountMinor, from.currency, toAmount, to.currency);
      return toAmount;
    }
    if (b.rate !== undefined) {
      const scaled = parseRate(b.rate)!;
      const arrived = convertStored(amountMinor, to.currency, fractionOf(scaled));
      if (arrived <= 0) throw unprocessable('At that rate nothing arrives: check the rate');
      await rates.addTyped(userId, { date, base: from.currency, quote: to.currency, rate: b.rate });
      return arrived;
    }
    const found = await rates.rateOn(userId, from.currency, to.currency, date);
    if (!found) throw unprocessable(`No ${from.currency}→${to.currency} rate for ${date} or the 7 days before: send to_amount (what arrived) or rate`);
    return convertStored(amountMinor, to.currency, found.rate);
  };

  /** An amount of an account's currency in the base currency at the rate of its day; null when there is no rate (not converted). */
  const baseOf = async (userId: string, currency: string, amountMinor: number, date: string): Promise<number | null> => {
    const base = await currencyOf(userId);
    if (currency === base) return amountMinor;
    const found = await rates?.rateOn(userId, currency, base, date);
    return found ? convertStored(amountMinor, base, found.rate) : null;
  };

  /** Each account's balance in the base currency at the newest rate on or before `day`; null when there is none. */
  const valued = async (userId: string, base: string, accounts: { currency: string }[], day: string): Promise<Map<string, RateFraction | null>> => {
    const out = new Map<string, RateFraction | null>([[base, { num: 1n, den: 1n }]]);
    for (const currency of new Set(accounts.map((a) => a.currency))) {
      if (out.has(currency)) continue;
      out.set(currency, (await rates?.latestOnOrBefore(userId, currency, base, day))?.rate ?? null);
    }
    return out;
  };
  return { arriving, baseOf, valued };
}

export function adjustmentRow(a: AccountRow, changeMinor: number, date: string, description: string): NewTransaction & { accountId: string } {
  return {
    accountId: a.id,
    kind: 'adjustment',
    counts: countsFor(a, 'adjustment'),
    type: changeMinor > 0 ? 'income' : 'expense',
    amountMinor: Math.abs(changeMinor),
    date,
    category: ADJUSTMENT_CATEGORY,
    description,
    merchant: null,
    notes: null,
    tags: [],
    currency: null,
    cleared: true,
  };
}

export function transferResult(legs: TransactionRow[]): TransferResult {
  const out = legs.find((l) => l.type === 'expense');
  const into = legs.find((l) => l.type === 'income');
  if (!out || !into) throw transferNotFound();
  return { transfer_id: out.transferId!, from: toTransaction(out), to: toTransaction(into) };
}

export function decodeRegisterCursor(cursor: string): { date: string; id: string } {
  try {
    const [date, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { date, id };
  } catch {
    // fall through
  }
  throw unprocessable('cursor is invalid; start again without it');
}
