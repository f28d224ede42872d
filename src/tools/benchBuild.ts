import { cpSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Node flags of the API process, the same as `npm start` passes (package.json): young-generation
 * semi-spaces of 2 MB instead of V8's 16 MB, which the heap otherwise grows to under load and keeps
 * (about 30 MB after opening, 50 MB after a CSV import; docs/performance.md, memory); one V8 worker
 * thread instead of four (each thread that compiles pglite.wasm keeps its own malloc arena).
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=2', '--v8-pool-size=1'];

/**
 * Environment of the API process, the same as `npm start` sets (package.json): glibc's malloc with
 * fixed trim and mmap thresholds, so the memory V8's background compiler of pglite.wasm frees goes
 * back to the system instead of staying in per-thread arenas (docs/performance.md, memory session 7).
 */
export const API_NODE_ENV: Record<string, string> = { MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' };

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/**
 * Compiles the benches' child processes to JavaScript in dist/bench (one ESM bundle each, npm
 * packages left as imports, the SQL migrations beside them as in dist/server): the API the bench
 * measures and the peer's worker run on plain `node`, as `npm start` does, so neither carries tsx's
 * loader and transformed sources (about 80 MB) in the memory the bench reports.
 */
export async function buildBenchProcesses(): Promise<{ api: string; peerActual: string }> {
  const outDir = join(root, 'dist', 'bench');
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: { 'bench-api': join(root, 'src/tools/bench-api.ts'), 'bench-peer-actual': join(root, 'src/tools/bench-peer-actual.ts') },
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
  cpSync(join(root, 'src/server/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  return { api: join(outDir, 'bench-api.mjs'), peerActual: join(outDir, 'bench-peer-actual.mjs') };
}
