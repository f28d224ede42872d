import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SubscriptionStatus } from '../../contract/subscription';
import { accountLifecycleService, type AccountLifecycleService } from '../services/account/lifecycle';
import { autoRulesService, type AutoRulesService } from '../services/autoRules/service';
import { budgetsService, type BudgetsService } from '../services/budgets';
import { categoriesService, type CategoriesService } from '../services/categories';
import { chatService, type ChatService } from '../services/chat';
import { coachConversations, type CoachConversations } from '../services/coach/conversation';
import { goalsService, type GoalsService } from '../services/goals';
import { createRewardsService, type RewardsService } from '../services/rewards';
import { conversionsService, type ConversionsService } from '../services/rewards/conversions';
import { tokensService, type TokensService } from '../services/rewards/tokens';
import { resolveWalletKey } from '../services/secrets';
import { signInMethodsService, type SignInMethodsService } from '../services/signInMethods';
import { subscriptionService, type SubscriptionService } from '../services/subscription';
import { ratesService } from '../services/rates/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The subscription service: plans, trial, checkout, cancel, status and access. */
    subscriptions: SubscriptionService;
    /** The user's subscription status (the service's `status`). */
    subscriptionStatus(userId: string): Promise<SubscriptionStatus>;
    /** preHandler for premium endpoints: 403 with a detail when the user has no trial or paid access. */
    requireAccess(request: FastifyRequest): Promise<void>;
    /** Awards points for what users do; routes call `rewards.record` and put the answer in `reward`. */
    rewards: RewardsService;
    /** The AES-256-GCM key of the custodial wallets. */
    walletKey: Buffer;
    /** Category budgets: the budget routes and the coach read a month through it. */
    budgets: BudgetsService;
    /** The category manager: list, add, change, merge, order and delete categories and their groups. */
    categories: CategoriesService;
    /** Savings goals: list, create, change, fund, withdraw, delete, and the summary. */
    goals: GoalsService;
    /** Categorization rules, learned categories, tags and bulk changes (the import runner and the routes share it). */
    autoRules: AutoRulesService;
    /** The token calls' reads: balance, history, statistics, available rewards, milestones, FINU on chain. */
    tokens: TokensService;
    /** Points to FINU: convert, follow a transfer, read an address's FINU. */
    conversions: ConversionsService;
    /** The ways a user signs in: list, unlink, and the owner's mail when one is linked or removed. */
    signInMethods: SignInMethodsService;
    /** Delete my account (and what it destroys), export all my data, write to support. */
    accountLifecycle: AccountLifecycleService;
    /** Asking the coach: the allowance, a question prepared, answered whole or streamed, and saved. */
    coachConversations: CoachConversations;
    /** The stored conversations with the coach: list, page, search, start, switch, rename, delete, history. */
    chats: ChatService;
  }
}

/**
 * The services other plugins build on (the job runners categorise imported rows with `autoRules`; every
 * premium route checks `requireAccess`), decorated early, before the chain and the job runners.
 */
export const domainServices = fp(
  async function domainServicesPlugin(app: FastifyInstance) {
    const { repos, config } = app;
    const subscriptions = subscriptionService({
      repo: repos.subscriptions,
      users: repos.users,
      billing: app.billing,
      plans: app.plans,
      trialDays: config.billing.trialDays,
      currency: config.billing.currency,
      // The row comes from the auth cache (kept in step by the database's announcements); the time is now.
      current: async (userId) => (await app.authCache.get(userId)).subscription,
    });
    app.decorate('subscriptions', subscriptions);
    app.decorate('subscriptionStatus', subscriptions.status);
    app.decorate('requireAccess', (request: FastifyRequest) => subscriptions.requireAccess(request.userId));
    app.decorate('rewards', createRewardsService(repos.rewards, app.log));
    app.decorate('walletKey', resolveWalletKey(config));
    app.decorate('budgets', budgetsService({ budgets: repos.budgets, categories: repos.categories, transactions: repos.transactions, users: repos.users, rewards: app.rewards, rates: ratesService({ repo: repos.rates }) }));
    app.decorate('autoRules', autoRulesService({ repo: repos.autoRules, transactions: repos.transactions, accounts: repos.accounts, rewards: app.rewards }));
    app.decorate('categories', categoriesService(repos.categories));
    app.decorate('goals', goalsService({ goals: repos.goals, users: repos.users, rewards: app.rewards }));
  },
  { name: 'domain-services', dependencies: ['repositories', 'auth', 'billing'] },
);

/**
 * The services routes call, built once from the repositories and the plugins they need; a route takes
 * `fastify.<service>` and calls one method. Add a service here with one line.
 */
export default fp(
  async function servicesPlugin(app: FastifyInstance) {
    app.decorate('tokens', tokensService({ repo: app.repos.rewards, walletKey: app.walletKey, requireChain: () => app.requireChain() }));
    app.decorate('signInMethods', signInMethodsService({ users: app.repos.users, identities: app.repos.identities, mailer: app.mailer, log: app.log, googleAvailable: app.config.oidc !== null, appUrl: app.config.appUrl }));
    const { repos, config } = app;
    app.decorate(
      'accountLifecycle',
      accountLifecycleService({ users: repos.users, account: repos.account, rewards: repos.rewards, subscriptions: repos.subscriptions, billing: app.billing, mailer: app.mailer, chain: () => app.chain(), exportRunner: app.exportRunner, appUrl: config.appUrl, supportEmail: config.supportEmail, log: app.log }),
    );
    app.decorate('conversions', conversionsService({ repo: app.repos.rewards, chain: () => app.chain(), chainId: app.config.chain.chainId, kick: () => app.transferWorker()?.kick() }));
    const coach = coachConversations({
      chat: repos.chat,
      users: repos.users,
      data: repos.coach,
      engine: app.coach,
      rewards: app.rewards,
      // Access from the auth cache the request's token check just read, as every status is computed: no other query.
      subscriptionStatus: app.subscriptions.status,
      freeDailyMessages: config.coach.freeDailyMessages,
      log: app.log,
    });
    app.decorate('coachConversations', coach);
    app.decorate('chats', chatService({ chat: repos.chat, coach, engineName: () => app.coach.name }));
  },
  { name: 'services', dependencies: ['repositories', 'domain-services', 'coach', 'chain', 'mail', 'billing', 'job-runners'] },
);
