import type { SignedWalletMessage, WalletAccount, WalletChoice, WalletNonce } from '../../../machines/session';
import { buildSiweMessage, SIWE_MESSAGE_TTL_MS } from './siweMessage';

/** An EIP-1193 provider: what MetaMask, Rabby, Coinbase Wallet and others put in the page. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
}

interface Eip6963Announcement {
  info: { uuid: string; name: string; icon?: string; rdns?: string };
  provider: Eip1193Provider;
}

export const walletTexts = {
  rejected: 'The request was rejected in your wallet.',
  signatureRejected: 'The signature request was rejected in your wallet.',
  pending: 'Your wallet already has a request waiting. Open the wallet to answer it.',
  noAccount: 'The wallet did not share an account.',
  failed: 'Web3 authentication failed',
  wrongNetwork: (chainId: number, allowed: number[]) =>
    `Wrong network: your wallet is on chain ${chainId}. Switch it to ${allowed.map((id) => (id === 1 ? 'Ethereum (chain 1)' : `chain ${id}`)).join(' or ')} and try again.`,
} as const;

/** Providers found by discovery, by id; kept out of the machine (context holds no functions). */
const found = new Map<string, Eip1193Provider>();

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** EIP-6963: ask every installed wallet to announce itself; fall back to an injected window.ethereum. */
export async function discoverWallets(waitMs = 300): Promise<WalletChoice[]> {
  const choices: WalletChoice[] = [];
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<Eip6963Announcement>).detail;
    if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function' || found.has(detail.info.uuid)) return;
    found.set(detail.info.uuid, detail.provider);
    choices.push({ id: detail.info.uuid, name: detail.info.name || 'Browser wallet', icon: detail.info.icon?.startsWith('data:image/') ? detail.info.icon : undefined });
  };
  found.clear();
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  window.removeEventListener('eip6963:announceProvider', onAnnounce);
  if (choices.length === 0 && typeof window.ethereum?.request === 'function') {
    found.set('injected', window.ethereum);
    choices.push({ id: 'injected', name: 'Browser wallet' });
  }
  return choices;
}

/** The EIP-1193 error code inside whatever ethers or the wallet threw. */
function walletCode(error: unknown): number | string | undefined {
  const e = error as { code?: unknown; info?: { error?: { code?: unknown } }; error?: { code?: unknown } } | null;
  const inner = e?.info?.error?.code ?? e?.error?.code;
  if (typeof inner === 'number') return inner;
  return typeof e?.code === 'number' || typeof e?.code === 'string' ? e.code : undefined;
}

function explain(error: unknown, rejected: string): Error {
  const code = walletCode(error);
  if (code === 4001 || code === 'ACTION_REJECTED') return new Error(rejected);
  if (code === -32002) return new Error(walletTexts.pending);
  return new Error(walletTexts.failed);
}

async function browserProvider(walletId: string) {
  const provider = found.get(walletId);
  if (!provider) throw new Error(walletTexts.failed);
  // ethers loads only now, when the user picked a wallet: the login page does not carry it.
  const { BrowserProvider } = await import('ethers');
  return new BrowserProvider(provider, 'any');
}

/** eth_requestAccounts through ethers' BrowserProvider, and the chain the wallet is on. */
export async function connectWallet({ walletId }: { walletId: string }): Promise<WalletAccount> {
  const provider = await browserProvider(walletId);
  let accounts: string[];
  try {
    accounts = (await provider.send('eth_requestAccounts', [])) as string[];
  } catch (error) {
    throw explain(error, walletTexts.rejected);
  }
  if (!accounts?.[0]) throw new Error(walletTexts.noAccount);
  const { getAddress } = await import('ethers');
  const network = await provider.getNetwork();
  return { walletId, address: getAddress(accounts[0]), chainId: Number(network.chainId) };
}

/** Builds the EIP-4361 message (switching to an allowed chain first if needed) and asks the wallet to sign it. */
export async function signWalletMessage({ account, nonce }: { account: WalletAccount; nonce: WalletNonce }): Promise<SignedWalletMessage> {
  let chainId = account.chainId;
  if (!nonce.chain_ids.includes(chainId)) {
    const wanted = nonce.chain_ids[0]!;
    try {
      await found.get(account.walletId)!.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${wanted.toString(16)}` }] });
      chainId = wanted;
    } catch {
      throw new Error(walletTexts.wrongNetwork(chainId, nonce.chain_ids));
    }
  }
  const now = Date.now();
  const message = buildSiweMessage({
    domain: nonce.domain,
    address: nonce.address,
    statement: nonce.statement,
    uri: nonce.uri,
    chainId,
    nonce: nonce.nonce,
    issuedAt: new Date(now),
    expirationTime: new Date(now + SIWE_MESSAGE_TTL_MS),
  });
  const provider = await browserProvider(account.walletId);
  try {
    const signer = await provider.getSigner(account.address);
    return { address: nonce.address, message, signature: await signer.signMessage(message) };
  } catch (error) {
    throw explain(error, walletTexts.signatureRejected);
  }
}
