import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { capConnections, httpTimeouts } from './connections';
import { loggerOptions } from './logger';
import { resolveDevKey } from './services/secrets';
import authPlugin from './plugins/auth';
import billingPlugin from './plugins/billing';
import chainPlugin from './plugins/chain';
import coachPlugin from './plugins/coach';
import dbPlugin from './plugins/db';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import hardeningPlugin from './plugins/hardening';
import securityHeaders from './plugins/security-headers';
import jobRunnersPlugin from './plugins/job-runners';
import mailPlugin from './plugins/mail';
import repositoriesPlugin from './plugins/repositories';
import authGoogleRoutes from './routes/auth-google';
import servicesPlugin, { domainServices } from './plugins/services';
import accountRoutes from './routes/account';
import accountsRoutes from './routes/accounts';
import transfersRoutes from './routes/transfers';
import billingPagesRoutes from './routes/billing-pages';
import chatRoutes from './routes/chat';
import chatAnswersRoutes from './routes/chat-answers';
import dashboardRoutes from './routes/dashboard';
import devRoutes from './routes/dev';
import devOidcRoutes from './routes/dev-oidc';
import goalsRoutes from './routes/goals';
import budgetsRoutes from './routes/budgets';
import healthRoutes from './routes/health';
import signInMethodsRoutes from './routes/sign-in-methods';
import rewardsRoutes from './routes/rewards';
import subscriptionRoutes from './routes/subscription';
import tokensRoutes from './routes/tokens';
import autoRulesRoutes from './routes/autoRules';
import tagsRoutes from './routes/tags';
import transactionsRoutes from './routes/transactions';
import transactionReportsRoutes from './routes/transactionReports';
import importsRoutes from './routes/imports';
import demoRoutes from './routes/demo';
import splitsRoutes from './routes/splits';
import categoriesRoutes from './routes/categories';
import transactionTotalsRoutes from './routes/transactionTotals';
import usersRoutes from './routes/users';
import profileRoutes from './routes/profile';
import web3Routes from './routes/web3';
import walletRoutes from './routes/wallet';
import recurringRoutes from './routes/recurring';
import ratesRoutes from './routes/rates';
import notificationsRoutes from './routes/notifications';
import calendarRoutes from './routes/calendar';
import { calendarFeedService } from './services/recurring/calendarFeed';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The key that opens `/dev/*` (printed in the log at start); null in production, where those routes do not exist. */
    devKey: string | null;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The API server: external plugins, then app plugins (db, repositories, auth, mail), then routes. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Only behind a proxy: otherwise any client could pick its own address for the rate limits.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Opening PGlite (initdb plus migrations) can outlast Fastify's 10 s default on a busy or slow machine.
    pluginTimeout: 120_000,
    ajv: { customOptions: { coerceTypes: false } },
    frameworkErrors,
    ...httpTimeouts(config),
  });
  capConnections(app.server, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('devKey', config.env === 'production' ? null : resolveDevKey(config));

  await app.register(errorsPlugin);
  await app.register(hardeningPlugin);
  // helmet's headers, computed once (the SPA's server, web.ts, sets its own through the same plugin).
  await app.register(securityHeaders, {
    // The API serves JSON plus the Swagger UI at /docs, which needs its own inline assets.
    contentSecurityPolicy: { directives: { 'script-src': ["'self'"], 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cors, {
    origin: [config.appUrl],
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Finu API', version: '0.1.0', description: 'Personal finance with an AI coach. Errors always answer `{"detail": "..."}`.' },
      servers: [{ url: config.apiUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(dbPlugin);
  await app.register(repositoriesPlugin);
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(billingPlugin);
  await app.register(coachPlugin);
  await app.register(domainServices);
  await app.register(chainPlugin);
  await app.register(jobRunnersPlugin);
  await app.register(servicesPlugin);

  await app.register(healthRoutes);
  await app.register(usersRoutes);
  await app.register(profileRoutes);
  await app.register(accountRoutes);
  await app.register(transactionsRoutes);
  await app.register(transactionReportsRoutes);
  await app.register(importsRoutes);
  await app.register(demoRoutes);
  await app.register(splitsRoutes);
  await app.register(categoriesRoutes);
  await app.register(accountsRoutes);
  await app.register(transfersRoutes);
  await app.register(transactionTotalsRoutes);
  await app.register(subscriptionRoutes);
  await app.register(billingPagesRoutes);
  await app.register(dashboardRoutes);
  await app.register(goalsRoutes);
  await app.register(budgetsRoutes);
  await app.register(chatAnswersRoutes);
  await app.register(chatRoutes);
  await app.register(authGoogleRoutes);
  await app.register(web3Routes);
  await app.register(signInMethodsRoutes);
  await app.register(walletRoutes);
  await app.register(rewardsRoutes);
  await app.register(tokensRoutes);
  await app.register(autoRulesRoutes);
  await app.register(tagsRoutes);
  await app.register(recurringRoutes);
  await app.register(ratesRoutes);
  await app.register(notificationsRoutes);
  await app.register(calendarRoutes, { feeds: calendarFeedService({ repo: app.repos.notifications, recurring: app.recurring, currencyOf: (userId) => app.repos.transactions.accountCurrency(userId), appUrl: config.appUrl, apiUrl: config.apiUrl }) });
  if (config.env !== 'production') await app.register(devRoutes);
  // The embedded OpenID provider: its own plugin, since a browser walks through it without the dev key header.
  if (config.oidc && 'embedded' in config.oidc) await app.register(devOidcRoutes);

  return app;
}
