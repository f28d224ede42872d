import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { contractPartsPlugin } from './src/tools/contract-parts.ts';
import { stripMachineDescriptionsPlugin } from './src/tools/strip-machine-descriptions.ts';

/** In `vite dev`, serve the same runtime config the app server serves in production. */
const runtimeConfig = (): Plugin => ({
  name: 'runtime-config',
  configureServer(server) {
    server.middlewares.use('/config.json', (req, res) => {
      res.setHeader('content-type', 'application/json');
      // npm run dev:inspect: the API is reached through this server's /__api proxy (src/tools/dev-inspect.ts).
      const apiUrl = process.env.FINU_API_PROXY ? `http://${req.headers.host}/__api` : (process.env.API_URL ?? 'http://localhost:8000');
      res.end(JSON.stringify({ apiUrl, env: 'development' }));
    });
  },
});

/** Builds the migrated database template once before the server and reliability files (tests/support/db-template.ts). */
const dbTemplate = 'tests/support/db-template-setup.ts';

/**
 * React Router's package exports only its development build (warnings and invariant messages); a production
 * build takes the production one it also ships (about 2 KB gzipped less in the first load of /login).
 */
const reactRouterProduction = (name: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));

/** The Mantine components of the login page and the signed-in shell's first paint (see `build` below). */
const loginMantine = /node_modules\/@mantine\/(core\/esm\/components\/(UnstyledButton|Text|Button|Title|Loader|Paper|Stack|Alert|ActionIcon|CloseButton|Input|InputBase|Anchor|Center)\/|hooks\/esm\/use-uncontrolled\/)/;

// Only vitest loads the sequencer (and vitest/node with it): `vite build` and the dev server do not need it.
const sequencer = process.env.VITEST ? (await import('./tests/sequencer.ts')).default : undefined;

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), runtimeConfig(), stripMachineDescriptionsPlugin(), contractPartsPlugin()],
  resolve:
    command === 'build' && mode === 'production'
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ],
        }
      : {},
  // No module preload map: it lists every lazy chunk's dependencies in the first load of /login (about 5 KB); a
  // lazy page then fetches its shared chunks when it is first visited.
  // The largest chunk is the password-strength dictionaries (zxcvbn, 1.7 MB, about 800 KB gzipped), fetched only when
  // someone types a new password (the next largest is about 390 KB). The limit sits just above it, so `npm start`
  // prints no warning on a fresh clone and any chunk that grows past it still does.
  // The Mantine parts every first load of /login uses travel as one chunk: left to the splitter they become a
  // dozen small shared chunks whose number moves with unrelated pages (each costs a request and its own gzip window).
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1800,
    modulePreload: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'mantine-base', test: loginMantine }] } } },
  },
  server: {
    port: 3000,
    strictPort: true,
    // Only under npm run dev:inspect: same-origin proxy to the API (its CORS allows the built app's origin only).
    proxy: process.env.FINU_API_PROXY
      ? {
          '/__api': {
            target: process.env.FINU_API_PROXY,
            changeOrigin: true,
            rewrite: (path) => path.replace(/^\/__api/, '') || '/',
            configure: (proxy) => proxy.on('proxyReq', (request) => request.removeHeader('origin')),
          },
        }
      : undefined,
  },
  test: {
    // vitest runs cores - 1 files at a time, which is one on a 2-core machine with the other core mostly idle: the
    // server files spend their time in PGlite in the worker, so a worker per core is faster (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Longest files first, so the workers end together (tests/sequencer.ts).
    ...(sequencer ? { sequence: { sequencer } } : {}),
    projects: [
      // isolate: false as for the server files: each unit file imported xstate, the machines, zod and React again (half
      // the project's CPU); no unit test mocks a module, and the one with fake timers restores them. 30 s: under load
      // the file walks (aria-label-roles) and the held-out set's build ran past the 5 s default.
      { extends: true, test: { name: 'unit', include: ['tests/machines/**/*.test.ts', 'tests/web/**/*.test.{ts,tsx}', 'tests/docs/**/*.test.ts', 'tests/coach-eval/held-out/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 30_000 } },
      // isolate: false: a worker keeps its loaded modules (the app, fastify, drizzle, PGlite, the template dump) from one
      // file to the next instead of importing them again for every file; each file still builds its own app and
      // database, and no server test mocks a module or patches a global (docs/testing.md, "How long npm test takes").
      { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], exclude: ['tests/server/crash.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, globalSetup: [dbTemplate], isolate: false } },
      // kill -9 of the API and the node during conversions: its own vitest process, which tests/run.ts starts beside the
      // unit + server + reliability step (it mostly waits on restarts and blocks; its deadlines are minutes).
      { extends: true, test: { name: 'crash', include: ['tests/server/crash.test.ts'], environment: 'node', testTimeout: 400_000 } },
      // Standing proof (issue 11): RELIABILITY_LONG=1 selects the long sizes (npm run test:reliability). Its files run
      // beside the others (each builds its own apps, databases and API processes on free ports; the API start waits up
      // to 180 s): one at a time at the end of the run they left a core idle for about a minute (docs/testing.md).
      // isolate: false as for the server files: each file imported the app, the chain client and fast-check again, and the
      // PostgreSQL-only files (skipped on PGlite) cost their imports alone; no reliability file mocks a module.
      { extends: true, test: { name: 'reliability', include: ['tests/reliability/**/*.test.ts'], environment: 'node', testTimeout: 1_800_000, hookTimeout: 300_000, globalSetup: [dbTemplate], isolate: false } },
    ],
  },
}));
