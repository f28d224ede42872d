import { Contract, ContractFactory, FetchRequest, JsonRpcProvider, Wallet, getAddress, parseUnits, toBeHex, type TransactionReceipt } from 'ethers';
import type { ChainConfig } from '../../config';
import artifact from './FinuToken.json' with { type: 'json' };

/** FINU has 18 decimals; the treasury gets the whole supply at deployment. */
export const TOKEN_DECIMALS = 18;
export const TOKEN_SYMBOL = 'FINU';
export const INITIAL_SUPPLY = parseUnits('1000000000', TOKEN_DECIMALS);

export interface ChainStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export interface Chain {
  provider: JsonRpcProvider;
  treasury: Wallet;
  token: Contract;
  tokenAddress: string;
  chainId: number;
  confirmations: number;
  /** A receipt settles a transfer only once its block is this old (0: at once). */
  durableAfterMs: number;
  balanceOf(address: string): Promise<bigint>;
  receipt(hash: string): Promise<TransactionReceipt | null>;
  close(): void;
}

export class ChainUnavailableError extends Error {}

const ERC20_TRANSFER = new Contract('0x0000000000000000000000000000000000000000', artifact.abi).interface;
export const encodeTransfer = (to: string, amount: bigint) => ERC20_TRANSFER.encodeFunctionData('transfer', [to, amount]);

/**
 * Connects to the EVM node and makes sure FINU is there: the configured FINU_TOKEN_ADDRESS, else the
 * address deployed earlier (kept in chain_state per chain id), else a fresh deployment from the treasury.
 * An address without code (the node lost it) is deployed again.
 */
export async function connectChain(config: ChainConfig & { rpcUrl: string; treasuryPrivateKey: string }, store: ChainStore, log: (msg: string) => void): Promise<Chain> {
  // A short timeout: a call cut off by a node restart must fail (and be retried), not hang the transfer worker.
  const request = new FetchRequest(config.rpcUrl);
  request.timeout = 15_000;
  // cacheTimeout -1: ethers otherwise answers the same call made within 250 ms from its cache. The transfer
  // worker decides from a fresh nonce count and a receipt read after it; a cached "no receipt" next to a fresh
  // count made it sign a mined transfer again and pay it twice (tests/server/transfer-worker.test.ts).
  const provider = new JsonRpcProvider(request, config.chainId, { staticNetwork: true, batchMaxCount: 1, pollingInterval: 250, cacheTimeout: -1 });
  const network = await provider.send('eth_chainId', []);
  if (Number(network) !== config.chainId) {
    provider.destroy();
    throw new Error(`CHAIN_ID is ${config.chainId} but the node at CHAIN_RPC_URL is chain ${Number(network)}`);
  }
  const treasury = new Wallet(config.treasuryPrivateKey, provider);
  if (config.embedded) {
    // The embedded node: give the generated treasury gas money (anvil only).
    const balance = await provider.getBalance(treasury.address);
    if (balance < parseUnits('100', 18)) await provider.send('anvil_setBalance', [treasury.address, toBeHex(parseUnits('10000', 18))]);
  }
  const key = `token:${config.chainId}`;
  let tokenAddress = config.tokenAddress ? getAddress(config.tokenAddress) : await store.get(key);
  if (tokenAddress && (await provider.getCode(tokenAddress)) === '0x') {
    if (config.tokenAddress) throw new Error(`FINU_TOKEN_ADDRESS ${tokenAddress} has no contract on chain ${config.chainId}`);
    log(`FINU at ${tokenAddress} is not on the node any more: deploying it again`);
    tokenAddress = undefined;
  }
  if (!tokenAddress) {
    const factory = new ContractFactory(artifact.abi, artifact.bytecode, treasury);
    const deployed = await factory.deploy(INITIAL_SUPPLY);
    await deployed.waitForDeployment();
    tokenAddress = getAddress(await deployed.getAddress());
    await store.set(key, tokenAddress);
    log(`FINU deployed at ${tokenAddress} on chain ${config.chainId}`);
  }
  const token = new Contract(tokenAddress, artifact.abi, provider);
  return {
    provider,
    treasury,
    token,
    tokenAddress,
    chainId: config.chainId,
    confirmations: config.confirmations,
    durableAfterMs: config.durableAfterMs ?? 0,
    balanceOf: async (address) => (await token.getFunction('balanceOf')(address)) as bigint,
    receipt: (hash) => provider.getTransactionReceipt(hash),
    close: () => provider.destroy(),
  };
}
