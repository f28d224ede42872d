import type { AccountList, NetWorth, ReconcilePreview, Register, TransferPairs, TransferResult, Account } from '../../contract/accounts';
import type { AccountBody } from '../../../machines/accountForm';
import type { TransferBody } from '../../../machines/accountTransfer';
import type { Transaction } from '../../contract/transactions';
import type { ApiCall } from './client';

const accountPath = (id: string) => `/accounts/${encodeURIComponent(id)}`;

/** /accounts: money accounts, transfers, reconcile, the register and net worth. */
export function accountsApi(call: ApiCall) {
  return {
    list: (signal?: AbortSignal) => call<AccountList>('/accounts', { defaultMessage: 'Failed to fetch accounts', signal }),
    netWorth: (months = 12, signal?: AbortSignal) => call<NetWorth>('/accounts/net-worth', { query: { months }, defaultMessage: 'Failed to fetch net worth', signal }),
    save: (accountId: string | null, body: AccountBody) =>
      accountId
        ? call<Account>(accountPath(accountId), { method: 'PUT', body, defaultMessage: 'Failed to save account' })
        : call<Account>('/accounts', { method: 'POST', body, defaultMessage: 'Failed to save account' }),
    close: (accountId: string) => call<unknown>(`${accountPath(accountId)}/close`, { method: 'POST', body: {}, defaultMessage: 'Failed to close account' }),
    saveTransfer: (transferId: string | null, body: TransferBody) =>
      transferId
        ? call<TransferResult>(`/accounts/transfers/${encodeURIComponent(transferId)}`, { method: 'PUT', body, defaultMessage: 'Failed to save transfer' })
        : call<TransferResult>('/accounts/transfers', { method: 'POST', body, defaultMessage: 'Failed to save transfer' }),
    previewReconcile: (accountId: string, statementDate: string, statementBalance: number) =>
      call<ReconcilePreview>(`${accountPath(accountId)}/reconcile`, { query: { statement_date: statementDate, statement_balance: statementBalance }, defaultMessage: 'Failed to reconcile' }),
    reconcile: (accountId: string, statementDate: string, statementBalance: number, adjust: boolean) =>
      call<{ account: Account; locked: number }>(`${accountPath(accountId)}/reconcile`, { method: 'POST', body: { statement_date: statementDate, statement_balance: statementBalance, adjust }, defaultMessage: 'Failed to reconcile' }),
    register: (accountId: string, cursor?: string, signal?: AbortSignal) =>
      call<Register>(`${accountPath(accountId)}/register`, { query: cursor ? { cursor } : {}, defaultMessage: 'Failed to fetch transactions', signal }),
    transferPairs: (cursor?: string, signal?: AbortSignal) =>
      call<TransferPairs>('/transactions/transfer-matches', { query: cursor ? { cursor } : {}, defaultMessage: 'Failed to fetch transfer matches', signal }),
    /** One row's possible other legs ("This is a transfer…" in the transaction form). */
    transferMatchesFor: (transactionId: string, signal?: AbortSignal) =>
      call<{ matches: Transaction[] }>(`/transactions/${encodeURIComponent(transactionId)}/transfer-matches`, { defaultMessage: 'Failed to fetch transfer matches', signal }),
    linkTransfer: (fromId: string, toId: string) =>
      call<TransferResult>(`/transactions/${encodeURIComponent(fromId)}/link-transfer`, { method: 'POST', body: { other_transaction_id: toId }, defaultMessage: 'Failed to link transfer' }),
    dismissTransferMatch: (fromId: string, toId: string) =>
      call<unknown>(`/transactions/${encodeURIComponent(fromId)}/dismiss-transfer-match`, { method: 'POST', body: { other_transaction_id: toId }, defaultMessage: 'Failed to dismiss match' }),
  };
}
export type AccountsApi = ReturnType<typeof accountsApi>;
