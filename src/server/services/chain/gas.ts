import { formatUnits, parseUnits, type JsonRpcProvider, type Transaction } from 'ethers';
import { GAS_PRICE_PATTERN, type GasSpeed } from '../../../contract/rewards';

/**
 * The server's gas policy. The client picks a speed, or a price inside a band around the node's current fee;
 * the worker turns either into a fee when it signs, never below the node's current fee and never above the
 * ceiling on what one conversion may cost the treasury.
 */

/** Gas a FINU transfer may use (an ERC-20 transfer uses about 35,000–52,000). */
export const GAS_LIMIT = 100_000n;
const GWEI = 10n ** 9n;
/** The most the treasury pays in gas for one conversion: 0.01 ETH, so 100 gwei per gas at GAS_LIMIT. */
export const MAX_FEE_WEI_PER_CONVERSION = parseUnits('0.01', 'ether');
export const MAX_FEE_PER_GAS = MAX_FEE_WEI_PER_CONVERSION / GAS_LIMIT;
/** The node's fee is never taken below this (a dev node's base fee decays towards zero between blocks). */
const MIN_REFERENCE = 1n * GWEI;
/** Fee per gas for each speed, in percent of the node's current fee. */
const SPEED_PERCENT: Record<GasSpeed, bigint> = { slow: 110n, normal: 150n, fast: 300n };
/** An explicit price may lie between the node's current fee and this many percent of it (and under the ceiling). */
const BAND_HIGH_PERCENT = 500n;
/** Nodes accept a replacement with the same nonce only when both fee fields rise by 10 % or more. */
const REPLACEMENT_PERCENT = 125n;
const TIP = 1n * GWEI;

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
export const gwei = (wei: bigint) => formatUnits(wei, 'gwei').replace(/\.0$/, '');

/** The node's current fee: the latest base fee (or gas price on a chain without one), at least 1 gwei. */
export interface NodeFee {
  baseFee: bigint | null;
  reference: bigint;
}

export async function nodeFee(provider: Pick<JsonRpcProvider, 'getBlock' | 'send'>): Promise<NodeFee> {
  const block = await provider.getBlock('latest');
  const baseFee = block?.baseFeePerGas ?? null;
  const current = baseFee ?? BigInt((await provider.send('eth_gasPrice', [])) as string);
  return { baseFee, reference: max(current, MIN_REFERENCE) };
}

/** The prices a client may name now, in wei per gas (empty when the node's fee is above the ceiling). */
export function priceBand(fee: NodeFee): { low: bigint; high: bigint } {
  return { low: fee.reference, high: min((fee.reference * BAND_HIGH_PERCENT) / 100n, MAX_FEE_PER_GAS) };
}

/** A stored gas price (gwei, a decimal with at most 9 decimals) in wei; throws on anything else. */
export function parseGasPrice(text: string): bigint {
  if (!GAS_PRICE_PATTERN.test(text)) throw new Error(`the stored gas price '${text.slice(0, 40)}' is not a decimal number of gwei`);
  return parseUnits(text, 'gwei');
}

export type FeeFields = { type: 2; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { type: 0; gasPrice: bigint };

/** The fee per gas a transfer pays: the chosen price or speed, at least the node's current fee, at most the ceiling. */
export function feeFor(choice: { priceWei: bigint | null; speed: GasSpeed }, fee: NodeFee): FeeFields {
  const wanted = choice.priceWei ?? (fee.reference * SPEED_PERCENT[choice.speed]) / 100n;
  return fields(min(max(wanted, fee.reference), MAX_FEE_PER_GAS), fee);
}

/**
 * The fee of a same-nonce replacement of `previous`: 25 % above it on both fields and at least the fast speed's
 * fee now, so it is above the base fee and the node takes it as a replacement. Null when that would pass the
 * ceiling: the transfer then waits for fees to fall rather than cost the treasury more.
 */
export function replacementFee(previous: Transaction, fee: NodeFee): FeeFields | null {
  const previousMax = previous.maxFeePerGas ?? previous.gasPrice ?? 0n;
  const previousTip = previous.maxPriorityFeePerGas ?? previous.gasPrice ?? 0n;
  const perGas = max((previousMax * REPLACEMENT_PERCENT) / 100n + 1n, (fee.reference * SPEED_PERCENT.fast) / 100n);
  if (perGas > MAX_FEE_PER_GAS) return null;
  const next = fields(perGas, fee);
  if (next.type === 0) return next;
  const tip = min(max(next.maxPriorityFeePerGas, (previousTip * REPLACEMENT_PERCENT) / 100n + 1n), perGas);
  return { ...next, maxPriorityFeePerGas: tip };
}

/** True when `tx` can no longer be mined at the node's current base fee (it would sit in the pool for good). */
export const belowBaseFee = (tx: Transaction, fee: NodeFee) => fee.baseFee !== null && (tx.maxFeePerGas ?? tx.gasPrice ?? 0n) < fee.baseFee;

function fields(perGas: bigint, fee: NodeFee): FeeFields {
  if (fee.baseFee === null) return { type: 0, gasPrice: perGas };
  return { type: 2, maxFeePerGas: perGas, maxPriorityFeePerGas: min(TIP, max(perGas - fee.baseFee, 0n)) };
}
