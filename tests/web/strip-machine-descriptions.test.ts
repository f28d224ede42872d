import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listMachineFiles, loadMachines, machinesDir, repoRoot } from '../../src/tools/machine-files';
import { stripMachineDescriptions } from '../../src/tools/strip-machine-descriptions';

/**
 * Built bundles leave out the machines' descriptions (vite.config.ts, src/tools/strip-machine-descriptions.ts).
 * Every machine file, stripped, must build the same machine as its source: the same states, transitions,
 * targets, guards, actions and invokes, with no description left.
 */

// A sibling of machines/, so the stripped files' relative imports (../src/contract/…) resolve as the originals'.
const strippedDir = join(repoRoot, '.tmp-stripped-machines');
afterAll(() => rmSync(strippedDir, { recursive: true, force: true }));

/** A machine's definition as data: functions drop out; `description` too when asked. */
const shape = (definition: unknown, withDescriptions: boolean) =>
  JSON.parse(JSON.stringify(definition, (key, value: unknown) => (!withDescriptions && key === 'description' ? undefined : value)));

describe('built bundles leave the machines’ descriptions out', () => {
  it('every machine file, stripped, defines the same machines without a description', async () => {
    rmSync(strippedDir, { recursive: true, force: true });
    mkdirSync(strippedDir, { recursive: true });
    const files = listMachineFiles();
    let stripped = 0;
    for (const name of files) {
      const source = readFileSync(join(machinesDir, `${name}.ts`), 'utf8');
      const result = stripMachineDescriptions(source, `${name}.ts`);
      if (result) stripped++;
      writeFileSync(join(strippedDir, `${name}.ts`), result ? result.code : source);
    }
    expect(stripped).toBeGreaterThan(10);
    for (const name of files) {
      const original = await loadMachines(name);
      const built = await loadMachines(name, strippedDir);
      expect(Object.keys(built), name).toEqual(Object.keys(original));
      for (const [exportName, machine] of Object.entries(original)) {
        const without = shape(built[exportName]!.definition, true);
        expect(JSON.stringify(without), `${name}.${exportName} keeps no description`).not.toContain('"description"');
        expect(without, `${name}.${exportName}`).toEqual(shape(machine.definition, false));
      }
    }
    // It imports every machine file twice: seconds on a busy 2-core machine.
  }, 120_000);

  it('keeps a description that is data, not a state or a transition', () => {
    const source = [
      "const draft = { description: 'Weekly groceries', amount: 12 };",
      "const m = { initial: 'a', states: { a: { description: 'A state', on: { GO: { description: 'Go on', target: 'b' } } }, b: { description: 'The end' } } };",
    ].join('\n');
    const result = stripMachineDescriptions(source, 'sample.ts')!;
    expect(result.code).toContain("description: 'Weekly groceries'");
    expect(result.code).not.toMatch(/A state|Go on|The end/);
  });
});
