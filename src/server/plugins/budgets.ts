import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { budgetsService, type BudgetsService } from '../services/budgets';

declare module 'fastify' {
  interface FastifyInstance {
    /** Category budgets: the budget routes and the coach read a month through it. */
    budgets: BudgetsService;
  }
}

export default fp(
  async function budgetsPlugin(app: FastifyInstance) {
    app.decorate('budgets', budgetsService({ budgets: app.repos.budgets, categories: app.repos.categories, transactions: app.repos.transactions, users: app.repos.users }));
  },
  { name: 'budgets', dependencies: ['repositories'] },
);
