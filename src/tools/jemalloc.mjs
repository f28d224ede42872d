/**
 * jemalloc for the API process (src/tools/api-env.sh preloads it when it is there): finds the
 * system's libjemalloc.so.2 and, when it is missing, installs Debian's `libjemalloc2` package with
 * apt-get (as root, the way the tests install Chromium and CI installs PostgreSQL). Never fails:
 * without the library the API runs on glibc's malloc and holds about 20 MB more (docs/performance.md,
 * "Memory").
 *
 *   node src/tools/jemalloc.mjs            print where it is, installing it first when possible
 *   node src/tools/jemalloc.mjs --quiet    the same, silent when nothing was to be done (npm start)
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where distributions put it; the same list as api-env.sh. */
export const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
  '/usr/local/lib/libjemalloc.so.2',
];

const root = resolve(import.meta.dirname, '../..');
/** An install that failed once (no network, no apt) is not retried on every start. */
const triedMarker = join(root, 'node_modules', '.cache', 'finu-jemalloc-install-failed');

export function findJemalloc() {
  for (const path of JEMALLOC_PATHS) {
    try {
      accessSync(path, constants.R_OK);
      return path;
    } catch {
      // not there
    }
  }
  return null;
}

const apt = (args) => spawnSync('apt-get', args, { stdio: 'ignore', timeout: 120_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;

/** The library's path, installing it first when it is missing and this process may (root, apt-get, Linux); null otherwise. */
export function ensureJemalloc({ log = console.log, quiet = false } = {}) {
  const found = findJemalloc();
  if (found || process.platform !== 'linux') {
    if (!quiet) log(found ? `jemalloc: ${found}` : 'jemalloc: not used on this platform (the API runs on the system malloc)');
    return found;
  }
  const hint = 'jemalloc is not installed, so the API uses glibc malloc and holds about 20 MB more (Debian/Ubuntu: apt-get install libjemalloc2).';
  if (process.getuid?.() !== 0 || spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0 || existsSync(triedMarker)) {
    log(hint);
    return null;
  }
  log("jemalloc is missing: installing Debian's libjemalloc2 package (once).");
  const installed = apt(['install', '-y', '--no-install-recommends', 'libjemalloc2']) || (apt(['update']) && apt(['install', '-y', '--no-install-recommends', 'libjemalloc2']));
  const path = installed ? findJemalloc() : null;
  if (!path) {
    mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
    writeFileSync(triedMarker, `${new Date().toISOString()} apt-get install libjemalloc2 failed\n`);
    log(`Installing libjemalloc2 failed; not trying again (delete ${triedMarker} to retry). ${hint}`);
  } else log(`jemalloc: installed ${path}`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureJemalloc({ quiet: process.argv.includes('--quiet') });
