/**
 * Debian's Chromium for the e2e suite. Playwright's own browser downloads are
 * not used: the packaged one installs from apt and works offline afterwards.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags every e2e launch passes (see ARCHITECTURE.md, Tests). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[]): void {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.error) throw new Error(`Could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.status}`;
    throw new Error(`\`${[command, ...args].join(' ')}\` ${how}; Chromium is not installed. Install it by hand (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
}

/**
 * Returns the Chromium executable to launch: `CHROMIUM_PATH` when set, else
 * /usr/bin/chromium, installing Debian's `chromium` package with apt-get first
 * when it is missing (needs root). Throws a readable error when that fails.
 */
export function ensureChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!isExecutable(configured)) throw new Error(`CHROMIUM_PATH is ${configured}, which is not an executable file.`);
    return configured;
  }
  if (isExecutable(DEFAULT_CHROMIUM_PATH)) return DEFAULT_CHROMIUM_PATH;

  if (process.getuid?.() !== 0) {
    throw new Error(`${DEFAULT_CHROMIUM_PATH} is missing and installing it needs root: run \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH.`);
  }
  console.log(`${DEFAULT_CHROMIUM_PATH} is missing: installing Debian's chromium package.`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (!isExecutable(DEFAULT_CHROMIUM_PATH)) {
    throw new Error(`apt-get installed chromium but ${DEFAULT_CHROMIUM_PATH} is still missing; set CHROMIUM_PATH to the browser executable.`);
  }
  return DEFAULT_CHROMIUM_PATH;
}

/** `Chromium 1xx.x.x.x built on Debian ...`, or null when the binary does not answer. */
export function chromiumVersion(executable: string): string | null {
  const result = spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : null;
}
