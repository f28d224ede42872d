import { z } from 'zod';

const url = (name: string) =>
  z.string().refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, `${name} must be an http(s) URL`);

const positiveInt = (name: string) =>
  z.coerce.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`).positive(`${name} must be positive`);

const price = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).positive(`${name} must be positive`).refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6, `${name} must have at most two decimals`);

/** Every environment variable the app reads; docs/configuration.md mirrors this table. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }).default('development'),
    APP_URL: url('APP_URL').default('http://localhost:3000'),
    API_URL: url('API_URL').default('http://localhost:8000'),
    HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: z.enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' }).default('false'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    DEV_KEY: z.string().min(16, 'DEV_KEY must be at least 16 characters').optional(),
    JWT_TTL_SECONDS: positiveInt('JWT_TTL_SECONDS').default(7 * 24 * 3600),
    AUTH_CACHE_TTL_MS: z.coerce.number({ error: 'AUTH_CACHE_TTL_MS must be a whole number' }).int('AUTH_CACHE_TTL_MS must be a whole number').min(0, 'AUTH_CACHE_TTL_MS cannot be negative').default(5_000),
    PGLITE_VACUUM_CHECK_MS: z.coerce.number({ error: 'PGLITE_VACUUM_CHECK_MS must be a whole number' }).int('PGLITE_VACUUM_CHECK_MS must be a whole number').min(0, 'PGLITE_VACUUM_CHECK_MS cannot be negative').default(10_000),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().min(3).default('Finu <no-reply@finu.local>'),
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').default('support@finu.local'),
    AUTH_RATE_LIMIT_PER_MINUTE: positiveInt('AUTH_RATE_LIMIT_PER_MINUTE').default(10),
    REQUEST_TIMEOUT_MS: positiveInt('REQUEST_TIMEOUT_MS').default(60_000),
    KEEP_ALIVE_TIMEOUT_MS: positiveInt('KEEP_ALIVE_TIMEOUT_MS').default(10_000),
    SOCKET_IDLE_TIMEOUT_MS: positiveInt('SOCKET_IDLE_TIMEOUT_MS').default(120_000),
    MAX_CONNECTIONS: positiveInt('MAX_CONNECTIONS').default(4_096),
    MAX_CONNECTIONS_PER_IP: positiveInt('MAX_CONNECTIONS_PER_IP').default(256),
    IMPORT_UPLOADS_PER_HOUR: positiveInt('IMPORT_UPLOADS_PER_HOUR').default(30),
    MAIL_LIMIT_PER_ADDRESS_PER_HOUR: positiveInt('MAIL_LIMIT_PER_ADDRESS_PER_HOUR').default(5),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' })
      .default('info'),
    VERIFICATION_TTL_HOURS: positiveInt('VERIFICATION_TTL_HOURS').default(48),
    RESET_TTL_MINUTES: positiveInt('RESET_TTL_MINUTES').default(60),
    TRIAL_DAYS: positiveInt('TRIAL_DAYS').default(14),
    BILLING_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'BILLING_CURRENCY must be a three-letter ISO 4217 code').default('USD'),
    PLAN_MONTHLY_PRICE: price('PLAN_MONTHLY_PRICE').default(7.99),
    PLAN_YEARLY_PRICE: price('PLAN_YEARLY_PRICE').default(79.99),
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must start with sk_ or rk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
    STRIPE_PRICE_MONTHLY: z.string().regex(/^price_/, 'STRIPE_PRICE_MONTHLY must be a Stripe price id (price_…)').optional(),
    STRIPE_PRICE_YEARLY: z.string().regex(/^price_/, 'STRIPE_PRICE_YEARLY must be a Stripe price id (price_…)').optional(),
    STRIPE_API_URL: url('STRIPE_API_URL').optional(),
    COACH_FREE_DAILY_MESSAGES: z.coerce.number({ error: 'COACH_FREE_DAILY_MESSAGES must be a whole number' }).int('COACH_FREE_DAILY_MESSAGES must be a whole number').min(0, 'COACH_FREE_DAILY_MESSAGES cannot be negative').default(10),
    COACH_STREAM_DELAY_MS: z.coerce.number({ error: 'COACH_STREAM_DELAY_MS must be a whole number' }).int('COACH_STREAM_DELAY_MS must be a whole number').min(0, 'COACH_STREAM_DELAY_MS cannot be negative').max(1000, 'COACH_STREAM_DELAY_MS must be at most 1000').default(35),
    COACH_LLM_URL: url('COACH_LLM_URL').optional(),
    COACH_LLM_MODEL: z.string().min(1).max(200).optional(),
    COACH_LLM_KEY: z.string().min(1).optional(),
    COACH_LLM_TIMEOUT_MS: positiveInt('COACH_LLM_TIMEOUT_MS').default(30_000),
    COACH_LLM_MAX_TOOL_ROUNDS: positiveInt('COACH_LLM_MAX_TOOL_ROUNDS').default(4),
    GOOGLE_CLIENT_ID: z.string().min(1).max(500).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).max(500).optional(),
    OIDC_ISSUER: url('OIDC_ISSUER').optional(),
    RATES_PROVIDER_URL: url('RATES_PROVIDER_URL').optional(),
    RATES_PROVIDER_EVERY_MINUTES: positiveInt('RATES_PROVIDER_EVERY_MINUTES').default(720),
    SIWE_CHAIN_IDS: z
      .string()
      .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, 'SIWE_CHAIN_IDS must be a comma-separated list of chain ids, e.g. 1,31337')
      .optional(),
    CHAIN_RPC_URL: url('CHAIN_RPC_URL').optional(),
    CHAIN_ID: positiveInt('CHAIN_ID').default(31337),
    CHAIN_CONFIRMATIONS: positiveInt('CHAIN_CONFIRMATIONS').default(1),
    FINU_TOKEN_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'FINU_TOKEN_ADDRESS must be a 0x-prefixed 20-byte address').optional(),
    TREASURY_PRIVATE_KEY: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'TREASURY_PRIVATE_KEY must be a 32-byte hex private key').optional(),
    WALLET_ENCRYPTION_KEY: z.string().regex(/^[A-Za-z0-9+/_-]{43,}={0,2}$|^(0x)?[0-9a-fA-F]{64}$/, 'WALLET_ENCRYPTION_KEY must be 32 random bytes as 64 hex characters or base64').optional(),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && (!env.STRIPE_PRICE_MONTHLY || !env.STRIPE_PRICE_YEARLY)) {
      ctx.addIssue({ code: 'custom', path: [env.STRIPE_PRICE_MONTHLY ? 'STRIPE_PRICE_YEARLY' : 'STRIPE_PRICE_MONTHLY'], message: 'STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY are required with STRIPE_SECRET_KEY' });
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID' });
    }
    if (env.OIDC_ISSUER && !env.GOOGLE_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_ID'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required with OIDC_ISSUER (the client registered at that provider)' });
    }
    if (env.CHAIN_RPC_URL && !env.TREASURY_PRIVATE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TREASURY_PRIVATE_KEY'], message: 'TREASURY_PRIVATE_KEY is required with CHAIN_RPC_URL (it pays out converted points)' });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when NODE_ENV=production (the dev outbox is off there)' });
    }
    if (env.NODE_ENV === 'production' && !env.WALLET_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['WALLET_ENCRYPTION_KEY'], message: 'WALLET_ENCRYPTION_KEY is required when NODE_ENV=production (it encrypts the custodial wallets)' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  appUrl: string;
  /** Reference exchange rates in the ECB's format fetched from a URL on a schedule (everyone's); off when unset. */
  ratesProvider?: { url: string; everyMs: number };
  apiUrl: string;
  host: string;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Use an in-memory PGlite (tests). */
  inMemoryDb?: boolean;
  /** Tests: start the in-memory PGlite from this dump of an already migrated data directory (tests/support/db-template.ts). */
  pgliteTemplate?: Blob;
  jwtSecret?: string;
  /** Opens the `/dev/*` routes (outside production); generated into DATA_DIR when unset. */
  devKey?: string;
  jwtTtlSeconds: number;
  /** How long a process may answer a user's token checks from memory without hearing of a change (0: read the database every time). */
  authCacheTtlMs: number;
  /** How often the embedded database's vacuum job looks at the tables' change counters (0: only at start and after imports and demo data; db/maintenance.ts). */
  pgliteVacuumCheckMs: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Where the help centre's contact form is mailed. */
  supportEmail: string;
  authRateLimitPerMinute: number;
  /** Slow and idle clients: how long a request may take to arrive, keep-alive and socket idle time, and how many connections are held. */
  http: { requestTimeoutMs: number; keepAliveTimeoutMs: number; socketIdleTimeoutMs: number; maxConnections: number; maxConnectionsPerIp: number };
  /** CSV uploads a user may start per hour (each is parsed in memory). */
  importUploadsPerHour: number;
  /** Mails (verification, reset) one address may be sent per hour, whichever API process sends them. */
  mailLimitPerAddressPerHour: number;
  logLevel: Env['LOG_LEVEL'];
  verificationTtlHours: number;
  resetTtlMinutes: number;
  billing: BillingConfig;
  /** The AI coach: free daily allowance, streaming pace, and the optional OpenAI-compatible LLM. */
  coach: {
    freeDailyMessages: number;
    streamDelayMs: number;
    llm?: { url: string; model: string; key?: string; timeoutMs: number; maxToolRounds: number };
  };
  /**
   * 'Continue with Google': a real OpenID provider when a client is configured (Google's issuer unless
   * OIDC_ISSUER names another), else the embedded provider at API_URL/dev/oidc (never in production).
   */
  oidc: { issuer: string; clientId: string; clientSecret: string } | { embedded: true } | null;
  /** Chain ids a Sign-In with Ethereum message may name. */
  siweChainIds: number[];
  /** The EVM node FINU lives on: an external one (CHAIN_RPC_URL) or the embedded anvil `npm start` runs. */
  chain: ChainConfig;
  /** 32-byte key that encrypts custodial wallet keys; generated into DATA_DIR when unset (not in production). */
  walletEncryptionKey?: string;
}

export interface ChainConfig {
  /** JSON-RPC URL; unset means the embedded anvil (start.ts fills it in once the node runs). */
  rpcUrl?: string;
  /** True when the URL is the embedded anvil (treasury key generated and funded locally). */
  embedded?: boolean;
  /** A transfer counts as confirmed only once its block is this old (the embedded node can lose younger blocks to a kill -9). */
  durableAfterMs?: number;
  chainId: number;
  confirmations: number;
  tokenAddress?: string;
  treasuryPrivateKey?: string;
}

/** Google's issuer identifier: the default when GOOGLE_CLIENT_ID is set without OIDC_ISSUER. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface BillingConfig {
  trialDays: number;
  currency: string;
  monthlyPrice: number;
  yearlyPrice: number;
  stripe?: { secretKey: string; webhookSecret?: string; priceMonthly: string; priceYearly: string; apiUrl?: string };
}

export class ConfigError extends Error {}

/**
 * Why `npm start` must not run its embedded chain, or null. An embedded node, its treasury and the wallet key
 * generated into DATA_DIR belong to one process: API processes sharing a PostgreSQL would each run their own
 * and pay conversions on several chains. So with DATABASE_URL (possibly several processes) or in production
 * the chain, the treasury and the wallet key are the operator's to name, the same for every process.
 */
export function embeddedChainRefusal(source: Record<string, string | undefined>): string | null {
  const set = (name: string) => Boolean(source[name]?.trim());
  const reason = set('DATABASE_URL') ? 'DATABASE_URL is set (several API processes may share the database)' : source.NODE_ENV === 'production' ? 'NODE_ENV=production' : null;
  if (!reason || (set('CHAIN_RPC_URL') && set('TREASURY_PRIVATE_KEY') && set('WALLET_ENCRYPTION_KEY'))) return null;
  return `Invalid configuration: ${reason}, so the embedded chain cannot be used: set CHAIN_RPC_URL, TREASURY_PRIVATE_KEY and WALLET_ENCRYPTION_KEY, the same in every API process (docs/deployment.md)`;
}

/** Reads and validates configuration; a bad value throws one readable line. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    const value = cleaned[name];
    const shown = value === undefined ? '' : name.includes('SECRET') || name.includes('KEY') || name.includes('URL') && /:\/\/[^@]*@/.test(value) ? ' (value hidden)' : ` (got '${value}')`;
    throw new ConfigError(`Invalid configuration: ${issue.message}${shown}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    appUrl: e.APP_URL.replace(/\/$/, ''),
    ratesProvider: e.RATES_PROVIDER_URL ? { url: e.RATES_PROVIDER_URL, everyMs: e.RATES_PROVIDER_EVERY_MINUTES * 60_000 } : undefined,
    apiUrl: e.API_URL.replace(/\/$/, ''),
    host: e.HOST,
    trustProxy: e.TRUST_PROXY === 'true',
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    devKey: e.DEV_KEY,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    pgliteVacuumCheckMs: e.PGLITE_VACUUM_CHECK_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      socketIdleTimeoutMs: e.SOCKET_IDLE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    importUploadsPerHour: e.IMPORT_UPLOADS_PER_HOUR,
    mailLimitPerAddressPerHour: e.MAIL_LIMIT_PER_ADDRESS_PER_HOUR,
    logLevel: e.LOG_LEVEL,
    verificationTtlHours: e.VERIFICATION_TTL_HOURS,
    resetTtlMinutes: e.RESET_TTL_MINUTES,
    billing: {
      trialDays: e.TRIAL_DAYS,
      currency: e.BILLING_CURRENCY,
      monthlyPrice: e.PLAN_MONTHLY_PRICE,
      yearlyPrice: e.PLAN_YEARLY_PRICE,
      stripe: e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, priceMonthly: e.STRIPE_PRICE_MONTHLY!, priceYearly: e.STRIPE_PRICE_YEARLY!, apiUrl: e.STRIPE_API_URL }
        : undefined,
    },
    coach: {
      freeDailyMessages: e.COACH_FREE_DAILY_MESSAGES,
      streamDelayMs: e.COACH_STREAM_DELAY_MS,
      llm: e.COACH_LLM_URL
        ? { url: e.COACH_LLM_URL.replace(/\/$/, ''), model: e.COACH_LLM_MODEL ?? '', key: e.COACH_LLM_KEY, timeoutMs: e.COACH_LLM_TIMEOUT_MS, maxToolRounds: e.COACH_LLM_MAX_TOOL_ROUNDS }
        : undefined,
    },
    oidc: e.GOOGLE_CLIENT_ID
      ? { issuer: e.OIDC_ISSUER ?? GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET! }
      : e.NODE_ENV === 'production'
        ? null
        : { embedded: true },
    siweChainIds: e.SIWE_CHAIN_IDS ? [...new Set(e.SIWE_CHAIN_IDS.split(',').map((v) => Number(v.trim())))] : [...new Set([1, e.CHAIN_ID])],
    chain: {
      rpcUrl: e.CHAIN_RPC_URL,
      chainId: e.CHAIN_ID,
      confirmations: e.CHAIN_CONFIRMATIONS,
      tokenAddress: e.FINU_TOKEN_ADDRESS,
      treasuryPrivateKey: e.TREASURY_PRIVATE_KEY,
    },
    walletEncryptionKey: e.WALLET_ENCRYPTION_KEY,
  };
}

/** The port a URL listens on (explicit port, else the scheme's default). */
export function portOf(u: string): number {
  const parsed = new URL(u);
  if (parsed.port) return Number(parsed.port);
  return parsed.protocol === 'https:' ? 443 : 80;
}
