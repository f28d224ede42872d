import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { minorMoneyText } from '../money';
import { runBudgetAlerts } from '../services/budgetAlerts';
import { budgetsService, type BudgetsService } from '../services/budgets';
import { createScheduledJob, type ScheduledJob } from '../services/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Category budgets: the budget routes and the coach read a month through it. */
    budgets: BudgetsService;
    /** Budget alerts (80 % and 100 % of a category's month): every few minutes, one process at a time (lease). */
    budgetAlerts: ScheduledJob;
  }
}

export default fp(
  async function budgetsPlugin(app: FastifyInstance) {
    const budgets = budgetsService({ budgets: app.repos.budgets, categories: app.repos.categories, transactions: app.repos.transactions, users: app.repos.users });
    app.decorate('budgets', budgets);
    // The notification centre is decorated by the job runners, registered later: read it when a run starts.
    const alerts = createScheduledJob({
      name: 'budget alerts',
      log: app.log,
      leases: app.repos.jobLeases,
      owner: randomUUID(),
      everyMs: 5 * 60_000,
      leaseMs: 10 * 60_000,
      run: async (now, lastRunAt) =>
        void (await runBudgetAlerts(
          { budgets: app.repos.budgets, month: budgets.month, notifications: app.notifications, money: async (userId, minor) => minorMoneyText(minor, await app.repos.transactions.accountCurrency(userId)) },
          now,
          lastRunAt,
        )),
    });
    app.decorate('budgetAlerts', alerts);
    app.addHook('onReady', () => alerts.start());
    app.addHook('onClose', () => alerts.stop());
  },
  { name: 'budgets', dependencies: ['repositories'] },
);
