import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listMachineFiles, repoRoot } from '../../src/tools/docs-machines';
import { isPending, PENDING_MACHINES } from '../../src/tools/machine-catalog';
import { descriptionProblems, extractorReport } from '../../src/tools/machine-checks';

const files = listMachineFiles();
const enforced = files.filter((name) => !isPending(name));
const pending = Object.keys(PENDING_MACHINES);

// The first run bundles the extractor (a few seconds on a busy machine).
describe("Stately's extractor (@xstate/machine-extractor) reads every enforced machine as it runs", { timeout: 120_000 }, () => {
  for (const name of enforced) {
    it(`machines/${name}.ts: same states, transitions, targets, guards, actions, actors and descriptions; no value Stately cannot show`, async () => {
      const report = await extractorReport(name);
      const dynamic = report.unsupported.filter((value) => value.dynamicParams).length;
      console.log(`machines/${name}.ts: ${report.unsupported.length - dynamic} unsupported values, ${dynamic} dynamic params (allowed)`);
      expect(report.problems).toEqual([]);
    });
  }

  it('prints the pending machines, and fails when one of them already passes (take it off the list)', async () => {
    const passing: string[] = [];
    for (const name of pending) {
      if (!files.includes(name)) {
        console.log(`pending: machines/${name}.ts (${PENDING_MACHINES[name]}): no such file yet`);
        continue;
      }
      const extractor = (await extractorReport(name)).problems.length;
      const descriptions = (await descriptionProblems(name)).length;
      console.log(`pending: machines/${name}.ts (${PENDING_MACHINES[name]}): ${extractor} extractor problems, ${descriptions} description problems`);
      if (extractor === 0 && descriptions === 0) passing.push(name);
    }
    expect(passing, 'these pending machines pass every check: remove them from PENDING_MACHINES in src/tools/machine-catalog.ts').toEqual([]);
  });
});

describe('the extractor check catches what Stately would show wrongly', { timeout: 120_000 }, () => {
  // Beside machines/ so `import { setup } from 'xstate'` resolves from the repository.
  mkdirSync(join(repoRoot, 'node_modules', '.cache'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, 'node_modules', '.cache', 'extractor-fixture-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fixture = (name: string, body: string) => writeFileSync(join(dir, `${name}.ts`), `import { assign, setup } from 'xstate';\n${body}\n`);

  it('passes a machine written as literals', async () => {
    fixture('literal', `export const m = setup({ actions: { notify: (_: unknown, _p: { message: string }) => {} } }).createMachine({
      id: 'literal', description: 'A door.', initial: 'closed',
      states: { closed: { description: 'Shut.', on: { open: { target: 'open', description: 'Opens.', actions: { type: 'notify', params: { message: 'Door opened' } } } } }, open: { description: 'Open.' } },
    });`);
    expect((await extractorReport('literal', dir)).problems).toEqual([]);
  });

  it('fails on a target and an action built at run time, and on a text referenced from a constant', async () => {
    fixture('dynamic', `const texts = { opened: 'Door opened' };
    const where = ['op', 'en'].join('');
    const effects = ['notify'] as const;
    export const m = setup({ actions: { notify: (_: unknown, _p: { message: string }) => {} } }).createMachine({
      id: 'dynamic', initial: 'closed',
      states: { closed: { on: { open: { target: where, actions: [...effects] }, ping: { actions: { type: 'notify', params: { message: texts.opened } } } } }, open: {} },
    });`);
    const problems = (await extractorReport('dynamic', dir)).problems;
    expect(problems.some((p) => p.includes('transition closed on open #0') && p.includes('target=dynamic.open'))).toBe(true);
    expect(problems.some((p) => /Stately cannot show the value of 'message' \(MemberExpression\)/.test(p))).toBe(true);
  });

  it('fails when a machine cannot be found by the extractor', async () => {
    fixture('hidden', `const config = { id: 'hidden', initial: 'a', states: { a: {} } } as const;
    export const m = setup({}).createMachine(config);`);
    expect((await extractorReport('hidden', dir)).problems.join('\n')).toMatch(/'hidden' is not found by the extractor/);
  });

  it('fails when a description is computed', async () => {
    fixture('computed', `const words = ['Sh', 'ut.'].join('');
    export const m = setup({}).createMachine({ id: 'computed', initial: 'a', states: { a: { description: words } } });`);
    expect((await extractorReport('computed', dir)).problems.join('\n')).toMatch(/description of state a: runs as "Shut\." but Stately shows ""/);
  });

  it('allows dynamic params, the XState 5 idiom', async () => {
    fixture('params', `export const m = setup({ types: { events: {} as { type: 'go'; n: number } }, actions: { log: (_: unknown, _p: { n: number }) => {} } }).createMachine({
      id: 'params', initial: 'a', states: { a: { on: { go: { actions: [{ type: 'log', params: ({ event }) => ({ n: event.n }) }, assign({})] } } } },
    });`);
    const report = await extractorReport('params', dir);
    expect(report.problems).toEqual([]);
    expect(report.unsupported.map((v) => v.dynamicParams)).toEqual([true]);
  });
});
