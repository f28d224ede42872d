import { accountActions } from './accounts';
import { balanceActions } from './balances';
import type { AccountsDeps } from './common';
import { reconcileActions } from './reconcile';
import { transferActions } from './transfers';

export { countsFor, reconciledChange } from './common';

/**
 * Money accounts: create, edit, close, transfers between them, valuations, reconciliation, the
 * register and net worth. The rules live here; SQL in repositories/accounts.ts. Throws domain errors.
 * Each idea has its module here (accounts, transfers, reconcile, balances; shared parts in common).
 */
export function accountsService(deps: AccountsDeps) {
  const transfers = transferActions(deps);
  const accounts = accountActions(deps, transfers);
  return { ...accounts, ...transfers, ...reconcileActions(deps, accounts), ...balanceActions(deps) };
}
export type AccountsService = ReturnType<typeof accountsService>;
