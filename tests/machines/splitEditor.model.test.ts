import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { remainderOf, splitEditorMachine, splitTexts } from '../../machines/splitEditor';
import type { Toast } from '../../machines/types';
import type { SplitRequest, SplitResponse } from '../../src/contract/splits';
import type { Transaction } from '../../src/contract/transactions';
import { splitEditorFlow, splitEditorModel, splitEditorTransitions } from '../models/splitEditor';
import { recordMachineCoverage } from '../support/machine-coverage';

const row: Transaction = {
  transaction_id: 't1',
  account_id: 'a1',
  kind: 'standard',
  transfer_id: null,
  counts: true,
  cleared: false,
  reconciled: false,
  type: 'expense',
  amount: splitEditorFlow.amount,
  currency: null,
  date: '2025-03-10',
  category: splitEditorFlow.category,
  description: 'Costco',
  merchant: null,
  merchant_name: 'Costco',
  merchant_kind: 'groceries',
  bank_id: null,
  notes: null,
  tags: [],
  source: 'manual',
  import_id: null,
  split: false,
  created_at: '2025-03-10T00:00:00.000Z',
  updated_at: '2025-03-10T00:00:00.000Z',
};

/** A fake server for one path: what it was sent, and the next call it fails. */
function fakeServer() {
  const server = { sent: [] as SplitRequest[], toasts: [] as Toast[], failLoad: false, refuseSave: false };
  const machine = splitEditorMachine.provide({
    actors: {
      loadSplit: fromPromise(async (): Promise<SplitResponse> => {
        if (server.failLoad) {
          server.failLoad = false;
          throw Object.assign(new Error(splitEditorFlow.offline), { status: 0 });
        }
        return { transaction: row, lines: [] };
      }),
      saveSplit: fromPromise(async ({ input }: { input: { transactionId: string; body: SplitRequest } }): Promise<SplitResponse> => {
        server.sent.push(input.body);
        if (server.refuseSave) {
          server.refuseSave = false;
          throw Object.assign(new Error(splitEditorFlow.refusedDetail), { status: 422, detail: splitEditorFlow.refusedDetail });
        }
        return { transaction: { ...row, split: true, counts: false }, lines: input.body.lines.map((l, i) => ({ transaction_id: `l${i}`, category: l.category, amount: l.amount, memo: l.memo ?? null })) };
      }),
      removeSplit: fromPromise(async (): Promise<SplitResponse> => ({ transaction: row, lines: [] })),
    },
    actions: { notify: (_, toast: Toast) => void server.toasts.push(toast) },
  });
  return { server, machine };
}

const model = createTestModel(splitEditorModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: splitting one transaction (real splitEditor machine)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(splitEditorTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(splitEditorModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { server, machine } = fakeServer();
      let actor: Actor<typeof machine> | undefined;
      const open = async (until: 'editing' | 'failed') => {
        actor = createActor(machine, { input: { transaction: row } });
        coverage.path(path.description).attach(actor);
        actor.start();
        await waitFor(actor, (s) => s.matches(until));
      };
      const editor = () => actor!.getSnapshot();
      const send = (event: Parameters<Actor<typeof machine>['send']>[0]) => actor!.send(event);
      const settle = () => waitFor(actor!, (s) => !s.hasTag('busy'));

      await path.test({
        events: {
          LOADED: () => open('editing'),
          LOAD_OFFLINE: async () => {
            server.failLoad = true;
            await open('failed');
          },
          RETRY: async () => {
            send({ type: 'split.retry' });
            await waitFor(actor!, (s) => s.matches('editing'));
          },
          TYPE_PART: async () => {
            send({ type: 'line.change', index: 0, field: 'amount', value: splitEditorFlow.first });
            send({ type: 'line.change', index: 1, field: 'category', value: splitEditorFlow.second.category });
            send({ type: 'line.change', index: 1, field: 'amount', value: splitEditorFlow.second.amount });
          },
          SAVE: async () => {
            send({ type: 'split.save' });
            await settle();
          },
          SAVE_REFUSED: async () => {
            server.refuseSave = true;
            send({ type: 'split.save' });
            await settle();
          },
          REST: async () => {
            send({ type: 'line.fillRest', index: 1 });
          },
          CANCEL: async () => {
            send({ type: 'split.cancel' });
          },
        },
        states: {
          opening: () => expect(actor).toBeUndefined(),
          loadFailed: () => {
            expect(editor().value).toBe('failed');
            expect(editor().context.error?.message).toBe(splitEditorFlow.offline);
            expect(editor().context.lines).toEqual([]);
          },
          blank: () => {
            expect(editor().value).toBe('editing');
            expect(editor().context.lines).toEqual([
              { category: splitEditorFlow.category, amount: '', memo: '' },
              { category: '', amount: '', memo: '' },
            ]);
            expect(remainderOf(editor().context)).toBe(10_000);
            expect(editor().context).toMatchObject({ problem: null, error: null });
          },
          incomplete: () => {
            expect(editor().value).toBe('editing');
            expect(editor().context.problem).toBe(splitTexts.incomplete);
            expect(server.sent).toEqual([]);
          },
          partial: () => {
            expect(editor().value).toBe('editing');
            expect(remainderOf(editor().context)).toBe(975);
            expect(editor().context.problem).toBeNull();
          },
          unbalanced: () => {
            expect(editor().value).toBe('editing');
            expect(editor().context.problem).toBe(splitTexts.unbalanced);
            expect(remainderOf(editor().context)).toBe(975);
            expect(server.sent).toEqual([]);
          },
          balanced: () => {
            expect(editor().value).toBe('editing');
            expect(editor().context.lines[1]!.amount).toBe(splitEditorFlow.rest);
            expect(remainderOf(editor().context)).toBe(0);
          },
          refused: () => {
            expect(editor().value).toBe('editing');
            expect(editor().context.error?.message).toBe(splitEditorFlow.refusedDetail);
            expect(editor().context.lines.map((l) => l.amount)).toEqual([splitEditorFlow.first, splitEditorFlow.rest]);
            expect(server.toasts).toEqual([]);
          },
          saved: () => {
            expect(editor().status).toBe('done');
            expect(editor().output).toMatchObject({ transaction_id: row.transaction_id, split: true });
            expect(server.sent.at(-1)).toEqual({
              lines: [
                { category: splitEditorFlow.category, amount: 60.25, memo: null },
                { category: splitEditorFlow.second.category, amount: 39.75, memo: null },
              ],
            });
            expect(server.toasts).toEqual([{ kind: 'success', message: splitTexts.saved }]);
          },
          cancelled: () => {
            expect(editor().status).toBe('done');
            expect(editor().output).toBeNull();
            expect(server.toasts).toEqual([]);
          },
        },
      });
    });
  }
});
