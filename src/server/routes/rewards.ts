import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { convertRequest, convertResponse, finuBalanceQuery, MIN_CONVERSION_POINTS, onchainBalance, transfer, transferIdParams } from '../../contract/rewards';
import { areaSchemas } from '../routeSchema';

const schema = areaSchemas({ tags: ['rewards'], errors: [400, 401, 404, 422, 503] });

/** The reward calls ([spec:7-wallet-rewards]): convert points to FINU exactly once, follow the transfer, read any address's FINU. */
export default async function rewardsRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { conversions } = fastify;

  app.post(
    '/api/rewards/convert-points-to-finu',
    {
      schema: schema({
        summary: 'Convert points to FINU, sent to any address',
        description: `100 points = 1 FINU; whole points, at least ${MIN_CONVERSION_POINTS}. The points are debited and the transfer recorded in one database transaction (row lock on the balance), then the transfer worker sends it; follow it with GET /api/rewards/transfer/{id}. The server sets the fee: from \`speed\` (slow, normal, fast), or \`gas_price_gwei\` when it lies inside the band around the network's current fee; never more than 0.01 ETH of gas per conversion.`,
        body: convertRequest,
        response: { 202: convertResponse },
      }),
    },
    async (request, reply) => {
      const converted = await conversions.convert(request.userId, request.body);
      reply.code(202);
      return converted;
    },
  );

  app.get(
    '/api/rewards/transfer/:id',
    { schema: schema({ summary: 'One of the user’s transfers: pending, submitted (tx_hash), confirmed (block_number) or failed (points refunded)', params: transferIdParams, response: { 200: transfer } }) },
    async (request) => conversions.transfer(request.userId, request.params.id),
  );

  app.get(
    '/api/rewards/finu-balance',
    { schema: schema({ summary: 'The FINU balance of any address (checksummed or not)', querystring: finuBalanceQuery, response: { 200: onchainBalance } }) },
    async (request) => conversions.finuBalance(request.query.address),
  );
}
