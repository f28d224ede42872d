import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { PeerLoad, PeerRequest } from '../bench-peer-actual';
import { log, seconds } from './shared';

/** The peer: Actual Budget's Node API, installed on demand, run in processes of its own (bench-peer-actual.ts). */
export const ACTUAL_VERSION = '26.9.0';

/** Installs @actual-app/api into the cache folder unless it is there already; answers the folder. */
export function ensureActual(): string {
  const dir = process.env.FINU_BENCH_PEER_DIR ?? join(homedir(), '.cache', 'finu-bench-peer');
  const installed = join(dir, 'node_modules', '@actual-app', 'api', 'package.json');
  const sqlite = join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(installed) && (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version === ACTUAL_VERSION && existsSync(sqlite)) return dir;
  mkdirSync(dir, { recursive: true });
  // Its own package.json: npm 11 runs a dependency's install script only when allowScripts names it
  // (better-sqlite3 downloads or compiles its native binding there).
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'finu-bench-peer', private: true, description: 'The peer of `npm run bench -- --peer actual`, installed on demand; not a dependency of Finu.', allowScripts: { 'better-sqlite3': true } }, null, 2)}\n`,
  );
  log(`installing @actual-app/api@${ACTUAL_VERSION} into ${dir} (once; better-sqlite3 compiles from source where its prebuilt binary cannot be downloaded, 10–20 minutes on a busy machine)…`);
  const started = performance.now();
  const result = spawnSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', `@actual-app/api@${ACTUAL_VERSION}`], { stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(sqlite)) throw new Error(`installing @actual-app/api failed (npm exited ${result.status}); see the output above`);
  log(`installed in ${seconds(performance.now() - started)}`);
  return dir;
}

interface Reply {
  ok: boolean;
  value?: unknown;
  error?: string;
}

/** The peer's worker process, one request at a time over IPC. */
export class Peer {
  private waiting: ((reply: Reply) => void) | null = null;
  private constructor(readonly child: ChildProcess) {
    child.on('message', (reply: Reply) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(reply);
    });
    child.on('exit', (code) => {
      const w = this.waiting;
      this.waiting = null;
      w?.({ ok: false, error: `the peer's process exited with ${code}` });
    });
  }

  /** `run.execPath`: another node (the browser bench runs it on Node 22, the sync server's); `run.args`: more of the worker's options. */
  static async start(script: string, peerDir: string, dataDir: string, run: { execPath?: string; args?: string[] } = {}): Promise<Peer> {
    const child = fork(script, ['--peer-dir', peerDir, '--data-dir', dataDir, ...(run.args ?? [])], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [], ...(run.execPath ? { execPath: run.execPath } : {}) });
    const peer = new Peer(child);
    const ready = await new Promise<Reply>((r) => (peer.waiting = r));
    if (!ready.ok) throw new Error(ready.error);
    return peer;
  }

  async ask<T>(request: PeerRequest, timeoutMs = 0): Promise<T> {
    const reply = new Promise<Reply>((r) => (this.waiting = r));
    this.child.send(request);
    const outcome = timeoutMs ? await Promise.race([reply, new Promise<null>((r) => setTimeout(() => r(null), timeoutMs).unref())]) : await reply;
    if (outcome === null) {
      this.child.kill('SIGKILL');
      throw new PeerTimeout();
    }
    if (!outcome.ok) throw new Error(`the peer failed: ${outcome.error}`);
    return outcome.value as T;
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.ask({ op: 'exit' }).catch(() => undefined);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
export class PeerTimeout extends Error {}

/** Loads `rows` generated transactions into a new budget in `dataDir` (its own process); answers the time taken. */
export async function loadPeer(script: string, peerDir: string, dataDir: string, rows: number, today: Date, via: PeerLoad): Promise<number> {
  const loader = await Peer.start(script, peerDir, dataDir);
  try {
    const started = performance.now();
    await loader.ask({ op: 'create', rows, today: today.toISOString(), via });
    return performance.now() - started;
  } finally {
    await loader.stop();
  }
}
