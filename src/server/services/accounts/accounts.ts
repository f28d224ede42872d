import type { z } from 'zod';
import { ACCOUNT_GROUP_OF, ACCOUNT_GROUPS, ACCOUNT_LIMITS, ON_BUDGET_BY_DEFAULT, VALUATION_CATEGORY, type Account, type AccountList, type closeAccountRequest, type createAccountRequest, type updateAccountRequest, type valuationRequest } from '../../../contract/accounts';
import type { Transaction } from '../../../contract/transactions';
import { fromMinor, toMinor } from '../../../contract/money';
import { conflict } from '../../errors';
import type { AccountPatch, AccountWithBalance } from '../../repositories/accounts';
import type { TransactionRow } from '../../repositories/transactions';
import { toTransaction } from '../transactions/wire';
import { convertStored } from '../rates/service';
import type { TransferActions } from './transfers';
import { accountLookups, accountNotFound, adjustmentRow, currencyMoves, toAccount, type AccountsDeps } from './common';

/** The accounts themselves: the list with its totals, create, edit, remove, close, valuations. */
export function accountActions(deps: AccountsDeps, transfers: Pick<TransferActions, 'transfer'>) {
  const { repo, currencyOf, today } = deps;
  const { mustGet, nameTaken } = accountLookups(deps);
  const { valued } = currencyMoves(deps);
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
            ? await transfers.transfer(userId, { from_account_id: id, to_account_id: b.transfer_to_account_id, amount, date, description: `Closing ${a.name}`, notes: null })
            : await transfers.transfer(userId, { from_account_id: b.transfer_to_account_id, to_account_id: id, amount, date, description: `Closing ${a.name}`, notes: null });
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
  };
  return service;
}
export type AccountActions = ReturnType<typeof accountActions>;
