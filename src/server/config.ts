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
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().min(3).default('Finu <no-reply@finu.local>'),
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').default('support@finu.local'),
    AUTH_RATE_LIMIT_PER_MINUTE: positiveInt('AUTH_RATE_LIMIT_PER_MINUTE').default(10),
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
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && (!env.STRIPE_PRICE_MONTHLY || !env.STRIPE_PRICE_YEARLY)) {
      ctx.addIssue({ code: 'custom', path: [env.STRIPE_PRICE_MONTHLY ? 'STRIPE_PRICE_YEARLY' : 'STRIPE_PRICE_MONTHLY'], message: 'STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY are required with STRIPE_SECRET_KEY' });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when NODE_ENV=production (the dev outbox is off there)' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  appUrl: string;
  apiUrl: string;
  host: string;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Use an in-memory PGlite (tests). */
  inMemoryDb?: boolean;
  jwtSecret?: string;
  /** Opens the `/dev/*` routes (outside production); generated into DATA_DIR when unset. */
  devKey?: string;
  jwtTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Where the help centre's contact form is mailed. */
  supportEmail: string;
  authRateLimitPerMinute: number;
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
}

export interface BillingConfig {
  trialDays: number;
  currency: string;
  monthlyPrice: number;
  yearlyPrice: number;
  stripe?: { secretKey: string; webhookSecret?: string; priceMonthly: string; priceYearly: string; apiUrl?: string };
}

export class ConfigError extends Error {}

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
    apiUrl: e.API_URL.replace(/\/$/, ''),
    host: e.HOST,
    trustProxy: e.TRUST_PROXY === 'true',
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    devKey: e.DEV_KEY,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
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
  };
}

/** The port a URL listens on (explicit port, else the scheme's default). */
export function portOf(u: string): number {
  const parsed = new URL(u);
  if (parsed.port) return Number(parsed.port);
  return parsed.protocol === 'https:' ? 443 : 80;
}
