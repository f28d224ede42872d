import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedPgliteDataDir } from '../../support/db-template';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** RELIABILITY_LONG=1 (npm run test:reliability) selects the long sizes. */
export const LONG = process.env.RELIABILITY_LONG === '1';

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

export const DEV_KEY = 'reliability-dev-key-0123456789';
export const JWT_SECRET = randomBytes(32).toString('hex');

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, exactly like a crash or an OOM kill. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the real API in its own Node process (tsx loader), on PGlite in dataDir or on databaseUrl. */
export async function startApi(options: { dataDir?: string; databaseUrl?: string; env?: Record<string, string> }): Promise<ApiProcess> {
  // A new PGlite data directory starts as a copy of the migrated template (the restarts then find their own data).
  if (options.dataDir && !options.databaseUrl) await seedPgliteDataDir(options.dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    API_URL: url,
    APP_URL: 'http://127.0.0.1:9',
    DEV_KEY,
    JWT_SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    MAIL_LIMIT_PER_ADDRESS_PER_HOUR: '1000',
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'tests/reliability/support/serve-api.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`API did not start within 180 s:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('API READY')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`API exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    url,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface HttpAnswer<T = unknown> {
  status: number;
  body: T;
}

export async function http<T = unknown>(base: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T };
}

export interface Account {
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** Signs up, verifies through the dev outbox, starts the trial: a user who may write transactions and goals. */
export async function createAccount(base: string): Promise<Account> {
  const email = `rel-${randomUUID().slice(0, 12)}@example.com`;
  const password = 'correct horse battery';
  const signup = await http(base, 'POST', '/users/signup', { body: { email, password } });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const outbox = await http<{ messages: { link: string | null }[] }>(base, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { 'x-dev-key': DEV_KEY } });
  const link = new URL(outbox.body.messages[0]!.link!);
  const verified = await http<{ access_token: string; user_id: string }>(base, 'GET', `${link.pathname}${link.search}`);
  const token = verified.body.access_token;
  const trial = await http(base, 'POST', '/subscription/trial/start', { token });
  if (trial.status !== 200) throw new Error(`trial: ${trial.status} ${JSON.stringify(trial.body)}`);
  return { email, password, token, userId: verified.body.user_id };
}

export async function logIn(base: string, account: Account): Promise<string> {
  const res = await http<{ access_token: string }>(base, 'POST', '/users/login', { body: { email: account.email, password: account.password } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

export interface ListedTransaction {
  transaction_id: string;
  type: 'income' | 'expense';
  amount: number;
  description: string;
  category: string;
}

/** Every transaction of the user, page by page. */
export async function allTransactions(base: string, token: string): Promise<ListedTransaction[]> {
  const out: ListedTransaction[] = [];
  let cursor: string | null = null;
  do {
    const page: HttpAnswer<{ transactions: ListedTransaction[]; next_cursor: string | null }> = await http(base, 'GET', `/transactions?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    if (page.status !== 200) throw new Error(`list: ${page.status} ${JSON.stringify(page.body)}`);
    out.push(...page.body.transactions);
    cursor = page.body.next_cursor;
  } while (cursor);
  return out;
}

export const cents = (amount: number) => Math.round(amount * 100);
