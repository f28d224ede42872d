/**
 * The statechart checks, per machines/ file, as lists of readable problems (empty = passes):
 * - extractorProblems: Stately's extractor reads every machine, sees what runs, and can show every value
 *   (dynamic `params` functions excepted: XState 5's idiom);
 * - descriptionProblems: every state and transition has a description; spec tags are known and at the end.
 * Which files must pass is src/tools/machine-catalog.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadMachines, machinesDir } from './machine-files';
import { parseDescription } from './machine-catalog';
import { compareWithRuntime, extractSource, type UnsupportedValue } from './machine-extract';
import { stateNodes, statePathOf, transitionsOf } from './machine-walk';

export { stateNodes, statePathOf, transitionKey, transitionsOf, triggerName, type DescribedTransition } from './machine-walk';

export interface ExtractorReport {
  problems: string[];
  /** Values the extractor cannot show, dynamic params included. */
  unsupported: UnsupportedValue[];
}

export async function extractorReport(name: string, dir = machinesDir): Promise<ExtractorReport> {
  const source = readFileSync(join(dir, `${name}.ts`), 'utf8');
  const runtime = Object.values(await loadMachines(name, dir));
  const extraction = await extractSource(source);
  const problems: string[] = [];
  if (extraction.error) problems.push(`the extractor cannot read machines/${name}.ts: ${extraction.error}`);
  const extractedIds = extraction.machines.map((config) => config.id ?? '(no id)');
  for (const machine of runtime) {
    const config = extraction.machines.find((candidate) => candidate.id === machine.id);
    if (!config) {
      problems.push(`machine '${machine.id}' is not found by the extractor (it found ${extractedIds.join(', ') || 'none'}): write it as a literal createMachine/setup().createMachine call with a literal id`);
      continue;
    }
    problems.push(...compareWithRuntime(machine, config).map((difference) => `${machine.id}: ${difference}`));
  }
  for (const id of extractedIds) {
    if (!runtime.some((machine) => machine.id === id)) problems.push(`the extractor finds machine '${id}', which the file does not export`);
  }
  for (const value of extraction.unsupported) {
    if (!value.dynamicParams) problems.push(`machines/${name}.ts:${value.line}: Stately cannot show the value of '${value.key}' (${value.nodeType}); write the text itself there, or quote it in the transition's description`);
  }
  return { problems, unsupported: extraction.unsupported };
}

export async function descriptionProblems(name: string, dir = machinesDir): Promise<string[]> {
  const problems: string[] = [];
  for (const machine of Object.values(await loadMachines(name, dir))) {
    for (const node of stateNodes(machine)) {
      if (!node.description?.trim()) problems.push(`${machine.id}: state ${statePathOf(node)} has no description`);
      else problems.push(...parseDescription(node.description).problems.map((p) => `${machine.id}: state ${statePathOf(node)}: ${p}`));
    }
    for (const { label, transition } of transitionsOf(machine)) {
      if (!transition.description?.trim()) problems.push(`${machine.id}: transition ${label} has no description`);
      else problems.push(...parseDescription(transition.description).problems.map((p) => `${machine.id}: transition ${label}: ${p}`));
    }
  }
  return problems;
}
