import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E_DEV_KEY } from './api';

export const repoRoot = resolve(import.meta.dirname, '../../..');
/** Screenshot and console log of each failed test (gitignored). */
export const failuresDir = join(repoRoot, '.tmp/e2e-failures');
/** Screenshots taken for a human to look at. */
export const screenshotsDir = join(repoRoot, '.tmp/e2e-screenshots');

/** Long enough for a first start that has to build the SPA with Vite on two cores. */
const START_TIMEOUT_MS = 170_000;

export interface RunningFinu {
  appUrl: string;
  apiUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Free loopback ports chosen by the OS: all are held open together so none repeats, then released. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((done, fail) => {
          const server = createServer();
          server.once('error', fail);
          server.listen(0, '127.0.0.1', () => done(server));
        }),
    ),
  );
  const ports = servers.map((s) => {
    const address = s.address();
    if (!address || typeof address === 'string') throw new Error('no port assigned');
    return address.port;
  });
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}

/**
 * Starts the app the way a user does (`tsx src/server/start.ts`, which builds the SPA when stale)
 * on two free ports with a throw-away data directory and the embedded mail outbox.
 */
export async function startFinu(): Promise<RunningFinu> {
  const [appPort, apiPort] = await freePorts(2);
  const appUrl = `http://localhost:${appPort}`;
  const apiUrl = `http://localhost:${apiPort}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'finu-e2e-'));

  // A fresh PGlite and the outbox: never a developer's PostgreSQL or SMTP server.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'HOST']) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'development',
    APP_URL: appUrl,
    API_URL: apiUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    DEV_KEY: E2E_DEV_KEY,
    // Unpaced: a test that needs an answer still streaming holds it on the server (support/streamHold.ts).
    COACH_STREAM_DELAY_MS: '0',
  });

  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['src/server/start.ts'], {
    cwd: repoRoot,
    env,
    detached: true, // its own process group, so teardown reaches tsx's child node process too
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  // If vitest dies without running teardown (a crash, EPIPE on a closed pipe), take the server down with it.
  const onExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    await killGroup(child, exited);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(apiUrl, () => output, exited);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.trim() || '(none)'}`);
  }
  return { appUrl, apiUrl, dataDir, stop };
}

async function waitUntilReady(apiUrl: string, output: () => string, exited: Promise<number | null>) {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code ?? -1));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`Finu exited with code ${exitCode} before it was ready`);
    if (output().includes('Finu is running') && (await healthy(apiUrl))) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Finu did not print "Finu is running" within ${START_TIMEOUT_MS / 1000} s`);
}

async function healthy(apiUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole process group (tsx and the node process it runs), SIGKILL if it lingers. */
async function killGroup(child: ChildProcess, exited: Promise<number | null>) {
  if (child.pid === undefined) return;
  const group = -child.pid;
  const signal = (name: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(group, name);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  if (!signal('SIGTERM')) return;
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  const deadline = Date.now() + 5_000;
  while (signal(0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  signal('SIGKILL');
}
