import { getBytes, Wallet } from 'ethers';
import type { BrowserContext } from 'playwright-core';

export interface InjectedWalletOptions {
  /** The chain the wallet reports; it refuses to switch unless `canSwitch`. */
  chainId?: number;
  canSwitch?: boolean;
  rejectSignature?: boolean;
}

/**
 * An EIP-1193 provider injected into every page of the context and announced by EIP-6963, backed by
 * an ethers wallet held here in the test: the page's requests come over to Node and are answered for real.
 */
export async function injectWallet(context: BrowserContext, options: InjectedWalletOptions = {}) {
  const wallet = Wallet.createRandom();
  let chainId = options.chainId ?? 1;
  const signed: string[] = [];
  await context.exposeFunction('__e2eWallet', async (method: string, params: unknown[]) => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [wallet.address] };
      case 'eth_chainId':
        return { result: `0x${chainId.toString(16)}` };
      case 'net_version':
        return { result: String(chainId) };
      case 'wallet_switchEthereumChain': {
        if (!options.canSwitch) return { error: { code: 4902, message: 'Unrecognized chain' } };
        chainId = parseInt(String((params[0] as { chainId: string }).chainId), 16);
        return { result: null };
      }
      case 'personal_sign': {
        if (options.rejectSignature) return { error: { code: 4001, message: 'User rejected the request.' } };
        const message = getBytes(String(params[0]));
        signed.push(new TextDecoder().decode(message));
        return { result: await wallet.signMessage(message) };
      }
      default:
        return { error: { code: 4200, message: `Unsupported method ${method}` } };
    }
  });
  await context.addInitScript(() => {
    const bridge = (window as unknown as { __e2eWallet: (m: string, p: unknown[]) => Promise<{ result?: unknown; error?: { code: number; message: string } }> }).__e2eWallet;
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const answer = await bridge(method, params ?? []);
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
      on() {},
      removeListener() {},
    };
    const info = { uuid: 'e2e-wallet', name: 'E2E Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'test.finu.e2e' };
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
  });
  return { wallet, signed };
}
