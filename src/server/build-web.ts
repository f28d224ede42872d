import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { webDistDir } from './web';

const root = resolve(import.meta.dirname, '../..');
const sources = ['index.html', 'vite.config.ts', 'package.json', 'src/web', 'src/contract', 'machines'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** True when dist/web is missing or older than any web source. */
export function webBuildIsStale(): boolean {
  const built = join(webDistDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => existsSync(join(root, s)) && newestMtime(join(root, s)) > builtAt);
}

/**
 * Builds the SPA with Vite when its sources changed since the last build. It builds into a
 * folder of its own and swaps it in, so another running server never serves a half-written build.
 */
export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  if (!webBuildIsStale()) return;
  log('Building the web app (first start or sources changed)…');
  const fresh = `${webDistDir}.build-${process.pid}-${Date.now()}`;
  const retired = `${webDistDir}.old-${process.pid}-${Date.now()}`;
  try {
    // In a child process: Vite's bundler would otherwise keep hundreds of MB in the server for its whole life.
    await viteBuild(fresh);
    if (existsSync(webDistDir)) renameSync(webDistDir, retired);
    renameSync(fresh, webDistDir);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(retired, { recursive: true, force: true });
  }
}

function viteBuild(outDir: string): Promise<void> {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`Building the web app failed (vite build exited with ${code})`))));
  });
}
