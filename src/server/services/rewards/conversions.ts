import { MIN_CONVERSION_POINTS, type ConvertRequest, type ConvertResponse, type OnchainBalance, type Transfer } from '../../../contract/rewards';
import { badRequest, CHAIN_UNAVAILABLE, InsufficientFundsError, notFound, UnavailableError, unprocessable } from '../../errors';
import type { RewardsRepository, TransferRow } from '../../repositories/rewards';
import type { Chain } from '../chain';
import { WEI_PER_POINT } from './rules';

// ethers and the gas policy load on the first reward call, not at start (docs/performance.md, memory).
const ethers = () => import('ethers');
const gasPolicy = () => import('../chain/gas');

export const toTransfer = async (row: TransferRow): Promise<Transfer> => ({
  transfer_id: row.id,
  status: row.status,
  points: row.points,
  amount: (await ethers()).formatUnits(BigInt(row.amountWei), 18),
  amount_wei: row.amountWei,
  to_address: row.toAddress,
  chain_id: row.chainId,
  token_address: row.tokenAddress,
  tx_hash: row.status === 'pending' ? null : row.txHash,
  block_number: row.blockNumber,
  error: row.status === 'failed' ? row.error : null,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** An address as ethers checksums it; a 422 naming `field` when it is none. */
async function checksummed(value: string, field: string): Promise<string> {
  const { getAddress } = await ethers();
  try {
    return getAddress(value.toLowerCase());
  } catch {
    throw unprocessable(`${field} must be an Ethereum address: 0x followed by 40 hexadecimal characters`);
  }
}

interface ConversionDeps {
  repo: RewardsRepository;
  /** The chain, or null while it is not reachable (a conversion is still recorded and sent later). */
  chain: () => Chain | null;
  /** The chain id conversions are recorded for while the node is not reachable. */
  chainId: number;
  /** Wakes the transfer worker after a conversion is recorded. */
  kick: () => void;
}

/**
 * Points to FINU ([spec:7-wallet-rewards]): convert exactly once (points debited and the transfer recorded in one
 * database transaction, then the transfer worker sends it), follow a transfer, read any address's FINU.
 */
export function conversionsService(deps: ConversionDeps) {
  const requireChain = () => {
    const chain = deps.chain();
    if (!chain) throw new UnavailableError(CHAIN_UNAVAILABLE);
    return chain;
  };

  /** A named price must lie inside the band around the node's current fee (the node is asked now). */
  async function checkPriceBand(text: string) {
    const { gwei, nodeFee, parseGasPrice, priceBand } = await gasPolicy();
    const chain = requireChain();
    let band: { low: bigint; high: bigint };
    try {
      band = priceBand(await nodeFee(chain.provider));
    } catch {
      throw new UnavailableError(CHAIN_UNAVAILABLE);
    }
    if (band.high < band.low) throw new UnavailableError('Network fees are above the most a conversion may cost right now. Your points are safe; try again later.');
    const wei = parseGasPrice(text);
    if (wei < band.low || wei > band.high) throw unprocessable(`gas_price_gwei must be between ${gwei(band.low)} and ${gwei(band.high)} gwei (the network's current fee is ${gwei(band.low)} gwei), or choose a speed`);
  }

  return {
    async convert(userId: string, request: ConvertRequest): Promise<ConvertResponse> {
      const { points, to_address, gas_price_gwei, speed } = request;
      if (points < MIN_CONVERSION_POINTS) throw badRequest(`You can convert ${MIN_CONVERSION_POINTS} points or more at a time (${MIN_CONVERSION_POINTS} points = 1 FINU).`);
      const to = await checksummed(to_address, 'to_address');
      if (to === '0x0000000000000000000000000000000000000000') throw unprocessable('to_address cannot be the zero address: tokens sent there are lost');
      if (gas_price_gwei !== undefined && speed !== undefined) throw unprocessable('Choose a speed or a gas_price_gwei, not both');
      const gasPriceGwei = gas_price_gwei === undefined ? null : String(gas_price_gwei);
      if (gasPriceGwei !== null) await checkPriceBand(gasPriceGwei);
      const chain = deps.chain();
      const result = await deps.repo.convert(userId, {
        points,
        amountWei: (BigInt(points) * WEI_PER_POINT).toString(),
        toAddress: to,
        chainId: chain?.chainId ?? deps.chainId,
        tokenAddress: chain?.tokenAddress ?? null,
        gasPriceGwei,
        gasSpeed: gasPriceGwei === null ? (speed ?? 'normal') : null,
        title: 'Converted to FINU',
        message: `${points} points to ${to}`,
      });
      if (result.kind === 'insufficient') {
        throw new InsufficientFundsError(result.balance === 0 ? `You have no points to convert yet.` : `You have ${result.balance} points; you cannot convert ${points}.`);
      }
      deps.kick();
      return { ...(await toTransfer(result.transfer)), points_balance: result.balance };
    },

    async transfer(userId: string, transferId: string): Promise<Transfer> {
      const row = await deps.repo.transfer(userId, transferId);
      if (!row) throw notFound('Transfer not found');
      return toTransfer(row);
    },

    async finuBalance(value: string): Promise<OnchainBalance> {
      const address = await checksummed(value, 'address');
      const chain = requireChain();
      const wei = await chain.balanceOf(address);
      const { formatUnits } = await ethers();
      return { address, balance: formatUnits(wei, 18), balance_wei: wei.toString(), symbol: 'FINU', decimals: 18, token_address: chain.tokenAddress, chain_id: chain.chainId };
    },
  };
}

export type ConversionsService = ReturnType<typeof conversionsService>;
