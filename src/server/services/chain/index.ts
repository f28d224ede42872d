import { randomUUID } from 'node:crypto';
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
  /** A lease across API processes (true: this owner holds it until ttlMs or release). */
  lease(key: string, owner: string, ttlMs: number): Promise<boolean>;
  release(key: string, owner: string): Promise<void>;
}

/** How long one process may take to deploy FINU before another may try; how long the others wait for it. */
const DEPLOY_LEASE_MS = 120_000;
const DEPLOY_WAIT_MS = 150_000;

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
  const hasCode = async (address: string) => (await provider.getCode(address)) !== '0x';
  let tokenAddress: string;
  if (config.tokenAddress) {
    tokenAddress = getAddress(config.tokenAddress);
    if (!(await hasCode(tokenAddress))) throw new Error(`FINU_TOKEN_ADDRESS ${tokenAddress} has no contract on chain ${config.chainId}`);
  } else {
    tokenAddress = await deployOnce(provider, treasury, store, key, hasCode, log, config.chainId);
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

/**
 * The stored FINU address with code on the node, else one deployment across every API process on the database:
 * the process holding the deploy lease deploys and stores the address; the others wait for it (two processes
 * started together once deployed two tokens, and each paid from its own).
 */
async function deployOnce(provider: JsonRpcProvider, treasury: Wallet, store: ChainStore, key: string, hasCode: (address: string) => Promise<boolean>, log: (msg: string) => void, chainId: number): Promise<string> {
  const stored = await store.get(key);
  if (stored && (await hasCode(stored))) return getAddress(stored);
  const owner = randomUUID();
  const lease = `deploy:${chainId}`;
  const until = Date.now() + DEPLOY_WAIT_MS;
  for (;;) {
    if (await store.lease(lease, owner, DEPLOY_LEASE_MS)) {
      try {
        // Another process may have deployed between the read above and the lease.
        const current = await store.get(key);
        if (current && (await hasCode(current))) return getAddress(current);
        if (current) log(`FINU at ${current} is not on the node any more: deploying it again`);
        const factory = new ContractFactory(artifact.abi, artifact.bytecode, treasury);
        const deployed = await factory.deploy(INITIAL_SUPPLY);
        await deployed.waitForDeployment();
        const address = getAddress(await deployed.getAddress());
        await store.set(key, address);
        log(`FINU deployed at ${address} on chain ${chainId}`);
        return address;
      } finally {
        await store.release(lease, owner).catch(() => undefined);
      }
    }
    if (Date.now() > until) throw new Error('FINU is being deployed by another API process that has not finished');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = await store.get(key);
    if (current && (await hasCode(current))) return getAddress(current);
  }
}
