/**
 * `npm run bench:bundle`: how much JavaScript the first load of /login costs, and each other route's own chunk. Builds the SPA with
 * Vite into a temporary folder, serves it on a loopback port (with the runtime config the app server
 * gives), opens /login in headless Chromium (Debian's, as the e2e suite) and sums the gzipped size
 * of every script the page fetched until the network is idle. Prints one line per chunk and the
 * total against the budget; exits 1 over budget.
 *
 *   npm run bench:bundle
 *   npm run bench:bundle -- --path /register --no-build   # measure dist/web as it is
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../../tests/support/chromium';

/** /login ships at most 150 KB of gzipped JavaScript. */
export const LOGIN_BUDGET_BYTES = 150 * 1024;

export interface ScriptSize {
  /** The path of the script (its URL without origin). */
  name: string;
  bytes: number;
  gzipBytes: number;
}

/** gzip level 9, what a static server that pre-compresses its assets sends (Vite's report uses the same). */
export const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/**
 * Opens `url` in a fresh page and returns every script it fetched (entry, static imports and any
 * chunk loaded at start-up), biggest first, once the network has been idle.
 */
export async function measureScripts(browser: Browser, url: string): Promise<ScriptSize[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Promise<ScriptSize | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => ({ name: new URL(response.url()).pathname, bytes: body.length, gzipBytes: gzipSize(body) }))
          .catch(() => null),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const scripts = (await Promise.all(pending)).filter((s): s is ScriptSize => s !== null);
    return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  } finally {
    await context.close();
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A report: one line per chunk, then the total. */
export function report(scripts: ScriptSize[], budget = LOGIN_BUDGET_BYTES): string {
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const width = Math.max(...scripts.map((s) => s.name.length), 10);
  const lines = scripts.map((s) => `${s.name.padEnd(width)}  ${kb(s.bytes).padStart(10)}  ${kb(s.gzipBytes).padStart(10)} gzip`);
  lines.push(`${'total'.padEnd(width)}  ${kb(scripts.reduce((sum, s) => sum + s.bytes, 0)).padStart(10)}  ${kb(total).padStart(10)} gzip (budget ${kb(budget)})`);
  return lines.join('\n');
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json', '.map': 'application/json' };

/**
 * The built SPA with history fallback and /config.json, as src/server/web.ts serves it (no API behind
 * it unless `apiUrl` names one: /login needs none to render; the browser bench passes its API's).
 */
export function serveStatic(dir: string, apiUrl: () => string = () => 'http://127.0.0.1:9'): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ apiUrl: apiUrl(), env: 'production' }));
      return;
    }
    const file = normalize(join(dir, path));
    const found = file.startsWith(dir) && existsSync(file) && statSync(file).isFile() ? file : join(dir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' });
    createReadStream(found).pipe(response);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/**
 * Builds the SPA for production into a temporary folder (or takes `dir` as built), serves it and
 * measures the scripts `path` fetches on its first load.
 */
export async function measureFirstLoad(options: { path?: string; dir?: string; log?: (line: string) => void } = {}): Promise<ScriptSize[]> {
  return (await measureBundle(options)).scripts;
}

/** Every other route's own chunk (the module its page loads lazily) ships at most 150 KB gzipped too. */
export const ROUTE_BUDGET_BYTES = 150 * 1024;

export interface RouteChunk {
  /** The route (guarded pages) or the page's name (public pages and the app shell). */
  route: string;
  name: string;
  gzipBytes: number;
}

/**
 * The chunk of each lazily loaded page of src/web/app/pages.tsx in a build: Vite names a dynamic
 * import's chunk after its module's file (`DashboardPage-<8-character hash>.js`).
 */
export function routeChunks(dir: string): RouteChunk[] {
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
  const source = readFileSync(join(root, 'src/web/app/pages.tsx'), 'utf8');
  const pages = [
    ...[...source.matchAll(/'(\/[^']*)': lazy\(\(\) => import\('([^']+)'\)\)/g)].map((m) => [m[1]!, m[2]!] as const),
    ...[...source.matchAll(/export const (\w+) = lazyNamed(?:<[^>]*>)?\(\(\) => import\('([^']+)'\)/g)].map((m) => [m[1]!, m[2]!] as const),
  ];
  const assets = readdirSync(join(dir, 'assets'));
  return pages.map(([route, module]) => {
    const base = basename(module);
    const file = assets.find((f) => new RegExp(`^${base}-[\\w-]{8}\\.js$`).test(f));
    if (!file) throw new Error(`no chunk for ${module} (${route}) in ${dir}/assets`);
    return { route, name: `/assets/${file}`, gzipBytes: gzipSize(readFileSync(join(dir, 'assets', file))) };
  });
}

/** A report of the route chunks against their budget, biggest first. */
export function routeReport(routes: RouteChunk[]): string {
  const width = Math.max(...routes.map((r) => r.route.length), 10);
  return [...routes]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((r) => `${r.route.padEnd(width)}  ${kb(r.gzipBytes).padStart(10)} gzip  ${r.name}${r.gzipBytes > ROUTE_BUDGET_BYTES ? '  OVER BUDGET' : ''}`)
    .join('\n');
}

/** Builds (or takes `dir` as built) and measures both: the first load of `path` and every route's own chunk. */
export async function measureBundle(options: { path?: string; dir?: string; log?: (line: string) => void } = {}): Promise<{ scripts: ScriptSize[]; routes: RouteChunk[] }> {
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
  let dir = options.dir;
  let temporary: string | null = null;
  if (!dir) {
    temporary = dir = mkdtempSync(join(tmpdir(), 'finu-bundle-'));
    options.log?.(`vite build → ${dir}`);
    // NODE_ENV=production whatever the caller runs with: a development build bundles React's and XState's dev code.
    const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', dir, '--emptyOutDir'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const { server, url } = await serveStatic(dir);
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS], headless: true });
  try {
    return { scripts: await measureScripts(browser, `${url}${options.path ?? '/login'}`), routes: routeChunks(dir) };
  } finally {
    await browser.close();
    server.close();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

async function main() {
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
  const argv = process.argv.slice(2);
  const pathArg = argv.indexOf('--path');
  const path = pathArg >= 0 ? argv[pathArg + 1]! : '/login';
  const { scripts, routes } = await measureBundle({ path, dir: argv.includes('--no-build') ? join(root, 'dist/web') : undefined, log: (l) => console.log(`[bench:bundle] ${l}`) });
  console.log(`[bench:bundle] scripts ${path} fetched on first load:\n${report(scripts)}`);
  console.log(`[bench:bundle] each route's own chunk (budget ${kb(ROUTE_BUDGET_BYTES)} gzip):\n${routeReport(routes)}`);
  const over = routes.filter((r) => r.gzipBytes > ROUTE_BUDGET_BYTES);
  if (over.length) {
    console.error(`[bench:bundle] route chunks over budget: ${over.map((r) => `${r.route} ${kb(r.gzipBytes)}`).join(', ')}`);
    process.exitCode = 1;
  }
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  if (path === '/login' && total > LOGIN_BUDGET_BYTES) {
    console.error(`[bench:bundle] over budget: ${kb(total)} > ${kb(LOGIN_BUDGET_BYTES)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
