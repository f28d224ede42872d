import type { z } from 'zod';
import { type Register, type reconcileRequest } from '../../../contract/accounts';
import { fromMinor, toMinor } from '../../../contract/money';
import { conflict } from '../../errors';
import { toTransaction } from '../transactions/wire';
import type { AccountActions } from './accounts';
import { accountLookups, adjustmentRow, decodeRegisterCursor, toAccount, type AccountsDeps } from './common';

/** Reconciling an account against a statement, and its register (rows with the balance after each). */
export function reconcileActions(deps: AccountsDeps, accounts: Pick<AccountActions, 'get'>) {
  const { repo } = deps;
  const { mustGet } = accountLookups(deps);
  const service = {
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
      return { account: await accounts.get(userId, id), adjustment: result.adjustment ? toTransaction(result.adjustment) : null, locked: result.locked };
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
  };
  return service;
}
