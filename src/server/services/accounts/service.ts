import type { z } from 'zod';
import {
  ACCOUNT_GROUP_OF,
  ACCOUNT_GROUPS,
  ACCOUNT_LIMITS,
  ADJUSTMENT_CATEGORY,
  ON_BUDGET_BY_DEFAULT,
  TRANSFER_CATEGORY,
  TRANSFER_MATCH_DAYS,
  VALUATION_CATEGORY,
  isLiability,
  type Account,
  type AccountList,
  type NetWorth,
  type Register,
  type TransferPairs,
  type TransferResult,
  type closeAccountRequest,
  type createAccountRequest,
  type reconcileRequest,
  type transferRequest,
  type updateAccountRequest,
  type updateTransferRequest,
  type valuationRequest,
} from '../../../contract/accounts';
import type { Transaction } from '../../../contract/transactions';
import { fromMinor, toMinor } from '../../../contract/money';
import { conflict, notFound, unprocessable } from '../../errors';
import type { AccountPatch, AccountRow, AccountsRepository, AccountWithBalance } from '../../repositories/accounts';
import type { NewTransaction, TransactionPatch, TransactionRow } from '../../repositories/transactions';
import { isoString, toTransaction, transactionNotFound } from '../transactions/wire';
import { addMonths as addMonthsTo, netWorthSeries } from './netWorth';
import { addDays, endOfMonth } from '../../../contract/calendar';
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

interface Deps {
  repo: AccountsRepository;
  /** The profile currency (users.currency). */
  currencyOf: (userId: string) => Promise<string>;
  today: () => string;
  /** Exchange rates: cross-currency transfers, base amounts, net worth across currencies. */
  rates?: RatesService;
  /** One of the user's transactions (the transfer matching starts from a row). */
  transactionOf?: (userId: string, id: string) => Promise<TransactionRow | undefined>;
}

/**
 * Money accounts: create, edit, close, transfers between them, valuations, reconciliation, the
 * register and net worth. The rules live here; SQL in repositories/accounts.ts. Throws domain errors.
 */
export function accountsService({ repo, currencyOf, today, rates, transactionOf }: Deps) {
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

  const legOf = (a: AccountRow, type: 'income' | 'expense', amountMinor: number, date: string, description: string, notes: string | null, other: AccountRow): NewTransaction & { accountId: string } => ({
    accountId: a.id,
    type,
    amountMinor,
    date,
    category: TRANSFER_CATEGORY,
    description,
    merchant: null,
    notes,
    tags: [],
    currency: null,
    kind: 'transfer',
    counts: countsFor(a, 'transfer', other),
  });

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

  const service = {
    async list(userId: string, includeClosed: boolean): Promise<AccountList> {
      const [rows, currency] = await Promise.all([repo.list(userId, includeClosed), currencyOf(userId)]);
      const open = rows.filter((a) => !a.closed);
      // Balances in other currencies count at the newest rate known; one without any rate is left out and counted.
      const rateOf = await valued(userId, currency, open, today());
      const counted = open.filter((a) => rateOf.get(a.currency));
      const inBase = (a: AccountWithBalance) => (a.currency === currency ? a.balanceMinor : convertStored(a.balanceMinor, currency, rateOf.get(a.currency)!));
      const groups = ACCOUNT_GROUPS.map((group) => {
        const members = counted.filter((a) => ACCOUNT_GROUP_OF[a.kind] === group);
        return { group, balance: fromMinor(members.reduce((n, a) => n + inBase(a), 0)), account_count: members.length };
      }).filter((g) => g.account_count > 0);
      return {
        accounts: rows.map(toAccount),
        groups,
        currency,
        on_budget_balance: fromMinor(counted.filter((a) => a.onBudget).reduce((n, a) => n + inBase(a), 0)),
        net_worth: fromMinor(counted.reduce((n, a) => n + inBase(a), 0)),
        unconverted_accounts: open.length - counted.length,
      };
    },

    get: async (userId: string, id: string) => toAccount(await mustGet(userId, id)),

    async create(userId: string, b: z.output<typeof createAccountRequest>): Promise<Account> {
      if ((await repo.count(userId)) >= ACCOUNT_LIMITS.accounts) throw conflict(`You can have at most ${ACCOUNT_LIMITS.accounts} accounts`);
      const row = await repo.create(userId, {
        name: b.name,
        kind: b.kind,
        currency: b.currency ?? (await currencyOf(userId)),
        onBudget: b.on_budget ?? ON_BUDGET_BY_DEFAULT.includes(b.kind),
        openingBalanceMinor: toMinor(b.opening_balance),
        openingDate: b.opening_date ?? today(),
        institution: b.institution ?? null,
        last4: b.last4 ?? null,
        position: b.order,
      });
      if (!row) throw nameTaken(b.name);
      return service.get(userId, row.id);
    },

    async update(userId: string, id: string, b: z.output<typeof updateAccountRequest>): Promise<Account> {
      const before = await mustGet(userId, id);
      const patch: AccountPatch = {};
      if (b.name !== undefined) patch.name = b.name;
      if (b.kind !== undefined) patch.kind = b.kind;
      if (b.currency !== undefined && b.currency !== before.currency) {
        if (before.count > 0) throw conflict('An account with transactions keeps its currency');
        patch.currency = b.currency;
      }
      if (b.on_budget !== undefined) patch.onBudget = b.on_budget;
      if (b.opening_balance !== undefined) patch.openingBalanceMinor = toMinor(b.opening_balance);
      if (b.opening_date !== undefined) patch.openingDate = b.opening_date;
      if (b.institution !== undefined) patch.institution = b.institution;
      if (b.last4 !== undefined) patch.last4 = b.last4;
      if (b.order !== undefined) patch.position = b.order;
      if (b.closed === false) patch.closed = false;
      const row = await repo.update(userId, id, patch);
      if (row === 'name_taken') throw nameTaken(b.name!);
      if (!row) throw accountNotFound();
      // Moving on or off the budget changes what its rows (and the other legs of its transfers) count as.
      if (patch.onBudget !== undefined && patch.onBudget !== before.onBudget) await repo.recount(userId, [id]);
      return service.get(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      const outcome = await repo.remove(userId, id);
      if (outcome === 'not_found') throw accountNotFound();
      if (outcome === 'in_use') throw conflict('This account has transactions: close it instead (it stays in your history)');
    },

    /** Closes an account; a non-zero balance needs a final transfer or an adjustment first. */
    async close(userId: string, id: string, b: z.output<typeof closeAccountRequest>): Promise<{ account: Account; transaction: Transaction | null }> {
      const a = await mustGet(userId, id);
      if (a.closed) throw conflict('This account is already closed');
      const date = b.date ?? today();
      let moved: Transaction | null = null;
      if (a.balanceMinor !== 0) {
        if (b.transfer_to_account_id) {
          const amount = fromMinor(Math.abs(a.balanceMinor));
          // Money left moves out; a debt left is paid off from the other account.
          const t = a.balanceMinor > 0
            ? await service.transfer(userId, { from_account_id: id, to_account_id: b.transfer_to_account_id, amount, date, description: `Closing ${a.name}`, notes: null })
            : await service.transfer(userId, { from_account_id: b.transfer_to_account_id, to_account_id: id, amount, date, description: `Closing ${a.name}`, notes: null });
          moved = a.balanceMinor > 0 ? t.from : t.to;
        } else if (b.adjust) {
          const row = await repo.insert(userId, adjustmentRow(a, -a.balanceMinor, date, `Closing ${a.name}`));
          moved = toTransaction(row);
        } else {
          throw conflict(`This account's balance is ${fromMinor(a.balanceMinor).toFixed(2)} ${a.currency}: move it with a final transfer (transfer_to_account_id) or record an adjustment (adjust: true) to close it`);
        }
      }
      const row = await repo.update(userId, id, { closed: true });
      if (!row || row === 'name_taken') throw accountNotFound();
      return { account: await service.get(userId, id), transaction: moved };
    },

    async transfer(userId: string, b: z.output<typeof transferRequest>): Promise<TransferResult> {
      const [from, to] = [await open(userId, b.from_account_id, 'from_account_id'), await open(userId, b.to_account_id, 'to_account_id')];
      if (from.id === to.id) throw unprocessable('to_account_id must be another account than from_account_id');
      const amountMinor = toMinor(b.amount);
      const toMinorAmount = await arriving(userId, from, to, amountMinor, b.date, b);
      const [outBase, inBase] = await Promise.all([baseOf(userId, from.currency, amountMinor, b.date), baseOf(userId, to.currency, toMinorAmount, b.date)]);
      const legs = await repo.transfers.create(
        userId,
        { ...legOf(from, 'expense', amountMinor, b.date, b.description, b.notes ?? null, to), baseAmountMinor: outBase },
        { ...legOf(to, 'income', toMinorAmount, b.date, b.description, b.notes ?? null, from), baseAmountMinor: inBase },
      );
      return transferResult(legs);
    },

    async getTransfer(userId: string, transferId: string): Promise<TransferResult> {
      const legs = await repo.transfers.legs(userId, transferId);
      if (legs.length !== 2) throw transferNotFound();
      return transferResult(legs);
    },

    /** Changes both legs together: amount, date, description and notes on each, the accounts on their own leg. */
    async updateTransfer(userId: string, transferId: string, b: z.output<typeof updateTransferRequest>): Promise<TransferResult> {
      const legs = await repo.transfers.legs(userId, transferId);
      if (legs.length !== 2) throw transferNotFound();
      if (legs.some((l) => l.reconciled) && !b.confirm_reconciled) throw reconciledChange();
      const [outLeg, inLeg] = legs as [TransactionRow, TransactionRow];
      const fromId = b.from_account_id ?? outLeg.accountId;
      const toId = b.to_account_id ?? inLeg.accountId;
      if (fromId === toId) throw unprocessable('to_account_id must be another account than from_account_id');
      const [from, to] = [await mustGetAny(userId, fromId, 'from_account_id'), await mustGetAny(userId, toId, 'to_account_id')];
      const shared: TransactionPatch = {};
      if (b.date !== undefined) shared.date = b.date;
      if (b.description !== undefined) shared.description = b.description;
      if (b.notes !== undefined) shared.notes = b.notes;
      const date = b.date ?? outLeg.date;
      const outMinor = b.amount !== undefined ? toMinor(b.amount) : outLeg.amountMinor;
      // Across currencies the arriving amount follows: as sent, at the rate sent, or at the rate the transfer had.
      const kept: RateFraction = { num: BigInt(inLeg.amountMinor), den: BigInt(outLeg.amountMinor) };
      const inMinor =
        from.currency === to.currency
          ? outMinor
          : b.to_amount !== undefined || b.rate !== undefined || b.from_account_id !== undefined || b.to_account_id !== undefined
            ? await arriving(userId, from, to, outMinor, date, b)
            : convertStored(outMinor, to.currency, kept);
      const [outBase, inBase] = await Promise.all([baseOf(userId, from.currency, outMinor, date), baseOf(userId, to.currency, inMinor, date)]);
      const updated = await repo.transfers.update(
        userId,
        transferId,
        shared,
        { accountId: from.id, counts: countsFor(from, 'transfer', to), amountMinor: outMinor, baseAmountMinor: outBase },
        { accountId: to.id, counts: countsFor(to, 'transfer', from), amountMinor: inMinor, baseAmountMinor: inBase },
      );
      if (!updated) throw transferNotFound();
      return transferResult(updated);
    },

    async removeTransfer(userId: string, transferId: string, confirmReconciled = false): Promise<void> {
      const legs = await repo.transfers.legs(userId, transferId);
      if (legs.length === 0) throw transferNotFound();
      if (legs.some((l) => l.reconciled) && !confirmReconciled) throw reconciledChange();
      await repo.transfers.remove(userId, transferId);
    },

    /** Other accounts' rows that look like the other leg of this one (same amount the other way, ±3 days). */
    async transferCandidates(userId: string, id: string): Promise<Transaction[]> {
      const row = await mustGetTransaction(userId, id);
      if (row.kind !== 'standard') return [];
      return (await repo.transfers.candidates(userId, row, TRANSFER_MATCH_DAYS)).map(toTransaction);
    },

    /** Makes a row and the matching other leg one transfer ("link as transfer"). */
    async linkTransfer(userId: string, id: string, otherId: string): Promise<TransferResult> {
      const row = await mustGetTransaction(userId, id);
      const candidates = await repo.transfers.candidates(userId, row, TRANSFER_MATCH_DAYS);
      const other = candidates.find((c) => c.id === otherId);
      if (!other) throw unprocessable('other_transaction_id is not a matching other leg (same amount the other way, within 3 days, in another of your accounts)');
      const transferId = await repo.transfers.link(userId, [row.id, other.id]);
      await repo.recount(userId, [row.accountId, other.accountId]);
      return service.getTransfer(userId, transferId);
    },

    /** The batch list: likely transfer pairs across the user's accounts, newest outgoing row first, a page at a time. */
    async transferPairs(userId: string, q: { to?: string; days: number; limit: number; cursor?: string }): Promise<TransferPairs> {
      const to = q.to ?? today();
      const after = q.cursor ? decodeRegisterCursor(q.cursor) : undefined;
      const { pairs, hasMore } = await repo.transfers.pairs(userId, { from: addDays(to, 1 - q.days), to, days: TRANSFER_MATCH_DAYS, limit: q.limit, after });
      const last = pairs.at(-1)?.[0];
      return {
        pairs: pairs.map(([out, into]) => ({ from: toTransaction(out), to: toTransaction(into) })),
        has_more: hasMore,
        next_cursor: hasMore && last ? Buffer.from(JSON.stringify([last.date, last.id])).toString('base64url') : null,
      };
    },

    /** "Not a transfer": the pair is not offered again in the batch list. */
    async dismissTransferPair(userId: string, id: string, otherId: string): Promise<void> {
      const row = await mustGetTransaction(userId, id);
      const other = await transactionOf?.(userId, otherId);
      if (!other) throw unprocessable('other_transaction_id is not one of your transactions');
      if (other.id === row.id) throw unprocessable('other_transaction_id must be another transaction than this one');
      await repo.transfers.dismiss(userId, row.id, other.id);
    },

    /** A dated value of a tracking-only account: the difference from its balance that day is a market change. */
    async valuation(userId: string, id: string, b: z.output<typeof valuationRequest>): Promise<{ account: Account; transaction: Transaction | null }> {
      const a = await mustGet(userId, id);
      if (a.closed) throw conflict('This account is closed: reopen it first');
      if (a.onBudget) throw conflict('Valuations are for tracking-only accounts (a house, a car, an investment): an on-budget account moves by its transactions');
      const before = (b.date >= a.openingDate ? a.openingBalanceMinor : 0) + (await repo.changeThrough(userId, id, b.date));
      const change = toMinor(b.value) - before;
      let row: TransactionRow | null = null;
      if (change !== 0) {
        row = await repo.insert(userId, {
          accountId: id,
          kind: 'valuation',
          counts: false,
          type: change > 0 ? 'income' : 'expense',
          amountMinor: Math.abs(change),
          date: b.date,
          category: VALUATION_CATEGORY,
          description: 'Market change',
          merchant: null,
          notes: null,
          tags: [],
          currency: null,
          cleared: true,
        });
      }
      return { account: await service.get(userId, id), transaction: row ? toTransaction(row) : null };
    },

    async reconcilePreview(userId: string, id: string, statementDate: string, statementBalance: number) {
      const a = await mustGet(userId, id);
      const c = await repo.clearedThrough(userId, id, statementDate);
      const clearedMinor = (statementDate >= a.openingDate ? a.openingBalanceMinor : 0) + c.clearedMinor;
      const statementMinor = toMinor(statementBalance);
      return {
        statement_date: statementDate,
        statement_balance: fromMinor(statementMinor),
        cleared_balance: fromMinor(clearedMinor),
        difference: fromMinor(statementMinor - clearedMinor),
        cleared_count: c.cleared,
        uncleared_count: c.uncleared,
        differenceMinor: statementMinor - clearedMinor,
      };
    },

    /** Checks the cleared balance against a statement, adjusts the difference when asked, and locks the cleared rows. */
    async reconcile(userId: string, id: string, b: z.output<typeof reconcileRequest>) {
      const preview = await service.reconcilePreview(userId, id, b.statement_date, b.statement_balance);
      const a = await mustGet(userId, id);
      if (preview.differenceMinor !== 0 && !b.adjust) {
        throw conflict(`The cleared balance is ${preview.cleared_balance.toFixed(2)}, ${preview.difference.toFixed(2)} from the statement: clear the missing transactions or send adjust: true to record the difference`);
      }
      const adjustment = preview.differenceMinor !== 0 ? adjustmentRow(a, preview.differenceMinor, b.statement_date, 'Reconciliation adjustment') : null;
      const result = await repo.reconcile(userId, id, b.statement_date, toMinor(b.statement_balance), adjustment);
      return { account: await service.get(userId, id), adjustment: result.adjustment ? toTransaction(result.adjustment) : null, locked: result.locked };
    },

    /** One account's rows newest first, each with the balance after it. */
    async register(userId: string, id: string, q: { limit: number; cursor?: string }): Promise<Register> {
      const a = await mustGet(userId, id);
      const after = q.cursor ? decodeRegisterCursor(q.cursor) : undefined;
      const rows = await repo.registerPage(userId, id, q.limit + 1, after);
      const hasMore = rows.length > q.limit;
      if (hasMore) rows.pop();
      const first = rows[0];
      let balance = first ? a.openingBalanceMinor + (await repo.changeThroughRow(userId, id, first.date, first.id)) : a.balanceMinor;
      const out = rows.map((r) => {
        const row = { ...toTransaction(r), running_balance: fromMinor(balance) };
        balance -= r.type === 'income' ? r.amountMinor : -r.amountMinor;
        return row;
      });
      const last = rows[rows.length - 1];
      return { account: toAccount(a), transactions: out, has_more: hasMore, next_cursor: hasMore && last ? Buffer.from(JSON.stringify([last.date, last.id])).toString('base64url') : null };
    },

    async netWorth(userId: string, months: number, toMonth?: string): Promise<NetWorth> {
      const [list, monthly, currency] = await Promise.all([repo.plain(userId), repo.monthly(userId), currencyOf(userId)]);
      const last = toMonth ?? today().slice(0, 7);
      // Month-end rates of each foreign currency (the current month: today's newest rate).
      const known = new Map<string, RateFraction | null>();
      const foreign = [...new Set(list.filter((a) => a.currency !== currency && !a.closed).map((a) => a.currency))];
      for (const c of foreign) {
        for (let i = -1; i < months; i++) {
          const m = addMonthsTo(last, i - months + 1);
          const end = endOfMonth(m) < today() ? endOfMonth(m) : today();
          known.set(`${c}|${m}`, (await rates?.latestOnOrBefore(userId, c, currency, end))?.rate ?? null);
        }
      }
      return netWorthSeries(list, monthly, currency, months, last, (c, m) => known.get(`${c}|${m}`) ?? null);
    },

    /**
     * The on-budget accounts' opening balances dated on or before a day (GET /transactions/balance/current adds
     * them), in the base currency at the rate of each opening day, as a row of that day would be; one without a
     * rate is left out and counted, never 1:1.
     */
    async onBudgetOpenings(userId: string, day: string): Promise<{ baseMinor: number; unconverted: number }> {
      let baseMinor = 0;
      let unconverted = 0;
      for (const o of await repo.onBudgetOpenings(userId, day)) {
        const inBase = await baseOf(userId, o.currency, o.amountMinor, o.openingDate);
        if (inBase === null) unconverted++;
        else baseMinor += inBase;
      }
      return { baseMinor, unconverted };
    },
  };

  async function mustGetAny(userId: string, id: string, field: string) {
    const a = await repo.get(userId, id);
    if (!a) throw unprocessable(`${field} is not one of your accounts`);
    return a;
  }
  return service;
}
export type AccountsService = ReturnType<typeof accountsService>;

function adjustmentRow(a: AccountRow, changeMinor: number, date: string, description: string): NewTransaction & { accountId: string } {
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

function transferResult(legs: TransactionRow[]): TransferResult {
  const out = legs.find((l) => l.type === 'expense');
  const into = legs.find((l) => l.type === 'income');
  if (!out || !into) throw transferNotFound();
  return { transfer_id: out.transferId!, from: toTransaction(out), to: toTransaction(into) };
}

function decodeRegisterCursor(cursor: string): { date: string; id: string } {
  try {
    const [date, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { date, id };
  } catch {
    // fall through
  }
  throw unprocessable('cursor is invalid; start again without it');
}

