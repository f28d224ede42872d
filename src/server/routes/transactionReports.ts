import type { FastifyInstance } from 'fastify';
import {
  balanceQuery,
  currentBalance,
  expenseCategories,
  monthlyIncome,
  monthlyIncomeQuery,
  monthlyReport,
  monthlyReportParams,
  monthQuery,
  periodQuery,
  summaryOverview,
} from '../../contract/transactions';
import { areaSchemas, premiumRoutes } from '../routeSchema';
import { currentMonth } from '../services/transactions/reports';

const schema = areaSchemas({ tags: ['transactions'], errors: [400, 401, 404, 409, 413, 422] });

/** The transactions' summaries and reports, read from the daily rollup, in the user's currency. A premium area. */
export default async function transactionReportsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const { transactionReports: reports } = fastify;
  const currencyOf = fastify.transactions.currencyOf;

  // ------------------------------------------------------------------------------------------
  // Summaries and reports (daily rollup)

  app.get(
    '/transactions/summary/overview',
    {
      schema: schema({
        summary: 'Balance, all-time totals, this and last month, top spending categories',
        querystring: monthQuery,
        response: { 200: summaryOverview },
      }),
    },
    async (request) => reports.overview(request.userId, await currencyOf(request.userId), request.query.month ?? currentMonth()),
  );

  app.get(
    '/transactions/reports/monthly/:year/:month',
    {
      schema: schema({
        summary: 'One month: totals, categories, every day, largest expenses, the month before',
        params: monthlyReportParams,
        response: { 200: monthlyReport },
      }),
    },
    async (request) => reports.monthly(request.userId, await currencyOf(request.userId), request.params.year, request.params.month),
  );

  app.get(
    '/transactions/balance/current',
    {
      schema: schema({
        summary: 'The balance of the on-budget accounts up to today (or as_of)',
        description: 'Their opening balances plus income minus expenses; transfers between them cancel out, and tracking-only accounts (loans, property) are left out.',
        querystring: balanceQuery,
        response: { 200: currentBalance },
      }),
    },
    async (request) => reports.balance(request.userId, await currencyOf(request.userId), request.query.as_of),
  );

  app.get(
    '/transactions/categories/expenses',
    {
      schema: schema({
        summary: 'Spending by category over a period (default: this month so far)',
        querystring: periodQuery,
        response: { 200: expenseCategories },
      }),
    },
    async (request) => reports.expenseCategories(request.userId, await currencyOf(request.userId), request.query),
  );

  app.get(
    '/transactions/income/monthly',
    {
      schema: schema({
        summary: "This month's income by source, and monthly income, expenses and net over a history",
        querystring: monthlyIncomeQuery,
        response: { 200: monthlyIncome },
      }),
    },
    async (request) => reports.monthlyIncome(request.userId, await currencyOf(request.userId), request.query.month ?? currentMonth(), request.query.months),
  );
}
