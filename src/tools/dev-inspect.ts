/**
 * `npm run dev:inspect`: the app with Stately's inspector attached to its actors
 * (src/web/app/inspect.ts). Starts the API the usual way (`tsx src/server/start.ts`, embedded
 * defaults, API_URL default http://localhost:8000; its own built SPA goes on INSPECT_BUILT_APP_URL,
 * default http://localhost:3001, unused here), then Vite's dev server with VITE_INSPECT=true on
 * http://localhost:3000, which reaches the API through a same-origin proxy (/__api). Open
 * http://localhost:3000: the Stately inspector opens in a window of its own (allow pop-ups) and shows
 * every live actor. Development only: production builds never contain the inspector.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const apiUrl = process.env.API_URL ?? 'http://localhost:8000';
const builtAppUrl = process.env.INSPECT_BUILT_APP_URL ?? 'http://localhost:3001';
const children: ChildProcess[] = [];

function start(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  child.stdout!.pipe(process.stdout);
  child.on('exit', (code) => {
    console.log(`${args.join(' ')} exited (${code ?? 'signal'}); stopping dev:inspect`);
    stop(code ?? 1);
  });
  return child;
}

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const api = start(join(root, 'node_modules/.bin/tsx'), ['src/server/start.ts'], { API_URL: apiUrl, APP_URL: builtAppUrl });
let output = '';
api.stdout!.on('data', function ready(chunk: Buffer) {
  output += chunk.toString();
  if (!output.includes('Finu is running')) return;
  api.stdout!.off('data', ready);
  console.log('\n  dev:inspect: starting Vite with the Stately inspector on http://localhost:3000 (allow its pop-up window)\n');
  start(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], { VITE_INSPECT: 'true', FINU_API_PROXY: apiUrl });
});
