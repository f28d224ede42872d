import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { migratedPgliteDump, postgresTemplate, waitForNoSessions } from './db-template';

/** The environment every test app starts from; a test adds or overrides variables. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  IMPORT_UPLOADS_PER_HOUR: '1000',
};

/**
 * Where a test app keeps its data. Without DATABASE_URL: PGlite (in memory, or on disk
 * under DATA_DIR). With DATABASE_URL: a brand-new database on that server, dropped on `drop()`.
 */
export interface TestDatabase {
  /** Set only when the suite runs against a PostgreSQL server. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: when DATABASE_URL is set, its own PostgreSQL database, copied
 * from a migrated template database (tests/support/db-template.ts).
 */
export async function createTestDatabase(adminUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!adminUrl) return { drop: async () => undefined };
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, async (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${await postgresTemplate(client, adminUrl)}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    databaseUrl: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, async (client) => {
        // pool.end() resolves before its sockets close; FORCE-killing a closing session makes that
        // client emit an unhandled error, so let the app's sessions leave first.
        await waitForNoSessions(client, name);
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    },
  };
}

async function withAdmin<T>(adminUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export interface TestAppOptions {
  /** Extra environment variables for loadConfig (merged over TEST_ENV). */
  env?: Record<string, string>;
  /** Keep data on disk in this DATA_DIR instead of an in-memory PGlite (restarts, the JWT secret file). */
  dataDir?: string;
  /** Reuse a database across several apps (a restart); the caller drops it. */
  database?: TestDatabase;
  /** A pino logger for buildApp (log capture); silent otherwise. */
  logger?: FastifyServerOptions['logger'];
  /** An EVM node (tests/support/chain.ts) the app uses as its embedded chain. */
  chainRpcUrl?: string;
  /** Register extra routes or hooks before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Closes the app and drops the database it created. */
  close(): Promise<void>;
}

/**
 * Builds the real API server for one test file (build it in beforeAll: even from the migrated template a PGlite takes a moment).
 * Runs on in-memory PGlite, or on a new database of the server at DATABASE_URL when set.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = { ...TEST_ENV, ...options.env };
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  const base = loadConfig(env);
  const database = options.database ?? (await createTestDatabase());
  const ownsDatabase = !options.database;
  const config: Config = {
    ...base,
    inMemoryDb: !options.dataDir,
    // In memory: a copy of the migrated template instead of initdb and every migration.
    ...(!options.dataDir && !database.databaseUrl ? { pgliteTemplate: await migratedPgliteDump() } : {}),
    ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
    ...(options.chainRpcUrl ? { chain: { ...base.chain, rpcUrl: options.chainRpcUrl, embedded: true } } : {}),
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, options.logger === undefined ? {} : { logger: options.logger });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    if (ownsDatabase) await database.drop().catch(() => undefined);
    throw error;
  }
  return {
    app,
    config,
    async close() {
      await app.close();
      if (ownsDatabase) await database.drop();
    },
  };
}

/** An address no other test uses, so files and tests never collide on a shared server. */
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 12)}@example.com`;

export const DEFAULT_PASSWORD = 'correct horse battery';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  created_at: string;
}

/** Mail the dev outbox holds for one address, newest first. */
export async function mailTo(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}`, headers: { 'x-dev-key': app.devKey ?? '' } });
  if (res.statusCode !== 200) throw new Error(`GET /dev/outbox answered ${res.statusCode}: ${res.body}`);
  return res.json<{ messages: OutboxMail[] }>().messages;
}

/** The newest action link mailed to an address whose subject matches, or a readable failure. */
export async function latestLink(app: FastifyInstance, to: string, subject: RegExp): Promise<URL> {
  const mail = (await mailTo(app, to)).find((m) => subject.test(m.subject));
  if (!mail?.link) throw new Error(`no mail matching ${subject} was sent to ${to}`);
  return new URL(mail.link);
}

export const verificationLink = (app: FastifyInstance, to: string) => latestLink(app, to, /verify/i);
export const resetLink = (app: FastifyInstance, to: string) => latestLink(app, to, /reset/i);

/** The path and query of a link, as app.inject wants it. */
export const pathOf = (link: URL) => `${link.pathname}${link.search}`;

export const tokenOf = (link: URL) => {
  const token = link.searchParams.get('token');
  if (!token) throw new Error(`link has no token: ${link.toString()}`);
  return token;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUp(app: FastifyInstance, email = uniqueEmail(), password = DEFAULT_PASSWORD): Promise<LightMyRequestResponse> {
  const res = await app.inject({ method: 'POST', url: '/users/signup', payload: { email, password } });
  if (res.statusCode !== 201) throw new Error(`signup of ${email} answered ${res.statusCode}: ${res.body}`);
  return res;
}

export interface VerifiedUser {
  token: string;
  userId: string;
  email: string;
  password: string;
}

/** Signs up, follows the mailed verification link (as a JSON client) and returns the session. */
export async function signUpAndVerify(app: FastifyInstance, email = uniqueEmail(), password = DEFAULT_PASSWORD): Promise<VerifiedUser> {
  await signUp(app, email, password);
  const link = await verificationLink(app, email);
  const res = await app.inject({ method: 'GET', url: pathOf(link), headers: { accept: 'application/json' } });
  if (res.statusCode !== 200) throw new Error(`verify-email answered ${res.statusCode}: ${res.body}`);
  const body = res.json<{ access_token: string; user_id: string }>();
  return { token: body.access_token, userId: body.user_id, email, password };
}

export async function logIn(app: FastifyInstance, email: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
}

/** Puts points on a user's reward balance straight through the ledger (a test grant; `key` makes it idempotent). */
export const grantPoints = (app: FastifyInstance, userId: string, points: number, key = `grant:${Math.random()}`) =>
  app.repos.rewards.award(userId, [{ reason: 'test_grant', points, title: 'Test', message: 'Test grant', reference: null, idempotencyKey: key }]);

/** A verified user whose free trial has started: what premium endpoints (goals, transactions) require. */
export async function signUpWithAccess(app: FastifyInstance, email = uniqueEmail(), password = DEFAULT_PASSWORD): Promise<VerifiedUser> {
  const user = await signUpAndVerify(app, email, password);
  const res = await app.inject({ method: 'POST', url: '/subscription/trial/start', headers: bearer(user.token) });
  if (res.statusCode !== 200) throw new Error(`trial start answered ${res.statusCode}: ${res.body}`);
  return user;
}

/**
 * A session of the user signed in `minutesAgo` minutes ago (a token issued then, still valid): what a
 * thief holds. Signed with the app's own secret, as a login at that time would have been: the app
 * must be built with JWT_SECRET (an in-memory app otherwise keeps a secret of its own).
 */
export async function sessionFrom(testApp: TestApp, userId: string, minutesAgo: number): Promise<string> {
  if (!testApp.config.jwtSecret) throw new Error('sessionFrom needs an app built with JWT_SECRET');
  const { SignJWT } = await import('jose');
  const { resolveJwtSecret } = await import('../../src/server/services/secrets');
  const ver = await testApp.app.repos.users.tokenVersion(userId);
  const issuedAt = Math.floor(Date.now() / 1000) - minutesAgo * 60;
  return new SignJWT({ ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + testApp.config.jwtTtlSeconds)
    .sign(resolveJwtSecret(testApp.config));
}

/**
 * The app of one test file on its own database: built before the file's tests, closed (and its database
 * dropped) after them. `const app = useTestApp();` reads as the started app inside every test.
 */
export function useTestApp(options: Omit<TestAppOptions, 'database'> = {}): FastifyInstance {
  let testApp: TestApp | undefined;
  // Building the app (a PGlite from the template) takes seconds, minutes on a machine shared by many runs.
  beforeAll(async () => {
    testApp = await createTestApp(options);
  }, 180_000);
  afterAll(async () => {
    await testApp?.close();
  });
  return new Proxy({} as FastifyInstance, {
    get(_, key) {
      if (!testApp) throw new Error(`useTestApp: app.${String(key)} is read before beforeAll started the app`);
      const value = Reflect.get(testApp.app, key, testApp.app) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(testApp.app) : value;
    },
  });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls as a signed-in user: `call` answers the status, the JSON body (null for other answers) and the raw
 * text (a payload in another type than JSON, a CSV file, names its content type); `ok` expects the status
 * (200 unless told) and answers the body; `succeeds` expects any 2xx and answers the body (set-ups).
 */
export function userClient(app: FastifyInstance, user: Pick<VerifiedUser, 'token'>) {
  const call = async <T = unknown>(method: Method, url: string, payload?: unknown, contentType?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...bearer(user.token), ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = res.body !== '' && String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json ? res.json() : null) as T, raw: res.body };
  };
  const ok = async <T = unknown>(method: Method, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await call<T>(method, url, payload);
    expect(res.status, res.raw).toBe(status);
    return res.body;
  };
  const succeeds = async <T = unknown>(method: Method, url: string, payload?: unknown, contentType?: string): Promise<T> => {
    const res = await call<T>(method, url, payload, contentType);
    expect(res.status, `${method} ${url}: ${res.raw}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `${method} ${url}: ${res.raw}`).toBeLessThan(300);
    return res.body;
  };
  return { call, ok, succeeds };
}
