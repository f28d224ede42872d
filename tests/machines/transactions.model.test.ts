import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { transactionsToasts } from '../../machines/transactions';
import { DEFAULT_FILTERS } from '../../src/web/transactions/urlCodec';
import { transactionsModel } from '../models/transactions';
import { recordMachineCoverage } from '../support/machine-coverage';
import { itWalksTheWholeModel, modelPaths, OFFLINE } from './support/model';
import { accounts, categories, fakeBackend, fakeImportBackend, rowsOf, startTransactions } from './support/transactions';

const paths = modelPaths(transactionsModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');
const pizza = { type: 'expense' as const, amount: 42.5, date: '2025-03-05', category: 'Dining', description: 'Pizza night', merchant: 'Luigi', notes: null, tags: [] };

describe('model-based paths: the transactions page (real transactions, collection and transactionImport machines)', () => {
  itWalksTheWholeModel(transactionsModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      // The first row (income, 10.00, 28 March) is in Visa: the other leg of the second (expense, 10.00, 27 March, Checking).
      const backend = fakeBackend(rowsOf(120, (i) => ({ type: i % 4 === 0 ? 'income' : 'expense', ...(i === 0 ? { account_id: accounts[1]!.account_id } : {}) })));
      const imports = fakeImportBackend();
      let page!: ReturnType<typeof startTransactions>;
      const open = async () => {
        page = startTransactions(backend, { imports });
        coverage.path(path.description).attach(page.actor);
        await page.settled();
      };
      const send = async (event: Parameters<typeof page.actor.send>[0]) => {
        page.actor.send(event);
        await page.settled();
      };
      const list = () => page.list();
      const lastToast = () => page.toasts.at(-1);
      const listLoads = () => backend.calls.filter((c) => c.cursor === null).length;
      let loadsBefore = 0;

      await path.test({
        events: {
          OPEN: open,
          OPEN_OFFLINE: async () => {
            for (const call of ['list', 'summary', 'categories'] as const) backend.failNext(call, OFFLINE, 0, true);
            await open();
          },
          RETRY: () => send({ type: 'list.retry' }),
          ADD: async () => {
            await send({ type: 'transaction.create' });
            await send({ type: 'form.submit', values: pizza });
          },
          ADD_WITHOUT_AMOUNT: async () => {
            await send({ type: 'transaction.create' });
            await send({ type: 'form.submit', values: { ...pizza, amount: undefined } });
          },
          CANCEL_FORM: () => send({ type: 'form.close' }),
          EDIT: async () => {
            const second = page.row('t2')!;
            await send({ type: 'transaction.edit', transactionId: 't2' });
            await send({ type: 'form.submit', values: { type: second.type, amount: 99, date: second.date, category: second.category, description: second.description, merchant: null, notes: null, tags: [] } });
          },
          OPEN_TRANSFER: async () => {
            await send({ type: 'transaction.edit', transactionId: 't2' });
            await send({ type: 'transfer.open' });
          },
          OPEN_TRANSFER_OFFLINE: async () => {
            backend.failNext('transferMatches', '');
            await send({ type: 'transaction.edit', transactionId: 't2' });
            await send({ type: 'transfer.open' });
          },
          RETRY_TRANSFER: () => send({ type: 'transfer.retry' }),
          LINK: () => send({ type: 'transfer.link', otherId: 't1' }),
          LINK_REFUSED: async () => {
            backend.failNext('link', 'This transaction is reconciled', 409);
            await send({ type: 'transfer.link', otherId: 't1' });
          },
          TRANSFER_BACK: () => send({ type: 'transfer.back' }),
          CLOSE_TRANSFER: () => send({ type: 'form.close' }),
          DELETE: () => send({ type: 'transaction.delete', transactionId: 't1' }),
          CONFIRM_DELETE: () => send({ type: 'deletion.confirm' }),
          CONFIRM_DELETE_FAILS: async () => {
            backend.failNext('delete', 'Transaction is locked', 409);
            await send({ type: 'deletion.confirm' });
          },
          CANCEL_DELETE: () => send({ type: 'deletion.cancel' }),
          DELETE_ANOTHER: () => send({ type: 'transaction.delete', transactionId: 't2' }),
          SCROLL: () => send({ type: 'list.loadMore' }),
          SCROLL_OFFLINE: async () => {
            backend.failNext('list', OFFLINE, 0, true);
            await send({ type: 'list.loadMore' });
          },
          FILTER_INCOME: () => send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS, type: 'income' } }),
          IMPORT_NOTHING: async () => {
            loadsBefore = listLoads();
            await send({ type: 'import.open' });
            page.wizard()!.send({ type: 'import.close' });
            await page.settled();
          },
          IMPORT: async () => {
            loadsBefore = listLoads();
            await send({ type: 'import.open' });
            const wizard = page.wizard()!;
            wizard.send({ type: 'file.choose', file: { name: 'bank.csv', size: 2048 } });
            await waitFor(wizard, (s) => s.matches('reviewing'));
            wizard.send({ type: 'import.confirm' });
            await waitFor(wizard, (s) => s.matches('done'), { timeout: 5_000 });
            wizard.send({ type: 'import.close' });
            await page.settled();
          },
          EXPORT: () => send({ type: 'export.start' }),
          EXPORT_FAILS: async () => {
            backend.failNext('export', '', 500);
            await send({ type: 'export.start' });
          },
          LOAD_DEMO: () => send({ type: 'demo.load' }),
          LOAD_DEMO_REFUSED: async () => {
            backend.failNext('demo', 'Demo data is already loaded', 409);
            await send({ type: 'demo.load' });
          },
          REMOVE_DEMO: () => send({ type: 'demo.remove' }),
          CONFIRM_REMOVAL: () => send({ type: 'demoRemoval.confirm' }),
          CONFIRM_REMOVAL_FAILS: async () => {
            backend.failNext('demo', '', 500);
            await send({ type: 'demoRemoval.confirm' });
          },
          CANCEL_REMOVAL: () => send({ type: 'demoRemoval.cancel' }),
        },
        states: {
          opening: () => expect(backend.calls).toEqual([]),
          listFailed: () => {
            expect(list().matches({ list: 'failed' })).toBe(true);
            expect(list().context.loadError?.message).toBe(OFFLINE);
            // The header stays empty; the form offers the built-in categories (the user's own could not be read).
            expect(page.actor.getSnapshot().context.summary).toBeNull();
            expect(page.actor.getSnapshot().context.categories.map((c) => c.name)).toEqual(categories.map((c) => c.name));
          },
          retried: () => {
            expect(list().matches({ list: 'loaded' })).toBe(true);
            expect(page.ids()).toHaveLength(100);
          },
          list: () => {
            expect(page.ids()).toHaveLength(100);
            expect(page.ids()[0]).toBe('t1');
            expect(list().context.total).toBe(120);
            expect(page.actor.getSnapshot().context.summary?.transaction_count).toBe(120);
          },
          added: () => {
            expect(page.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
            expect(list().context.items[0]).toMatchObject({ description: 'Pizza night', amount: 42.5 });
            expect(list().context.total).toBe(121);
            // The machine writes its toasts literally (Stately shows them): the same texts as transactionsToasts.
            expect(lastToast()).toEqual({ kind: 'success', message: transactionsToasts.added });
            expect(page.actor.getSnapshot().context.summary?.transaction_count).toBe(121);
          },
          formRefused: () => {
            expect(page.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
            expect(page.actor.getSnapshot().context.formError?.message).toBe('amount must be greater than 0');
          },
          formClosed: () => {
            expect(page.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
            expect(list().context.total).toBe(120);
          },
          edited: () => {
            expect(page.ids().slice(0, 2)).toEqual(['t1', 't2']);
            expect(page.row('t2')!.amount).toBe(99);
            expect(lastToast()).toEqual({ kind: 'success', message: transactionsToasts.updated });
          },
          choosingTransfer: () => {
            expect(page.actor.getSnapshot().matches({ form: { transfer: 'choosing' } })).toBe(true);
            expect(page.actor.getSnapshot().context.editing?.transaction_id).toBe('t2');
            expect(page.actor.getSnapshot().context.transferMatches.map((t) => t.transaction_id)).toEqual(['t1']);
            expect(page.actor.getSnapshot().context.transferError).toBeNull();
          },
          linkedTransfer: () => {
            const snap = page.actor.getSnapshot();
            expect(snap.matches({ form: 'closed' })).toBe(true);
            expect([page.row('t1')?.kind, page.row('t2')?.kind, page.row('t3')?.kind]).toEqual(['transfer', 'transfer', 'standard']);
            expect(lastToast()).toEqual({ kind: 'success', message: transactionsToasts.linkedTransfer });
            // 30 income rows of 10.00 and 90 expense rows of 10.00: one of each is now the transfer.
            expect(snap.context.summary?.current_month).toMatchObject({ income: 290, expenses: 890 });
          },
          linkRefused: () => {
            expect(page.actor.getSnapshot().matches({ form: { transfer: 'choosing' } })).toBe(true);
            expect(page.actor.getSnapshot().context.transferError?.message).toBe('This transaction is reconciled');
            expect(page.actor.getSnapshot().context.transferMatches.map((t) => t.transaction_id)).toEqual(['t1']);
            expect(page.row('t2')?.kind).toBe('standard');
          },
          transferBack: () => {
            expect(page.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
            expect(page.actor.getSnapshot().context.editing?.transaction_id).toBe('t2');
            expect(page.row('t2')?.kind).toBe('standard');
          },
          transferClosed: () => {
            expect(page.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
            expect([page.row('t1')?.kind, page.row('t2')?.kind]).toEqual(['standard', 'standard']);
          },
          transferFailed: () => {
            expect(page.actor.getSnapshot().matches({ form: { transfer: 'failed' } })).toBe(true);
            expect(page.actor.getSnapshot().context.transferError?.message).toBe('Failed to fetch transfer matches');
          },
          confirmingDelete: () => {
            expect(list().matches({ deletion: 'confirming' })).toBe(true);
            expect(page.confirmations.map((c) => c.transaction?.transaction_id)).toEqual(['t1']);
          },
          deleted: () => {
            expect(page.ids()).not.toContain('t1');
            expect(list().context.total).toBe(119);
            expect(lastToast()).toEqual({ kind: 'success', message: transactionsToasts.deleted });
            expect(page.actor.getSnapshot().context.summary?.transaction_count).toBe(119);
          },
          deleteFailed: () => {
            expect(page.ids()).toContain('t1');
            expect(lastToast()).toEqual({ kind: 'error', message: 'Transaction is locked' });
          },
          kept: () => {
            expect(list().matches({ deletion: 'idle' })).toBe(true);
            expect(backend.rows).toHaveLength(120);
          },
          confirmingAnother: () => {
            expect(list().matches({ deletion: 'confirming' })).toBe(true);
            expect(list().context.deleting?.transaction_id).toBe('t2');
          },
          allRows: () => {
            expect(page.ids()).toHaveLength(120);
            expect(list().context.hasMore).toBe(false);
          },
          moreFailed: () => {
            expect(page.ids()).toHaveLength(100);
            expect(list().context.loadMoreError?.message).toBe(OFFLINE);
          },
          incomeOnly: () => {
            expect(page.ids()).toHaveLength(30);
            expect(list().context.items.every((t) => t.type === 'income')).toBe(true);
          },
          importClosed: () => {
            expect(page.actor.getSnapshot().matches({ importer: 'closed' })).toBe(true);
            expect(listLoads()).toBe(loadsBefore);
          },
          imported: () => {
            expect(page.actor.getSnapshot().matches({ importer: 'closed' })).toBe(true);
            expect(imports.commits).toHaveLength(1);
            expect(listLoads()).toBe(loadsBefore + 1);
          },
          exported: () => {
            expect(page.downloads).toHaveLength(1);
            expect(page.downloads[0]!.content.split('\n')).toHaveLength(121);
          },
          exportFailed: () => {
            expect(page.downloads).toEqual([]);
            expect(lastToast()).toEqual({ kind: 'error', message: 'Failed to export transactions' });
          },
          demoLoaded: () => {
            expect(lastToast()).toEqual({ kind: 'success', message: transactionsToasts.demoLoaded });
            expect(page.ids()[0]).toBe('demo0');
          },
          demoRefused: () => expect(lastToast()).toEqual({ kind: 'error', message: 'Demo data is already loaded' }),
          confirmingDemoRemoval: () => {
            expect(page.actor.getSnapshot().matches({ demo: 'confirmingRemoval' })).toBe(true);
            expect(page.confirmations.map((c) => c.kind)).toEqual(['demo']);
          },
          demoRemoved: () => expect(lastToast()).toEqual({ kind: 'success', message: transactionsToasts.demoRemoved }),
          demoRemovalFailed: () => expect(lastToast()).toEqual({ kind: 'error', message: 'Failed to remove demo data' }),
          demoKept: () => {
            expect(page.actor.getSnapshot().matches({ demo: 'idle' })).toBe(true);
            expect(page.toasts).toEqual([]);
          },
        },
      });
    });
  }
});
