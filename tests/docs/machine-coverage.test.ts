import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { repoRoot } from '../../src/tools/docs-machines';
import { specGaps, type CoverageData } from '../../src/tools/machine-coverage';
import { recordInspection } from '../support/machine-coverage';

describe('the spec-rule coverage check', { timeout: 60_000 }, () => {
  mkdirSync(join(repoRoot, 'node_modules', '.cache'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, 'node_modules', '.cache', 'coverage-fixture-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'chatty.ts'),
    `import { setup } from 'xstate';
export const m = setup({}).createMachine({ id: 'chatty', initial: 'a', states: {
  a: { on: { 'conversation.select': { target: 'b', description: 'Switching clears the messages. [spec:4-chat-switch]' }, other: { target: 'b', description: 'No rule.' } } },
  b: {},
} });
`,
  );

  it('fails (lists the gap) when a spec-tagged transition is walked by no path, and passes once a path walks it', async () => {
    const none: CoverageData = { 'node:tests/x.test.ts': { chatty: { states: ['chatty.a'], transitions: ['chatty.a|other|0'] } } };
    expect(await specGaps(none, ['chatty'], dir)).toEqual({ tagged: 1, gaps: [{ file: 'chatty', machine: 'chatty', transition: 'a conversation.select', rules: ['4-chat-switch'] }] });
    const walked: CoverageData = { 'chromium:tests/e2e/x.e2e.test.ts': { chatty: { states: [], transitions: ['chatty.a|conversation.select|0'] } } };
    expect(await specGaps(walked, ['chatty'], dir)).toEqual({ tagged: 1, gaps: [] });
  });
});

describe('recordInspection', () => {
  it('records the states and transitions a real actor walks, keyed by source state, event and alternative', () => {
    const machine = setup({ guards: { never: () => false } }).createMachine({
      id: 'door',
      initial: 'closed',
      states: { closed: { on: { open: [{ guard: 'never', target: 'locked' }, { target: 'open' }] } }, open: { always: { target: 'closed' } }, locked: {} },
    });
    const walked: Parameters<typeof recordInspection>[0] = {};
    const actor = createActor(machine, { inspect: (event) => recordInspection(walked, event) }).start();
    actor.send({ type: 'open' });
    expect([...walked.door!.transitions].sort()).toEqual(['door.closed|open|1', 'door.open||0']);
    expect([...walked.door!.states].sort()).toEqual(['door', 'door.closed', 'door.open']);
  });
});
