/**
 * Compiles the API server to JavaScript: src/server/start.ts → dist/server/start.js (one ESM
 * bundle, npm packages left as imports) plus the SQL migrations beside it. `npm start` runs the
 * compiled server, so production never loads TypeScript through tsx.
 *
 *   node src/tools/build-server.mjs             build
 *   node src/tools/build-server.mjs --if-stale  build only when a source is newer than the bundle
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { oneByteSource } from './one-byte-source.mjs';

const root = resolve(import.meta.dirname, '../..');
const outDir = join(root, 'dist/server');
const entry = join(outDir, 'start.js');
const sources = ['src/server', 'src/contract', 'package.json', 'package-lock.json', 'tsconfig.json'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const stale = () => !existsSync(entry) || sources.some((s) => existsSync(join(root, s)) && newestMtime(join(root, s)) > statSync(entry).mtimeMs);

if (!process.argv.includes('--if-stale') || stale()) {
  const started = Date.now();
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'src/server/start.ts')],
    outdir: outDir,
    entryNames: 'start',
    // Modules loaded with import() on first use (the chain code and ethers with it) stay out of start.js:
    // without splitting, esbuild would hoist their package imports to the bundle's top (docs/performance.md, memory).
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  oneByteSource(outDir);
  cpSync(join(root, 'src/server/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  console.log(`Built the API server into dist/server in ${Date.now() - started} ms`);
}
