import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createExportRunner } from '../services/account/export';
import { createImportRunner } from '../services/import/runner';
import { randomUUID } from 'node:crypto';
import { minorMoneyText } from '../money';
import { runBudgetAlerts, runBudgetMonthRewards } from '../services/budgetAlerts';
import { createScheduledJob, type JobRunner, type ScheduledJob } from '../services/jobs';
import { notificationsService, type NotificationsService } from '../services/notifications';
import { runRecurringChecks } from '../services/recurring/checks';
import { recurringService, type RecurringService } from '../services/recurring/service';
import { ratesService, type RatesService } from '../services/rates/service';
import { runBaseRecompute } from '../services/rates/recompute';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs committed CSV imports in the background, in batches; resumes unfinished ones at start. */
    importRunner: JobRunner;
    /** Builds "download all my data" archives in the background (tests wait on `idle()`). */
    exportRunner: JobRunner;
    /** The notification centre; `notifications.notify(userId, notice)` tells a user something once. */
    notifications: NotificationsService;
    recurring: RecurringService;
    /** Bill reminders, missed bills, price changes, low balances, auto-posts: every few minutes, one process at a time (lease). */
    recurringChecks: ScheduledJob;
    /** Exchange rates and conversions (the user's own and the shared reference rates). */
    rates: RatesService;
    /** Budget alerts (80 % and 100 % of a category's month) and, at a month's turn, the kept-within-budget rewards: every few minutes, one process at a time (lease). */
    budgetAlerts: ScheduledJob;
    /** Fetches the reference rates from RATES_PROVIDER_URL on a schedule, one process at a time; absent when unset. */
    ratesFetch?: ScheduledJob;
    /** Recomputes stored base amounts (and rollups) of users whose base currency changed: every half minute, one process at a time. */
    baseRecompute: ScheduledJob;
  }
}

/**
 * The background jobs' lifecycle (services/jobs.ts): each runner picks up what a stopped process left
 * behind when the server is ready, and stops after the step in flight on close.
 */
export default fp(
  async function jobRunnersPlugin(app: FastifyInstance) {
    const rates = ratesService({ repo: app.repos.rates, waiting: app.repos.transactions });
    const importRunner = createImportRunner({ repo: app.repos.transactions, accounts: app.repos.accounts, log: app.log, afterJob: () => app.dbMaintenance.changed(), finishRow: (userId) => app.autoRules.categorizer(userId), rates });
    const exportRunner = createExportRunner({ account: app.repos.account, users: app.repos.users, log: app.log });
    app.decorate('importRunner', importRunner);
    app.decorate('exportRunner', exportRunner);
    const notifications = notificationsService({ repo: app.repos.notifications, mailer: app.mailer, emailOf: async (userId) => (await app.repos.users.findById(userId))?.email ?? null, appUrl: app.config.appUrl });
    const recurring = recurringService({ repo: app.repos.recurring, accounts: app.repos.accounts, currencyOf: (userId) => app.repos.transactions.accountCurrency(userId) });
    const checks = { repo: app.repos.recurring, recurring, notifications, settings: app.repos.notifications.settings, digestUsers: app.repos.notifications.digestUsers, claimDigest: app.repos.notifications.claimDigest, post: app.repos.transactions.create, money: async (userId: string, minor: number) => minorMoneyText(minor, await app.repos.transactions.accountCurrency(userId)) };
    const recurringChecks = createScheduledJob({ name: 'recurring checks', log: app.log, leases: app.repos.jobLeases, owner: randomUUID(), everyMs: 5 * 60_000, leaseMs: 10 * 60_000, run: async (now) => void (await runRecurringChecks(checks, now)) });
    app.decorate('notifications', notifications);
    app.decorate('recurring', recurring);
    app.decorate('recurringChecks', recurringChecks);
    const budgetAlerts = createScheduledJob({
      name: 'budget alerts',
      log: app.log,
      leases: app.repos.jobLeases,
      owner: randomUUID(),
      everyMs: 5 * 60_000,
      leaseMs: 10 * 60_000,
      run: async (now, lastRunAt) => {
        await runBudgetAlerts({ budgets: app.repos.budgets, month: app.budgets.month, notifications, money: checks.money }, now, lastRunAt);
        await runBudgetMonthRewards({ budgets: app.repos.budgets, month: app.budgets.month, rewards: app.rewards }, now, lastRunAt);
      },
    });
    app.decorate('budgetAlerts', budgetAlerts);
    app.decorate('rates', rates);
    const provider = app.config.ratesProvider;
    const ratesFetch = provider
      ? createScheduledJob({ name: 'rates provider', log: app.log, leases: app.repos.jobLeases, owner: randomUUID(), everyMs: provider.everyMs, leaseMs: 10 * 60_000, run: async () => void (await rates.fetchProvider(provider.url)) })
      : undefined;
    if (ratesFetch) app.decorate('ratesFetch', ratesFetch);
    const baseRecompute = createScheduledJob({ name: 'base currency recompute', log: app.log, leases: app.repos.jobLeases, owner: randomUUID(), everyMs: 30_000, leaseMs: 30 * 60_000, run: async () => void (await runBaseRecompute({ transactions: app.repos.transactions, accounts: app.repos.accounts, rates })) });
    app.decorate('baseRecompute', baseRecompute);
    const runners = [importRunner, exportRunner, recurringChecks, budgetAlerts, baseRecompute, ...(ratesFetch ? [ratesFetch] : [])];
    app.addHook('onReady', async () => {
      await Promise.all(runners.map((runner) => runner.start()));
    });
    app.addHook('onClose', async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
    });
  },
  { name: 'job-runners', dependencies: ['repositories', 'domain-services', 'mail'] },
);
