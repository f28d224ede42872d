import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountLifecycleService, type AccountLifecycleService } from '../services/account/lifecycle';
import { conversionsService, type ConversionsService } from '../services/rewards/conversions';
import { tokensService, type TokensService } from '../services/rewards/tokens';
import { signInMethodsService, type SignInMethodsService } from '../services/signInMethods';

declare module 'fastify' {
  interface FastifyInstance {
    /** The token calls' reads: balance, history, statistics, available rewards, milestones, FINU on chain. */
    tokens: TokensService;
    /** Points to FINU: convert, follow a transfer, read an address's FINU. */
    conversions: ConversionsService;
    /** The ways a user signs in: list, unlink, and the owner's mail when one is linked or removed. */
    signInMethods: SignInMethodsService;
    /** Delete my account (and what it destroys), export all my data, write to support. */
    accountLifecycle: AccountLifecycleService;
  }
}

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
  },
  { name: 'services', dependencies: ['repositories', 'rewards', 'chain', 'mail', 'billing', 'job-runners'] },
);
