import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SubscriptionStatus } from '../../contract/subscription';
import { today } from '../../contract/calendar';
import { accountLifecycleService, type AccountLifecycleService } from '../services/account/lifecycle';
import { accountsService, type AccountsService } from '../services/accounts/service';
import { autoRulesService, type AutoRulesService } from '../services/autoRules/service';
import { budgetsService, type BudgetsService } from '../services/budgets/service';
import { categoriesService, type CategoriesService } from '../services/categories';
import { chatService, type ChatService } from '../services/chat';
import { coachConversations, type CoachConversations } from '../services/coach/conversation';
import { answerHolds, type AnswerHolds } from '../services/coach/hold';
import { demoDataService, type DemoDataService } from '../services/demo';
import { GOOGLE_ISSUER } from '../config';
import { goalsService, type GoalsService } from '../services/goals';
import { importService, type ImportService } from '../services/import/service';
import { createOidcClient, type OidcClient } from '../services/oidc/client';
import { EMBEDDED_OIDC_PATH, embeddedClient, embeddedIssuer, oidcRedirectUri } from '../services/oidc/embedded';
import { embeddedProvider, type EmbeddedProvider } from '../services/oidc/embeddedProvider';
import { googleSignInService, type GoogleSignInService } from '../services/oidc/googleSignIn';
import { injectFetch } from '../services/oidc/inject-fetch';
import { profileService, type ProfileService } from '../services/profile';
import { createRewardsService, type RewardsService } from '../services/rewards';
import { conversionsService, type ConversionsService } from '../services/rewards/conversions';
import { tokensService, type TokensService } from '../services/rewards/tokens';
import { resolveWalletKey } from '../services/secrets';
import { signInMethodsService, type SignInMethodsService } from '../services/signInMethods';
import { subscriptionService, type SubscriptionService } from '../services/subscription';
import { ratesService } from '../services/rates/service';
import { transactionReports, type TransactionReports } from '../services/transactions/reports';
import { transactionsService, type TransactionsService } from '../services/transactions/service';
import { userAuthService, type UserAuthService } from '../services/userAuth';

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
    /** Development only (null without the dev key): streamed answers held after their first words until released. */
    answerHolds: AnswerHolds | null;
    /** Signing up, in and out with an email and a password: verification, reset, one-time sign-in, sign-out. */
    userAuth: UserAuthService;
    /** Transactions: the list, one row's changes, categories added or deleted, splits, the CSV export. */
    transactions: TransactionsService;
    /** The transactions' summaries and reports, from the daily rollup. */
    transactionReports: TransactionReports;
    /** CSV and bank-file import: upload, preview, commit, discard. */
    imports: ImportService;
    /** Demo data: a year of rows loaded or removed. */
    demoData: DemoDataService;
    /** Money accounts: balances, transfers and their matching, valuations, reconciliation, the register, net worth. */
    accounts: AccountsService;
    /** The signed-in user's own record: profile, onboarding, password change. */
    profiles: ProfileService;
    /** 'Continue with Google' and linking a Google account: the OpenID Connect flows. */
    googleSignIn: GoogleSignInService;
    /** The embedded stand-in for Google (routes/dev-oidc.ts): null unless it is the configured provider. */
    embeddedOidc: EmbeddedProvider | null;
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
    // Behind the dev key only: a browser test holds a streamed answer (routes/dev.ts).
    app.decorate('answerHolds', app.devKey ? answerHolds() : null);
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
      holds: app.answerHolds,
    });
    app.decorate('coachConversations', coach);
    app.decorate(
      'accounts',
      accountsService({ repo: repos.accounts, currencyOf: (userId) => repos.transactions.accountCurrency(userId), today: () => today(), rates: app.rates, transactionOf: (userId, id) => repos.transactions.get(userId, id) }),
    );
    app.decorate('transactions', transactionsService({ repo: repos.transactions, accounts: repos.accounts, rewards: app.rewards, recategorized: app.autoRules.corrected, rates: app.rates }));
    // The balance adds the on-budget opening balances, each in the base currency at its opening day's rate.
    app.decorate('transactionReports', transactionReports(repos.transactions, app.accounts));
    app.decorate('imports', importService({ repo: repos.transactions, accounts: repos.accounts, runner: app.importRunner, rewards: app.rewards }));
    app.decorate(
      'demoData',
      demoDataService({ repo: repos.transactions, accounts: repos.accounts, rates: repos.rates, seedBudgets: (userId, from, to) => app.budgets.seedDemo(userId, from, to), changed: () => app.dbMaintenance.changed() }),
    );
    const { issueToken, signScopedToken, verifyScopedClaims } = app;
    app.decorate('userAuth', userAuthService({ ...repos, mailer: app.mailer, tokens: { issueToken, signScopedToken, verifyScopedClaims }, config }));
    app.decorate('profiles', profileService({ users: repos.users, subscriptionStatus: app.subscriptionStatus, rewards: app.rewards, issueToken }));
    app.decorate(
      'googleSignIn',
      googleSignInService({ users: repos.users, identities: repos.identities, client: oidcClient(app), apiUrl: config.apiUrl, oneTimeSignIn: app.userAuth.oneTimeSignIn, linked: (userId, identity) => app.signInMethods.linked(userId, identity) }),
    );
    const embedded = config.oidc && 'embedded' in config.oidc && app.devKey;
    app.decorate('embeddedOidc', embedded ? embeddedProvider({ config, devKey: embedded, users: repos.users, identities: repos.identities }) : null);
    app.decorate('chats', chatService({ chat: repos.chat, coach, engineName: () => app.coach.name }));
  },
  { name: 'services', dependencies: ['repositories', 'domain-services', 'coach', 'chain', 'mail', 'billing', 'job-runners'] },
);

/** The OpenID provider 'Continue with Google' talks to: Google or OIDC_ISSUER, else the embedded stand-in (not in production), else none. */
function oidcClient(app: FastifyInstance): OidcClient | null {
  const { config } = app;
  const redirectUri = oidcRedirectUri(config);
  if (config.oidc && 'issuer' in config.oidc) {
    return createOidcClient({
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      redirectUri,
      // After a logout, Google must let the user pick another account rather than reuse the last one.
      prompt: config.oidc.issuer === GOOGLE_ISSUER ? 'select_account' : undefined,
    });
  }
  if (config.oidc && app.devKey) {
    // prompt=login: the stand-in asks for the email every time, so another user can sign in after a logout.
    return createOidcClient({ issuer: embeddedIssuer(config), ...embeddedClient(app.devKey), redirectUri, prompt: 'login', fetch: injectFetch(app, `${config.apiUrl}${EMBEDDED_OIDC_PATH}`) });
  }
  return null;
}
