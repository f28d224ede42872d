import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { availableRewards, dailyWeeklyEarnings, historyQuery, onchainBalance, tokenBalance, tokenHistory, tokenStatistics, transactionProgress } from '../../contract/rewards';
import { areaSchemas } from '../routeSchema';

const schema = areaSchemas({ tags: ['tokens'], errors: [400, 401, 404, 422, 503] });

/** The token calls ([spec:7-wallet-rewards]): the points balance, its history and statistics, what is left to earn, and FINU on chain. */
export default async function tokensRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { tokens } = fastify;

  app.get('/tokens/balance', { schema: schema({ summary: 'Points balance, total earned, last update and recent activity', response: { 200: tokenBalance } }) }, async (request) => tokens.balance(request.userId));

  app.get(
    '/tokens/balance/fast',
    { schema: schema({ summary: 'The same balance from the account row and the last entries only (the client’s fallback)', response: { 200: tokenBalance } }) },
    async (request) => tokens.balance(request.userId),
  );

  app.get(
    '/tokens/history',
    { schema: schema({ summary: 'The points ledger, newest first (limit 50, offset 0 by default)', querystring: historyQuery, response: { 200: tokenHistory } }) },
    async (request) => tokens.history(request.userId, request.query.limit, request.query.offset),
  );

  app.get(
    '/tokens/statistics',
    { schema: schema({ summary: 'Totals, earnings by reason and by day (30 days), conversions, streak', response: { 200: tokenStatistics } }) },
    async (request) => tokens.statistics(request.userId),
  );

  app.get(
    '/tokens/rewards/available',
    { schema: schema({ summary: 'The rewards still available and how to earn them', response: { 200: availableRewards } }) },
    async (request) => tokens.availableRewards(request.userId),
  );

  app.get(
    '/tokens/milestones/transaction-progress',
    { schema: schema({ summary: 'Progress to the next transaction-count milestone', response: { 200: transactionProgress } }) },
    async (request) => tokens.transactionProgress(request.userId),
  );

  app.get(
    '/tokens/earnings/daily-weekly',
    { schema: schema({ summary: 'Points earned today, this week (from Monday, UTC) and on each of the last 7 days', response: { 200: dailyWeeklyEarnings } }) },
    async (request) => tokens.dailyWeekly(request.userId),
  );

  app.get('/tokens/onchain-balance', { schema: schema({ summary: 'FINU on the user’s own wallet', response: { 200: onchainBalance } }) }, async (request) => tokens.onchainBalance(request.userId));
}
