/**
 * Crash test of the points-to-FINU conversion: N conversions of 100 points to one fresh address, with
 * SIGKILL sent at random moments to the API (then started again on the same data) and, separately,
 * to the anvil node (the app restarts it; it comes back from its last state dump, having lost its
 * newest blocks). Afterwards every conversion must be final: confirmed exactly once (the recipient's
 * FINU equals the confirmed points × the rate) or failed with its points back.
 *
 *   npm run test:crash                       # 200 conversions, 8 kills (about 3–5 minutes)
 *   npx tsx tests/crash/conversions.ts --conversions=40 --kills=4
 *
 * `npm test` runs a smaller size through tests/server/crash.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Wallet } from 'ethers';
import { freePort } from '../../src/server/services/chain/anvil';
import { seedPgliteDataDir } from '../support/db-template';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const DEV_KEY = 'crash-test-dev-key-0123456789';
const BATCH = 5;
const WEI_PER_POINT = 10n ** 16n;

export interface CrashOptions {
  conversions: number;
  kills: number;
  log?: (line: string) => void;
  /** Give up waiting for transfers to finish after this long. */
  settleTimeoutMs?: number;
}

export interface CrashResult {
  conversions: number;
  confirmed: number;
  failed: number;
  notFinal: number;
  apiKills: number;
  nodeKills: number;
  recipientWei: bigint;
  confirmedWei: bigint;
  pointsBalance: number;
  expectedPointsBalance: number;
  ok: boolean;
  seconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runCrashTest(options: CrashOptions): Promise<CrashResult> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'finu-crash-'));
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', API_URL: apiUrl, APP_URL: 'http://127.0.0.1:9', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEV_KEY, AUTH_RATE_LIMIT_PER_MINUTE: '100000' };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'CHAIN_RPC_URL', 'TREASURY_PRIVATE_KEY', 'FINU_TOKEN_ADDRESS']) delete env[name];
  let api: ChildProcess | null = null;
  let output = '';

  const startApi = async () => {
    output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/crash/api-server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    api = child;
    const deadline = Date.now() + 120_000;
    while (!output.includes('API ready')) {
      if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`API did not start:\n${output}`);
      await sleep(100);
    }
  };
  const killApi = async () => {
    const child = api!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const anvilPid = () => Number(readFileSync(join(dataDir, 'chain', 'anvil.pid'), 'utf8'));

  const request = async <T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: T }> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${apiUrl}${path}`, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), accept: 'application/json', 'x-dev-key': DEV_KEY },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: res.status, json: (await res.json()) as T };
      } catch (error) {
        if (attempt > 100) throw error;
        await sleep(300);
      }
    }
  };

  try {
    // The API's first start opens a copy of the migrated template rather than running initdb and every migration.
    await seedPgliteDataDir(dataDir);
    await startApi();
    const email = `crash-${Date.now()}@example.com`;
    await request('POST', '/users/signup', null, { email, password: 'correct horse battery' });
    const outbox = await request<{ messages: Array<{ link: string }> }>('GET', `/dev/outbox?to=${encodeURIComponent(email)}`, null);
    const link = new URL(outbox.json.messages[0]!.link);
    const verified = await request<{ access_token: string; user_id: string }>('GET', `${link.pathname}${link.search}`, null);
    const token = verified.json.access_token;
    const granted = options.conversions * 100;
    await request('POST', '/dev/rewards/grant', null, { user_id: verified.json.user_id, points: granted });
    const recipient = Wallet.createRandom().address;

    // Kill moments: after random batches, alternating API and node so both happen.
    const batches = Math.ceil(options.conversions / BATCH);
    const killAt = new Map<number, 'api' | 'node'>();
    for (let k = 0; k < options.kills && killAt.size < batches; k++) {
      let b: number;
      do b = Math.floor(Math.random() * batches);
      while (killAt.has(b));
      killAt.set(b, (k + (process.env.CRASH_FIRST === 'node' ? 1 : 0)) % 2 === 0 ? 'api' : 'node');
    }
    let apiKills = 0;
    let nodeKills = 0;
    let accepted = 0;
    for (let b = 0; b < batches; b++) {
      const size = Math.min(BATCH, options.conversions - b * BATCH);
      const answers = await Promise.all(Array.from({ length: size }, () => request<{ transfer_id?: string; detail?: string }>('POST', '/api/rewards/convert-points-to-finu', token, { points: 100, to_address: recipient })));
      for (const a of answers) {
        if (a.status !== 202) throw new Error(`conversion answered ${a.status}: ${JSON.stringify(a.json)}`);
        accepted++;
      }
      const kill = killAt.get(b);
      if (!kill) continue;
      // A random moment while those transfers are being signed, sent and mined.
      await sleep(Math.floor(Math.random() * 400));
      if (kill === 'api') {
        await killApi();
        apiKills++;
        log(`kill -9 API after ${accepted} conversions`);
        await startApi();
      } else {
        process.kill(anvilPid(), 'SIGKILL');
        nodeKills++;
        log(`kill -9 anvil after ${accepted} conversions`);
      }
    }

    // Every transfer the ledger knows (spend entries), followed until final.
    const deadline = Date.now() + (options.settleTimeoutMs ?? 180_000);
    let statuses: string[] = [];
    let confirmedPoints = 0;
    for (;;) {
      const history = await request<{ history: Array<{ type: string; reference: string }> }>('GET', '/tokens/history?limit=200', token);
      let all: Array<{ type: string; reference: string }> = history.json.history;
      for (let offset = 200; all.length === offset; offset += 200) all = all.concat((await request<{ history: typeof all }>('GET', `/tokens/history?limit=200&offset=${offset}`, token)).json.history);
      const ids = all.filter((h) => h.type === 'spend').map((h) => h.reference);
      const transfers = await Promise.all(ids.map((id) => request<{ status: string; points: number }>('GET', `/api/rewards/transfer/${id}`, token)));
      statuses = transfers.map((t) => t.json.status);
      confirmedPoints = transfers.filter((t) => t.json.status === 'confirmed').reduce((s, t) => s + t.json.points, 0);
      if (statuses.every((s) => s === 'confirmed' || s === 'failed') && statuses.length === accepted) break;
      if (Date.now() > deadline) break;
      await sleep(1000);
    }
    const balance = await request<{ balance_wei: string }>('GET', `/api/rewards/finu-balance?address=${recipient}`, token);
    const points = await request<{ fin_token_balance: number }>('GET', '/tokens/balance', token);
    const confirmed = statuses.filter((s) => s === 'confirmed').length;
    const failed = statuses.filter((s) => s === 'failed').length;
    const recipientWei = BigInt(balance.json.balance_wei);
    const confirmedWei = BigInt(confirmedPoints) * WEI_PER_POINT;
    const expectedPointsBalance = granted - confirmedPoints;
    const notFinal = accepted - confirmed - failed;
    if (notFinal > 0) log(`API output since its last start:\n${output.slice(-6000)}`);
    return {
      conversions: accepted,
      confirmed,
      failed,
      notFinal,
      apiKills,
      nodeKills,
      recipientWei,
      confirmedWei,
      pointsBalance: points.json.fin_token_balance,
      expectedPointsBalance,
      ok: notFinal === 0 && recipientWei === confirmedWei && points.json.fin_token_balance === expectedPointsBalance,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    const child = api as ChildProcess | null;
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    try {
      process.kill(anvilPid(), 'SIGKILL');
    } catch {
      // stopped with the API
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const result = await runCrashTest({ conversions: arg('conversions', 200), kills: arg('kills', 8), log: (line) => console.log(line) });
  console.log(JSON.stringify({ ...result, recipientWei: result.recipientWei.toString(), confirmedWei: result.confirmedWei.toString() }, null, 2));
  process.exit(result.ok ? 0 : 1);
}
