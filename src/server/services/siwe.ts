import type { SiweMessage } from 'siwe';
import { InvalidRequestError, UnauthenticatedError } from '../errors';

export const SIWE_STATEMENT = 'Sign in to Finu with your wallet.';
export const NONCE_TTL_MS = 10 * 60_000;
/** Clock skew tolerated between the wallet's machine and the server. */
const SKEW_MS = 5 * 60_000;
const EIP1271_MAGIC = '0x1626ba7e';

const chainNames: Record<number, string> = { 1: 'Ethereum', 10: 'OP Mainnet', 137: 'Polygon', 8453: 'Base', 42161: 'Arbitrum One', 11155111: 'Sepolia', 31337: 'the local development chain' };
export const chainName = (id: number) => (chainNames[id] ? `${chainNames[id]} (chain ${id})` : `chain ${id}`);

export const SIWE_TEXTS = {
  malformed: 'The message is not a valid Sign-In with Ethereum (EIP-4361) message.',
  otherAddress: 'The signed message names a different address than the one signing in.',
  domain: 'The signed message was made for another site.',
  uri: 'The signed message points to another site.',
  noExpiry: 'The signed message must say when it expires.',
  expired: 'The sign-in message has expired. Please try again.',
  future: 'The sign-in message is dated in the future. Check your computer’s clock.',
  notYet: 'The sign-in message is not valid yet.',
  signature: 'The signature does not match the address.',
  nonce: 'This sign-in request has expired or was already used. Please try again.',
  wrongChain: (id: number, allowed: number[]) => `Sign-in on ${chainName(id)} is not accepted. Switch your wallet to ${allowed.map(chainName).join(' or ')}.`,
} as const;

export interface SiweCheck {
  address: string;
  signature: string;
  message: string;
}

export interface SiweSettings {
  /** The app's host (with port): the message's domain. */
  domain: string;
  /** The app's origin: the message's URI must be on it. */
  origin: string;
  chainIds: number[];
  rpcUrl?: string;
  /** Marks the nonce used; false when unknown, used, expired or issued to another address. */
  consumeNonce(nonce: string, address: string): Promise<boolean>;
  /** 'unauthenticated' (401) for sign-in; 'invalid' (400) where a failure must not read as an expired session (linking). */
  refusal: 'unauthenticated' | 'invalid';
}

/** EIP-1271: a contract wallet answers isValidSignature(hash, signature) with the magic value. */
async function contractWalletAccepts(rpcUrl: string, address: string, message: string, signature: string): Promise<boolean> {
  const { Contract, FetchRequest, hashMessage, JsonRpcProvider } = await import('ethers');
  const request = new FetchRequest(rpcUrl);
  // A slow node must not hold a sign-in request for ethers' default five minutes.
  request.timeout = 10_000;
  const provider = new JsonRpcProvider(request, undefined, { staticNetwork: true, batchMaxCount: 1 });
  try {
    const code = await provider.getCode(address);
    if (!code || code === '0x') return false;
    const wallet = new Contract(address, ['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'], provider);
    const answer = (await wallet.getFunction('isValidSignature').staticCall(hashMessage(message), signature)) as string;
    return answer.toLowerCase() === EIP1271_MAGIC;
  } catch {
    return false;
  } finally {
    provider.destroy();
  }
}

/**
 * Verifies a Sign-In with Ethereum message (parsed by `siwe`, signature by `ethers`): this site's domain
 * and origin, an allowed chain, issued-at and expiry, the signer (or an EIP-1271 contract wallet through
 * the chain's RPC node), and last the nonce, once. Answers the checksummed address.
 */
export async function verifySiwe(input: SiweCheck, settings: SiweSettings): Promise<string> {
  // ethers and siwe load on the first wallet sign-in, not at start (docs/performance.md, memory).
  const [{ SiweMessage }, { getAddress, verifyMessage }] = await Promise.all([import('siwe'), import('ethers')]);
  const refuse = (detail: string) => (settings.refusal === 'unauthenticated' ? new UnauthenticatedError(detail) : new InvalidRequestError(detail));
  let parsed: SiweMessage;
  try {
    parsed = new SiweMessage(input.message);
  } catch {
    throw new InvalidRequestError(SIWE_TEXTS.malformed);
  }
  const address = getAddress(input.address.toLowerCase());
  if (parsed.address.toLowerCase() !== address.toLowerCase()) throw refuse(SIWE_TEXTS.otherAddress);
  if (parsed.domain !== settings.domain) throw refuse(SIWE_TEXTS.domain);
  let uriOrigin: string | null = null;
  try {
    uriOrigin = new URL(parsed.uri).origin;
  } catch {
    uriOrigin = null;
  }
  if (uriOrigin !== settings.origin) throw refuse(SIWE_TEXTS.uri);
  if (!settings.chainIds.includes(parsed.chainId)) throw refuse(SIWE_TEXTS.wrongChain(parsed.chainId, settings.chainIds));
  const now = Date.now();
  if (new Date(parsed.issuedAt ?? 0).getTime() > now + SKEW_MS) throw refuse(SIWE_TEXTS.future);
  if (!parsed.expirationTime) throw refuse(SIWE_TEXTS.noExpiry);
  if (new Date(parsed.expirationTime).getTime() <= now) throw refuse(SIWE_TEXTS.expired);
  if (parsed.notBefore && new Date(parsed.notBefore).getTime() > now + SKEW_MS) throw refuse(SIWE_TEXTS.notYet);

  let recovered: string | null = null;
  try {
    recovered = verifyMessage(input.message, input.signature);
  } catch {
    recovered = null;
  }
  const signed = recovered?.toLowerCase() === address.toLowerCase() || (settings.rpcUrl ? await contractWalletAccepts(settings.rpcUrl, address, input.message, input.signature) : false);
  if (!signed) throw refuse(SIWE_TEXTS.signature);
  if (!(await settings.consumeNonce(parsed.nonce, address))) throw refuse(SIWE_TEXTS.nonce);
  return address;
}
