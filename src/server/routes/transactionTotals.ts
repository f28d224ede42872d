import type { FastifyInstance } from 'fastify';
import { transactionFilters } from '../../contract/transactions';
import { filterTotals } from '../../contract/transactionTotals';
import { premiumQuerySchema, premiumRoutes } from '../routeSchema';
import { filterTotals as totalsFor } from '../services/transactions/filterTotals';

/** GET /transactions/summary: the totals of the filtered transaction list. */
export default async function transactionTotalsRoutes(fastify: FastifyInstance) {
  premiumRoutes(fastify).get(
    '/transactions/summary',
    {
      schema: premiumQuerySchema({
        tags: ['transactions'],
        summary: 'Income, spending and net of every transaction matching the filters of GET /transactions',
        description:
          'Takes the same filters as GET /transactions (sort and order are accepted and ignored). Exact sums in the account currency; transaction_count equals the list total. Type, category and date filters are answered from the rollup tables (the dashboard reads the same), others by one indexed query; computed_from says which.',
        querystring: transactionFilters,
        response: filterTotals,
      }),
    },
    async (request) => totalsFor(fastify.repos, request.userId, request.query),
  );
}
