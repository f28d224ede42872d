import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, createMachine, fromPromise, not, or, setup, stateIn } from 'xstate';
import { describe, expect, it } from 'vitest';
import { docsDir, indexFile, listMachineFiles, loadMachines, renderMachineDocs, walkedBy } from '../../src/tools/docs-machines';
import { readCommittedCoverage } from '../../src/tools/machine-coverage';
import { guardLabel, isStateMachine, toMarkdown, toMermaid } from '../../src/tools/machine-diagram';

const committed = (file: string) => (existsSync(join(docsDir, file)) ? readFileSync(join(docsDir, file), 'utf8') : null);
const stale = (file: string) => `docs/machines/${file} is stale: run npm run docs:machines`;
const lines = (text: string) => text.split('\n');

describe('docs/machines is generated from machines/', () => {
  for (const name of listMachineFiles()) {
    it(`docs/machines/${name}.md matches machines/${name}.ts`, async () => {
      const machines = await loadMachines(name);
      const expected = Object.keys(machines).length > 0 ? toMarkdown(name, machines, walkedBy(readCommittedCoverage())) : null;
      expect(committed(`${name}.md`), stale(`${name}.md`)).toBe(expected);
    });
  }

  it('docs/machines/README.md lists every machine file', async () => {
    const pages = await renderMachineDocs();
    expect(committed(indexFile), stale(indexFile)).toBe(pages.get(indexFile));
  });

  it('docs/machines/coverage.md matches the committed recordings (coverage.json) and machines/', async () => {
    const pages = await renderMachineDocs();
    expect(committed('coverage.json'), stale('coverage.json')).toBe(pages.get('coverage.json'));
    expect(committed('coverage.md'), stale('coverage.md')).toBe(pages.get('coverage.md'));
  });

  it('docs/machines holds no page for a removed machine file', async () => {
    const pages = await renderMachineDocs();
    const orphans = existsSync(docsDir) ? readdirSync(docsDir).filter((file) => file.endsWith('.md') && !pages.has(file)) : [];
    expect(orphans, 'docs/machines has pages without a machine: run npm run docs:machines').toEqual([]);
  });
});

describe('toMermaid', () => {
  it('draws a flat machine: initial arrow, states, labelled transitions, final arrow', () => {
    const machine = createMachine({
      id: 'door',
      initial: 'closed',
      states: {
        closed: { on: { 'door.open': 'open' } },
        open: { on: { 'door.close': 'closed', 'door.remove': 'gone' } },
        gone: { type: 'final' },
      },
    });
    expect(toMermaid(machine)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> closed',
        '  state "closed" as closed',
        '  state "open" as open',
        '  state "gone" as gone',
        '  gone --> [*]',
        '  closed --> open : door.open',
        '  open --> closed : door.close',
        '  open --> gone : door.remove',
      ].join('\n'),
    );
  });

  it('draws nested states as composite states with their own initial arrow and unique ids', () => {
    const machine = createMachine({
      id: 'nested',
      initial: 'signedOut',
      states: {
        signedOut: { initial: 'idle', states: { idle: { on: { 'login.submit': 'sending' } }, sending: {} } },
        signedIn: { initial: 'idle', states: { idle: {} } },
      },
    });
    const out = lines(toMermaid(machine));
    expect(out).toContain('  state "signedOut" as signedOut {');
    expect(out).toContain('    [*] --> signedOut_idle');
    expect(out).toContain('    state "idle" as signedOut_idle');
    expect(out).toContain('    state "idle" as signedIn_idle');
    expect(out).toContain('  signedOut_idle --> signedOut_sending : login.submit');
    expect(out.filter((line) => line === '  }')).toHaveLength(2);
  });

  it('separates parallel regions with -- inside the parallel state', () => {
    const machine = createMachine({
      id: 'ui',
      initial: 'shell',
      states: {
        shell: {
          type: 'parallel',
          states: {
            theme: { initial: 'light', states: { light: { on: { 'theme.toggle': 'dark' } }, dark: { on: { 'theme.toggle': 'light' } } } },
            sidebar: { initial: 'expanded', states: { expanded: {}, collapsed: {} } },
          },
        },
      },
    });
    const out = lines(toMermaid(machine));
    const theme = out.indexOf('    state "theme" as shell_theme {');
    const divider = out.indexOf('    --');
    const sidebar = out.indexOf('    state "sidebar" as shell_sidebar {');
    expect(theme).toBeGreaterThan(0);
    expect(divider).toBeGreaterThan(theme);
    expect(sidebar).toBeGreaterThan(divider);
    expect(out).toContain('      [*] --> shell_theme_light');
    expect(out).toContain('  shell_theme_light --> shell_theme_dark : theme.toggle');
  });

  it('wraps a parallel root in one composite named after the machine, since -- only parses inside one', () => {
    const machine = createMachine({ id: 'shell', type: 'parallel', states: { a: {}, b: {} } });
    expect(lines(toMermaid(machine))).toEqual([
      'stateDiagram-v2',
      '  [*] --> shell',
      '  state "shell" as shell {',
      '    state "a" as a',
      '    --',
      '    state "b" as b',
      '  }',
    ]);
  });

  it('labels guarded transitions with the guard name, including parameterised and combined guards', () => {
    const machine = setup({ guards: { hasToken: () => true, isTrialUnused: () => true, isOwner: (_, _params: { role: string }) => true } }).createMachine({
      id: 'guards',
      initial: 'a',
      states: {
        a: {
          on: {
            named: { target: 'b', guard: 'hasToken' },
            params: { target: 'b', guard: { type: 'isOwner', params: { role: 'admin' } } },
            negated: { target: 'b', guard: not('hasToken') },
            both: { target: 'b', guard: and(['hasToken', not('isTrialUnused')]) },
            either: { target: 'b', guard: or(['hasToken', 'isTrialUnused']) },
            inState: { target: 'b', guard: stateIn('#guards.b') },
            inline: { target: 'b', guard: () => true },
          },
        },
        b: {},
      },
    });
    const edge = lines(toMermaid(machine)).find((line) => line.startsWith('  a --> b : '));
    expect(edge?.slice('  a --> b : '.length).split('<br>')).toEqual([
      'named [hasToken]',
      'params [isOwner]',
      'negated [!hasToken]',
      'both [hasToken && !isTrialUnused]',
      'either [hasToken || isTrialUnused]',
      'inState [in(#guards.b)]',
      'inline [inline guard]',
    ]);
    expect(guardLabel(not(and(['a', 'b'])))).toBe('!(a && b)');
  });

  it('labels invoke results done: <src> and error: <src>', () => {
    const machine = setup({ actors: { loadProfile: fromPromise(async () => ({ name: 'Ada' })) } }).createMachine({
      id: 'profile',
      initial: 'loading',
      states: {
        loading: { invoke: { src: 'loadProfile', onDone: 'ready', onError: { target: 'failed', guard: () => true } } },
        ready: {},
        failed: {},
      },
    });
    const out = lines(toMermaid(machine));
    expect(out).toContain('  loading --> ready : done: loadProfile');
    expect(out).toContain('  loading --> failed : error: loadProfile [inline guard]');
  });

  it('names an inline invoked actor by its id, or "inline actor" when it has none', () => {
    const machine = createMachine({
      id: 'inline',
      initial: 'anonymous',
      states: {
        anonymous: { invoke: { src: fromPromise(async () => 1), onDone: 'named' } },
        named: { invoke: { id: 'fetchStatus', src: fromPromise(async () => 1), onError: 'anonymous' } },
      },
    });
    const out = lines(toMermaid(machine));
    expect(out).toContain('  anonymous --> named : done: inline actor');
    expect(out).toContain('  named --> anonymous : error: fetchStatus');
  });

  it('labels eventless transitions always and delayed ones after <delay>', () => {
    const machine = setup({ guards: { hasToken: () => true }, delays: { toastTimeout: 3000 } }).createMachine({
      id: 'timing',
      initial: 'restoring',
      states: {
        restoring: { always: [{ guard: 'hasToken', target: 'shown' }, { target: 'hidden' }] },
        shown: { after: { toastTimeout: 'hidden', 500: { target: 'shown', reenter: true } } },
        hidden: {},
      },
    });
    const out = lines(toMermaid(machine));
    expect(out).toContain('  restoring --> shown : always [hasToken]');
    expect(out).toContain('  restoring --> hidden : always');
    expect(out).toContain('  shown --> hidden : after toastTimeout');
    expect(out).toContain('  shown --> shown : after 500ms');
  });

  it('draws final states inside their parent and labels the parent onDone as done', () => {
    const machine = createMachine({
      id: 'onboarding',
      initial: 'steps',
      states: {
        steps: { initial: 'profile', onDone: 'finished', states: { profile: { on: { 'step.next': 'complete' } }, complete: { type: 'final' } } },
        finished: { type: 'final' },
      },
    });
    const out = lines(toMermaid(machine));
    expect(out).toContain('    steps_complete --> [*]');
    expect(out).toContain('  finished --> [*]');
    expect(out).toContain('  steps --> finished : done');
  });

  it('draws transitions declared on an enclosing state from a dashed "any state" node', () => {
    const machine = createMachine({
      id: 'session',
      initial: 'signedOut',
      on: { 'session.logout': '.signedOut', 'toast.show': {} },
      states: {
        signedOut: { on: { 'session.login': 'signedIn' } },
        signedIn: { initial: 'loading', on: { 'profile.refresh': '.loading' }, states: { loading: {}, ready: {} } },
      },
    });
    const out = lines(toMermaid(machine));
    expect(out).toContain('  state "any state" as any_state');
    expect(out).toContain('    state "any state in signedIn" as signedIn_any');
    expect(out).toContain('  any_state --> signedOut : session.logout');
    expect(out).toContain('  any_state --> any_state : toast.show');
    expect(out).toContain('  signedIn_any --> signedIn_loading : profile.refresh');
    expect(out).toContain('  class any_state,signedIn_any anyState');
  });

  it('keeps ids clear of mermaid keywords and of the names mermaid gives [*] nodes', () => {
    const machine = createMachine({
      id: 'names',
      initial: 'state',
      states: { state: {}, 'two words': {}, y: { initial: 'end', states: { end: { type: 'final' } } } },
    });
    const out = lines(toMermaid(machine));
    expect(out).toContain('  state "state" as s_state');
    expect(out).toContain('  state "two words" as two_words');
    expect(out).toContain('    state "end" as y_end_2');
    expect(out).toContain('    y_end_2 --> [*]');
  });

  it('draws transitions between the same two states as one edge with one label per line', () => {
    const machine = createMachine({
      id: 'dialog',
      initial: 'open',
      states: { open: { on: { 'dialog.confirm': 'closed', 'dialog.cancel': 'closed' } }, closed: { on: { 'dialog.open': 'open' } } },
    });
    const out = lines(toMermaid(machine));
    expect(out).toContain('  open --> closed : dialog.confirm<br>dialog.cancel');
    expect(out).toContain('  closed --> open : dialog.open');
  });

  it('escapes ; in labels because it ends a mermaid statement', () => {
    const machine = createMachine({ id: 'escape', initial: 'a', states: { a: { on: { 'odd;event': 'a' } } } });
    expect(lines(toMermaid(machine))).toContain('  a --> a : odd#59;event');
  });
});

describe('toMarkdown', () => {
  const machine = setup({ actors: { loadGoals: fromPromise(async () => []) } }).createMachine({
    id: 'goals',
    description: 'The goals list: load, then create, update and delete goals.',
    initial: 'loading',
    states: {
      loading: { description: 'Fetching the goals.', tags: ['busy'], invoke: { src: 'loadGoals', onDone: 'ready', onError: 'failed' } },
      ready: { on: { 'goal.create': { target: 'loading', description: 'Adds the goal to the front of the list. [spec:4-goals-create]' } } },
      failed: { description: 'The list could not load; the message is in context.', on: { 'goals.retry': 'loading' } },
    },
  });
  const page = toMarkdown('goals', { goalsMachine: machine });

  it('gives the machine a heading, its description and a mermaid block', () => {
    expect(page).toContain('# goals\n');
    expect(page).toContain('## `goals` (export `goalsMachine`)');
    expect(page).toContain('The goals list: load, then create, update and delete goals.');
    expect(page).toContain(`\`\`\`mermaid\n${toMermaid(machine)}\n\`\`\``);
  });

  it('lists states with their descriptions', () => {
    expect(page).toContain('| `loading` | initial | `busy` | `loadGoals` | Fetching the goals. |');
    expect(page).toContain('| `failed` |  |  |  | The list could not load; the message is in context. |');
  });

  it('lists every transition with its trigger, description, spec rule and the tests that walk it', () => {
    const walked = toMarkdown('goals', { goalsMachine: machine }, (id, key) => (id === 'goals' && key === 'goals.ready|goal.create|0' ? ['node: tests/machines/goals.model.test.ts'] : []));
    expect(walked).toContain(
      '| `goal.create` | `ready` → `loading` | Adds the goal to the front of the list. | `4-goals-create` Goals: create adds to the front. | node: `tests/machines/goals.model.test.ts` |',
    );
    expect(page).toContain('| `goals.retry` | `failed` → `loading` |  |  |  |');
    expect(page).toContain('| `done: loadGoals` | `loading` → `ready` |  |  |  |');
  });

  it('accepts an array when export names are unknown', () => {
    expect(toMarkdown('goals', [machine])).toContain('## `goals`\n');
  });
});

describe('isStateMachine', () => {
  it('recognises machines, including provided copies, and nothing else', () => {
    const machine = setup({ actors: { load: fromPromise(async () => 1) } }).createMachine({ id: 'm' });
    expect(isStateMachine(machine)).toBe(true);
    expect(isStateMachine(machine.provide({ actors: { load: fromPromise(async () => 2) } }))).toBe(true);
    expect(isStateMachine({ id: 'm', root: {} })).toBe(false);
    expect(isStateMachine(fromPromise(async () => 1))).toBe(false);
    expect(isStateMachine(null)).toBe(false);
  });
});
