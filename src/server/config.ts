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

/** Every environment variable the app reads; docs/configuration.md mirrors this table. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }).default('development'),
    APP_URL: url('APP_URL').default('http://localhost:3000'),
    API_URL: url('API_URL').default('http://localhost:8000'),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    JWT_TTL_SECONDS: positiveInt('JWT_TTL_SECONDS').default(7 * 24 * 3600),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().min(3).default('Finu <no-reply@finu.local>'),
    AUTH_RATE_LIMIT_PER_MINUTE: positiveInt('AUTH_RATE_LIMIT_PER_MINUTE').default(10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' })
      .default('info'),
    VERIFICATION_TTL_HOURS: positiveInt('VERIFICATION_TTL_HOURS').default(48),
    RESET_TTL_MINUTES: positiveInt('RESET_TTL_MINUTES').default(60),
  })
  .superRefine((env, ctx) => {
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
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Use an in-memory PGlite (tests). */
  inMemoryDb?: boolean;
  jwtSecret?: string;
  jwtTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  authRateLimitPerMinute: number;
  logLevel: Env['LOG_LEVEL'];
  verificationTtlHours: number;
  resetTtlMinutes: number;
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
    const shown = value === undefined ? '' : name.includes('SECRET') || name.includes('URL') && /:\/\/[^@]*@/.test(value) ? ' (value hidden)' : ` (got '${value}')`;
    throw new ConfigError(`Invalid configuration: ${issue.message}${shown}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    appUrl: e.APP_URL.replace(/\/$/, ''),
    apiUrl: e.API_URL.replace(/\/$/, ''),
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    verificationTtlHours: e.VERIFICATION_TTL_HOURS,
    resetTtlMinutes: e.RESET_TTL_MINUTES,
  };
}

/** The port a URL listens on (explicit port, else the scheme's default). */
export function portOf(u: string): number {
  const parsed = new URL(u);
  if (parsed.port) return Number(parsed.port);
  return parsed.protocol === 'https:' ? 443 : 80;
}
