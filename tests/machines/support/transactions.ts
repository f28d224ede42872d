import { settledWithList } from './settled';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { type ImportAccount, transactionImportMachine, type ImportFile, type ImportOptions } from '../../../machines/transactionImport';
import { transactionListMachine, type PageFilters as TransactionFilters } from '../../../machines/transactionList';
import { transactionTotalsMachine, type FilterQuery } from '../../../machines/transactionTotals';
import { transactionsMachine, type AccountOption, type TransactionCategory, type TransactionDraft, type TransactionsSummary } from '../../../machines/transactions';
import { DEFAULT_CATEGORIES, type ImportJob, type ImportMapping, type ImportPreview, type Transaction } from '../../../src/contract/transactions';
import { DEFAULT_FILTERS } from '../../../src/web/transactions/urlCodec';
import type { FilterTotals } from '../../../src/contract/transactionTotals';
import type { Toast } from '../../../machines/types';

/** The fake transactions and import APIs and the started transactions machine, shared by tests/machines/transactions*.test.ts. */

/** What the list asks of GET /transactions (the fake records it). */
export interface FetchPageInput {
  filters: TransactionFilters;
  cursor: string | null;
  limit: number;
  includeTotal: boolean;
}

export const fail = (message: string, status: number, handledGlobally = false) => Object.assign(new Error(message), { status, handledGlobally });

export function makeTransaction(fields: Partial<Transaction> & { transaction_id: string }): Transaction {
  return {
    account_id: '00000000-0000-4000-8000-0000000000a1',
    kind: 'standard',
    transfer_id: null,
    counts: true,
    cleared: false,
    reconciled: false,
    type: 'expense',
    amount: 10,
    currency: null,
    date: '2025-03-01',
    category: 'Groceries',
    description: `Row ${fields.transaction_id}`,
    merchant: null,
    merchant_name: null,
    merchant_kind: null,
    bank_id: null,
    notes: null,
    tags: [],
    source: 'manual',
    import_id: null,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...fields,
  };
}

/** The open accounts GET /accounts answers. */
export const accounts: AccountOption[] = [
  { account_id: '00000000-0000-4000-8000-0000000000a1', name: 'Checking', on_budget: true },
  { account_id: '00000000-0000-4000-8000-0000000000a2', name: 'Visa', on_budget: true },
];

export const categories: TransactionCategory[] = DEFAULT_CATEGORIES.map((c) => ({ name: c.name, type: c.type, color: c.color, is_default: true }));

/**
 * A fake transactions API with the real one's rules (filters, newest first, cursor pages, 404 for unknown ids),
 * plus switches to make a call fail the way the API client reports failures.
 */
export function fakeBackend(initial: Transaction[] = []) {
  // Newest first.
  let rows = [...initial];
  let next = 1;
  let demo = false;
  const own: TransactionCategory[] = [];
  const calls: FetchPageInput[] = [];
  const failures: Partial<Record<'list' | 'summary' | 'categories' | 'save' | 'delete' | 'export' | 'demo' | 'transferMatches' | 'link', Error>> = {};
  const failOnce = (call: keyof typeof failures) => {
    const error = failures[call];
    if (error) {
      delete failures[call];
      throw error;
    }
  };
  const matching = (f: TransactionFilters) => {
    const list = rows.filter(
      (t) =>
        (!f.type || t.type === f.type) &&
        (!f.category?.length || f.category.includes(t.category)) &&
        (!f.date_from || t.date >= f.date_from) &&
        (!f.date_to || t.date <= f.date_to) &&
        (f.amount_min === undefined || t.amount >= f.amount_min) &&
        (f.amount_max === undefined || t.amount <= f.amount_max) &&
        (!f.q || `${t.description} ${t.merchant ?? ''}`.toLowerCase().includes(f.q.toLowerCase())),
    );
    if (f.sort === 'amount') list.sort((a, b) => (f.order === 'asc' ? a.amount - b.amount : b.amount - a.amount));
    else if (f.order === 'asc') list.reverse();
    return list;
  };
  let gate: Promise<void> | null = null;
  return {
    get rows() {
      return rows;
    },
    calls,
    /** GET /transactions/summary: the sums of the rows the filters match (each ask recorded). */
    totalsAsked: [] as FilterQuery[],
    async totals(filters: FilterQuery): Promise<FilterTotals> {
      this.totalsAsked.push(filters);
      const list = matching({ ...DEFAULT_FILTERS, ...filters });
      const sum = (type: string) => list.filter((t) => t.type === type).reduce((a, t) => a + t.amount, 0);
      const [income, spending] = [sum('income'), sum('expense')];
      const count = (type: string) => list.filter((t) => t.type === type).length;
      return { currency: 'USD', income, spending, net: income - spending, income_count: count('income'), expense_count: count('expense'), transaction_count: list.length, unconverted_count: 0, computed_from: 'transactions' };
    },
    failNext(call: keyof typeof failures, message: string, status = 400, handledGlobally = false) {
      failures[call] = fail(message, status, handledGlobally);
    },
    /** Holds list calls until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
    async page(input: FetchPageInput) {
      calls.push(input);
      if (gate) await gate;
      failOnce('list');
      const list = matching(input.filters);
      const start = input.cursor === null ? 0 : Number(input.cursor);
      const slice = list.slice(start, start + input.limit);
      const end = start + slice.length;
      return { transactions: slice, total: input.includeTotal ? list.length : null, has_more: end < list.length, next_cursor: end < list.length ? String(end) : null };
    },
    async summary(): Promise<TransactionsSummary> {
      failOnce('summary');
      // Like the server: rows that do not count (a transfer between on-budget accounts) are neither income nor spending.
      const sum = (type: string) => rows.filter((t) => t.type === type && t.counts).reduce((s, t) => s + t.amount, 0);
      return {
        currency: 'USD',
        balance: sum('income') - sum('expense'),
        transaction_count: rows.length,
        current_month: { month: '2025-03', income: sum('income'), expenses: sum('expense'), net: sum('income') - sum('expense'), transaction_count: rows.length, savings_rate: null },
        has_demo_data: demo,
      };
    },
    async categories() {
      failOnce('categories');
      return [...categories, { name: 'Pets', type: 'expense' as const, color: null, is_default: false }, ...own];
    },
    /** POST /transactions/categories: a name is unique per user, ignoring case (409 otherwise). */
    async createCategory(name: string, type: 'income' | 'expense'): Promise<TransactionCategory> {
      const taken = [...categories, { name: 'Pets' }, ...own].some((c) => c.name.toLowerCase() === name.trim().toLowerCase());
      if (taken) throw fail(`A category named "${name.trim()}" already exists`, 409);
      const created = { name: name.trim(), type, color: null, is_default: false };
      own.push(created);
      return created;
    },
    async save(id: string | null, values: TransactionDraft): Promise<Transaction> {
      failOnce('save');
      if (!(values.amount && values.amount > 0)) throw fail('amount must be greater than 0', 422);
      if (id === null) {
        const created = makeTransaction({ transaction_id: `n${next++}`, ...values, amount: values.amount });
        rows = [created, ...rows];
        return created;
      }
      const existing = rows.find((t) => t.transaction_id === id);
      if (!existing) throw fail('Transaction not found', 404);
      const { confirm_reconciled: confirmed, ...fields } = values;
      if (existing.reconciled && !confirmed) throw fail('This transaction is reconciled: send confirm_reconciled: true to change it', 409);
      // Like the server: only the list carries a split row's lines, not an update's answer.
      const { split_lines: _lines, ...kept } = existing;
      const updated = { ...kept, ...fields, amount: values.amount, reconciled: false, updated_at: '2025-03-02T00:00:00.000Z' };
      rows = rows.map((t) => (t.transaction_id === id ? updated : t));
      return updated;
    },
    /** GET /transactions/{id}/transfer-matches: the same amount the other way, within 3 days, in another account, not a transfer. */
    async transferMatches(id: string): Promise<Transaction[]> {
      failOnce('transferMatches');
      const row = rows.find((t) => t.transaction_id === id);
      if (!row) throw fail('Transaction not found', 404);
      const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
      return rows.filter((t) => t.kind === 'standard' && t.account_id !== row.account_id && t.type !== row.type && t.amount === row.amount && days(t.date, row.date) <= 3);
    },
    /** POST /transactions/{id}/link-transfer: both rows become one transfer (neither counts: both accounts are on budget). */
    async linkTransfer(id: string, otherId: string) {
      failOnce('link');
      const matches = await this.transferMatches(id);
      if (!matches.some((t) => t.transaction_id === otherId)) throw fail('other_transaction_id is not a matching other leg (same amount the other way, within 3 days, in another of your accounts)', 422);
      const linked = (t: Transaction): Transaction => ({ ...t, kind: 'transfer', transfer_id: 'tr1', counts: false, category: 'Transfer' });
      rows = rows.map((t) => (t.transaction_id === id || t.transaction_id === otherId ? linked(t) : t));
      const [a, b] = [rows.find((t) => t.transaction_id === id)!, rows.find((t) => t.transaction_id === otherId)!];
      return { transfer_id: 'tr1', from: a.type === 'expense' ? a : b, to: a.type === 'expense' ? b : a };
    },
    async remove(id: string) {
      failOnce('delete');
      if (!rows.some((t) => t.transaction_id === id)) throw fail('Transaction not found', 404);
      rows = rows.filter((t) => t.transaction_id !== id);
      return { message: 'Transaction deleted', transaction_id: id };
    },
    async exportCsv(filters: TransactionFilters) {
      failOnce('export');
      const lines = matching(filters).map((t) => `${t.date},${t.type},${t.amount.toFixed(2)},${t.description}`);
      return { fileName: 'transactions.csv', content: ['date,type,amount,description', ...lines].join('\n') };
    },
    async loadDemo() {
      failOnce('demo');
      demo = true;
      const year = Array.from({ length: 12 }, (_, i) => makeTransaction({ transaction_id: `demo${i}`, type: i % 3 ? 'expense' : 'income', amount: 100 + i, source: 'demo' }));
      rows = [...year, ...rows];
      return { inserted: year.length };
    },
    async removeDemo() {
      failOnce('demo');
      demo = false;
      const before = rows.length;
      rows = rows.filter((t) => t.source !== 'demo');
      return { deleted: before - rows.length };
    },
  };
}
export type FakeBackend = ReturnType<typeof fakeBackend>;

/** An import job of the three-row statement the fake bank file holds: `done` rows read so far. */
export const importJob = (status: ImportJob['status'], done: number): ImportJob => ({
  import_id: 'imp1',
  status,
  file_name: 'bank.csv',
  format: 'csv',
  rows_total: 3,
  rows_done: done,
  rows_imported: Math.min(done, 2),
  rows_duplicate: done === 3 ? 1 : 0,
  rows_matched: 0,
  rows_failed: 0,
  progress: done / 3,
  errors: [],
  failure: status === 'failed' ? 'The database went away' : null,
  created_at: '2025-03-01T10:00:00.000Z',
  started_at: null,
  finished_at: null,
});

/** Import effects that answer like the server: a preview per mapping, a job that finishes after two reads. */
export function fakeImportBackend() {
  const mapping: ImportMapping = {
    delimiter: ';',
    has_header: true,
    skip_lines: 0,
    date_format: 'DD.MM.YYYY',
    decimal_separator: ',',
    invert_sign: false,
    columns: { date: 0, amount: 2, description: 1 },
    default_expense_category: 'Other',
    default_income_category: 'Other Income',
  };
  const preview = (m: ImportMapping, accountId: string | null = null): ImportPreview => ({
    import_id: 'imp1',
    status: 'uploaded',
    file_name: 'bank.csv',
    format: 'csv',
    account_id: accountId,
    columns: ['Datum', 'Text', 'Betrag', 'Soll', 'Haben'],
    sample: [['01.03.2025', 'Rent', '-1.234,56', '', '']],
    detected: { delimiter: ';', has_header: true, skip_lines: 0, date_format: 'DD.MM.YYYY', date_format_ambiguous: false, decimal_separator: ',', amount_style: 'signed' },
    mapping: m,
    counts: { rows: 3, new: 2, duplicates: 1, duplicates_in_file: 0, matched: 0, pending: 0, errors: 0 },
    rows: [
      { line: 2, status: 'new', error: null, date: '2025-03-01', type: 'expense', amount: 1234.56, category: 'Other', description: 'Rent', merchant: null, notes: null, tags: [], currency: null },
      { line: 3, status: 'duplicate', error: null, date: '2025-03-02', type: 'expense', amount: 110.7, category: 'Other', description: 'Power', merchant: null, notes: null, tags: [], currency: null },
    ],
    errors: [],
  });
  /** A bank file (told by its name here; the server reads the content): no column mapping, one row matches a hand-typed one. */
  const bankPreview = (m: ImportMapping, accountId: string | null): ImportPreview => ({
    ...preview(m, accountId),
    file_name: 'card.qfx',
    format: 'ofx',
    columns: ['Date', 'Amount', 'Payee', 'Memo', 'Bank id'],
    counts: { rows: 3, new: 2, duplicates: 0, duplicates_in_file: 0, matched: 1, pending: 0, errors: 0 },
  });
  const isBankFile = (name: string) => /\.(ofx|qfx|qif|xml)$/i.test(name);
  let bankFile = false;
  let reads = 0;
  const uploads: (ImportFile & { accountId: string | null })[] = [];
  const previews: ImportMapping[] = [];
  const previewAccounts: (string | null)[] = [];
  const commits: { mapping: ImportMapping; options: ImportOptions }[] = [];
  const failures: Partial<Record<'upload' | 'preview' | 'commit' | 'progress' | 'undo', Error>> = {};
  const failOnce = (call: keyof typeof failures) => {
    const error = failures[call];
    if (error) {
      delete failures[call];
      throw error;
    }
  };
  let outcome: 'completed' | 'failed' = 'completed';
  return {
    mapping,
    uploads,
    previews,
    previewAccounts,
    commits,
    accounts: [
      { account_id: 'acc-checking', name: 'Checking', kind: 'checking' as const },
      { account_id: 'acc-card', name: 'Visa', kind: 'credit_card' as const },
    ],
    failNext(call: keyof typeof failures, message: string, status = 400) {
      failures[call] = fail(message, status);
    },
    endWith(status: 'completed' | 'failed') {
      outcome = status;
    },
    actors: {
      loadAccounts: fromPromise<ImportAccount[]>(async () => [
        { account_id: 'acc-checking', name: 'Checking', kind: 'checking' as const },
        { account_id: 'acc-card', name: 'Visa', kind: 'credit_card' as const },
      ]),
      uploadFile: fromPromise<ImportPreview, { file: ImportFile; accountId: string | null }>(async ({ input }) => {
        failOnce('upload');
        uploads.push({ ...input.file, accountId: input.accountId });
        bankFile = isBankFile(input.file.name);
        return bankFile ? bankPreview(mapping, input.accountId) : preview(mapping, input.accountId);
      }),
      previewMapping: fromPromise<ImportPreview, { importId: string; mapping: ImportMapping; accountId: string | null }>(async ({ input }) => {
        failOnce('preview');
        if (input.mapping.columns.amount !== null && input.mapping.columns.amount !== undefined && input.mapping.columns.debit != null) {
          throw fail('columns.amount cannot be combined with columns.debit / columns.credit', 422);
        }
        previews.push(input.mapping);
        previewAccounts.push(input.accountId);
        return bankFile ? bankPreview(input.mapping, input.accountId) : preview(input.mapping, input.accountId);
      }),
      undoImport: fromPromise<{ deleted: number }, { importId: string }>(async () => {
        failOnce('undo');
        return { deleted: 2 };
      }),
      commitImport: fromPromise<ImportJob, { importId: string; mapping: ImportMapping; options: ImportOptions; accountId: string | null }>(async ({ input }) => {
        failOnce('commit');
        commits.push({ mapping: input.mapping, options: input.options });
        reads = 0;
        return importJob('queued', 0);
      }),
      fetchJob: fromPromise<ImportJob, { importId: string }>(async () => {
        failOnce('progress');
        reads += 1;
        if (reads === 1) return importJob('running', 1);
        return outcome === 'failed' ? importJob('failed', 1) : importJob('completed', 3);
      }),
    },
  };
}
export type FakeImport = ReturnType<typeof fakeImportBackend>;

export const providedImport = (imports: FakeImport) => transactionImportMachine.provide({ actors: imports.actors, delays: { pollInterval: 1 } });

/** Starts the real transactions machine on the fake backend; records toasts, confirmation requests and downloads. */
export function startTransactions(backend: FakeBackend, { filters, imports = fakeImportBackend() }: { filters?: TransactionFilters; imports?: FakeImport } = {}) {
  const toasts: Toast[] = [];
  const confirmations: { kind: 'transaction' | 'demo' | 'reconciled'; transaction?: Transaction; replyTo: AnyActorRef }[] = [];
  const downloads: { fileName: string; content: string }[] = [];
  const actor = createActor(
    transactionsMachine.provide({
      actors: {
        transactionList: transactionListMachine.provide({
          actors: {
            fetchPage: fromPromise(async ({ input }) => {
              const page = await backend.page({ filters: input.query, cursor: input.cursor, limit: input.limit, includeTotal: input.includeTotal });
              return { items: page.transactions, total: page.total, nextCursor: page.next_cursor, hasMore: page.has_more };
            }),
            deleteItem: fromPromise(({ input }) => backend.remove(input.id)),
          },
          actions: {
            notify: (_, toast) => void (toast.message && toasts.push(toast)),
            requestDeleteConfirmation: ({ self }, { item }) => void confirmations.push({ kind: 'transaction', transaction: item, replyTo: self }),
          },
        }),
        transactionTotals: transactionTotalsMachine.provide({ actors: { fetchTotals: fromPromise(({ input }) => backend.totals(input.filters)) } }),
        fetchSummary: fromPromise(() => backend.summary()),
        fetchCategories: fromPromise(() => backend.categories()),
        createCategory: fromPromise(({ input }) => backend.createCategory(input.name, input.type)),
        fetchAccounts: fromPromise(async () => accounts),
        saveTransaction: fromPromise(({ input }) => backend.save(input.transactionId, input.values)),
        fetchTransferMatches: fromPromise(({ input }) => backend.transferMatches(input.transactionId)),
        linkTransfer: fromPromise(({ input }) => backend.linkTransfer(input.transactionId, input.otherId)),
        exportTransactions: fromPromise(({ input }) => backend.exportCsv(input.filters)),
        loadDemo: fromPromise(async (): Promise<void> => {
          await backend.loadDemo();
        }),
        removeDemo: fromPromise(async (): Promise<void> => {
          await backend.removeDemo();
        }),
        transactionImport: providedImport(imports),
      },
      actions: {
        notify: (_, toast) => void (toast.message && toasts.push(toast)),
        requestDemoRemovalConfirmation: ({ self }) => void confirmations.push({ kind: 'demo', replyTo: self }),
        requestReconciledConfirmation: ({ self }) => void confirmations.push({ kind: 'reconciled', replyTo: self }),
        saveFile: (_, file) => void downloads.push(file),
      },
    }),
    { input: { filters: filters ?? DEFAULT_FILTERS, categories } },
  );
  actor.start();
  const parentIdle = (s: ReturnType<typeof actor.getSnapshot>) =>
    !s.hasTag('busy') && !s.matches({ summary: 'loading' }) && !s.matches({ categories: 'loading' }) && !s.matches({ accounts: 'loading' }) && s.children.transactionImport?.getSnapshot().hasTag('busy') !== true;
  /** Resolves when no call is in flight, the list child's included. */
  const settled = () => settledWithList(actor, parentIdle);
  return {
    actor,
    toasts,
    confirmations,
    downloads,
    settled,
    /** The list child (rows, paging, deletion). */
    list: () => actor.getSnapshot().context.list.getSnapshot(),
    ids: () => actor.getSnapshot().context.list.getSnapshot().context.items.map((t) => t.transaction_id),
    row: (id: string) => actor.getSnapshot().context.list.getSnapshot().context.items.find((t) => t.transaction_id === id),
    wizard: () => actor.getSnapshot().children.transactionImport,
    /** The totals child (income, spending and net of the filtered rows). */
    totals: () => actor.getSnapshot().context.totals.getSnapshot(),
    /** Resolves once the totals child has asked and has its figures (it waits for changes to settle first). */
    totalsSettled: () => waitFor(actor.getSnapshot().context.totals, (s) => !s.hasTag('busy'), { timeout: 5_000 }),
    lastToast: () => toasts.at(-1),
  };
}

/** Rows newest first: t1 (newest) … tN. */
export const rowsOf = (n: number, fields: (i: number) => Partial<Transaction> = () => ({})) =>
  Array.from({ length: n }, (_, i) => makeTransaction({ transaction_id: `t${i + 1}`, date: `2025-03-${String(28 - (i % 28)).padStart(2, '0')}`, ...fields(i) }));

export async function readyWith(rows = rowsOf(3), filters?: TransactionFilters) {
  const backend = fakeBackend(rows);
  const t = startTransactions(backend, { filters });
  await t.settled();
  return { backend, t };
}
