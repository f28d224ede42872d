/**
 * Coverage of the real machines by the model-based paths (tests/support/machine-coverage.ts records them
 * into .tmp/machine-coverage/<env>/<test>.json).
 *
 * - docs/machines/coverage.json: what each model test file walked, per machine, kept by `npm run
 *   docs:machines` (a recording replaces the entry of its own test file and environment; entries without
 *   a new recording stay, so a node-only run keeps the Chromium figures).
 * - docs/machines/coverage.md: the figures per machine, and the transitions tagged with a product rule walked or not.
 * - `tsx src/tools/machine-coverage.ts --check` (the last step of `npm test`): fails when a transition of
 *   an enforced machine tagged `[spec:4-…]` is walked by no path recorded in this run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { docsDir, listMachineFiles, loadMachines, machinesDir, repoRoot } from './machine-files';
import { isPending, parseDescription, PENDING_MACHINES, SPEC_RULES } from './machine-catalog';
import { stateNodes, transitionKey, transitionsOf } from './machine-checks';

export const recordingsDir = join(repoRoot, '.tmp', 'machine-coverage');
export const coverageJson = 'coverage.json';
export const coverageMd = 'coverage.md';

export type Env = 'node' | 'chromium';
/** `<env>:<test file>` → machine id → what it walked (union over its paths). */
export type CoverageData = Record<string, Record<string, { states: string[]; transitions: string[] }>>;

interface RecordingFile {
  file: string;
  env: Env;
  paths: Array<{ name: string; machines: Record<string, { states: string[]; transitions: string[] }> }>;
}

/** The recordings under .tmp/machine-coverage, folded per test file; with `since` (epoch ms) only those written since. */
export function readRecordings(dir = recordingsDir, since = 0): CoverageData {
  const data: CoverageData = {};
  for (const env of ['node', 'chromium'] as const) {
    const envDir = join(dir, env);
    if (!existsSync(envDir)) continue;
    for (const name of readdirSync(envDir).filter((f) => f.endsWith('.json') && statSync(join(envDir, f)).mtimeMs >= since).sort()) {
      const recording = JSON.parse(readFileSync(join(envDir, name), 'utf8')) as RecordingFile;
      const entry: CoverageData[string] = {};
      for (const path of recording.paths) {
        for (const [id, walked] of Object.entries(path.machines)) {
          const into = (entry[id] ??= { states: [], transitions: [] });
          into.states = [...new Set([...into.states, ...walked.states])].sort();
          into.transitions = [...new Set([...into.transitions, ...walked.transitions])].sort();
        }
      }
      data[`${recording.env}:${recording.file}`] = entry;
    }
  }
  return data;
}

export function readCommittedCoverage(): CoverageData {
  const file = join(docsDir, coverageJson);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CoverageData) : {};
}

export function mergeCoverage(committed: CoverageData, recorded: CoverageData): CoverageData {
  const merged = { ...committed, ...recorded };
  return Object.fromEntries(Object.keys(merged).sort().map((key) => [key, merged[key]!]));
}

export const coverageJsonText = (data: CoverageData) => `${JSON.stringify(data, null, 1)}\n`;

/** Who walked a state id or transition key of a machine: `node: tests/machines/x.model.test.ts`. */
export function walkersOf(data: CoverageData, machineId: string, kind: 'states' | 'transitions', key: string): string[] {
  return Object.entries(data)
    .filter(([, machines]) => machines[machineId]?.[kind].includes(key))
    .map(([source]) => source.replace(':', ': '));
}

const envOf = (walker: string) => walker.split(':')[0] as Env;

export interface SpecGap {
  file: string;
  machine: string;
  transition: string;
  rules: string[];
}

/** Spec-tagged transitions that no recorded path walked. */
export async function specGaps(data: CoverageData, files = listMachineFiles(), dir = machinesDir): Promise<{ gaps: SpecGap[]; tagged: number }> {
  const gaps: SpecGap[] = [];
  let tagged = 0;
  for (const file of files) {
    for (const machine of Object.values(await loadMachines(file, dir))) {
      for (const { label, transition } of transitionsOf(machine)) {
        const rules = parseDescription(transition.description).rules;
        if (rules.length === 0) continue;
        tagged += 1;
        if (walkersOf(data, machine.id, 'transitions', transitionKey(transition)).length === 0) gaps.push({ file, machine: machine.id, transition: label, rules });
      }
    }
  }
  return { gaps, tagged };
}

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${part}/${whole} (${Math.round((part / whole) * 100)}%)`);

function machineFigures(machine: AnyStateMachine, data: CoverageData) {
  const states = stateNodes(machine).filter((node) => node !== machine.root);
  const transitions = transitionsOf(machine);
  const walkedBy = (env: Env, kind: 'states' | 'transitions', key: string) => walkersOf(data, machine.id, kind, key).some((w) => envOf(w) === env);
  const count = (env: Env) => ({
    states: states.filter((node) => walkedBy(env, 'states', node.id)).length,
    transitions: transitions.filter(({ transition }) => walkedBy(env, 'transitions', transitionKey(transition))).length,
  });
  return { states: states.length, transitions: transitions.length, node: count('node'), chromium: count('chromium') };
}

/** docs/machines/coverage.md. */
export async function coverageMarkdown(data: CoverageData, files = listMachineFiles()): Promise<string> {
  const lines = [
    '<!-- Generated by `npm run docs:machines` from the model-based tests\' recordings (docs/machines/coverage.json). Do not edit by hand. -->',
    '',
    '# Coverage of the machines by the model-based paths',
    '',
    'Which states and transitions of the real machines the model-based paths walk (`@xstate/test` paths of the',
    'test models in `tests/models/`), in node (`tests/machines/*.model.test.ts`) and in Chromium against the real app',
    '(`tests/e2e/access|goals|coach`). `npm test` fails when a transition tagged with a product rule in an enforced',
    'machine is walked by no path. Refresh: run the model tests (or `npm test`), then `npm run docs:machines`.',
    '',
    '| Machine | File | States walked (node) | States walked (Chromium) | Transitions walked (node) | Transitions walked (Chromium) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const ruleRows: string[][] = [];
  for (const file of files) {
    for (const machine of Object.values(await loadMachines(file))) {
      const f = machineFigures(machine, data);
      const pending = isPending(file) ? ' (pending)' : '';
      lines.push(`| [\`${machine.id}\`](${file}.md)${pending} | \`machines/${file}.ts\` | ${percent(f.node.states, f.states)} | ${percent(f.chromium.states, f.states)} | ${percent(f.node.transitions, f.transitions)} | ${percent(f.chromium.transitions, f.transitions)} |`);
      for (const { label, transition } of transitionsOf(machine)) {
        for (const rule of parseDescription(transition.description).rules) {
          const walkers = walkersOf(data, machine.id, 'transitions', transitionKey(transition));
          ruleRows.push([`\`${rule}\``, `\`${machine.id}\` ${label}`, walkers.length ? walkers.join('<br>') : '**not walked**']);
        }
      }
    }
  }
  lines.push('', '## Product rules (docs/product.md)', '');
  if (ruleRows.length === 0) lines.push('No transition cites a product rule yet.');
  else {
    lines.push('| Rule | Transition | Walked by |', '| --- | --- | --- |');
    ruleRows.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0)).forEach((row) => lines.push(`| ${row.join(' | ')} |`));
  }
  const cited = new Set(ruleRows.map((row) => row[0]!.replace(/`/g, '')));
  const uncited = Object.keys(SPEC_RULES).filter((rule) => !cited.has(rule));
  if (uncited.length) lines.push('', `Rules no transition cites yet: ${uncited.map((rule) => `\`${rule}\``).join(', ')}.`);
  const pending = Object.keys(PENDING_MACHINES);
  lines.push('', `Pending (not yet held to the spec-rule check, see src/tools/machine-catalog.ts): ${pending.map((name) => `\`${name}\``).join(', ')}.`);
  return `${lines.join('\n')}\n`;
}

async function check(): Promise<number> {
  // `npm test` passes its start time: this run's recordings only, without deleting what a run beside it writes.
  const since = Number(process.argv.find((a) => a.startsWith('--since='))?.slice('--since='.length) ?? 0);
  const data = readRecordings(recordingsDir, since);
  if (Object.keys(data).length === 0) {
    console.error(`machine coverage: no recordings in ${recordingsDir}; run the model-based tests first.`);
    return 1;
  }
  const enforced = listMachineFiles().filter((file) => !isPending(file));
  const { gaps, tagged } = await specGaps(data, enforced);
  console.log(`machine coverage: ${Object.keys(data).length} recorded test files (${Object.keys(data).join(', ')}); ${tagged} spec-tagged transitions in enforced machines, ${tagged - gaps.length} walked.`);
  for (const [name, reason] of Object.entries(PENDING_MACHINES)) console.log(`pending: machines/${name}.ts (${reason})`);
  for (const gap of gaps) console.error(`machines/${gap.file}.ts: ${gap.machine} ${gap.transition} [${gap.rules.map((r) => `spec:${r}`).join(' ')}] is walked by no model-based path`);
  return gaps.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  check().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
