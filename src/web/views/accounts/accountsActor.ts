import { fromPromise, type ActorRefFrom } from 'xstate';
import { accountFormMachine } from '../../../../machines/accountForm';
import { accountReconcileMachine } from '../../../../machines/accountReconcile';
import { accountRegisterMachine } from '../../../../machines/accountRegister';
import { accountsMachine } from '../../../../machines/accounts';
import { accountTransferMachine } from '../../../../machines/accountTransfer';
import { transferMatchesMachine } from '../../../../machines/transferMatches';
import { unlessAborted } from '../../api/abort';
import { pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';

export type AccountsActor = ActorRefFrom<typeof accountsMachine>;
export const { Provider: AccountsProvider, useActor: useAccountsActor, useSelect: useAccounts } = pageActor<typeof accountsMachine>('accounts');

/** The Accounts page's actor: its effects are the /accounts calls and the ui actor's toasts. */
export function useAccountsMachine(today: string): AccountsActor {
  return usePageMachine(
    ({ api, ui }) =>
      accountsMachine.provide({
        actors: {
          loadAccounts: fromPromise(async ({ signal }) => {
            const [list, netWorth] = await unlessAborted(signal, Promise.all([api.accounts.list(signal), api.accounts.netWorth(12, signal)]));
            return { list, netWorth };
          }),
          closeAccount: fromPromise(({ input }) => api.accounts.close(input.accountId)),
          accountForm: accountFormMachine.provide({ actors: { saveAccount: fromPromise(({ input }) => api.accounts.save(input.accountId, input.body)) }, actions: { notify: toastVia(ui) } }),
          accountTransfer: accountTransferMachine.provide({ actors: { saveTransfer: fromPromise(({ input }) => api.accounts.saveTransfer(input.transferId, input.body)) }, actions: { notify: toastVia(ui) } }),
          accountRegister: accountRegisterMachine.provide({ actors: { fetchRegister: fromPromise(({ input, signal }) => api.accounts.register(input.accountId, input.cursor ?? undefined, signal)) } }),
          transferMatches: transferMatchesMachine.provide({
            actors: {
              fetchPairs: fromPromise(({ input, signal }) => api.accounts.transferPairs(input.cursor ?? undefined, signal)),
              linkPair: fromPromise(({ input }) => api.accounts.linkTransfer(input.fromId, input.toId)),
              dismissPair: fromPromise(({ input }) => api.accounts.dismissTransferMatch(input.fromId, input.toId)),
            },
          }),
          accountReconcile: accountReconcileMachine.provide({
            actors: {
              previewStatement: fromPromise(({ input }) => api.accounts.previewReconcile(input.accountId, input.statementDate, input.statementBalance)),
              finishReconcile: fromPromise(({ input }) => api.accounts.reconcile(input.accountId, input.statementDate, input.statementBalance, input.adjust)),
            },
            actions: { notify: toastVia(ui) },
          }),
        },
        actions: { notify: toastVia(ui) },
      }),
    { today },
  );
}
