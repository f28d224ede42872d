import { fromPromise } from 'xstate';
import { walletSignInMachine } from '../../../machines/walletSignIn';
import type { Api } from '../api';

// The wallet code (ethers) loads when a user first uses a wallet, not with /login or /settings.
const wallet = () => import('../wallet/connect');

/**
 * The one wallet signing flow (machines/walletSignIn.ts) with its real I/O: the browser wallet and the API.
 * Signing in (the session, on /login) and linking a wallet (Settings › Sign-in methods) both run it.
 */
export const browserWalletSignIn = (api: Api) =>
  walletSignInMachine.provide({
    actors: {
      discoverWallets: fromPromise(async () => (await wallet()).discoverWallets()),
      connectWallet: fromPromise(async ({ input }) => (await wallet()).connectWallet(input)),
      getNonce: fromPromise(({ input }) => api.web3.nonce(input.address)),
      signWalletMessage: fromPromise(async ({ input }) => (await wallet()).signWalletMessage(input)),
      web3Auth: fromPromise(({ input }) => api.web3.auth(input)),
      linkWallet: fromPromise(({ input }) => api.web3.link(input)),
    },
  });
