import { assign, fromPromise, raise, setup } from 'xstate';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

// ---------------------------------------------------------------------------------------------
// Shapes (src/contract/transactions.ts is the source of truth; machines import only xstate and types)

export type TransactionType = 'income' | 'expense';
export type TransactionSort = 'date' | 'amount' | 'created_at';
export type SortOrder = 'asc' | 'desc';

/** A transaction as GET /transactions answers it. */
export interface Transaction {
  transaction_id: string;
  type: TransactionType;
  amount: number;
  currency: string | null;
  date: string;
  category: string;
  description: string;
  merchant: string | null;
  notes: string | null;
  tags: string[];
  source: 'manual' | 'import' | 'demo';
  import_id: string | null;
  created_at: string;
  updated_at: string;
}

/** What the list shows: the query filters of GET /transactions, kept in the page URL. */
export interface TransactionFilters {
  type?: TransactionType;
  category?: string[];
  date_from?: string;
  date_to?: string;
  amount_min?: number;
  amount_max?: number;
  q?: string;
  sort: TransactionSort;
  order: SortOrder;
}

/** One page of GET /transactions. */
export interface TransactionPage {
  transactions: Transaction[];
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
}

export interface FetchPageInput {
  filters: TransactionFilters;
  /** next_cursor of the previous page; null for the first page. */
  cursor: string | null;
  limit: number;
  includeTotal: boolean;
}

/** The part of GET /transactions/summary/overview the page header shows. */
export interface TransactionsSummary {
  currency: string;
  balance: number;
  transaction_count: number;
  current_month: { month: string; income: number; expenses: number; net: number; transaction_count: number };
  has_demo_data: boolean;
}

export interface TransactionCategory {
  name: string;
  type: TransactionType;
  color: string | null;
  is_default: boolean;
}

/** What the add/edit form sends (the server validates it, spec §5). */
export interface TransactionDraft {
  type: TransactionType;
  /** Left out when the field is blank or not a number, so the server answers "amount is required". */
  amount?: number;
  date: string;
  category: string;
  description: string;
  merchant: string | null;
  notes: string | null;
  tags: string[];
}

export interface ExportFile {
  fileName: string;
  content: string;
}

// ---------------------------------------------------------------------------------------------
// Texts and rules

/** Spec §8 defaults ('Failed to fetch transactions', 'Failed to create transaction') and the page's own toasts. */
export const transactionsTexts = {
  added: 'Transaction added',
  updated: 'Transaction updated',
  deleted: 'Transaction deleted',
  demoLoaded: 'Demo data loaded',
  demoRemoved: 'Demo data removed',
  fetchFailed: 'Failed to fetch transactions',
  createFailed: 'Failed to create transaction',
  updateFailed: 'Failed to update transaction',
  deleteFailed: 'Failed to delete transaction',
  exportFailed: 'Failed to export transactions',
  loadDemoFailed: 'Failed to load demo data',
  removeDemoFailed: 'Failed to remove demo data',
  importPreviewFailed: 'Failed to read the CSV file',
  importCommitFailed: 'Failed to start the import',
  importProgressFailed: 'Failed to fetch import progress',
} as const;

/** Rows of the first page (on screen at once) and of each further page (scrolling on). */
export const PAGE_SIZES = { first: 100, more: 500 } as const;

export const DEFAULT_FILTERS: TransactionFilters = { sort: 'date', order: 'desc' };

/** Spec §4 Transactions: create adds to the front, update replaces by transaction_id, delete removes. */
export const addToFront = (list: Transaction[], t: Transaction) => [t, ...list.filter((x) => x.transaction_id !== t.transaction_id)];
export const replaceById = (list: Transaction[], t: Transaction) => list.map((x) => (x.transaction_id === t.transaction_id ? t : x));
export const removeById = (list: Transaction[], id: string) => list.filter((x) => x.transaction_id !== id);

/** Appends a further page, skipping rows already listed (one added meanwhile may reappear in a later page). */
export function appendPage(list: Transaction[], page: Transaction[]): Transaction[] {
  if (page.length === 0) return list;
  const seen = new Set(list.map((t) => t.transaction_id));
  const fresh = page.filter((t) => !seen.has(t.transaction_id));
  return fresh.length === 0 ? list : list.concat(fresh);
}

const SORTS: readonly TransactionSort[] = ['date', 'amount', 'created_at'];
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const amountOf = (v: string | undefined) => {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/**
 * Filters read from a URL query (`?type=expense&category=Groceries,Dining&date_from=…&q=…&sort=amount&order=asc`).
 * Values the server would refuse are dropped, so a hand-edited or stale link still opens a list.
 */
export function filtersFromQuery(query: Iterable<[string, string]>): TransactionFilters {
  const params = new Map<string, string[]>();
  for (const [key, value] of query) params.set(key, [...(params.get(key) ?? []), value]);
  const one = (key: string) => params.get(key)?.[0]?.trim();
  const filters: TransactionFilters = { ...DEFAULT_FILTERS };
  const type = one('type');
  if (type === 'income' || type === 'expense') filters.type = type;
  const categories = [...new Set((params.get('category') ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))];
  if (categories.length) filters.category = categories;
  const from = one('date_from');
  if (from && isDay(from)) filters.date_from = from;
  const to = one('date_to');
  if (to && isDay(to)) filters.date_to = to;
  if (filters.date_from && filters.date_to && filters.date_from > filters.date_to) delete filters.date_to;
  const min = amountOf(one('amount_min'));
  if (min !== undefined) filters.amount_min = min;
  const max = amountOf(one('amount_max'));
  if (max !== undefined && (min === undefined || max >= min)) filters.amount_max = max;
  const q = one('q');
  if (q) filters.q = q.slice(0, 100);
  const sort = one('sort') as TransactionSort | undefined;
  if (sort && SORTS.includes(sort)) filters.sort = sort;
  const order = one('order');
  if (order === 'asc' || order === 'desc') filters.order = order;
  return filters;
}

/** The URL query (and API query) of some filters; defaults are left out so a plain link stays plain. */
export function filtersToQuery(filters: TransactionFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.type) query.type = filters.type;
  if (filters.category?.length) query.category = filters.category.join(',');
  if (filters.date_from) query.date_from = filters.date_from;
  if (filters.date_to) query.date_to = filters.date_to;
  if (filters.amount_min !== undefined) query.amount_min = String(filters.amount_min);
  if (filters.amount_max !== undefined) query.amount_max = String(filters.amount_max);
  if (filters.q?.trim()) query.q = filters.q.trim();
  if (filters.sort !== DEFAULT_FILTERS.sort) query.sort = filters.sort;
  if (filters.order !== DEFAULT_FILTERS.order) query.order = filters.order;
  return query;
}

/** One string per distinct filter set (same rows, same order). */
export const filtersKey = (filters: TransactionFilters) => JSON.stringify(Object.entries(filtersToQuery(filters)).sort(([a], [b]) => (a < b ? -1 : 1)));

/** How many filters narrow the list (sort does not). */
export const activeFilterCount = (f: TransactionFilters) =>
  [f.type, f.category?.length ? f.category : undefined, f.date_from, f.date_to, f.amount_min, f.amount_max, f.q?.trim() || undefined].filter((v) => v !== undefined).length;

// ---------------------------------------------------------------------------------------------
// CSV import wizard

export type AmountStyle = 'signed' | 'debit_credit';
export type ImportDateFormat = 'YYYY-MM-DD' | 'YYYY/MM/DD' | 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'DD.MM.YYYY' | 'DD-MM-YYYY' | 'MM-DD-YYYY' | 'DD/MM/YY' | 'MM/DD/YY';

export interface ImportColumns {
  date: number;
  amount?: number | null;
  debit?: number | null;
  credit?: number | null;
  type?: number | null;
  description?: number | null;
  merchant?: number | null;
  category?: number | null;
  notes?: number | null;
  tags?: number | null;
  currency?: number | null;
}

/** How the server reads the file (ImportMapping of the contract). */
export interface ImportMapping {
  delimiter: ',' | ';' | '\t' | '|';
  has_header: boolean;
  skip_lines: number;
  date_format: ImportDateFormat;
  decimal_separator: '.' | ',';
  invert_sign: boolean;
  columns: ImportColumns;
  default_expense_category: string;
  default_income_category: string;
}

export type ImportRowStatus = 'new' | 'duplicate' | 'duplicate_in_file' | 'error';

export interface ImportPreviewRow {
  line: number;
  status: ImportRowStatus;
  error: string | null;
  date: string | null;
  type: TransactionType | null;
  amount: number | null;
  category: string | null;
  description: string;
  merchant: string | null;
}

/** What upload and re-preview answer: the detected layout, the mapping used, counts and the first rows. */
export interface ImportPreview {
  import_id: string;
  file_name: string | null;
  columns: string[];
  sample: string[][];
  detected: {
    delimiter: ImportMapping['delimiter'];
    has_header: boolean;
    date_format: ImportDateFormat | null;
    date_format_ambiguous: boolean;
    decimal_separator: '.' | ',';
    amount_style: AmountStyle | 'unknown';
  };
  mapping: ImportMapping;
  counts: { rows: number; new: number; duplicates: number; duplicates_in_file: number; errors: number };
  rows: ImportPreviewRow[];
  errors: { line: number; message: string }[];
}

export type ImportJobStatus = 'uploaded' | 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface ImportJob {
  import_id: string;
  status: ImportJobStatus;
  file_name: string | null;
  rows_total: number;
  rows_done: number;
  rows_imported: number;
  rows_duplicate: number;
  rows_failed: number;
  progress: number;
  errors: { line: number; message: string }[];
  failure: string | null;
}

/** The chosen file, as the upload effect needs it (a browser File); the machine reads name and size only. */
export interface ImportFile {
  name: string;
  size: number;
}

export interface ImportOptions {
  skipDuplicates: boolean;
  skipFileDuplicates: boolean;
}

export interface TransactionImportContext {
  maxBytes: number;
  file: ImportFile | null;
  preview: ImportPreview | null;
  options: ImportOptions;
  job: ImportJob | null;
  error: CallFailure | null;
}

export type TransactionImportEvent =
  | { type: 'file.choose'; file: ImportFile }
  | { type: 'mapping.change'; mapping: ImportMapping }
  | { type: 'options.change'; options: Partial<ImportOptions> }
  | { type: 'import.back' }
  | { type: 'import.confirm' }
  | { type: 'progress.retry' }
  | { type: 'import.close' };

export interface TransactionImportOutput {
  /** A job was started: its rows are (or are being) added, so the list should reload. */
  started: boolean;
  imported: number;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The amount layout of a mapping: one signed column, or money out and money in apart. */
export const amountStyleOf = (mapping: ImportMapping): AmountStyle => (mapping.columns.amount !== undefined && mapping.columns.amount !== null ? 'signed' : 'debit_credit');

/** Column names banks use for each field, for switching the amount layout. */
const columnHints: Record<'amount' | 'debit' | 'credit', RegExp> = {
  amount: /amount|betrag|montant|importe|sum|value/i,
  debit: /debit|withdraw|out|paid out|soll|ausgang|expense/i,
  credit: /credit|deposit|\bin\b|paid in|haben|eingang|income/i,
};

/** The mapping switched to another amount layout, guessing the columns from their names. */
export function withAmountStyle(mapping: ImportMapping, style: AmountStyle, columnNames: string[]): ImportMapping {
  const find = (hint: RegExp, avoid: (number | null | undefined)[]) => {
    const i = columnNames.findIndex((name, index) => hint.test(name) && !avoid.includes(index) && index !== mapping.columns.date);
    return i >= 0 ? i : null;
  };
  const { amount, debit, credit, ...rest } = mapping.columns;
  if (style === 'signed') {
    const guess = amount ?? find(columnHints.amount, []) ?? debit ?? credit ?? null;
    return { ...mapping, columns: { ...rest, amount: guess, debit: null, credit: null } };
  }
  const d = debit ?? find(columnHints.debit, []);
  const c = credit ?? find(columnHints.credit, [d]);
  return { ...mapping, columns: { ...rest, amount: null, debit: d ?? amount ?? null, credit: c } };
}

const jobFinished = (job: ImportJob | null) => job?.status === 'completed';
const jobStopped = (job: ImportJob | null) => job?.status === 'failed' || job?.status === 'cancelled';

export const transactionImportMachine = setup({
  types: {
    context: {} as TransactionImportContext,
    events: {} as TransactionImportEvent,
    input: {} as { maxBytes: number },
    output: {} as TransactionImportOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** POST the file's CSV text: the server detects the layout and answers a preview. */
    uploadFile: fromPromise<ImportPreview, { file: ImportFile }>(async () => {
      throw new Error('uploadFile not provided');
    }),
    /** The preview again under another mapping. */
    previewMapping: fromPromise<ImportPreview, { importId: string; mapping: ImportMapping }>(async () => {
      throw new Error('previewMapping not provided');
    }),
    /** Starts the background import job. */
    commitImport: fromPromise<ImportJob, { importId: string; mapping: ImportMapping; options: ImportOptions }>(async () => {
      throw new Error('commitImport not provided');
    }),
    /** The job's progress. */
    fetchJob: fromPromise<ImportJob, { importId: string }>(async () => {
      throw new Error('fetchJob not provided');
    }),
  },
  delays: {
    /** Between two progress reads. */
    pollInterval: 500,
  },
  guards: {
    fileTooLarge: ({ context, event }) => event.type === 'file.choose' && event.file.size > context.maxBytes,
    fileEmpty: ({ event }) => event.type === 'file.choose' && event.file.size === 0,
    jobCompleted: ({ event }) => jobFinished((event as { output?: ImportJob }).output ?? null),
    jobStopped: ({ event }) => jobStopped((event as { output?: ImportJob }).output ?? null),
  },
}).createMachine({
  id: 'transactionImport',
  description:
    'The CSV import wizard: choose a file → preview with the detected mapping (date format, decimal style, signed amount or debit/credit columns, duplicates flagged), adjust it → confirm → a progress bar while the background job runs → a summary.',
  context: ({ input }) => ({ maxBytes: input.maxBytes, file: null, preview: null, options: { skipDuplicates: true, skipFileDuplicates: false }, job: null, error: null }),
  initial: 'choosing',
  on: {
    'import.close': { description: 'Closing leaves the wizard; a started job keeps running on the server.', target: '.closed' },
  },
  states: {
    choosing: {
      description: 'Step 1: pick a CSV file (a bank export).',
      on: {
        'file.choose': [
          {
            description: 'A file larger than the server accepts is refused before uploading.',
            guard: 'fileTooLarge',
            actions: assign({ error: ({ context, event }) => ({ message: `${event.file.name} is larger than ${megabytes(context.maxBytes)}, the largest file an import accepts.` }) }),
          },
          { description: 'An empty file has nothing to import.', guard: 'fileEmpty', actions: assign({ error: ({ event }) => ({ message: `${event.file.name} is empty.` }) }) },
          { target: 'uploading', actions: assign({ file: ({ event }) => event.file, error: null, preview: null }) },
        ],
      },
    },
    uploading: {
      description: 'Uploads the file; the server detects the layout and answers a preview.',
      tags: ['busy'],
      invoke: {
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.file! }),
        onDone: { target: 'reviewing', actions: assign({ preview: ({ event }) => event.output, error: null }) },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => toFailure(event.error, transactionsTexts.importPreviewFailed) }) },
      },
    },
    reviewing: {
      description: 'Step 2: the preview with the detected mapping; duplicates and unreadable rows are flagged.',
      on: {
        'mapping.change': { description: 'Another date format, decimal style, amount layout or column: preview again.', target: 'remapping', actions: assign({ error: null }) },
        'options.change': { actions: assign({ options: ({ context, event }) => ({ ...context.options, ...event.options }) }) },
        'import.back': { description: 'Choose another file.', target: 'choosing', actions: assign({ file: null, preview: null, error: null }) },
        'import.confirm': { description: 'Import with this mapping.', target: 'committing', actions: assign({ error: null }) },
      },
    },
    remapping: {
      description: 'Reads the file again under the changed mapping.',
      tags: ['busy'],
      on: {
        'mapping.change': { target: 'remapping', reenter: true },
        'options.change': { actions: assign({ options: ({ context, event }) => ({ ...context.options, ...event.options }) }) },
      },
      invoke: {
        src: 'previewMapping',
        input: ({ context, event }) => ({ importId: context.preview!.import_id, mapping: (event as { mapping: ImportMapping }).mapping }),
        onDone: { target: 'reviewing', actions: assign({ preview: ({ event }) => event.output }) },
        // The server's detail says what is wrong with the mapping; the last good preview stays.
        onError: { target: 'reviewing', actions: assign({ error: ({ event }) => toFailure(event.error, transactionsTexts.importPreviewFailed) }) },
      },
    },
    committing: {
      description: 'Starts the background import job.',
      tags: ['busy'],
      invoke: {
        src: 'commitImport',
        input: ({ context }) => ({ importId: context.preview!.import_id, mapping: context.preview!.mapping, options: context.options }),
        onDone: [
          { guard: 'jobCompleted', target: 'done', actions: assign({ job: ({ event }) => event.output }) },
          { guard: 'jobStopped', target: 'failed', actions: assign({ job: ({ event }) => event.output }) },
          { target: 'running', actions: assign({ job: ({ event }) => event.output }) },
        ],
        onError: { target: 'reviewing', actions: assign({ error: ({ event }) => toFailure(event.error, transactionsTexts.importCommitFailed) }) },
      },
    },
    running: {
      description: 'Step 3: the progress bar, reading the job’s progress every half second.',
      initial: 'waiting',
      states: {
        waiting: { after: { pollInterval: { target: 'polling' } } },
        polling: {
          invoke: {
            src: 'fetchJob',
            input: ({ context }) => ({ importId: context.job!.import_id }),
            onDone: [
              { guard: 'jobCompleted', target: '#transactionImport.done', actions: assign({ job: ({ event }) => event.output }) },
              { guard: 'jobStopped', target: '#transactionImport.failed', actions: assign({ job: ({ event }) => event.output }) },
              { target: 'waiting', actions: assign({ job: ({ event }) => event.output, error: null }) },
            ],
            onError: { target: 'stalled', actions: assign({ error: ({ event }) => toFailure(event.error, transactionsTexts.importProgressFailed) }) },
          },
        },
        stalled: {
          description: "Reading the progress failed ('Failed to fetch import progress'); the job itself goes on. Retry reads it again.",
          on: { 'progress.retry': { target: 'polling', actions: assign({ error: null }) } },
        },
      },
    },
    done: {
      description: 'Step 4: how many rows were imported, skipped as duplicates, or could not be read.',
    },
    failed: {
      description: 'The job stopped: its reason, and the rows imported before it stopped.',
      on: { 'import.back': { target: 'choosing', actions: assign({ file: null, preview: null, job: null, error: null }) } },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ started: context.job !== null, imported: context.job?.rows_imported ?? 0 }),
});

// ---------------------------------------------------------------------------------------------
// The transactions page

export interface TransactionsContext {
  filters: TransactionFilters;
  /** transactions of spec §3 financial state: the rows loaded so far, in the list's order. */
  transactions: Transaction[];
  /** Rows matching the filters (null until known). */
  total: number | null;
  nextCursor: string | null;
  hasMore: boolean;
  loadError: CallFailure | null;
  loadMoreError: CallFailure | null;
  /** transactionSummary / currentBalance of spec §3: balance and this month's income and spending. */
  summary: TransactionsSummary | null;
  categories: TransactionCategory[];
  /** The transaction the form edits; null while it adds one. */
  editing: Transaction | null;
  draft: TransactionDraft | null;
  formError: CallFailure | null;
  /** The transaction waiting for the delete confirmation, or being deleted. */
  deleting: Transaction | null;
  maxImportBytes: number;
}

export interface TransactionsInput {
  filters?: TransactionFilters;
  /** The built-in categories, offered until (or if) GET /transactions/categories answers. */
  categories?: TransactionCategory[];
  maxImportBytes?: number;
}

export type TransactionsEvent =
  | { type: 'filters.change'; filters: TransactionFilters }
  | { type: 'list.retry' }
  | { type: 'list.loadMore' }
  | { type: 'list.reload' }
  | { type: 'summary.refresh' }
  | { type: 'transaction.create' }
  | { type: 'transaction.edit'; transactionId: string }
  | { type: 'form.submit'; values: TransactionDraft }
  | { type: 'form.close' }
  | { type: 'transaction.delete'; transactionId: string }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' }
  | { type: 'import.open' }
  | { type: 'export.start' }
  | { type: 'demo.load' }
  | { type: 'demo.remove' }
  | { type: 'demoRemoval.confirm' }
  | { type: 'demoRemoval.cancel' };

const findTransaction = (context: TransactionsContext, id: string) => context.transactions.find((t) => t.transaction_id === id) ?? null;

/** A failure the API client already toasted (network, 403, 5xx) is not toasted again. */

export const transactionsMachine = setup({
  types: {
    context: {} as TransactionsContext,
    events: {} as TransactionsEvent,
    input: {} as TransactionsInput,
    tags: {} as 'busy',
    children: {} as { transactionImport: 'transactionImport' },
  },
  actors: {
    /** GET /transactions with the filters: the first page (cursor null) or the next one. */
    fetchPage: fromPromise<TransactionPage, FetchPageInput>(async () => {
      throw new Error('fetchPage not provided');
    }),
    /** GET /transactions/summary/overview for the local month. */
    fetchSummary: fromPromise<TransactionsSummary>(async () => {
      throw new Error('fetchSummary not provided');
    }),
    /** GET /transactions/categories: the defaults plus the user's own. */
    fetchCategories: fromPromise<TransactionCategory[]>(async () => {
      throw new Error('fetchCategories not provided');
    }),
    /** POST /transactions when transactionId is null, else PUT /transactions/{id}. */
    saveTransaction: fromPromise<Transaction, { transactionId: string | null; values: TransactionDraft }>(async () => {
      throw new Error('saveTransaction not provided');
    }),
    /** DELETE /transactions/{id}. */
    deleteTransaction: fromPromise<unknown, { transactionId: string }>(async () => {
      throw new Error('deleteTransaction not provided');
    }),
    /** GET /transactions/export with the filters: the CSV file to download. */
    exportTransactions: fromPromise<ExportFile, { filters: TransactionFilters }>(async () => {
      throw new Error('exportTransactions not provided');
    }),
    /** POST /transactions/demo: a realistic year of transactions. */
    loadDemo: fromPromise<void>(async () => {
      throw new Error('loadDemo not provided');
    }),
    /** DELETE /transactions/demo. */
    removeDemo: fromPromise<void>(async () => {
      throw new Error('removeDemo not provided');
    }),
    transactionImport: transactionImportMachine,
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** Opens the danger confirmation dialog; it answers deletion.confirm or deletion.cancel. */
    requestDeleteConfirmation: (_, _params: { transaction: Transaction }) => {},
    /** Opens the danger confirmation dialog; it answers demoRemoval.confirm or demoRemoval.cancel. */
    requestDemoRemovalConfirmation: () => {},
    /** Hands the exported CSV to the browser as a download. */
    saveFile: (_, _file: ExportFile) => {},
  },
  guards: {
    filtersDiffer: ({ context, event }) => event.type === 'filters.change' && filtersKey(event.filters) !== filtersKey(context.filters),
    transactionExists: ({ context, event }) => 'transactionId' in event && findTransaction(context, event.transactionId) !== null,
    hasMore: ({ context }) => context.hasMore && context.nextCursor !== null,
    creating: ({ context }) => context.editing === null,
    importChangedRows: ({ event }) => Boolean((event as { output?: TransactionImportOutput }).output?.started),
  },
}).createMachine({
  id: 'transactions',
  description:
    'The transactions page: the filtered list (first page, more on scroll), the header figures, the add/edit form, deletion after a danger confirmation, CSV import and export, demo data.',
  context: ({ input }) => ({
    filters: input.filters ?? DEFAULT_FILTERS,
    transactions: [],
    total: null,
    nextCursor: null,
    hasMore: false,
    loadError: null,
    loadMoreError: null,
    summary: null,
    categories: input.categories ?? [],
    editing: null,
    draft: null,
    formError: null,
    deleting: null,
    maxImportBytes: input.maxImportBytes ?? 25 * 1024 * 1024,
  }),
  type: 'parallel',
  states: {
    list: {
      description: 'The rows matching the filters, in the chosen order.',
      initial: 'loading',
      on: {
        'filters.change': {
          description: 'Other filters or another order (from the URL): load the first page again.',
          guard: 'filtersDiffer',
          target: '.loading',
          actions: assign({ filters: ({ event }) => event.filters }),
        },
        'list.reload': { description: 'Rows changed elsewhere (import, demo data): load the first page again.', target: '.loading' },
      },
      states: {
        loading: {
          description: 'Loads the first page (skeletons on screen, or the previous rows dimmed).',
          tags: ['busy'],
          invoke: {
            src: 'fetchPage',
            input: ({ context }) => ({ filters: context.filters, cursor: null, limit: PAGE_SIZES.first, includeTotal: true }),
            onDone: {
              target: 'loaded',
              actions: assign({
                transactions: ({ event }) => event.output.transactions,
                total: ({ event }) => event.output.total,
                nextCursor: ({ event }) => event.output.next_cursor,
                hasMore: ({ event }) => event.output.has_more,
                loadError: null,
                loadMoreError: null,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({ loadError: ({ event }) => toFailure(event.error, transactionsTexts.fetchFailed), transactions: [], total: null, nextCursor: null, hasMore: false }),
            },
          },
        },
        failed: {
          description: "Loading failed: 'Failed to fetch transactions' (or the server's detail) with a retry.",
          on: { 'list.retry': { description: 'The Retry button loads again.', target: 'loading' } },
        },
        loaded: {
          description: 'The rows are on screen; scrolling near the end loads the next page.',
          initial: 'idle',
          states: {
            idle: {
              on: {
                'list.loadMore': { description: 'Load more appends the next page.', guard: 'hasMore', target: 'loadingMore', actions: assign({ loadMoreError: null }) },
              },
            },
            loadingMore: {
              tags: ['busy'],
              invoke: {
                src: 'fetchPage',
                input: ({ context }) => ({ filters: context.filters, cursor: context.nextCursor, limit: PAGE_SIZES.more, includeTotal: false }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    transactions: ({ context, event }) => appendPage(context.transactions, event.output.transactions),
                    nextCursor: ({ event }) => event.output.next_cursor,
                    hasMore: ({ event }) => event.output.has_more,
                  }),
                },
                onError: { description: 'The rows so far stay; the end of the list offers a retry.', target: 'idle', actions: assign({ loadMoreError: ({ event }) => toFailure(event.error, transactionsTexts.fetchFailed) }) },
              },
            },
          },
        },
      },
    },
    summary: {
      description: 'The header: current balance, this month’s income and spending; read again after every change.',
      initial: 'loading',
      on: { 'summary.refresh': { target: '.loading' } },
      states: {
        loading: {
          invoke: {
            src: 'fetchSummary',
            onDone: { target: 'idle', actions: assign({ summary: ({ event }) => event.output }) },
            // The previous figures stay; the next change reads them again.
            onError: { target: 'idle' },
          },
        },
        idle: {},
      },
    },
    categories: {
      description: 'The categories the form offers: the defaults plus the user’s own.',
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchCategories',
            onDone: { target: 'loaded', actions: assign({ categories: ({ event }) => event.output }) },
            // The built-in categories from the input stay on offer.
            onError: { target: 'loaded' },
          },
        },
        loaded: {},
      },
    },
    form: {
      description: 'The add/edit transaction modal.',
      initial: 'closed',
      states: {
        closed: {
          on: {
            'transaction.create': { description: 'Add transaction: an empty form.', target: 'editing', actions: assign({ editing: null, draft: null, formError: null }) },
            'transaction.edit': {
              description: 'Edit: the form filled with the transaction.',
              guard: 'transactionExists',
              target: 'editing',
              actions: assign({ editing: ({ context, event }) => findTransaction(context, event.transactionId), draft: null, formError: null }),
            },
          },
        },
        editing: {
          description: 'The form is open (empty to add, filled to edit).',
          on: {
            'form.submit': { target: 'saving', actions: assign({ draft: ({ event }) => event.values, formError: null }) },
            'form.close': { target: 'closed', actions: assign({ editing: null, draft: null, formError: null }) },
          },
        },
        saving: {
          description: "Saves; the server's detail is shown in the form if it refuses.",
          tags: ['busy'],
          invoke: {
            src: 'saveTransaction',
            input: ({ context }) => ({ transactionId: context.editing?.transaction_id ?? null, values: context.draft! }),
            onDone: [
              {
                description: 'Create adds to the front.',
                guard: 'creating',
                target: 'closed',
                actions: [
                  assign({
                    transactions: ({ context, event }) => addToFront(context.transactions, event.output),
                    total: ({ context }) => (context.total === null ? null : context.total + 1),
                    draft: null,
                  }),
                  { type: 'notify', params: { kind: 'success', message: transactionsTexts.added } },
                  raise({ type: 'summary.refresh' }),
                ],
              },
              {
                description: 'Update replaces by transaction_id.',
                target: 'closed',
                actions: [
                  assign({ transactions: ({ context, event }) => replaceById(context.transactions, event.output), editing: null, draft: null }),
                  { type: 'notify', params: { kind: 'success', message: transactionsTexts.updated } },
                  raise({ type: 'summary.refresh' }),
                ],
              },
            ],
            onError: {
              target: 'editing',
              actions: assign({ formError: ({ context, event }) => toFailure(event.error, context.editing === null ? transactionsTexts.createFailed : transactionsTexts.updateFailed) }),
            },
          },
        },
      },
    },
    deletion: {
      description: 'Deleting a transaction, always after a danger confirmation.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'transaction.delete': {
              guard: 'transactionExists',
              target: 'confirming',
              actions: [
                assign({ deleting: ({ context, event }) => findTransaction(context, event.transactionId) }),
                { type: 'requestDeleteConfirmation', params: ({ context, event }) => ({ transaction: findTransaction(context, event.transactionId)! }) },
              ],
            },
          },
        },
        confirming: {
          description: 'The danger confirmation dialog is open.',
          on: {
            'deletion.confirm': { description: 'The dialog answered Delete.', target: 'deleting' },
            'deletion.cancel': { description: 'The dialog answered Cancel: the transaction stays.', target: 'idle', actions: assign({ deleting: null }) },
          },
        },
        deleting: {
          description: "Deletes it; on failure toasts the server's detail or 'Failed to delete transaction'.",
          tags: ['busy'],
          invoke: {
            src: 'deleteTransaction',
            input: ({ context }) => ({ transactionId: context.deleting!.transaction_id }),
            onDone: {
              description: 'Delete removes.',
              target: 'idle',
              actions: [
                assign({
                  transactions: ({ context }) => removeById(context.transactions, context.deleting!.transaction_id),
                  total: ({ context }) => (context.total === null ? null : Math.max(0, context.total - 1)),
                  deleting: null,
                }),
                { type: 'notify', params: { kind: 'success', message: transactionsTexts.deleted } },
                raise({ type: 'summary.refresh' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [assign({ deleting: null }), { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, transactionsTexts.deleteFailed)) }],
            },
          },
        },
      },
    },
    importer: {
      description: 'The CSV import wizard, its own transactionImport actor while open.',
      initial: 'closed',
      states: {
        closed: { on: { 'import.open': { target: 'open' } } },
        open: {
          invoke: {
            id: 'transactionImport',
            src: 'transactionImport',
            input: ({ context }) => ({ maxBytes: context.maxImportBytes }),
            onDone: [
              { description: 'An import ran: the list and the header load again.', guard: 'importChangedRows', target: 'closed', actions: [raise({ type: 'list.reload' }), raise({ type: 'summary.refresh' })] },
              { description: 'Closed before importing: nothing changed.', target: 'closed' },
            ],
            onError: { target: 'closed' },
          },
        },
      },
    },
    exporter: {
      description: 'CSV export of the filtered list, downloaded by the browser.',
      initial: 'idle',
      states: {
        idle: { on: { 'export.start': { target: 'exporting' } } },
        exporting: {
          tags: ['busy'],
          invoke: {
            src: 'exportTransactions',
            input: ({ context }) => ({ filters: context.filters }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, transactionsTexts.exportFailed)) } },
          },
        },
      },
    },
    demo: {
      description: 'Demo data: a realistic year of transactions to see every screen filled, and removing it again.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'demo.load': { target: 'loading' },
            'demo.remove': { target: 'confirmingRemoval', actions: 'requestDemoRemovalConfirmation' },
          },
        },
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadDemo',
            onDone: { target: 'idle', actions: [{ type: 'notify', params: { kind: 'success', message: transactionsTexts.demoLoaded } }, raise({ type: 'list.reload' }), raise({ type: 'summary.refresh' })] },
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, transactionsTexts.loadDemoFailed)) } },
          },
        },
        confirmingRemoval: {
          description: 'The danger confirmation dialog is open.',
          on: {
            'demoRemoval.confirm': { target: 'removing' },
            'demoRemoval.cancel': { target: 'idle' },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            src: 'removeDemo',
            onDone: { target: 'idle', actions: [{ type: 'notify', params: { kind: 'success', message: transactionsTexts.demoRemoved } }, raise({ type: 'list.reload' }), raise({ type: 'summary.refresh' })] },
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, transactionsTexts.removeDemoFailed)) } },
          },
        },
      },
    },
  },
});
