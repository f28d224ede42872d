import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** The anvil binary shipped inside the registry package (spawned directly: npm's skipped install scripts do not matter). */
export function anvilBinary(): string {
  const platform = `${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  const pkg = dirname(require.resolve(`@foundry-rs/anvil-${platform}/package.json`));
  const bin = join(pkg, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(bin)) throw new Error(`anvil binary not found at ${bin}: reinstall @foundry-rs/anvil-${platform}`);
  // Some extractors drop the executable bit.
  if ((statSync(bin).mode & 0o111) === 0) chmodSync(bin, 0o755);
  return bin;
}

function signalProcess(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** A free loopback port chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface EmbeddedNode {
  rpcUrl: string;
  /** The anvil process id (the crash test kills it). */
  pid(): number | undefined;
  /** How old a block must be before a kill -9 of the node can no longer lose it (its state file is written every interval); 0 in memory. */
  durableAfterMs: number;
  stop(): Promise<void>;
}

export interface EmbeddedNodeOptions {
  /** State lives in <dataDir>/chain/state.json; null keeps it in memory (tests). */
  dataDir: string | null;
  chainId: number;
  log?: (line: string) => void;
  /** Seconds between state dumps to disk. */
  stateIntervalSeconds?: number;
}

async function rpcReady(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }), signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`anvil did not answer at ${url}`);
}

/**
 * Starts Foundry's anvil on a free loopback port with its state persisted under DATA_DIR/chain
 * (--state plus a 1 s --state-interval), and restarts it on the same port and state if it dies.
 */
export async function startEmbeddedNode(options: EmbeddedNodeOptions): Promise<EmbeddedNode> {
  const bin = anvilBinary();
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chainDir = options.dataDir ? resolve(options.dataDir, 'chain') : null;
  const pidFile = chainDir ? join(chainDir, 'anvil.pid') : null;
  if (chainDir) mkdirSync(chainDir, { recursive: true });
  // A node left running by a process that was killed would keep writing the same state file.
  if (pidFile && existsSync(pidFile)) {
    const stale = Number(readFileSync(pidFile, 'utf8'));
    // SIGTERM first, so it writes its state; SIGKILL if it lingers.
    if (stale > 0 && signalProcess(stale, 'SIGTERM')) {
      const deadline = Date.now() + 5000;
      while (signalProcess(stale, 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      signalProcess(stale, 'SIGKILL');
    }
    rmSync(pidFile, { force: true });
  }
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(options.chainId), '--accounts', '1', '--silent'];
  if (chainDir) args.push('--state', join(chainDir, 'state.json'), '--state-interval', String(options.stateIntervalSeconds ?? 1));

  let child: ChildProcess | undefined;
  let stopping = false;
  const launch = async () => {
    child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
    const current = child;
    current.once('exit', (code, signal) => {
      if (stopping || current !== child) return;
      options.log?.(`anvil exited (${signal ?? code}): restarting it on the same port and state. ${stderr.trim()}`);
      setTimeout(() => {
        if (!stopping) void launch().catch((error: Error) => options.log?.(`anvil restart failed: ${error.message}`));
      }, 200);
    });
    await rpcReady(rpcUrl, Date.now() + 30_000);
  };
  await launch();

  return {
    rpcUrl,
    pid: () => child?.pid,
    durableAfterMs: chainDir ? (options.stateIntervalSeconds ?? 1) * 2000 + 1000 : 0,
    async stop() {
      stopping = true;
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      // SIGTERM lets anvil write its state one last time.
      const exited = new Promise<void>((done) => c.once('exit', () => done()));
      c.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}
