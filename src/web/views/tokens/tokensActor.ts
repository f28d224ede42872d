import { isAddress, verifyMessage } from 'ethers';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { tokensMachine } from '../../../../machines/tokens';
import { walletMachine } from '../../../../machines/wallet';
import type { Api } from '../../api';
import { unlessAborted } from '../../api/abort';
import { pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';
import { saveFile } from '../saveFile';

export type TokensActor = ActorRefFrom<typeof tokensMachine>;
export type WalletActor = ActorRefFrom<typeof walletMachine>;

/** Points, conversion and history. */
export const { Provider: TokensProvider, useActor: useTokensActor, useSelect: useTokens } = pageActor<typeof tokensMachine>('tokens');
/** The custodial wallet: signing, backup. */
export const { Provider: WalletProvider, useActor: useWalletActor, useSelect: useWallet } = pageActor<typeof walletMachine>('wallet');

/** An optional part of the overview: its failure leaves that panel empty instead of failing the page. */
const optional = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

/** Everything but the history and the chain, in one go; only the balance is required. */
async function loadOverview(api: Api, signal: AbortSignal) {
  const [balance, statistics, available, progress, earnings, wallet] = await Promise.all([
    api.tokens.balance(signal),
    optional(api.tokens.statistics(signal)),
    optional(api.tokens.availableRewards(signal)),
    optional(api.tokens.transactionProgress(signal)),
    optional(api.tokens.earnings(signal)),
    optional(api.tokens.walletInfo(signal)),
  ]);
  return { balance, statistics, available, progress, earnings, wallet };
}

/** The /tokens actors, alive as long as the page; ethers lives only in this chunk (address checksums, signature checks). */
export function useTokensMachines(): { tokens: TokensActor; wallet: WalletActor } {
  const tokens = usePageMachine(({ api, ui }) =>
    tokensMachine.provide({
      actors: {
        loadOverview: fromPromise(({ signal }) => unlessAborted(signal, loadOverview(api, signal))),
        loadHistory: fromPromise(({ input, signal }) => unlessAborted(signal, api.tokens.history(input, signal))),
        loadOnchain: fromPromise(({ signal }) => unlessAborted(signal, api.tokens.onchainBalance(signal))),
        convert: fromPromise(({ input }) => api.tokens.convert(input)),
        getTransfer: fromPromise(({ input, signal }) => unlessAborted(signal, api.tokens.transfer(input.id, signal))),
      },
      actions: { notify: toastVia(ui) },
      guards: { isAddress: (_, { address }) => isAddress(address) },
    }),
  );
  const wallet = usePageMachine(({ api, ui }) =>
    walletMachine.provide({
      actors: {
        sign: fromPromise(async ({ input }) => {
          const signed = await api.tokens.signMessage(input.message);
          return { signed, verified: verifyMessage(signed.message, signed.signature) === signed.address };
        }),
        backup: fromPromise(({ input }) => api.tokens.backup(input.password, input.accountPassword)),
      },
      actions: { download: (_, backup) => saveFile(backup.keystore, backup.filename, 'application/json'), notify: toastVia(ui) },
    }),
  );
  return { tokens, wallet };
}
