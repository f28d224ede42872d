import { useActorRef, useSelector } from '@xstate/react';
import { inspect } from '../../app/inspect';
import { isAddress, verifyMessage } from 'ethers';
import { createContext, useContext, useMemo } from 'react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { tokensMachine } from '../../../../machines/tokens';
import { walletMachine } from '../../../../machines/wallet';
import type { BackupResponse } from '../../../contract/rewards';
import type { Api } from '../../api';
import { useAppActors } from '../../app/context';
import { unlessAborted } from '../../api/abort';

export type TokensActor = ActorRefFrom<typeof tokensMachine>;
export type TokensSnapshot = SnapshotFrom<typeof tokensMachine>;
export type WalletActor = ActorRefFrom<typeof walletMachine>;

export const TokensActorContext = createContext<{ tokens: TokensActor; wallet: WalletActor } | null>(null);

function useActors() {
  const actors = useContext(TokensActorContext);
  if (!actors) throw new Error('tokens hooks outside <TokensActorContext.Provider>');
  return actors;
}
export const useTokensActor = () => useActors().tokens;
export const useWalletActor = () => useActors().wallet;
export function useTokens<T>(selector: (s: TokensSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useTokensActor(), selector, compare);
}
export function useWallet<T>(selector: (s: SnapshotFrom<typeof walletMachine>) => T): T {
  return useSelector(useWalletActor(), selector);
}

/** An optional part of the overview: its failure leaves that panel empty instead of failing the page. */
const optional = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

function downloadKeystore(backup: BackupResponse) {
  const url = URL.createObjectURL(new Blob([backup.keystore], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = backup.filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

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
export function useTokensMachines() {
  const { api, ui } = useAppActors();
  const tokensLogic = useMemo(
    () =>
      tokensMachine.provide({
        actors: {
          loadOverview: fromPromise(({ signal }) => unlessAborted(signal, loadOverview(api, signal))),
          loadHistory: fromPromise(({ input, signal }) => unlessAborted(signal, api.tokens.history(input, signal))),
          loadOnchain: fromPromise(({ signal }) => unlessAborted(signal, api.tokens.onchainBalance(signal))),
          convert: fromPromise(({ input }) => api.tokens.convert(input)),
          getTransfer: fromPromise(({ input, signal }) => unlessAborted(signal, api.tokens.transfer(input.id, signal))),
        },
        actions: { notify: (_, toast) => ui.send({ type: 'toast.show', toast }) },
        guards: { isAddress: (_, { address }) => isAddress(address) },
      }),
    [api, ui],
  );

  const walletLogic = useMemo(
    () =>
      walletMachine.provide({
        actors: {
          sign: fromPromise(async ({ input }) => {
            const signed = await api.tokens.signMessage(input.message);
            return { signed, verified: verifyMessage(signed.message, signed.signature) === signed.address };
          }),
          backup: fromPromise(({ input }) => api.tokens.backup(input.password)),
        },
        actions: { download: (_, backup) => downloadKeystore(backup), notify: (_, toast) => ui.send({ type: 'toast.show', toast }) },
      }),
    [api, ui],
  );
  const tokens = useActorRef(tokensLogic, { inspect });
  const wallet = useActorRef(walletLogic, { inspect });
  return useMemo(() => ({ tokens, wallet }), [tokens, wallet]);
}
