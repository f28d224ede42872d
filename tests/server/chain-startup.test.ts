import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` refuses its embedded chain when it cannot be shared: each API process would run its own node,
 * treasury and wallet key, and pay conversions on each. The refusal is one line naming what to set.
 */
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'finu-start-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'src/server/start.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', API_URL: 'http://127.0.0.1:9', APP_URL: 'http://127.0.0.1:9', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stderr, stdout });
    }),
  );
}

const NAMES = /CHAIN_RPC_URL, TREASURY_PRIVATE_KEY and WALLET_ENCRYPTION_KEY/;
const WALLET_KEY = 'ab'.repeat(32);

describe('the embedded chain is refused when it cannot be shared', () => {
  it('with DATABASE_URL and no CHAIN_RPC_URL, start-up stops with one line naming CHAIN_RPC_URL, TREASURY_PRIVATE_KEY and WALLET_ENCRYPTION_KEY', { timeout: 90_000 }, async () => {
    const run = await start({ DATABASE_URL: 'postgresql://finu@127.0.0.1:9/finu' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^Invalid configuration: DATABASE_URL is set/);
    expect(run.stderr).toMatch(NAMES);
    expect(run.stdout).not.toMatch(/anvil|Finu is running/);
  });

  it('with DATABASE_URL and a chain but no WALLET_ENCRYPTION_KEY (each process would make its own), start-up stops too', { timeout: 90_000 }, async () => {
    const run = await start({ DATABASE_URL: 'postgresql://finu@127.0.0.1:9/finu', CHAIN_RPC_URL: 'http://127.0.0.1:9', TREASURY_PRIVATE_KEY: 'cd'.repeat(32) });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(NAMES);
  });

  it('in production without CHAIN_RPC_URL, start-up stops with the same line', { timeout: 90_000 }, async () => {
    const run = await start({ NODE_ENV: 'production', SMTP_URL: 'smtp://u:p@127.0.0.1:9', WALLET_ENCRYPTION_KEY: WALLET_KEY });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Invalid configuration: NODE_ENV=production/);
    expect(run.stderr).toMatch(NAMES);
  });
});
