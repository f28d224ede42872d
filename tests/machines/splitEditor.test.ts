import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkSplit, remainderOf, splitEditorMachine, splitTexts } from '../../machines/splitEditor';
import type { SplitRequest, SplitResponse } from '../../src/contract/splits';
import type { Transaction } from '../../src/contract/transactions';
import type { Toast } from '../../machines/types';

const row = (over: Partial<Transaction> = {}): Transaction => ({
  transaction_id: 't1',
  account_id: 'a1',
  kind: 'standard',
  transfer_id: null,
  counts: true,
  cleared: false,
  reconciled: false,
  type: 'expense',
  amount: 100,
  currency: null,
  date: '2025-03-10',
  category: 'Shopping',
  description: 'Costco',
  merchant: 'COSTCO WHSE #123',
  merchant_name: 'Costco',
  merchant_kind: 'groceries',
  bank_id: null,
  notes: null,
  tags: [],
  source: 'import',
  import_id: null,
  split: false,
  created_at: '2025-03-10T00:00:00.000Z',
  updated_at: '2025-03-10T00:00:00.000Z',
  ...over,
});

/** The editor on a fake server: the lines it holds, every body sent, the toasts. */
function start(transaction = row(), lines: SplitResponse['lines'] = [], refuse?: string) {
  const sent: SplitRequest[] = [];
  const toasts: Toast[] = [];
  let unsplit = 0;
  const actor = createActor(
    splitEditorMachine.provide({
      actors: {
        loadSplit: fromPromise(async (): Promise<SplitResponse> => ({ transaction, lines })),
        saveSplit: fromPromise(async ({ input }: { input: { transactionId: string; body: SplitRequest } }): Promise<SplitResponse> => {
          sent.push(input.body);
          if (refuse) throw Object.assign(new Error(refuse), { status: 422, detail: refuse });
          return { transaction: { ...transaction, split: true, counts: false }, lines: input.body.lines.map((l, i) => ({ transaction_id: `l${i}`, category: l.category, amount: l.amount, memo: l.memo ?? null })) };
        }),
        removeSplit: fromPromise(async (): Promise<SplitResponse> => {
          unsplit++;
          return { transaction: { ...transaction, split: false }, lines: [] };
        }),
      },
      actions: { notify: (_, toast: Toast) => void toasts.push(toast) },
    }),
    { input: { transaction } },
  );
  actor.start();
  return { actor, sent, toasts, unsplitCalls: () => unsplit };
}

describe('splitEditor: lines that add up to the transaction', () => {
  it('opens with two lines, the first in the transaction’s category, and shows the whole amount left to assign', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    const { context } = actor.getSnapshot();
    expect(context.lines).toEqual([
      { category: 'Shopping', amount: '', memo: '' },
      { category: '', amount: '', memo: '' },
    ]);
    expect(remainderOf(context)).toBe(10_000);
    expect(context.wasSplit).toBe(false);
  });

  it('the remainder follows the typing; Save is refused with the reason until the lines add up; Rest fills a line; then it is sent', async () => {
    const { actor, sent, toasts } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'line.change', index: 0, field: 'amount', value: '60.25' });
    expect(remainderOf(actor.getSnapshot().context)).toBe(3975);
    actor.send({ type: 'split.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toBe(splitTexts.incomplete);
    actor.send({ type: 'line.change', index: 1, field: 'category', value: 'Utilities' });
    actor.send({ type: 'line.change', index: 1, field: 'amount', value: '30' });
    actor.send({ type: 'split.save' });
    expect(actor.getSnapshot().context.problem).toBe(splitTexts.unbalanced);
    expect(sent).toEqual([]);
    // Too much is shown as negative and refused the same way.
    actor.send({ type: 'line.change', index: 1, field: 'amount', value: '50' });
    expect(remainderOf(actor.getSnapshot().context)).toBe(-1025);
    actor.send({ type: 'line.change', index: 1, field: 'amount', value: '' });
    actor.send({ type: 'line.fillRest', index: 1 });
    expect(actor.getSnapshot().context.lines[1]!.amount).toBe('39.75');
    actor.send({ type: 'line.change', index: 1, field: 'memo', value: ' bulbs ' });
    actor.send({ type: 'split.save' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        lines: [
          { category: 'Shopping', amount: 60.25, memo: null },
          { category: 'Utilities', amount: 39.75, memo: 'bulbs' },
        ],
      },
    ]);
    // The list shows the saved lines under the row at once (as GET /transactions lists them).
    expect(done.output).toMatchObject({
      transaction_id: 't1',
      split: true,
      split_lines: [
        { category: 'Shopping', amount: 60.25, memo: null },
        { category: 'Utilities', amount: 39.75, memo: 'bulbs' },
      ],
    });
    expect(toasts).toEqual([{ kind: 'success', message: splitTexts.saved }]);
  });

  it('adds and removes lines (two stay at least); blank extra lines are not sent', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'line.remove', index: 0 });
    expect(actor.getSnapshot().context.lines).toHaveLength(2);
    actor.send({ type: 'line.add' });
    actor.send({ type: 'line.change', index: 0, field: 'amount', value: '70' });
    actor.send({ type: 'line.change', index: 1, field: 'category', value: 'Groceries' });
    actor.send({ type: 'line.change', index: 1, field: 'amount', value: '30' });
    expect(checkSplit(actor.getSnapshot().context).body?.lines).toHaveLength(2);
    actor.send({ type: 'line.remove', index: 2 });
    expect(actor.getSnapshot().context.lines).toHaveLength(2);
  });

  it("a split transaction opens with its lines and offers Unsplit; the server's refusal stays in the editor", async () => {
    const lines = [
      { transaction_id: 'l1', category: 'Groceries', amount: 60, memo: 'food' },
      { transaction_id: 'l2', category: 'Utilities', amount: 40, memo: null },
    ];
    const { actor, unsplitCalls } = start(row({ split: true, counts: false }), lines, 'The lines add up to 90.00, not the transaction’s 100.00');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.lines).toEqual([
      { category: 'Groceries', amount: '60.00', memo: 'food' },
      { category: 'Utilities', amount: '40.00', memo: '' },
    ]);
    actor.send({ type: 'split.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.message).toMatch(/add up to 90.00/);
    actor.send({ type: 'split.unsplit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(unsplitCalls()).toBe(1);
    expect(done.output).toMatchObject({ split: false });
  });

  it('Back closes without a change (no output); Unsplit is not offered on a row that is not split', async () => {
    const { actor, unsplitCalls } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'split.unsplit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'split.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeNull();
    expect(unsplitCalls()).toBe(0);
  });
});
