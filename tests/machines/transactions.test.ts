import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addToFront, appendPage, removeById, replaceById } from '../../machines/collection';
import { transactionImportMachine, type ImportFile } from '../../machines/transactionImport';
import { PAGE_SIZES } from '../../machines/transactionList';
import { transactionsToasts, type TransactionDraft } from '../../machines/transactions';
import { DEFAULT_CATEGORIES, type ImportMapping, type ImportPreview } from '../../src/contract/transactions';
import { withAmountStyle } from '../../src/web/transactions/importMapping';
import { DEFAULT_FILTERS } from '../../src/web/transactions/urlCodec';
import { accounts, fakeBackend, fakeImportBackend, makeTransaction, providedImport, readyWith, rowsOf, startTransactions } from './support/transactions';

const draft: TransactionDraft = { type: 'expense', amount: 42.5, date: '2025-03-05', category: 'Dining', description: 'Pizza night', merchant: 'Luigi', notes: null, tags: ['friends'] };

describe('transactions machine: loading', () => {
  it('loads the first page, the total, the header figures and the categories', async () => {
    const { t } = await readyWith();
    const snap = t.actor.getSnapshot();
    expect(t.list().matches({ list: { loaded: 'idle' } })).toBe(true);
    expect(t.ids()).toEqual(['t1', 't2', 't3']);
    expect(t.list().context.total).toBe(3);
    expect(snap.context.summary).toMatchObject({ balance: -30, current_month: { expenses: 30 } });
    expect(snap.context.categories.map((c) => c.name)).toContain('Pets');
  });

  it('is loading (busy) until the first page answers', async () => {
    const backend = fakeBackend(rowsOf(2));
    const release = backend.hold();
    const t = startTransactions(backend);
    expect(t.list().matches({ list: 'loading' })).toBe(true);
    expect(t.list().hasTag('busy')).toBe(true);
    release();
    await t.settled();
    expect(t.list().matches({ list: 'loaded' })).toBe(true);
  });

  it("a failed load shows 'Failed to fetch transactions' when the server gives no detail, and retry loads again", async () => {
    const backend = fakeBackend(rowsOf(2));
    backend.failNext('list', '', 500, true);
    const t = startTransactions(backend);
    await t.settled();
    const snap = t.list();
    expect(snap.matches({ list: 'failed' })).toBe(true);
    expect(snap.context.loadError).toEqual({ message: 'Failed to fetch transactions', status: 500, handledGlobally: true });

    t.actor.send({ type: 'list.retry' });
    expect(t.list().matches({ list: 'loading' })).toBe(true);
    await t.settled();
    expect(t.ids()).toEqual(['t1', 't2']);
    expect(t.list().context.loadError).toBeNull();
  });

  it("a failed load keeps the server's detail", async () => {
    const backend = fakeBackend();
    backend.failNext('list', 'date_to must be on or after date_from', 422);
    const t = startTransactions(backend);
    await t.settled();
    expect(t.list().context.loadError?.message).toBe('date_to must be on or after date_from');
  });

  it('the categories stay the built-in ones when the categories call fails', async () => {
    const backend = fakeBackend();
    backend.failNext('categories', 'nope', 500, true);
    const t = startTransactions(backend);
    await t.settled();
    expect(t.actor.getSnapshot().context.categories.map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.map((c) => c.name));
  });
});

describe('transactions machine: load more', () => {
  it('load more appends the next page after the rows already loaded, until there are no more', async () => {
    const rows = rowsOf(PAGE_SIZES.first + PAGE_SIZES.more + 20);
    const { t, backend } = await readyWith(rows);
    expect(t.ids()).toHaveLength(PAGE_SIZES.first);
    expect(t.list().context.total).toBe(rows.length);
    expect(t.list().context.hasMore).toBe(true);

    t.actor.send({ type: 'list.loadMore' });
    expect(t.list().matches({ list: { loaded: 'loadingMore' } })).toBe(true);
    await t.settled();
    expect(t.ids()).toHaveLength(PAGE_SIZES.first + PAGE_SIZES.more);
    expect(t.ids().slice(0, 3)).toEqual(['t1', 't2', 't3']);
    // Further pages follow the cursor and skip counting again.
    expect(backend.calls.at(-1)).toMatchObject({ cursor: String(PAGE_SIZES.first), limit: PAGE_SIZES.more, includeTotal: false });

    t.actor.send({ type: 'list.loadMore' });
    await t.settled();
    expect(t.ids()).toEqual(rows.map((r) => r.transaction_id));
    expect(t.list().context.hasMore).toBe(false);
    expect(t.list().context.total).toBe(rows.length);

    // Nothing more to load: the event is ignored.
    const calls = backend.calls.length;
    t.actor.send({ type: 'list.loadMore' });
    expect(t.list().matches({ list: { loaded: 'idle' } })).toBe(true);
    expect(backend.calls.length).toBe(calls);
  });

  it('a failed load more keeps the rows loaded so far and can be retried', async () => {
    const { t, backend } = await readyWith(rowsOf(PAGE_SIZES.first + 5));
    backend.failNext('list', '');
    t.actor.send({ type: 'list.loadMore' });
    await t.settled();
    expect(t.ids()).toHaveLength(PAGE_SIZES.first);
    expect(t.list().context.loadMoreError?.message).toBe('Failed to fetch transactions');
    t.actor.send({ type: 'list.loadMore' });
    await t.settled();
    expect(t.ids()).toHaveLength(PAGE_SIZES.first + 5);
    expect(t.list().context.loadMoreError).toBeNull();
  });

  it('a page that repeats a row already listed (added meanwhile) does not list it twice', () => {
    const a = makeTransaction({ transaction_id: 'a' });
    const b = makeTransaction({ transaction_id: 'b' });
    expect(appendPage('transaction_id', [a], [a, b]).map((t) => t.transaction_id)).toEqual(['a', 'b']);
  });
});

describe('transactions machine: filters', () => {
  it('starts with the filters it is given (read from the URL)', async () => {
    const rows = rowsOf(4, (i) => ({ type: i % 2 ? 'income' : 'expense' }));
    const { t, backend } = await readyWith(rows, { ...DEFAULT_FILTERS, type: 'income' });
    expect(t.ids()).toEqual(['t2', 't4']);
    expect(backend.calls[0]).toMatchObject({ filters: { type: 'income' }, cursor: null, limit: PAGE_SIZES.first, includeTotal: true });
  });

  it('a filter change reloads the first page with the new filters', async () => {
    const rows = rowsOf(4, (i) => ({ category: i < 2 ? 'Dining' : 'Groceries', amount: (i + 1) * 10 }));
    const { t } = await readyWith(rows);
    t.actor.send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS, category: ['Groceries'] } });
    expect(t.list().matches({ list: 'loading' })).toBe(true);
    await t.settled();
    expect(t.ids()).toEqual(['t3', 't4']);
    expect(t.list().context.total).toBe(2);

    t.actor.send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS, category: ['Groceries'], sort: 'amount', order: 'desc' } });
    await t.settled();
    expect(t.ids()).toEqual(['t4', 't3']);
  });

  it('the same filters again (a re-render, the back button to the same URL) do not reload', async () => {
    const { t, backend } = await readyWith();
    const calls = backend.calls.length;
    t.actor.send({ type: 'filters.change', filters: { sort: 'date', order: 'desc' } });
    expect(t.list().matches({ list: { loaded: 'idle' } })).toBe(true);
    expect(backend.calls.length).toBe(calls);
  });

  it('a filter change while a page is loading drops the stale answer', async () => {
    const rows = rowsOf(4, (i) => ({ type: i % 2 ? 'income' : 'expense' }));
    const backend = fakeBackend(rows);
    const release = backend.hold();
    const t = startTransactions(backend);
    t.actor.send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS, type: 'expense' } });
    release();
    await t.settled();
    expect(t.ids()).toEqual(['t1', 't3']);
    expect(t.list().context.query.type).toBe('expense');
  });

  it('a filter change during load more starts over from the first page', async () => {
    const { t, backend } = await readyWith(rowsOf(PAGE_SIZES.first + 10, (i) => ({ type: i % 2 ? 'income' : 'expense' })));
    const release = backend.hold();
    t.actor.send({ type: 'list.loadMore' });
    t.actor.send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS, type: 'income' } });
    release();
    await t.settled();
    expect(t.list().context.total).toBe((PAGE_SIZES.first + 10) / 2);
    expect(t.ids().every((id) => Number(id.slice(1)) % 2 === 0)).toBe(true);
  });
});

describe('docs/product.md §4 Transactions: create adds to the front, update replaces by transaction_id, delete removes', () => {
  it('the list helpers follow the rule', () => {
    const a = makeTransaction({ transaction_id: 'a' });
    const b = makeTransaction({ transaction_id: 'b' });
    const b2 = { ...b, description: 'changed' };
    expect(addToFront('transaction_id', [a], b).map((t) => t.transaction_id)).toEqual(['b', 'a']);
    expect(replaceById('transaction_id', [a, b], b2)).toEqual([a, b2]);
    expect(removeById('transaction_id', [a, b], 'a')).toEqual([b]);
  });

  it("create adds the new transaction to the front and toasts 'Transaction added'", async () => {
    const { t, backend } = await readyWith();
    t.actor.send({ type: 'transaction.create' });
    expect(t.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    t.actor.send({ type: 'form.submit', values: draft });
    expect(t.actor.getSnapshot().matches({ form: 'saving' })).toBe(true);
    await t.settled();
    const created = backend.rows[0]!;
    expect(t.ids()).toEqual([created.transaction_id, 't1', 't2', 't3']);
    expect(t.row(created.transaction_id)).toMatchObject({ description: 'Pizza night', amount: 42.5, merchant: 'Luigi', tags: ['friends'] });
    expect(t.list().context.total).toBe(4);
    expect(t.lastToast()).toEqual({ kind: 'success', message: 'Transaction added' });
    expect(t.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
    // The header figures are read again.
    expect(t.actor.getSnapshot().context.summary?.balance).toBe(-72.5);
  });

  it('the totals line follows the filters and the rows: other filters ask for their totals, a saved transaction asks again', async () => {
    const { t, backend } = await readyWith(rowsOf(3, (i) => ({ category: i === 0 ? 'Dining' : 'Transport', amount: 10 })));
    await t.totalsSettled();
    expect(t.totals().context.totals).toMatchObject({ spending: 30, transaction_count: 3 });

    t.actor.send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS, category: ['Dining'] } });
    await t.settled();
    await t.totalsSettled();
    expect(backend.totalsAsked.at(-1)).toMatchObject({ category: ['Dining'] });
    expect(t.totals().context.totals).toMatchObject({ spending: 10, transaction_count: 1 });

    t.actor.send({ type: 'transaction.create' });
    t.actor.send({ type: 'form.submit', values: draft });
    await t.settled();
    await t.totalsSettled();
    expect(t.totals().context.totals).toMatchObject({ spending: 52.5, transaction_count: 2 });
  });

  it("update replaces the transaction by transaction_id in place and toasts 'Transaction updated'", async () => {
    const { t } = await readyWith();
    t.actor.send({ type: 'transaction.edit', transactionId: 't2' });
    expect(t.actor.getSnapshot().context.editing?.transaction_id).toBe('t2');
    t.actor.send({ type: 'form.submit', values: { ...draft, description: 'Renamed', amount: 99 } });
    await t.settled();
    expect(t.ids()).toEqual(['t1', 't2', 't3']);
    expect(t.row('t2')).toMatchObject({ description: 'Renamed', amount: 99 });
    expect(t.lastToast()).toEqual({ kind: 'success', message: 'Transaction updated' });
    expect(t.actor.getSnapshot().context.editing).toBeNull();
    expect(t.list().context.total).toBe(3);
  });

  it('an update of a split row keeps the lines the list shows under it (the answer does not carry them)', async () => {
    const lines = [
      { category: 'Groceries', amount: 6, memo: null },
      { category: 'Dining', amount: 4, memo: 'lunch' },
    ];
    const { t } = await readyWith(rowsOf(2, (i) => (i === 1 ? { split: true, counts: false, amount: 10, split_lines: lines } : {})));
    t.actor.send({ type: 'transaction.edit', transactionId: 't2' });
    t.actor.send({ type: 'form.submit', values: { ...draft, description: 'Renamed', amount: 10 } });
    await t.settled();
    expect(t.row('t2')).toMatchObject({ description: 'Renamed', split_lines: lines });
  });

  it("delete asks for a danger confirmation first, then removes the transaction and toasts 'Transaction deleted'", async () => {
    const { t, backend } = await readyWith();
    t.actor.send({ type: 'transaction.delete', transactionId: 't2' });
    expect(t.list().matches({ deletion: 'confirming' })).toBe(true);
    expect(t.confirmations.map((c) => c.transaction?.transaction_id)).toEqual(['t2']);
    expect(t.ids()).toEqual(['t1', 't2', 't3']);

    t.confirmations[0]!.replyTo.send({ type: 'deletion.confirm' });
    await t.settled();
    expect(t.ids()).toEqual(['t1', 't3']);
    expect(backend.rows.some((r) => r.transaction_id === 't2')).toBe(false);
    expect(t.list().context.total).toBe(2);
    expect(t.list().context.deleting).toBeNull();
    expect(t.lastToast()).toEqual({ kind: 'success', message: 'Transaction deleted' });
  });

  it('cancelling the confirmation keeps the transaction', async () => {
    const { t, backend } = await readyWith();
    t.actor.send({ type: 'transaction.delete', transactionId: 't1' });
    t.confirmations[0]!.replyTo.send({ type: 'deletion.cancel' });
    expect(t.list().matches({ deletion: 'idle' })).toBe(true);
    expect(t.ids()).toEqual(['t1', 't2', 't3']);
    expect(backend.rows).toHaveLength(3);
    expect(t.toasts).toEqual([]);
  });

  it("a failed delete toasts the server's detail, or 'Failed to delete transaction', and keeps the row", async () => {
    const { t, backend } = await readyWith();
    backend.failNext('delete', '', 409);
    t.actor.send({ type: 'transaction.delete', transactionId: 't1' });
    t.actor.send({ type: 'deletion.confirm' });
    await t.settled();
    expect(t.ids()).toEqual(['t1', 't2', 't3']);
    expect(t.lastToast()).toEqual({ kind: 'error', message: 'Failed to delete transaction' });

    // The API client already toasted a 5xx: no second toast.
    backend.failNext('delete', 'Server error. Please try again later.', 500, true);
    t.actor.send({ type: 'transaction.delete', transactionId: 't1' });
    t.actor.send({ type: 'deletion.confirm' });
    await t.settled();
    expect(t.toasts).toHaveLength(1);
  });

  it('edit and delete of an unknown id are ignored', async () => {
    const { t } = await readyWith();
    t.actor.send({ type: 'transaction.edit', transactionId: 'nope' });
    t.actor.send({ type: 'transaction.delete', transactionId: 'nope' });
    expect(t.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
    expect(t.list().matches({ deletion: 'idle' })).toBe(true);
    expect(t.confirmations).toEqual([]);
  });
});

describe('transactions machine: form', () => {
  it("a refused save keeps the form open with the server's detail, and nothing is added", async () => {
    const { t } = await readyWith();
    t.actor.send({ type: 'transaction.create' });
    t.actor.send({ type: 'form.submit', values: { ...draft, amount: undefined } });
    await t.settled();
    const snap = t.actor.getSnapshot();
    expect(snap.matches({ form: 'editing' })).toBe(true);
    expect(snap.context.formError?.message).toBe('amount must be greater than 0');
    expect(t.ids()).toEqual(['t1', 't2', 't3']);
    expect(t.toasts).toEqual([]);
  });

  it("a failed create without a detail says 'Failed to create transaction'; a failed update 'Failed to update transaction'", async () => {
    const { t, backend } = await readyWith();
    backend.failNext('save', '');
    t.actor.send({ type: 'transaction.create' });
    t.actor.send({ type: 'form.submit', values: draft });
    await t.settled();
    expect(t.actor.getSnapshot().context.formError?.message).toBe('Failed to create transaction');
    t.actor.send({ type: 'form.close' });
    expect(t.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);

    backend.failNext('save', '');
    t.actor.send({ type: 'transaction.edit', transactionId: 't1' });
    expect(t.actor.getSnapshot().context.formError).toBeNull();
    t.actor.send({ type: 'form.submit', values: draft });
    await t.settled();
    expect(t.actor.getSnapshot().context.formError?.message).toBe('Failed to update transaction');
    expect(t.row('t1')?.description).toBe('Row t1');
  });
});

describe('transactions machine: export and demo data', () => {
  it('export downloads the CSV of the filtered list', async () => {
    const rows = rowsOf(3, (i) => ({ type: i === 1 ? 'income' : 'expense' }));
    const { t } = await readyWith(rows, { ...DEFAULT_FILTERS, type: 'income' });
    t.actor.send({ type: 'export.start' });
    expect(t.actor.getSnapshot().matches({ exporter: 'exporting' })).toBe(true);
    await t.settled();
    expect(t.downloads).toHaveLength(1);
    expect(t.downloads[0]!.content.split('\n')).toEqual(['date,type,amount,description', '2025-03-27,income,10.00,Row t2']);
  });

  it("a failed export toasts 'Failed to export transactions'", async () => {
    const { t, backend } = await readyWith();
    backend.failNext('export', '');
    t.actor.send({ type: 'export.start' });
    await t.settled();
    expect(t.downloads).toEqual([]);
    expect(t.lastToast()).toEqual({ kind: 'error', message: 'Failed to export transactions' });
  });

  it("loading demo data fills the list and the header, toasting 'Demo data loaded'", async () => {
    const { t } = await readyWith([]);
    expect(t.ids()).toEqual([]);
    t.actor.send({ type: 'demo.load' });
    await t.settled();
    expect(t.ids()).toHaveLength(12);
    expect(t.actor.getSnapshot().context.summary?.has_demo_data).toBe(true);
    expect(t.lastToast()).toEqual({ kind: 'success', message: 'Demo data loaded' });
  });

  it('removing demo data asks first, then empties the demo rows and keeps the user’s own', async () => {
    const { t } = await readyWith(rowsOf(1));
    t.actor.send({ type: 'demo.load' });
    await t.settled();
    t.actor.send({ type: 'demo.remove' });
    expect(t.confirmations.map((c) => c.kind)).toEqual(['demo']);
    t.confirmations[0]!.replyTo.send({ type: 'demoRemoval.confirm' });
    await t.settled();
    expect(t.ids()).toEqual(['t1']);
    expect(t.actor.getSnapshot().context.summary?.has_demo_data).toBe(false);
    expect(t.lastToast()).toEqual({ kind: 'success', message: 'Demo data removed' });
  });

  it("a failed demo load toasts 'Failed to load demo data' and changes nothing", async () => {
    const { t, backend } = await readyWith([]);
    backend.failNext('demo', '');
    t.actor.send({ type: 'demo.load' });
    await t.settled();
    expect(t.ids()).toEqual([]);
    expect(t.lastToast()).toEqual({ kind: 'error', message: 'Failed to load demo data' });
  });
});

describe('CSV import wizard', () => {
  const file = { name: 'bank.csv', size: 120 };

  function startWizard(imports = fakeImportBackend(), maxBytes = 1000) {
    const actor = createActor(providedImport(imports), { input: { maxBytes } });
    actor.start();
    const settled = () => waitFor(actor, (s) => !s.hasTag('busy') && !s.matches({ running: 'waiting' }) && !s.matches({ running: 'polling' }), { timeout: 2000 });
    return { actor, imports, settled };
  }

  it('upload → preview with the detected mapping → confirm → progress → done summary', async () => {
    const w = startWizard();
    expect(w.actor.getSnapshot().matches('choosing')).toBe(true);
    w.actor.send({ type: 'file.choose', file });
    expect(w.actor.getSnapshot().matches('uploading')).toBe(true);
    await w.settled();
    const reviewing = w.actor.getSnapshot();
    expect(reviewing.matches('reviewing')).toBe(true);
    expect(reviewing.context.preview?.detected).toMatchObject({ date_format: 'DD.MM.YYYY', decimal_separator: ',', amount_style: 'signed' });
    expect(reviewing.context.preview?.rows.map((r) => r.status)).toEqual(['new', 'duplicate']);

    w.actor.send({ type: 'import.confirm' });
    await waitFor(w.actor, (s) => s.matches('running'));
    await waitFor(w.actor, (s) => s.matches('done'), { timeout: 2000 });
    const done = w.actor.getSnapshot();
    expect(done.context.job).toMatchObject({ status: 'completed', rows_imported: 2, rows_duplicate: 1 });
    expect(w.imports.commits[0]!.options).toEqual({ skipDuplicates: true, skipFileDuplicates: false });

    w.actor.send({ type: 'import.close' });
    expect(w.actor.getSnapshot().status).toBe('done');
    expect(w.actor.getSnapshot().output).toEqual({ started: true, imported: 2 });
  });

  it('a changed mapping is previewed again, and the import uses the mapping last previewed', async () => {
    const w = startWizard();
    w.actor.send({ type: 'file.choose', file });
    await w.settled();
    const mapping: ImportMapping = { ...w.imports.mapping, date_format: 'MM/DD/YYYY', decimal_separator: '.' };
    w.actor.send({ type: 'mapping.change', mapping });
    expect(w.actor.getSnapshot().matches('remapping')).toBe(true);
    await w.settled();
    expect(w.actor.getSnapshot().context.preview?.mapping).toEqual(mapping);
    w.actor.send({ type: 'options.change', options: { skipDuplicates: false } });
    w.actor.send({ type: 'import.confirm' });
    await waitFor(w.actor, (s) => s.matches('done'), { timeout: 2000 });
    expect(w.imports.commits[0]).toEqual({ mapping, options: { skipDuplicates: false, skipFileDuplicates: false } });
  });

  it("switching the amount layout to money out / money in picks those columns by the bank's names ('Soll', 'Haben') and previews again", async () => {
    const w = startWizard();
    w.actor.send({ type: 'file.choose', file });
    await w.settled();
    // What the wizard's "Amount layout" control sends (ImportWizard.tsx).
    const preview = w.actor.getSnapshot().context.preview!;
    w.actor.send({ type: 'mapping.change', mapping: withAmountStyle(preview.mapping, 'debit_credit', preview.columns) });
    await w.settled();
    const split = w.actor.getSnapshot();
    expect(split.context.error).toBeNull();
    expect(split.context.preview?.mapping.columns).toMatchObject({ date: 0, description: 1, amount: null, debit: 3, credit: 4 });
    // And back: the one signed column is 'Betrag' again.
    w.actor.send({ type: 'mapping.change', mapping: withAmountStyle(split.context.preview!.mapping, 'signed', preview.columns) });
    await w.settled();
    expect(w.actor.getSnapshot().context.preview?.mapping.columns).toMatchObject({ amount: 2, debit: null, credit: null });
  });

  it("a mapping the server refuses shows its detail and keeps the last good preview", async () => {
    const w = startWizard();
    w.actor.send({ type: 'file.choose', file });
    await w.settled();
    w.actor.send({ type: 'mapping.change', mapping: { ...w.imports.mapping, columns: { date: 0, amount: 2, debit: 3 } } });
    await w.settled();
    const snap = w.actor.getSnapshot();
    expect(snap.matches('reviewing')).toBe(true);
    expect(snap.context.error?.message).toBe('columns.amount cannot be combined with columns.debit / columns.credit');
    expect(snap.context.preview?.mapping).toEqual(w.imports.mapping);
  });

  it("a file too large or empty is refused before uploading; an unreadable one says 'Failed to read the CSV file'", async () => {
    const w = startWizard(fakeImportBackend(), 100);
    w.actor.send({ type: 'file.choose', file: { name: 'huge.csv', size: 5 * 1024 * 1024 } });
    expect(w.actor.getSnapshot().matches('choosing')).toBe(true);
    expect(w.actor.getSnapshot().context.error?.message).toContain('huge.csv is larger than');
    w.actor.send({ type: 'file.choose', file: { name: 'empty.csv', size: 0 } });
    expect(w.actor.getSnapshot().context.error?.message).toBe('empty.csv is empty.');
    expect(w.imports.uploads).toEqual([]);

    w.imports.failNext('upload', '', 400);
    w.actor.send({ type: 'file.choose', file: { name: 'bad.csv', size: 10 } });
    await w.settled();
    expect(w.actor.getSnapshot().matches('choosing')).toBe(true);
    expect(w.actor.getSnapshot().context.error?.message).toBe('Failed to read the CSV file');
  });

  it("a failed progress read stalls with 'Failed to fetch import progress' until retried", async () => {
    const w = startWizard();
    w.actor.send({ type: 'file.choose', file });
    await w.settled();
    w.imports.failNext('progress', '');
    w.actor.send({ type: 'import.confirm' });
    await waitFor(w.actor, (s) => s.matches({ running: 'stalled' }), { timeout: 2000 });
    expect(w.actor.getSnapshot().context.error?.message).toBe('Failed to fetch import progress');
    w.actor.send({ type: 'progress.retry' });
    await waitFor(w.actor, (s) => s.matches('done'), { timeout: 2000 });
  });

  it('a job that stops says why', async () => {
    const imports = fakeImportBackend();
    imports.endWith('failed');
    const w = startWizard(imports);
    w.actor.send({ type: 'file.choose', file });
    await w.settled();
    w.actor.send({ type: 'import.confirm' });
    await waitFor(w.actor, (s) => s.matches('failed'), { timeout: 2000 });
    expect(w.actor.getSnapshot().context.job?.failure).toBe('The database went away');
  });

  it('closing before importing changes nothing; the page reloads only after an import ran', async () => {
    const { t, backend } = await readyWith();
    t.actor.send({ type: 'import.open' });
    expect(t.wizard()).toBeDefined();
    const calls = backend.calls.length;
    t.wizard()!.send({ type: 'import.close' });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ importer: 'closed' })).toBe(true);
    expect(backend.calls.length).toBe(calls);

    t.actor.send({ type: 'import.open' });
    const wizard = t.wizard()!;
    wizard.send({ type: 'file.choose', file });
    await waitFor(wizard, (s) => s.matches('reviewing'));
    wizard.send({ type: 'import.confirm' });
    await waitFor(wizard, (s) => s.matches('done'), { timeout: 2000 });
    wizard.send({ type: 'import.close' });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ importer: 'closed' })).toBe(true);
    expect(backend.calls.length).toBe(calls + 1);
  });
});

describe('transactions machine: the filter panel', () => {
  it('opens with the filters of the URL and closes itself when the last active filter is cleared', async () => {
    const { t } = await readyWith(undefined, { ...DEFAULT_FILTERS, type: 'expense', q: 'rent' });
    expect(t.actor.getSnapshot().matches({ filterPanel: 'open' })).toBe(true);
    t.actor.send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS, q: 'rent' } });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ filterPanel: 'open' })).toBe(true);
    t.actor.send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS } });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ filterPanel: 'closed' })).toBe(true);
    expect(t.list().context.query).toEqual(DEFAULT_FILTERS);
  });

  it('a panel opened with no filter stays open while the sort changes', async () => {
    const { t } = await readyWith();
    expect(t.actor.getSnapshot().matches({ filterPanel: 'closed' })).toBe(true);
    t.actor.send({ type: 'filterPanel.toggle' });
    t.actor.send({ type: 'filters.change', filters: { ...DEFAULT_FILTERS, sort: 'amount' } });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ filterPanel: 'open' })).toBe(true);
    t.actor.send({ type: 'filterPanel.toggle' });
    expect(t.actor.getSnapshot().matches({ filterPanel: 'closed' })).toBe(true);
  });
});

describe('the import wizard forgets a refused file', () => {
  it('after the server refuses a file, an empty file chosen next leaves no earlier name behind', async () => {
    const wizard = createActor(
      transactionImportMachine.provide({
        actors: {
          uploadFile: fromPromise<ImportPreview, { file: ImportFile; accountId: string | null }>(async () => {
            throw Object.assign(new Error('No transactions found in this file'), { status: 422 });
          }),
        },
      }),
      { input: { maxBytes: 1024 * 1024 } },
    ).start();
    // No accounts to list: the file goes into the default account.
    await waitFor(wizard, (s) => s.matches('choosing'));
    wizard.send({ type: 'file.choose', file: { name: 'notes.csv', size: 100 } });
    await waitFor(wizard, (s) => s.matches('choosing'));
    expect(wizard.getSnapshot().context.file).toBeNull();
    wizard.send({ type: 'file.choose', file: { name: 'empty.csv', size: 0 } });
    expect(wizard.getSnapshot().context).toMatchObject({ file: null, error: { message: 'empty.csv is empty.' } });
  });
});

describe('categories of one’s own, created from the form', () => {
  it("creating 'Gardening' adds it to the categories the form and the filters offer; a name in use is refused with the server's detail", async () => {
    const { t } = await readyWith();
    t.actor.send({ type: 'transaction.create' });
    t.actor.send({ type: 'category.create', name: 'Gardening', categoryType: 'expense' });
    expect(t.actor.getSnapshot().matches({ categories: 'creating' })).toBe(true);
    await t.settled();
    expect(t.actor.getSnapshot().context.categories.find((c) => c.name === 'Gardening')).toMatchObject({ type: 'expense', is_default: false });
    expect(t.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);

    t.actor.send({ type: 'category.create', name: 'groceries', categoryType: 'expense' });
    await t.settled();
    expect(t.actor.getSnapshot().context.categoryError).toMatchObject({ message: 'A category named "groceries" already exists', status: 409 });
  });
});

describe('the form and accounts', () => {
  it('offers the open accounts and remembers the account of the last transaction added', async () => {
    const { t } = await readyWith();
    expect(t.actor.getSnapshot().context.accounts.map((a) => a.name)).toEqual(['Checking', 'Visa']);
    expect(t.actor.getSnapshot().context.lastAccountId).toBeNull();
    t.actor.send({ type: 'transaction.create' });
    t.actor.send({ type: 'form.submit', values: { account_id: accounts[1]!.account_id, type: 'expense', amount: 5, date: '2025-03-05', category: 'Dining', description: 'Lunch', merchant: null, notes: null, tags: [] } });
    await t.settled();
    expect(t.actor.getSnapshot().context.lastAccountId).toBe(accounts[1]!.account_id);
  });

  it('saving a reconciled transaction asks first: cancel keeps the form, confirm saves with confirm_reconciled', async () => {
    const { t } = await readyWith(rowsOf(2, (i) => ({ reconciled: i === 0 })));
    t.actor.send({ type: 'transaction.edit', transactionId: 't1' });
    const values = { type: 'expense' as const, amount: 12, date: '2025-03-28', category: 'Groceries', description: 'Changed', merchant: null, notes: null, tags: [] };
    t.actor.send({ type: 'form.submit', values });
    expect(t.actor.getSnapshot().matches({ form: 'confirmingReconciled' })).toBe(true);
    expect(t.confirmations.map((c) => c.kind)).toEqual(['reconciled']);
    t.actor.send({ type: 'reconciledEdit.cancel' });
    expect(t.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(t.row('t1')).toMatchObject({ description: 'Row t1', reconciled: true });
    t.actor.send({ type: 'form.submit', values });
    t.actor.send({ type: 'reconciledEdit.confirm' });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
    expect(t.row('t1')).toMatchObject({ description: 'Changed', reconciled: false });
    expect(t.lastToast()).toEqual({ kind: 'success', message: 'Transaction updated' });
  });

  it('an unreconciled row saves at once, without a confirmation', async () => {
    const { t } = await readyWith();
    t.actor.send({ type: 'transaction.edit', transactionId: 't2' });
    t.actor.send({ type: 'form.submit', values: { type: 'expense', amount: 3, date: '2025-03-27', category: 'Groceries', description: 'Plain', merchant: null, notes: null, tags: [] } });
    await t.settled();
    expect(t.confirmations).toEqual([]);
    expect(t.row('t2')).toMatchObject({ description: 'Plain' });
  });
});

describe('"This is a transfer…" in the edit form', () => {
  const CHECKING = accounts[0]!.account_id;
  const VISA = accounts[1]!.account_id;
  // t1: 500 out of Checking; t2: its twin into Visa a day later; t3: the same amount into Visa 10 days later (no match); t4: dinner.
  const rows = () => [
    makeTransaction({ transaction_id: 't1', account_id: CHECKING, type: 'expense', amount: 500, date: '2025-03-10', description: 'TO CARD', source: 'import' }),
    makeTransaction({ transaction_id: 't2', account_id: VISA, type: 'income', amount: 500, date: '2025-03-11', description: 'PAYMENT THANK YOU' }),
    makeTransaction({ transaction_id: 't3', account_id: VISA, type: 'income', amount: 500, date: '2025-03-21', description: 'REFUND' }),
    makeTransaction({ transaction_id: 't4', account_id: CHECKING, type: 'expense', amount: 40, date: '2025-03-09', description: 'Dinner' }),
  ];

  it('lists the other leg, links it: the form closes, both rows become the transfer, the month drops by 500 and a toast says so', async () => {
    const { t } = await readyWith(rows());
    expect(t.actor.getSnapshot().context.summary?.current_month.expenses).toBe(540);
    t.actor.send({ type: 'transaction.edit', transactionId: 't1' });
    t.actor.send({ type: 'transfer.open' });
    expect(t.actor.getSnapshot().matches({ form: { transfer: 'loading' } })).toBe(true);
    await t.settled();
    expect(t.actor.getSnapshot().matches({ form: { transfer: 'choosing' } })).toBe(true);
    expect(t.actor.getSnapshot().context.transferMatches.map((m) => m.transaction_id)).toEqual(['t2']);

    // Only a row offered can be linked.
    t.actor.send({ type: 'transfer.link', otherId: 't3' });
    expect(t.actor.getSnapshot().matches({ form: { transfer: 'choosing' } })).toBe(true);

    t.actor.send({ type: 'transfer.link', otherId: 't2' });
    expect(t.actor.getSnapshot().matches({ form: { transfer: 'linking' } })).toBe(true);
    await t.settled();
    const snap = t.actor.getSnapshot();
    expect(snap.matches({ form: 'closed' })).toBe(true);
    expect(snap.context.editing).toBeNull();
    expect(snap.context.transferMatches).toEqual([]);
    expect(t.lastToast()).toEqual({ kind: 'success', message: transactionsToasts.linkedTransfer });
    expect([t.row('t1')?.kind, t.row('t2')?.kind, t.row('t3')?.kind]).toEqual(['transfer', 'transfer', 'standard']);
    expect(snap.context.summary?.current_month.expenses).toBe(40);
  });

  it('Back returns to the form and links nothing; Escape (form.close) closes it', async () => {
    const { t } = await readyWith(rows());
    t.actor.send({ type: 'transaction.edit', transactionId: 't1' });
    t.actor.send({ type: 'transfer.open' });
    await t.settled();
    t.actor.send({ type: 'transfer.back' });
    expect(t.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(t.actor.getSnapshot().context.editing?.transaction_id).toBe('t1');
    t.actor.send({ type: 'transfer.open' });
    await t.settled();
    t.actor.send({ type: 'form.close' });
    expect(t.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
    expect(t.row('t1')?.kind).toBe('standard');
  });

  it('no match: an empty list; a failed read offers Retry; a refused link keeps the matches with the reason', async () => {
    const { t, backend } = await readyWith(rows());
    t.actor.send({ type: 'transaction.edit', transactionId: 't4' });
    t.actor.send({ type: 'transfer.open' });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ form: { transfer: 'choosing' } })).toBe(true);
    expect(t.actor.getSnapshot().context.transferMatches).toEqual([]);
    t.actor.send({ type: 'form.close' });

    backend.failNext('transferMatches', '');
    t.actor.send({ type: 'transaction.edit', transactionId: 't1' });
    t.actor.send({ type: 'transfer.open' });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ form: { transfer: 'failed' } })).toBe(true);
    expect(t.actor.getSnapshot().context.transferError?.message).toBe('Failed to fetch transfer matches');
    t.actor.send({ type: 'transfer.retry' });
    await t.settled();
    expect(t.actor.getSnapshot().context.transferMatches.map((m) => m.transaction_id)).toEqual(['t2']);

    backend.failNext('link', 'This transaction is reconciled', 409);
    t.actor.send({ type: 'transfer.link', otherId: 't2' });
    await t.settled();
    expect(t.actor.getSnapshot().matches({ form: { transfer: 'choosing' } })).toBe(true);
    expect(t.actor.getSnapshot().context.transferError?.message).toBe('This transaction is reconciled');
    expect(t.row('t1')?.kind).toBe('standard');
  });

  it('is not offered for a transfer leg or a split row, nor while adding', async () => {
    const { t } = await readyWith([makeTransaction({ transaction_id: 't1', kind: 'transfer', transfer_id: 'x', counts: false }), makeTransaction({ transaction_id: 't2', split: true })]);
    t.actor.send({ type: 'transaction.create' });
    t.actor.send({ type: 'transfer.open' });
    expect(t.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    t.actor.send({ type: 'form.close' });
    for (const id of ['t1', 't2']) {
      t.actor.send({ type: 'transaction.edit', transactionId: id });
      t.actor.send({ type: 'transfer.open' });
      expect(t.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
      t.actor.send({ type: 'form.close' });
    }
  });
});
