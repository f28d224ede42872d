/**
 * `npm test`: lint, typecheck, the unit + server suites (one vitest process),
 * then the browser suite, stopping at the first failing step. Ends with one
 * line `N passed, N failed[, N skipped]` summed over every vitest run, and
 * exits non-zero when anything failed. Flags: `npm test -- --help`;
 * docs/testing.md explains the layout.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumVersion, ensureChromium } from './support/chromium';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);
const e2eConfig = 'tests/e2e/vitest.config.ts';

const STEPS = ['lint', 'typecheck', 'unit', 'server', 'reliability', 'crash', 'e2e', 'coverage'] as const;
type StepName = (typeof STEPS)[number];

const USAGE = `Usage: npm test -- [options] [vitest filters...]

Runs, in order, stopping at the first failure:
  lint       eslint .
  typecheck  tsc --noEmit -p tsconfig.json
  unit       vitest project "unit"   (tests/machines, tests/web, tests/docs)  } one vitest
  server     vitest project "server" (tests/server)                          } process
  reliability vitest project "reliability" (tests/reliability, short sizes)   } (same process)
  crash      vitest project "crash"  (tests/server/crash.test.ts: kill -9 during conversions; beside the step above)
  e2e        vitest --config ${e2eConfig} (Chromium; skipped while the file is missing)
  coverage   every docs/product.md §4 transition of an enforced machine walked by a model-based path of this run
             (src/tools/machine-coverage.ts --check; needs unit, and takes e2e's paths when e2e ran)

Options:
  --only=<steps>   run only these steps (comma-separated, repeatable): --only=unit,server
  --no-<step>      leave a step out: --no-e2e, --no-lint, --no-typecheck, --no-unit, --no-server, --no-reliability
  --help           show this help
Filters (any other argument) go to every vitest run, e.g. \`npm test -- --only=unit session\`.

Environment: CI=true for plain, non-interactive output; DATABASE_URL runs the server suite
against PostgreSQL; CHROMIUM_PATH picks the browser for e2e; TEST_TIMINGS=1 prints each file's times.`;

interface Options {
  steps: Set<StepName>;
  /** Steps named with --only, which must run rather than be skipped quietly. */
  explicit: Set<StepName>;
  filters: string[];
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Options | 'help' {
  const only = new Set<StepName>();
  const without = new Set<StepName>();
  const filters: string[] = [];
  const stepNames = (value: string, flag: string): StepName[] =>
    value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => {
        if (!(STEPS as readonly string[]).includes(name)) throw new UsageError(`${flag}: unknown step '${name}' (steps: ${STEPS.join(', ')})`);
        return name as StepName;
      });
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--') filters.push(...argv.slice(i + 1));
    if (arg === '--') break;
    if (arg.startsWith('--only=')) stepNames(arg.slice('--only='.length), '--only').forEach((s) => only.add(s));
    else if (arg === '--only') stepNames(argv[++i] ?? '', '--only').forEach((s) => only.add(s));
    else if (arg.startsWith('--no-')) stepNames(arg.slice('--no-'.length), arg).forEach((s) => without.add(s));
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else filters.push(arg);
  }
  const steps = new Set(STEPS.filter((step) => (only.size === 0 || only.has(step)) && !without.has(step)));
  if (steps.size === 0) throw new UsageError('no step left to run');
  return { steps, explicit: only, filters };
}

// ---------------------------------------------------------------------------
// Output

const ci = /^(1|true)$/i.test(process.env.CI ?? '');
const color = !ci && process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number) => (text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = paint(1);
const red = paint(31);
const green = paint(32);
const dim = paint(2);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
const banner = (text: string) => console.log(`\n${bold(`▶ ${text}`)}`);

// ---------------------------------------------------------------------------
// Child processes

/** Loopback only: the app binds HOST, and nothing local goes through a proxy. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const noProxy = [process.env.NO_PROXY ?? process.env.no_proxy ?? '', '127.0.0.1', 'localhost', '::1'].filter(Boolean).join(',');
  return { ...process.env, HOST: '127.0.0.1', NO_PROXY: noProxy, no_proxy: noProxy, ...extra };
}

/** The children running now (lint and typecheck run side by side), so a signal reaches each. */
const running = new Set<ReturnType<typeof spawn>>();

const commandLine = (command: string, args: string[]) => `$ ${[relative(repoRoot, command) || command, ...args].join(' ')}`;

/** Runs a command with its output streamed; resolves with its exit code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = childEnv()): Promise<number> {
  console.log(dim(commandLine(command, args)));
  return new Promise((resolvePromise) => {
    // Under CI the children get pipes, so no tool thinks it has a terminal to redraw.
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ci ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    child.stdout?.pipe(process.stdout, { end: false });
    child.stderr?.pipe(process.stderr, { end: false });
    child.on('error', (error) => {
      console.error(red(`could not start ${command}: ${error.message}`));
      running.delete(child);
      resolvePromise(127);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolvePromise(code ?? (signal ? 128 : 1));
    });
  });
}

/**
 * Runs a command beside others with its output kept (stdout and stderr in the order they came) for
 * printing once it ends, so side-by-side steps do not interleave their lines.
 */
function runQuiet(command: string, args: string[], env: NodeJS.ProcessEnv = childEnv()): Promise<{ code: number; output: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((resolvePromise) => {
    let output = `${dim(commandLine(command, args))}\n`;
    const child = spawn(command, args, { cwd: repoRoot, env: { ...env, FORCE_COLOR: color ? '1' : '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      running.delete(child);
      resolvePromise({ code: 127, output: `${output}${red(`could not start ${command}: ${error.message}`)}\n`, ms: Date.now() - t0 });
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolvePromise({ code: code ?? (signal ? 128 : 1), output, ms: Date.now() - t0 });
    });
  });
}

// Pass Ctrl-C / SIGTERM on and give the step up to 15 s to stop its app and browser; a second signal exits at once.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted || running.size === 0) process.exit(130);
    interrupted = true;
    console.error(`\n${red(`interrupted (${signal}): stopping the current step`)}`);
    const children = [...running];
    void Promise.all(children.map((child) => new Promise((done) => child.once('close', done)))).then(() => process.exit(130));
    for (const child of children) child.kill(signal);
    setTimeout(() => process.exit(130), 15_000).unref();
  });
}

// ---------------------------------------------------------------------------
// Vitest counts

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults?: Array<{ name: string; status: string; message?: string; assertionResults?: Array<{ status: string }> }>;
}

const reportDir = mkdtempSync(join(tmpdir(), 'finance-coach-tests-'));
process.on('exit', () => rmSync(reportDir, { recursive: true, force: true }));

/** TEST_TIMINGS=1: each vitest run also prints its files' import, hook and test times (docs/testing.md). */
const timings = /^(1|true)$/i.test(process.env.TEST_TIMINGS ?? '') ? ['--reporter=./tests/support/timings-reporter.ts'] : [];

/**
 * Runs vitest with the JSON reporter beside the default one and reads the counts back. `quiet`: its output is
 * kept and handed back whole (a run beside another step), and `ms` is its own run time.
 */
async function runVitest(label: string, args: string[], filters: string[], env?: NodeJS.ProcessEnv, quiet = false): Promise<{ code: number; counts: Counts; output?: string; ms?: number }> {
  const report = join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const vitestArgs = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...timings, ...(filters.length ? ['--passWithNoTests', ...filters] : [])];
  const quietRun = quiet ? await runQuiet(bin('vitest'), vitestArgs, env) : undefined;
  const code = quietRun ? quietRun.code : await run(bin('vitest'), vitestArgs, env);
  const extra = quietRun ? { output: quietRun.output, ms: quietRun.ms } : {};
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  if (!existsSync(report)) {
    console.error(red(`${label}: vitest wrote no report (exit code ${code}); it stopped before running tests.`));
    return { code: code || 1, counts: { ...counts, failed: 1 }, ...extra };
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
  // A file that fails to import has no failing test in it but must still count.
  const brokenFiles = (json.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  );
  for (const file of brokenFiles) console.error(red(`${label}: ${relative(repoRoot, file.name)} failed outside any test: ${file.message?.split('\n')[0] ?? ''}`));
  counts.passed = json.numPassedTests;
  counts.failed = json.numFailedTests + brokenFiles.length;
  counts.skipped = json.numPendingTests + (json.numTodoTests ?? 0);
  if (code !== 0 && counts.failed === 0) {
    console.error(red(`${label}: vitest exited with code ${code} without a failing test (an unhandled error, or no test files); counted as one failure.`));
    counts.failed = 1;
  }
  return { code, counts, ...extra };
}

// ---------------------------------------------------------------------------
// Steps

interface Result {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  ms: number;
  note?: string;
  counts?: Counts;
}

const describeCounts = ({ passed, failed, skipped }: Counts) => `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;

function databaseNote(): string {
  const url = process.env.DATABASE_URL;
  if (!url) return 'server suite database: PGlite in memory (set DATABASE_URL for PostgreSQL)';
  try {
    const parsed = new URL(url);
    return `server suite database: PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'server suite database: PostgreSQL (DATABASE_URL)';
  }
}

async function main(options: Options): Promise<number> {
  const results: Result[] = [];
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const started = Date.now();
  let failure: string | undefined;

  type Outcome = { code: number; counts?: Counts; note?: string; ms?: number };
  const step = async (name: string, rerun: string, body: () => Promise<Outcome>) => {
    banner(name);
    const t0 = Date.now();
    let outcome: Outcome;
    try {
      outcome = await body();
    } catch (error) {
      console.error(red(error instanceof Error ? error.message : String(error)));
      outcome = { code: 1 };
    }
    // A step that ran beside others (lint, typecheck) reports its own run time.
    const ms = outcome.ms ?? Date.now() - t0;
    if (outcome.counts) {
      total.passed += outcome.counts.passed;
      total.failed += outcome.counts.failed;
      total.skipped += outcome.counts.skipped;
    }
    const status = outcome.code === 0 ? 'passed' : 'failed';
    results.push({ name, status, ms, ...(outcome.counts ? { counts: outcome.counts } : {}), ...(outcome.note ? { note: outcome.note } : {}) });
    const summary = outcome.counts ? ` (${describeCounts(outcome.counts)})` : '';
    console.log(status === 'passed' ? green(`✔ ${name} passed in ${seconds(ms)}${summary}`) : red(`✖ ${name} failed in ${seconds(ms)}${summary}`));
    if (status === 'failed') failure ??= `${name} failed; later steps did not run. Rerun it alone with \`npm test -- ${rerun}\`.`;
    return status === 'passed';
  };

  const skip = (name: string, note: string) => results.push({ name, status: 'skipped', ms: 0, note });

  // The model-based tests record what they walk in .tmp/machine-coverage; the coverage step reads the recordings
  // written since this run started (deleting them here would take them from an \`npm test\` running beside it).
  const runStarted = Date.now();

  // lint and typecheck are one process each on one core: they run side by side, and beside them the SPA
  // build the e2e step needs (it would otherwise build at the start of that step). Their output is
  // printed whole, lint first, once each ends.
  const e2eWillRun = options.steps.has('e2e') && existsSync(join(repoRoot, e2eConfig));
  const webBuild = e2eWillRun && (options.steps.has('lint') || options.steps.has('typecheck')) ? runQuiet(bin('tsx'), ['tests/support/build-web.ts']) : undefined;
  const lint = options.steps.has('lint') ? runQuiet(bin('eslint'), ['.']) : undefined;
  const typecheck = options.steps.has('typecheck') ? runQuiet(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) : undefined;
  const printed = async (pending: Promise<{ code: number; output: string; ms: number }>) => {
    const { code, output, ms } = await pending;
    process.stdout.write(output);
    return { code, ms };
  };
  if (lint) await step('lint', '--only=lint', () => printed(lint));
  if (typecheck) await step('typecheck', '--only=typecheck', () => printed(typecheck));
  if (webBuild) {
    // Not a step of its own: when it fails, the e2e step builds again at its start and reports the error there.
    const { code, output, ms } = await webBuild;
    if (code === 0) console.log(dim(`\nweb app for e2e: ${output.trim().split('\n').pop()} (${seconds(ms)}, beside lint and typecheck)`));
    else console.log(`\n${output}${red(`building the web app for e2e failed (exit code ${code}); the e2e step will try again`)}`);
  }

  const projects = (['unit', 'server', 'reliability'] as const).filter((project) => options.steps.has(project));
  // The crash test spends most of its time waiting (API restarts, blocks mined, transfers settling: about 20 s of
  // CPU in 46 s alone), so it runs beside the vitest step, its output kept and printed once that step ends.
  const crashBeside = options.steps.has('crash') && projects.length > 0 && !failure ? runVitest('crash', ['--project', 'crash'], options.filters, childEnv(), true) : undefined;
  if (projects.length > 0 && !failure) {
    const name = projects.join(' + ');
    if (options.steps.has('server') || options.steps.has('reliability')) console.log(dim(databaseNote()));
    await step(name, `--only=${projects.join(',')}`, () =>
      runVitest(name, projects.flatMap((project) => ['--project', project]), options.filters),
    );
  }
  if (crashBeside) {
    // Reported even when the step beside it failed: it ran to its end.
    await step('crash', '--only=crash', async () => {
      const outcome = await crashBeside;
      process.stdout.write(outcome.output ?? '');
      return outcome;
    });
  } else if (options.steps.has('crash') && !failure) {
    await step('crash', '--only=crash', () => runVitest('crash', ['--project', 'crash'], options.filters));
  }

  if (options.steps.has('e2e') && !failure) {
    if (!existsSync(join(repoRoot, e2eConfig))) {
      if (options.explicit.has('e2e')) {
        banner('e2e');
        console.error(red(`${e2eConfig} does not exist, so there is no browser suite to run.`));
        results.push({ name: 'e2e', status: 'failed', ms: 0, note: `${e2eConfig} missing` });
        failure = `e2e was asked for but ${e2eConfig} does not exist.`;
      } else {
        skip('e2e', `${e2eConfig} not found`);
      }
    } else {
      await step('e2e', '--only=e2e', async () => {
        const chromium = ensureChromium();
        console.log(dim(`browser: ${chromiumVersion(chromium) ?? 'Chromium'} (${chromium})`));
        // Two files (two browsers) at a time against one app: the config says so.
        return runVitest('e2e', ['--config', e2eConfig], options.filters, childEnv({ CHROMIUM_PATH: chromium }));
      });
    }
  }

  if (options.steps.has('coverage') && !failure) {
    if (!options.steps.has('unit') || options.filters.length > 0) skip('coverage', 'needs the whole unit step');
    else await step('coverage', '--only=unit,e2e,coverage', async () => ({ code: await run(bin('tsx'), ['src/tools/machine-coverage.ts', '--check', `--since=${runStarted}`]) }));
  }

  for (const name of STEPS) {
    const ranOrListed = results.some((result) => result.name.split(' + ').includes(name));
    if (!ranOrListed) skip(name, options.steps.has(name) ? 'not reached' : 'not selected');
  }

  const order = (result: Result) => STEPS.indexOf(result.name.split(' + ')[0] as StepName);
  results.sort((a, b) => order(a) - order(b));
  console.log(`\n${bold('Summary')}`);
  const width = Math.max(...results.map((result) => result.name.length));
  for (const result of results) {
    const status = result.status === 'passed' ? green('passed ') : result.status === 'failed' ? red('failed ') : dim('skipped');
    const time = result.status === 'skipped' ? '' : seconds(result.ms);
    const detail = result.counts ? describeCounts(result.counts) : (result.note ?? '');
    console.log(`  ${result.name.padEnd(width)}  ${status}  ${time.padStart(7)}  ${detail}`);
  }
  console.log(`  ${'total'.padEnd(width)}           ${seconds(Date.now() - started).padStart(7)}`);
  if (failure) console.error(`\n${red(failure)}`);

  const anyFailed = Boolean(failure) || total.failed > 0;
  console.log(`\n${describeCounts(total)}`);
  return anyFailed ? 1 : 0;
}

let options: Options | 'help';
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`npm test: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(USAGE);
  process.exit(0);
}
main(options).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
