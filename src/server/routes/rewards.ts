import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../contract/errors';
import { convertRequest, convertResponse, finuBalanceQuery, MIN_CONVERSION_POINTS, onchainBalance, transfer, transferIdParams, type Transfer } from '../../contract/rewards';
import { badRequest, InsufficientFundsError, notFound, UnavailableError, unprocessable } from '../errors';
import { CHAIN_UNAVAILABLE } from '../plugins/chain';
import type { TransferRow } from '../repositories/rewards';
import { WEI_PER_POINT } from '../services/rewards/rules';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 422: errorBody, 503: errorBody };
const tags = ['rewards'];
const security = [{ bearerAuth: [] }];

// ethers loads on the first reward call, not at start (docs/performance.md, memory).
const ethers = () => import('ethers');
const gasPolicy = () => import('../services/chain/gas');

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

/** The reward calls ([spec:7-wallet-rewards]): convert points to FINU exactly once, follow the transfer, read any address's FINU. */
export default async function rewardsRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = fastify;

  /** A named price must lie inside the band around the node's current fee (the node is asked now). */
  async function checkPriceBand(text: string) {
    const { gwei, nodeFee, parseGasPrice, priceBand } = await gasPolicy();
    const chain = fastify.requireChain();
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

  app.post(
    '/api/rewards/convert-points-to-finu',
    {
      schema: {
        tags,
        security,
        summary: 'Convert points to FINU, sent to any address',
        description: `100 points = 1 FINU; whole points, at least ${MIN_CONVERSION_POINTS}. The points are debited and the transfer recorded in one database transaction (row lock on the balance), then the transfer worker sends it; follow it with GET /api/rewards/transfer/{id}. The server sets the fee: from \`speed\` (slow, normal, fast), or \`gas_price_gwei\` when it lies inside the band around the network's current fee; never more than 0.01 ETH of gas per conversion.`,
        body: convertRequest,
        response: { 202: convertResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { points, to_address, gas_price_gwei, speed } = request.body;
      if (points < MIN_CONVERSION_POINTS) throw badRequest(`You can convert ${MIN_CONVERSION_POINTS} points or more at a time (${MIN_CONVERSION_POINTS} points = 1 FINU).`);
      const { getAddress } = await ethers();
      let to: string;
      try {
        to = getAddress(to_address.toLowerCase());
      } catch {
        throw unprocessable('to_address must be an Ethereum address: 0x followed by 40 hexadecimal characters');
      }
      if (to === '0x0000000000000000000000000000000000000000') throw unprocessable('to_address cannot be the zero address: tokens sent there are lost');
      if (gas_price_gwei !== undefined && speed !== undefined) throw unprocessable('Choose a speed or a gas_price_gwei, not both');
      const gasPriceGwei = gas_price_gwei === undefined ? null : String(gas_price_gwei);
      if (gasPriceGwei !== null) await checkPriceBand(gasPriceGwei);
      const chain = fastify.chain();
      const result = await repos.rewards.convert(request.userId, {
        points,
        amountWei: (BigInt(points) * WEI_PER_POINT).toString(),
        toAddress: to,
        chainId: chain?.chainId ?? fastify.config.chain.chainId,
        tokenAddress: chain?.tokenAddress ?? null,
        gasPriceGwei,
        gasSpeed: gasPriceGwei === null ? (speed ?? 'normal') : null,
        title: 'Converted to FINU',
        message: `${points} points to ${to}`,
      });
      if (result.kind === 'insufficient') {
        throw new InsufficientFundsError(result.balance === 0 ? `You have no points to convert yet.` : `You have ${result.balance} points; you cannot convert ${points}.`);
      }
      fastify.transferWorker()?.kick();
      reply.code(202);
      return { ...(await toTransfer(result.transfer)), points_balance: result.balance };
    },
  );

  app.get(
    '/api/rewards/transfer/:id',
    { schema: { tags, security, summary: 'One of the user’s transfers: pending, submitted (tx_hash), confirmed (block_number) or failed (points refunded)', params: transferIdParams, response: { 200: transfer, ...errors } } },
    async (request) => {
      const row = await repos.rewards.transfer(request.userId, request.params.id);
      if (!row) throw notFound('Transfer not found');
      return toTransfer(row);
    },
  );

  app.get(
    '/api/rewards/finu-balance',
    { schema: { tags, security, summary: 'The FINU balance of any address (checksummed or not)', querystring: finuBalanceQuery, response: { 200: onchainBalance, ...errors } } },
    async (request) => {
      const { formatUnits, getAddress } = await ethers();
      let address: string;
      try {
        address = getAddress(request.query.address.toLowerCase());
      } catch {
        throw unprocessable('address must be an Ethereum address: 0x followed by 40 hexadecimal characters');
      }
      const chain = fastify.requireChain();
      const wei = await chain.balanceOf(address);
      return { address, balance: formatUnits(wei, 18), balance_wei: wei.toString(), symbol: 'FINU' as const, decimals: 18 as const, token_address: chain.tokenAddress, chain_id: chain.chainId };
    },
  );
}
