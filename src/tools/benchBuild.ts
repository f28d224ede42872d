import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/**
 * Node flags of the API process, the same as `npm start` passes (package.json): young-generation
 * semi-spaces of 2 MB instead of V8's 16 MB, which the heap otherwise grows to under load and keeps
 * (about 30 MB after opening, 50 MB after a CSV import; docs/performance.md, memory); one V8 worker
 * thread instead of four (each thread that compiles pglite.wasm keeps its own malloc arena);
 * `gc()` for the one full collection after opening (src/server/memory.ts).
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=2', '--v8-pool-size=1', '--expose-gc'];

/** The variables src/tools/api-env.sh sets (npm start sources it before node). */
const API_ENV_KEYS = ['LD_PRELOAD', 'MALLOC_CONF', 'MALLOC_TRIM_THRESHOLD_', 'MALLOC_MMAP_THRESHOLD_'];

/**
 * Environment of the API process, the same as `npm start` sets: what src/tools/api-env.sh exports
 * (jemalloc preloaded when it is installed, else glibc's malloc with fixed trim and mmap thresholds;
 * docs/performance.md, memory sessions 7 and 8). Read from the script itself, so the two cannot drift.
 */
export function apiNodeEnv(): Record<string, string> {
  const out = execFileSync('sh', ['-c', '. ./src/tools/api-env.sh && exec env'], { cwd: root, encoding: 'utf8', env: process.env });
  const env: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    if (eq > 0 && API_ENV_KEYS.includes(key)) env[key] = line.slice(eq + 1);
  }
  return env;
}

/**
 * Compiles the benches' child processes to JavaScript in dist/bench (one ESM bundle each, npm
 * packages left as imports, the SQL migrations beside them as in dist/server): the API the bench
 * measures and the peer's worker run on plain `node`, as `npm start` does, so neither carries tsx's
 * loader and transformed sources (about 80 MB) in the memory the bench reports.
 */
export async function buildBenchProcesses(): Promise<{ api: string; peerActual: string; pgliteAlone: string }> {
  // The allocator npm start uses (installed with apt-get when missing and possible; src/tools/jemalloc.mjs).
  execFileSync(process.execPath, [join(root, 'src/tools/jemalloc.mjs')], { stdio: 'inherit' });
  const outDir = join(root, 'dist', 'bench');
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: { 'bench-api': join(root, 'src/tools/bench-api.ts'), 'bench-peer-actual': join(root, 'src/tools/bench-peer-actual.ts'), 'bench-pglite-alone': join(root, 'src/tools/bench-web/pglite-alone.ts') },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    // As build-server.mjs: modules loaded on first use stay in their own chunks.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  // As build-server.mjs: module sources V8 can keep one byte a character.
  execFileSync(process.execPath, [join(root, 'src/tools/one-byte-source.mjs'), outDir], { stdio: 'inherit' });
  cpSync(join(root, 'src/server/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  return { api: join(outDir, 'bench-api.mjs'), peerActual: join(outDir, 'bench-peer-actual.mjs'), pgliteAlone: join(outDir, 'bench-pglite-alone.mjs') };
}
