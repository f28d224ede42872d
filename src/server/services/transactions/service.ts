import type { z } from 'zod';
import { merchantOf } from './merchantName';
import { toMinor } from '../../../contract/money';
import type {
  createCategoryRequest,
  createTransactionRequest,
  ParsedTransactionListQuery,
  Transaction,
  TransactionFilters,
  updateTransactionRequest,
} from '../../../contract/transactions';
import type { Reward } from '../../../contract/rewards';
import { SPLIT_MESSAGES, type SplitRequest, type SplitResponse } from '../../../contract/splits';
import { fromMinor } from '../../../contract/money';
import { conflict, notFound, unprocessable } from '../../errors';
import type { NewTransaction, TransactionPatch, TransactionRow, TransactionsRepository } from '../../repositories/transactions';
import type { AccountsRepository } from '../../repositories/accounts';
import type { RewardsService } from '../rewards';
import { countsFor, reconciledChange } from '../accounts/service';
import { isDefaultCategory, loadCategories, type Categories } from './categories';
import { exportCsv } from './export';
import { decodeCursor, encodeCursor, toStoredFilters, toTransaction, transactionNotFound } from './wire';
import { convertStored, type RatesService } from '../rates/service';

export { transactionNotFound };

/** The stored spelling of a category, or a validation error naming the field. */
export const unknownCategory = (name: string, field = 'category') =>
  unprocessable(`${field} '${name}' is not a known category: use one from GET /transactions/categories or create it with POST /transactions/categories`);
export function knownCategory(categories: Categories, name: string, field = 'category'): string {
  const resolved = categories.resolve(name);
  if (!resolved) throw unknownCategory(name, field);
  return resolved;
}

/**
 * One user's transactions and categories: the rules between the API and the repository (category
 * names resolved case-insensitively, cursors, rewards for the first transactions). Throws domain errors.
 */
export function transactionsService(deps: {
  repo: TransactionsRepository;
  accounts: AccountsRepository;
  rewards: Pick<RewardsService, 'record' | 'takeBack'>;
  /** Told when a row's category is changed by hand (two same moves of a merchant offer a rule). */
  recategorized?: (userId: string, before: TransactionRow, after: TransactionRow) => Promise<void>;
  /** Exchange rates: base amounts and the rate a foreign charge implies. */
  rates?: RatesService;
}) {
  const { repo, accounts, rewards, rates } = deps;
  /**
   * The amount in the base currency at the rate of its day: the amount itself in the base currency,
   * null when there is no rate (not converted, never 1:1).
   */
  const baseAmount = async (userId: string, accountCurrency: string, amountMinor: number, date: string): Promise<number | null> => {
    const base = await repo.accountCurrency(userId);
    if (accountCurrency === base) return amountMinor;
    const found = await rates?.rateOn(userId, accountCurrency, base, date);
    return found ? convertStored(amountMinor, base, found.rate) : null;
  };
  /** The currency of the account a row goes to: the one named, or the default one (first open on-budget, else the profile's). */
  const currencyOfAccount = async (userId: string, accountId: string | null | undefined): Promise<string> => {
    if (accountId) return (await accounts.get(userId, accountId))?.currency ?? (await repo.accountCurrency(userId));
    const first = (await accounts.plain(userId)).filter((a) => a.onBudget && !a.closed).sort((x, y) => x.position - y.position || +x.createdAt - +y.createdAt || x.id.localeCompare(y.id))[0];
    return first?.currency ?? (await repo.accountCurrency(userId));
  };
  /** An open account of the user, or a validation error naming the field. */
  const openAccount = async (userId: string, id: string) => {
    const a = await accounts.get(userId, id);
    if (!a) throw unprocessable('account_id is not one of your accounts: see GET /accounts');
    if (a.closed) throw conflict('account_id is a closed account: reopen it first');
    return a;
  };
  const categoriesFor = async (userId: string, f: TransactionFilters) => (f.category?.length ? loadCategories(repo, userId) : undefined);

  /**
   * A transfer leg's change: amount, date, description and notes change both legs; the account changes
   * this leg's; its type and category stay (a transfer is a transfer).
   */
  async function updateLeg(userId: string, current: TransactionRow, b: z.output<typeof updateTransactionRequest>, patch: TransactionPatch): Promise<Transaction> {
    if (b.type !== undefined && b.type !== current.type) throw conflict("A transfer leg keeps its direction: change the transfer's accounts instead");
    if (b.category !== undefined) throw conflict('A transfer leg has no category: delete the transfer and enter a transaction instead');
    const legs = await accounts.transfers.legs(userId, current.transferId!);
    const other = legs.find((l) => l.id !== current.id);
    if (!other) throw transactionNotFound();
    const shared: TransactionPatch = {};
    if (b.amount !== undefined) shared.amountMinor = toMinor(b.amount);
    if (b.date !== undefined) shared.date = b.date;
    if (b.description !== undefined) shared.description = b.description;
    if (b.notes !== undefined) shared.notes = b.notes;
    if (patch.reconciled === false) shared.reconciled = false;
    const own: TransactionPatch = { ...patch };
    if (b.merchant !== undefined) own.merchant = b.merchant;
    if (b.tags !== undefined) own.tags = b.tags;
    const mine = await accounts.get(userId, b.account_id ?? current.accountId);
    const theirs = await accounts.get(userId, other.accountId);
    if (!mine || !theirs) throw unprocessable('account_id is not one of your accounts: see GET /accounts');
    if (mine.id === theirs.id) throw unprocessable('account_id must be another account than the other leg’s');
    if (mine.currency !== theirs.currency) throw unprocessable('This transfer is between two currencies: change it with PUT /accounts/transfers/{id}, which keeps both amounts');
    own.accountId = mine.id;
    own.counts = countsFor(mine, 'transfer', theirs);
    const theirsPatch: TransactionPatch = { counts: countsFor(theirs, 'transfer', mine) };
    const isOut = current.type === 'expense';
    const updated = await accounts.transfers.update(userId, current.transferId!, shared, isOut ? own : theirsPatch, isOut ? theirsPatch : own);
    const row = updated?.find((l) => l.id === current.id);
    if (!row) throw transactionNotFound();
    return toTransaction(row);
  }

  async function splitAnswer(userId: string, row: TransactionRow): Promise<SplitResponse> {
    const lines = row.split ? ((await repo.splitLines(userId, [row.id])).get(row.id) ?? []) : [];
    return { transaction: toTransaction(row), lines: lines.map((l) => ({ transaction_id: l.id, category: l.category, amount: fromMinor(l.amountMinor), memo: l.notes })) };
  }

  return {
    currencyOf: (userId: string) => repo.accountCurrency(userId),

    async list(userId: string, q: ParsedTransactionListQuery) {
      const categories = await categoriesFor(userId, q);
      const after = q.cursor ? decodeCursor(q.cursor, q) : undefined;
      const result = await repo.list(userId, {
        filters: toStoredFilters(q, categories),
        sort: q.sort,
        order: q.order,
        limit: q.limit,
        offset: after ? 0 : q.offset,
        after,
        includeTotal: q.include_total,
      });
      const last = result.rows[result.rows.length - 1];
      // A split row shows its lines under it: one read for the page's split rows.
      const splitIds = result.rows.filter((r) => r.split).map((r) => r.id);
      const lines = splitIds.length ? await repo.splitLines(userId, splitIds) : new Map<string, TransactionRow[]>();
      return {
        transactions: result.rows.map((r) => {
          const t = toTransaction(r);
          const own = lines.get(r.id);
          return own ? { ...t, split_lines: own.map((l) => ({ category: l.category, amount: fromMinor(l.amountMinor), memo: l.notes })) } : t;
        }),
        total: result.total,
        limit: q.limit,
        offset: after ? 0 : q.offset,
        has_more: result.hasMore,
        next_cursor: result.hasMore && last ? encodeCursor(last, q.sort, q.order) : null,
      };
    },

    async get(userId: string, id: string): Promise<Transaction> {
      const row = await repo.get(userId, id);
      if (!row) throw transactionNotFound();
      return toTransaction(row);
    },

    async create(userId: string, b: z.output<typeof createTransactionRequest>): Promise<Transaction & { reward?: Reward }> {
      const categories = await loadCategories(repo, userId);
      // No account named: the default account (trigger transactions_default_account), always on budget.
      const account = b.account_id ? await openAccount(userId, b.account_id) : undefined;
      const input: NewTransaction = {
        accountId: account?.id ?? null,
        counts: account ? countsFor(account) : true,
        cleared: b.cleared ?? false,
        type: b.type,
        amountMinor: toMinor(b.amount),
        date: b.date,
        category: knownCategory(categories, b.category),
        description: b.description,
        merchant: b.merchant ?? null,
        notes: b.notes ?? null,
        tags: b.tags,
        currency: b.currency ?? null,
        ...merchantOf(b.merchant, b.description),
      };
      const accountCurrency = account?.currency ?? (await currencyOfAccount(userId, null));
      input.baseAmountMinor = await baseAmount(userId, accountCurrency, input.amountMinor, b.date);
      if (b.original_amount != null && b.original_currency != null) {
        if (b.original_currency === accountCurrency) throw unprocessable(`original_currency is the account's own currency (${accountCurrency}): send amount alone`);
        input.originalAmountMinor = toMinor(b.original_amount);
        input.originalCurrency = b.original_currency;
        // "100.00 EUR, charged 108.37 USD": the rate the card used is kept.
        await rates?.keepImplied(userId, b.date, input.originalAmountMinor, b.original_currency, input.amountMinor, accountCurrency);
      }
      const row = await repo.create(userId, input, !isDefaultCategory(input.category));
      // Deleted between the check above and the insert: the same answer as an unknown category.
      if (!row) throw unknownCategory(b.category);
      const reward = await rewards.record(userId, { type: 'transaction.created', transactionId: row.id });
      return { ...toTransaction(row), ...(reward ? { reward } : {}) };
    },

    /** Changes only the fields sent. */
    async update(userId: string, id: string, b: z.output<typeof updateTransactionRequest>): Promise<Transaction> {
      const current = await repo.get(userId, id);
      if (!current) throw transactionNotFound();
      if (current.reconciled && !b.confirm_reconciled) throw reconciledChange();
      const patch: TransactionPatch = {};
      if (b.cleared !== undefined) patch.cleared = b.cleared;
      // A changed reconciled row is no longer what the statement showed.
      if (current.reconciled && Object.keys(b).some((k) => k !== 'confirm_reconciled' && k !== 'cleared')) patch.reconciled = false;
      if (current.kind === 'transfer') return updateLeg(userId, current, b, patch);
      if (current.parentId) throw conflict(SPLIT_MESSAGES.isLine);
      // The form sends every field: only a change of amount, type or category is refused.
      if (
        current.split &&
        ((b.amount !== undefined && toMinor(b.amount) !== current.amountMinor) ||
          (b.type !== undefined && b.type !== current.type) ||
          (b.category !== undefined && b.category.toLowerCase() !== current.category.toLowerCase()))
      )
        throw conflict(SPLIT_MESSAGES.isSplit);
      if (current.kind !== 'standard' && (b.type !== undefined || b.category !== undefined)) throw conflict('A valuation or adjustment keeps its type and category');
      if (b.account_id !== undefined && b.account_id !== current.accountId) {
        const account = await openAccount(userId, b.account_id);
        patch.accountId = account.id;
        patch.counts = countsFor(account, current.kind);
      }
      if (b.type !== undefined) patch.type = b.type;
      if (b.amount !== undefined) patch.amountMinor = toMinor(b.amount);
      if (b.date !== undefined) patch.date = b.date;
      if (b.category !== undefined) patch.category = knownCategory(await loadCategories(repo, userId), b.category);
      if (b.description !== undefined) patch.description = b.description;
      if (b.merchant !== undefined) patch.merchant = b.merchant;
      if (b.notes !== undefined) patch.notes = b.notes;
      if (b.tags !== undefined) patch.tags = b.tags;
      if (b.currency !== undefined) patch.currency = b.currency;
      if (patch.amountMinor !== undefined || patch.date !== undefined || patch.accountId !== undefined) {
        const currency = await currencyOfAccount(userId, patch.accountId ?? current.accountId);
        patch.baseAmountMinor = await baseAmount(userId, currency, patch.amountMinor ?? current.amountMinor, patch.date ?? current.date);
      }
      if (b.merchant !== undefined || b.description !== undefined) Object.assign(patch, merchantOf(b.merchant !== undefined ? b.merchant : current.merchant, b.description ?? current.description));
      const row = await repo.update(userId, id, patch, patch.category !== undefined && !isDefaultCategory(patch.category));
      if (row === 'category_gone') throw unknownCategory(b.category!);
      if (!row) throw transactionNotFound();
      if (row.category !== current.category) await deps.recategorized?.(userId, current, row);
      return toTransaction(row);
    },

    /** Deleting a transfer leg deletes both legs; a reconciled row needs confirmReconciled. */
    async remove(userId: string, id: string, confirmReconciled = false): Promise<void> {
      const current = await repo.get(userId, id);
      if (!current) throw transactionNotFound();
      if (current.reconciled && !confirmReconciled) throw reconciledChange();
      if (current.parentId) throw conflict(SPLIT_MESSAGES.isLine);
      if (current.transferId) {
        await accounts.transfers.remove(userId, current.transferId);
        return;
      }
      if (!(await repo.remove(userId, id))) throw transactionNotFound();
      await rewards.takeBack(userId, 'transaction', id);
    },

    /** A transaction and its lines (none when it is not split). */
    async getSplit(userId: string, id: string): Promise<SplitResponse> {
      const row = await repo.get(userId, id);
      if (!row || row.parentId) throw transactionNotFound();
      return splitAnswer(userId, row);
    },

    /**
     * Divides a transaction into lines that add up exactly to its amount (replacing any it had). The
     * account's balance does not move, so a reconciled row splits without a confirmation.
     */
    async split(userId: string, id: string, b: SplitRequest): Promise<SplitResponse> {
      const current = await repo.get(userId, id);
      if (!current) throw transactionNotFound();
      if (current.parentId) throw conflict(SPLIT_MESSAGES.isLine);
      if (current.kind !== 'standard') throw conflict(SPLIT_MESSAGES.notSplittable);
      const categories = await loadCategories(repo, userId);
      const lines = b.lines.map((l, i) => ({ category: knownCategory(categories, l.category, `lines[${i}].category`), amountMinor: toMinor(l.amount), memo: l.memo ?? null }));
      const sum = lines.reduce((n, l) => n + l.amountMinor, 0);
      if (sum !== current.amountMinor) throw unprocessable(SPLIT_MESSAGES.notEqual(fromMinor(current.amountMinor).toFixed(2), fromMinor(sum).toFixed(2)));
      const own = [...new Set(lines.map((l) => l.category).filter((c) => !isDefaultCategory(c)))];
      const row = await repo.split(userId, id, lines, own);
      if (row === 'category_gone') throw unknownCategory(own.join(', '), 'lines.category');
      if (!row) throw transactionNotFound();
      return splitAnswer(userId, row);
    },

    /** Makes a split transaction one row again, in the category it had before. */
    async unsplit(userId: string, id: string): Promise<SplitResponse> {
      const current = await repo.get(userId, id);
      if (!current || current.parentId) throw transactionNotFound();
      if (!current.split) throw conflict(SPLIT_MESSAGES.notSplit);
      const row = await repo.unsplit(userId, id);
      if (!row) throw transactionNotFound();
      return { transaction: toTransaction(row), lines: [] };
    },

    async createCategory(userId: string, { name, type, color }: z.output<typeof createCategoryRequest>) {
      const exists = () => conflict(`A category named '${name}' already exists`);
      if (isDefaultCategory(name)) throw exists();
      const row = await repo.categories.create(userId, { name, type, color: color ?? null });
      if (!row) throw exists();
      return { name: row.name, type: row.type, color: row.color, is_default: false, transaction_count: 0 };
    },

    async deleteCategory(userId: string, name: string): Promise<void> {
      if (isDefaultCategory(name)) throw conflict('Default categories cannot be deleted');
      const outcome = await repo.categories.remove(userId, name);
      if (outcome === 'not_found') throw notFound('Category not found');
      if (outcome === 'in_use') throw conflict('This category is used by transactions: merge it into another category instead');
    },

    /** The filtered list as CSV text, streamed a page at a time (see export.ts). */
    async exportCsv(userId: string, q: TransactionFilters): Promise<AsyncGenerator<string>> {
      const [categories, currency] = await Promise.all([categoriesFor(userId, q), repo.accountCurrency(userId)]);
      return exportCsv(repo, userId, { filters: toStoredFilters(q, categories), sort: q.sort, order: q.order, currency });
    },
  };
}
export type TransactionsService = ReturnType<typeof transactionsService>;
