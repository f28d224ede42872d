import { accountsRepository, type AccountsRepository } from '../repositories/accounts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountRepository, type AccountRepository } from '../repositories/account';
import { categoriesRepository, type CategoriesRepository } from '../repositories/categories';
import { autoRulesRepository, type AutoRulesRepository } from '../repositories/autoRules';
import { chatRepository, type ChatRepository } from '../repositories/chat';
import { coachRepository, type CoachRepository } from '../repositories/coach';
import { dashboardRepository, type DashboardRepository } from '../repositories/dashboard';
import { emailTokensRepository, type EmailTokensRepository } from '../repositories/emailTokens';
import { identitiesRepository, type IdentitiesRepository } from '../repositories/identities';
import { goalsRepository, type GoalsRepository } from '../repositories/goals';
import { budgetsRepository, type BudgetsRepository } from '../repositories/budgets';
import { healthRepository, type HealthRepository } from '../repositories/health';
import { sessionsRepository, type SessionsRepository } from '../repositories/sessions';
import { throttlesRepository, type ThrottlesRepository } from '../repositories/throttles';
import { outboxRepository, type OutboxRepository } from '../repositories/outbox';
import { rewardsRepository, type RewardsRepository } from '../repositories/rewards';
import { subscriptionsRepository, type SubscriptionsRepository } from '../repositories/subscriptions';
import { transactionsRepository, type TransactionsRepository } from '../repositories/transactions';
import { transactionTotalsRepository, type TransactionTotalsRepository } from '../repositories/transactionTotals';
import { usersRepository, type UsersRepository } from '../repositories/users';
import { jobLeasesRepository, notificationsRepository, type JobLeasesRepository, type NotificationsRepository } from '../repositories/notifications';
import { recurringRepository, type RecurringRepository } from '../repositories/recurring';
import { ratesRepository, type RatesRepository } from '../repositories/rates';

export interface Repositories {
  users: UsersRepository;
  emailTokens: EmailTokensRepository;
  outbox: OutboxRepository;
  goals: GoalsRepository;
  subscriptions: SubscriptionsRepository;
  chat: ChatRepository;
  dashboard: DashboardRepository;
  transactions: TransactionsRepository;
  transactionTotals: TransactionTotalsRepository;
  sessions: SessionsRepository;
  throttles: ThrottlesRepository;
  identities: IdentitiesRepository;
  rewards: RewardsRepository;
  account: AccountRepository;
  /** Money accounts (a checking account, a card, a loan), transfers and their rollup. */
  accounts: AccountsRepository;
  /** The coach's read-only view of one user's money. */
  coach: (userId: string) => CoachRepository;
  health: HealthRepository;
  /** Every category of a user (built in and own) with groups, hidden, colour and order. */
  categories: CategoriesRepository;
  /** Category budgets: assigned amounts, rollovers, the mode. */
  budgets: BudgetsRepository;
  /** Categorization rules, tags and corrections. */
  autoRules: AutoRulesRepository;
  /** Recurring bills and subscriptions, their occurrences' decisions, dismissed suggestions. */
  recurring: RecurringRepository;
  notifications: NotificationsRepository;
  jobLeases: JobLeasesRepository;
  /** Exchange rates: the user's own and the shared reference rates. */
  rates: RatesRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

/** Every table is reached through a repository; routes never write SQL. */
export default fp(
  async function repositoriesPlugin(app: FastifyInstance) {
    app.decorate('repos', {
      users: usersRepository(app.db),
      emailTokens: emailTokensRepository(app.db),
      outbox: outboxRepository(app.db),
      goals: goalsRepository(app.db),
      subscriptions: subscriptionsRepository(app.db),
      chat: chatRepository(app.db),
      dashboard: dashboardRepository(app.db),
      transactions: transactionsRepository(app.db),
      transactionTotals: transactionTotalsRepository(app.db),
      sessions: sessionsRepository(app.db),
      throttles: throttlesRepository(app.db),
      identities: identitiesRepository(app.db),
      rewards: rewardsRepository(app.db),
      account: accountRepository(app.db),
      accounts: accountsRepository(app.db),
      coach: (userId: string) => coachRepository(app.db, userId),
      health: healthRepository(app.db),
      categories: categoriesRepository(app.db),
      budgets: budgetsRepository(app.db),
      autoRules: autoRulesRepository(app.db),
      recurring: recurringRepository(app.db),
      notifications: notificationsRepository(app.db),
      jobLeases: jobLeasesRepository(app.db),
      rates: ratesRepository(app.db),
    });
  },
  { name: 'repositories', dependencies: ['db'] },
);
