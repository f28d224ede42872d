import { assign, fromPromise, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { splitEditorMachine } from './splitEditor';
import type { Category, CreateTransactionRequest, SummaryOverview, Transaction, transactionMessages } from '../src/contract/transactions';
import type { TransferResult } from '../src/contract/accounts';
import { autoRuleMessages, type BulkAction, type RuleOffer, type Suggestion, type SuggestRequest } from '../src/contract/autoRules';
import type { CollectionReport } from './collection';
import { transactionImportMachine, type TransactionImportOutput } from './transactionImport';
import { activeFilterCount, PAGE_SIZES, sameFilters, searchPreview, transactionListMachine, type PageFilters } from './transactionList';
import { transactionTotalsMachine } from './transactionTotals';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

/** The part of GET /transactions/summary/overview the page header shows. */
export type TransactionsSummary = Pick<SummaryOverview, 'currency' | 'balance' | 'transaction_count' | 'current_month' | 'has_demo_data'> &
  Partial<Pick<SummaryOverview, 'unconverted_count'>>;

/** A category the form offers (the list call also counts its transactions; the built-in ones are offered before it answers). */
export type TransactionCategory = Pick<Category, 'name' | 'type' | 'color' | 'is_default'> & {
  /** Not offered for new entries (Settings › Categories); rows that have it still show it. */
  hidden?: boolean;
};

/** What the add/edit form sends (the server validates it, [spec:5-server-validates]). The amount is left out when the field is blank or not a number, so the server answers "amount is required". */
export type TransactionDraft = Omit<CreateTransactionRequest, 'amount' | 'currency'> & {
  amount?: number;
  /** An edit of a reconciled row the user confirmed. */
  confirm_reconciled?: boolean;
};

/** An account the form offers (GET /accounts): open ones only. */
export interface AccountOption {
  account_id: string;
  name: string;
  on_budget: boolean;
  /** ISO 4217: the list shows the account's rows in it. */
  currency?: string;
}

export interface ExportFile {
  fileName: string;
  content: string;
}

/** The default messages ([spec:8-message]), held by the compiler to the contract's texts, and the page's own toasts. */
const failures: Pick<typeof transactionMessages, 'fetchTransactions' | 'createTransaction' | 'updateTransaction' | 'deleteTransaction' | 'exportTransactions' | 'loadDemo' | 'removeDemo'> = {
  fetchTransactions: 'Failed to fetch transactions',
  createTransaction: 'Failed to create transaction',
  updateTransaction: 'Failed to update transaction',
  deleteTransaction: 'Failed to delete transaction',
  exportTransactions: 'Failed to export transactions',
  loadDemo: 'Failed to load demo data',
  removeDemo: 'Failed to remove demo data',
};
/** The page's toasts; written literally in the machine too, so Stately shows them (tests/machines/transactions.model.test.ts keeps both equal). */
export const transactionsToasts = {
  added: 'Transaction added',
  updated: 'Transaction updated',
  deleted: 'Transaction deleted',
  demoLoaded: 'Demo data loaded',
  demoRemoved: 'Demo data removed',
  linkedTransfer: 'Linked as a transfer',
} as const;

export type TransactionListActor = ActorRefFrom<typeof transactionListMachine>;
export type TransactionTotalsActor = ActorRefFrom<typeof transactionTotalsMachine>;

export interface TransactionsContext {
  /** The list and its filters ([spec:3-client-state]): a child actor, spawned with the page. */
  list: TransactionListActor;
  /** Income, spending and net of every row the filters match: a child actor told of each filter and row change. */
  totals: TransactionTotalsActor;
  /** The transaction summary and current balance ([spec:3-client-state]): balance and this month's income and spending. */
  summary: TransactionsSummary | null;
  categories: TransactionCategory[];
  /** The transaction the form edits; null while it adds one. */
  editing: Transaction | null;
  draft: TransactionDraft | null;
  formError: CallFailure | null;
  /** Why the category typed in the form could not be created (said under the field). */
  categoryError: CallFailure | null;
  maxImportBytes: number;
  /** The open accounts the form offers; empty until GET /accounts answers (the server then picks the first on-budget one). */
  accounts: AccountOption[];
  /** The account of the last transaction added here: the form's default for the next one. */
  lastAccountId: string | null;
  /** The rows ticked for a bulk change, by transaction_id. */
  selected: string[];
  /** A bulk change waiting for the danger confirmation (delete). */
  pendingBulk: BulkChange | null;
  /** What the rules and the history suggest for the row being typed in the form. */
  suggestion: Suggestion | null;
  /** "This is a transfer…": rows of the user's other accounts that look like the edited row's other leg. */
  transferMatches: Transaction[];
  /** Why the matches could not be read or the link was refused. */
  transferError: CallFailure | null;
  /** A rule offered after a row was re-filed by hand ("Always file Costco as Groceries?"). */
  ruleOffer: RuleOffer | null;
}

/** One change on the ticked rows (POST /transactions/bulk). */
export interface BulkChange {
  action: BulkAction;
  category?: string;
  tags?: string[];
}

export interface TransactionsInput {
  filters: PageFilters;
  /** The built-in categories, offered until (or if) GET /transactions/categories answers. */
  categories?: TransactionCategory[];
  maxImportBytes?: number;
}

export type TransactionsEvent =
  | { type: 'filters.change'; filters: PageFilters }
  | { type: 'filterPanel.toggle' }
  | { type: 'category.create'; name: string; categoryType: Transaction['type'] }
  | { type: 'filterPanel.filtersChanged'; lastCleared: boolean }
  | { type: 'list.retry' }
  | { type: 'list.loadMore' }
  | { type: 'list.reload' }
  | CollectionReport
  | { type: 'summary.refresh' }
  | { type: 'transaction.create' }
  | { type: 'transaction.edit'; transactionId: string }
  | { type: 'form.submit'; values: TransactionDraft }
  | { type: 'form.close' }
  | { type: 'split.open' }
  | { type: 'transfer.open' }
  | { type: 'transfer.link'; otherId: string }
  | { type: 'transfer.retry' }
  | { type: 'transfer.back' }
  | { type: 'transaction.delete'; transactionId: string }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' }
  | { type: 'import.open' }
  | { type: 'export.start' }
  | { type: 'demo.load' }
  | { type: 'demo.remove' }
  | { type: 'demoRemoval.confirm' }
  | { type: 'demoRemoval.cancel' }
  | { type: 'reconciledEdit.confirm' }
  | { type: 'reconciledEdit.cancel' }
  | { type: 'selection.toggle'; transactionId: string }
  | { type: 'selection.set'; transactionIds: string[] }
  | { type: 'selection.clear' }
  | { type: 'bulk.run'; change: BulkChange }
  | { type: 'bulkDelete.confirm' }
  | { type: 'bulkDelete.cancel' }
  | { type: 'form.describe'; row: SuggestRequest }
  | { type: 'ruleOffer.check'; transactionId: string }
  | { type: 'ruleOffer.accept' }
  | { type: 'ruleOffer.dismiss' };

const listed = (context: TransactionsContext, id: string) => context.list.getSnapshot().context.items.find((t) => t.transaction_id === id) ?? null;


export const transactionsMachine = setup({
  types: {
    context: {} as TransactionsContext,
    events: {} as TransactionsEvent,
    input: {} as TransactionsInput,
    tags: {} as 'busy',
    children: {} as { transactionImport: 'transactionImport'; list: 'transactionList'; totals: 'transactionTotals' },
  },
  actors: {
    transactionList: transactionListMachine,
    transactionTotals: transactionTotalsMachine,
    transactionImport: transactionImportMachine,
    /** GET /transactions/summary/overview for the local month. */
    fetchSummary: fromPromise<TransactionsSummary>(async () => {
      throw new Error('fetchSummary not provided');
    }),
    /** GET /transactions/categories: the defaults plus the user's own. */
    fetchCategories: fromPromise<TransactionCategory[]>(async () => {
      throw new Error('fetchCategories not provided');
    }),
    /** POST /transactions/categories: a category of the user's own. */
    createCategory: fromPromise<TransactionCategory, { name: string; type: Transaction['type'] }>(async () => {
      throw new Error('createCategory not provided');
    }),
    /** GET /accounts: the open accounts, in their order. */
    fetchAccounts: fromPromise<AccountOption[]>(async () => {
      throw new Error('fetchAccounts not provided');
    }),
    /** POST /transactions when transactionId is null, else PUT /transactions/{id}. */
    saveTransaction: fromPromise<Transaction, { transactionId: string | null; values: TransactionDraft }>(async () => {
      throw new Error('saveTransaction not provided');
    }),
    /** GET /transactions/export with the filters: the CSV file to download. */
    exportTransactions: fromPromise<ExportFile, { filters: PageFilters }>(async () => {
      throw new Error('exportTransactions not provided');
    }),
    /** POST /transactions/demo: a realistic year of transactions. */
    loadDemo: fromPromise<void>(async () => {
      throw new Error('loadDemo not provided');
    }),
    /** POST /transactions/bulk on the ticked rows: how many changed. */
    bulkTransactions: fromPromise<{ updated: number; skipped: number }, { ids: string[]; change: BulkChange }>(async () => {
      throw new Error('bulkTransactions not provided');
    }),
    /** GET /transactions/{id}/transfer-matches: the other accounts' rows that could be this row's other leg. */
    fetchTransferMatches: fromPromise<Transaction[], { transactionId: string }>(async () => {
      throw new Error('fetchTransferMatches not provided');
    }),
    /** POST /transactions/{id}/link-transfer {other_transaction_id}. */
    linkTransfer: fromPromise<TransferResult, { transactionId: string; otherId: string }>(async () => {
      throw new Error('linkTransfer not provided');
    }),
    /** POST /rules/suggest for what the form holds. */
    suggestCategory: fromPromise<Suggestion, SuggestRequest>(async () => {
      throw new Error('suggestCategory not provided');
    }),
    /** GET /rules/offer for a row just re-filed by hand: the rule worth offering, or null. */
    fetchRuleOffer: fromPromise<RuleOffer | null, { transactionId: string }>(async () => {
      throw new Error('fetchRuleOffer not provided');
    }),
    /** POST /rules with the offered rule (the merchant is exactly it; file it in the category). */
    acceptRuleOffer: fromPromise<unknown, RuleOffer>(async () => {
      throw new Error('acceptRuleOffer not provided');
    }),
    /** POST /rules/offers/dismiss for the merchant/category pair. */
    dismissRuleOffer: fromPromise<unknown, RuleOffer>(async () => {
      throw new Error('dismissRuleOffer not provided');
    }),
    /** Splitting the edited transaction into category lines (GET/PUT/DELETE /transactions/{id}/split). */
    splitEditor: splitEditorMachine,
    /** DELETE /transactions/demo. */
    removeDemo: fromPromise<void>(async () => {
      throw new Error('removeDemo not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** Opens the danger confirmation dialog; it answers demoRemoval.confirm or demoRemoval.cancel. */
    requestDemoRemovalConfirmation: () => {},
    /** Opens the confirmation for an edit of a reconciled row; it answers reconciledEdit.confirm or reconciledEdit.cancel. */
    requestReconciledConfirmation: () => {},
    /** Opens the danger confirmation dialog for deleting the ticked rows; it answers bulkDelete.confirm or bulkDelete.cancel. */
    requestBulkDeleteConfirmation: (_, _count: number) => {},
    /** Hands the exported CSV to the browser as a download. */
    saveFile: (_, _file: ExportFile) => {},
    /** Passes a list event on to the list. */
    /** The rows changed (saved, deleted, imported, demo data, a bulk change): the totals line is asked again. */
    refreshTotals: sendTo(({ context }) => context.totals, { type: 'totals.refresh' }),
    forwardToList: sendTo(({ context }) => context.list, ({ event }) => event as { type: 'list.retry' | 'list.loadMore' | 'list.reload' | 'deletion.confirm' | 'deletion.cancel' }),
  },
  guards: {
    /** The page opened with filters in its URL: the panel shows them. */
    filtersActive: ({ context }) => activeFilterCount(context.list.getSnapshot().context.query) > 0,
    lastFilterCleared: ({ event }) => event.type === 'filterPanel.filtersChanged' && event.lastCleared,
    filtersDiffer: ({ context, event }) => event.type === 'filters.change' && !sameFilters(event.filters, context.list.getSnapshot().context.query),
    transactionListed: ({ context, event }) => event.type === 'transaction.edit' && listed(context, event.transactionId) !== null,
    creating: ({ context }) => context.editing === null,
    editingReconciled: ({ context }) => context.editing?.reconciled === true,
    splittable: ({ context }) => context.editing?.kind === 'standard',
    /** Only a plain income or expense row can become a transfer leg (not a transfer, valuation or adjustment). */
    linkable: ({ context }) => context.editing?.kind === 'standard' && context.editing.split !== true,
    matchOffered: ({ context, event }) => event.type === 'transfer.link' && context.transferMatches.some((t) => t.transaction_id === event.otherId),
    importChangedRows: ({ event }) => Boolean((event as { output?: TransactionImportOutput }).output?.started),
    anySelected: ({ context }) => context.selected.length > 0,
    deletingSelected: ({ context, event }) => context.selected.length > 0 && event.type === 'bulk.run' && event.change.action === 'delete',
    refiled: ({ event }) => event.type === 'ruleOffer.check' && event.transactionId !== '',
    worthAsking: ({ event }) => event.type === 'form.describe' && (event.row.description ?? '').trim().length >= 3,
  },
}).createMachine({
  id: 'transactions',
  description:
    'The transactions page: the filtered list (its own child actor: first page, more on scroll, deletion after a danger confirmation), the header figures, the add/edit form, CSV import (a child wizard) and export, demo data.',
  context: ({ input, spawn }) => ({
    list: spawn('transactionList', {
      id: 'list',
      input: { idKey: 'transaction_id', query: input.filters, pageSizes: PAGE_SIZES, texts: { fetchFailed: failures.fetchTransactions, deleteFailed: failures.deleteTransaction, deleted: transactionsToasts.deleted } },
    }),
    totals: spawn('transactionTotals', { id: 'totals', input: { filters: input.filters } }),
    summary: null,
    categories: input.categories ?? [],
    editing: null,
    draft: null,
    formError: null,
    categoryError: null,
    maxImportBytes: input.maxImportBytes ?? 25 * 1024 * 1024,
    accounts: [],
    lastAccountId: null,
    selected: [],
    pendingBulk: null,
    suggestion: null,
    transferMatches: [],
    transferError: null,
    ruleOffer: null,
  }),
  type: 'parallel',
  on: {
    'filters.change': {
      description: 'Other filters or another order (from the URL): the list loads its first page again; while a longer search word is typed, the rows already listed that match it show at once.',
      guard: 'filtersDiffer',
      actions: [
        // Read before the list takes the new query: did this change clear the last filter?
        raise(({ context, event }) => ({ type: 'filterPanel.filtersChanged' as const, lastCleared: activeFilterCount(event.filters) === 0 && activeFilterCount(context.list.getSnapshot().context.query) > 0 })),
        // A longer search word shows the listed rows that match it at once; the server's answer follows.
        sendTo(
          ({ context }) => context.list,
          ({ context, event }) => {
            const list = context.list.getSnapshot().context;
            return { type: 'list.query' as const, query: event.filters, preview: searchPreview(list.query, event.filters, list.items) };
          },
        ),
        sendTo(({ context }) => context.totals, ({ event }) => ({ type: 'totals.filtersChanged' as const, filters: event.filters })),
      ],
    },
    'list.retry': { description: 'The Retry button of a failed list.', actions: 'forwardToList' },
    'list.loadMore': { description: 'Scrolling near the end asks the list for the next page.', actions: 'forwardToList' },
    'list.reload': { description: 'Rows changed elsewhere: the list loads again.', actions: 'forwardToList' },
    'transaction.delete': {
      description: 'Delete on a row: the list asks for a danger confirmation first.',
      actions: sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.delete' as const, id: event.transactionId })),
    },
    'deletion.confirm': { description: 'The confirmation dialog answered Delete (passed on to the list, which asked).', actions: 'forwardToList' },
    'deletion.cancel': { description: 'The confirmation dialog answered Cancel (passed on to the list).', actions: 'forwardToList' },
    'list.changed': { description: 'A transaction was deleted (the list removed it): the header figures are read again. [spec:4-transactions-delete]', actions: raise({ type: 'summary.refresh' }) },
  },
  states: {
    filterPanel: {
      description: 'The filter panel under the search bar: open while filters narrow the list, closed by itself when the last one is cleared.',
      initial: 'deciding',
      states: {
        deciding: {
          description: 'The page opens: with filters from its URL the panel shows them.',
          always: [{ description: 'Filters in the URL: the panel is open.', guard: 'filtersActive', target: 'open' }, { description: 'No filters: the panel is closed.', target: 'closed' }],
        },
        closed: { description: 'Only search and sort show.', on: { 'filterPanel.toggle': { description: 'The Filters button opens the panel.', target: 'open' } } },
        open: {
          description: 'Type, categories, dates and amounts show.',
          on: {
            'filterPanel.toggle': { description: 'The Filters button closes the panel.', target: 'closed' },
            'filterPanel.filtersChanged': { description: 'The last active filter was cleared (one by one or with Clear filters): the panel closes itself.', guard: 'lastFilterCleared', target: 'closed' },
          },
        },
      },
    },
    summary: {
      description: 'The header: current balance, this month’s income and spending; read again after every change.',
      initial: 'loading',
      on: { 'summary.refresh': { description: 'A change: read the figures again, and the filtered totals.', target: '.loading', actions: 'refreshTotals' } },
      states: {
        loading: {
          description: 'Reads the figures (the previous ones stay on screen).',
          invoke: {
            src: 'fetchSummary',
            onDone: { description: 'The figures are on screen.', target: 'idle', actions: assign({ summary: ({ event }) => event.output }) },
            onError: { description: 'The previous figures stay; the next change reads them again.', target: 'idle' },
          },
        },
        idle: { description: 'The figures are on screen.' },
      },
    },
    categories: {
      description: 'The categories the form offers: the defaults plus the user’s own.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Reads the user’s categories.',
          invoke: {
            src: 'fetchCategories',
            onDone: { description: 'The form offers them.', target: 'loaded', actions: assign({ categories: ({ event }) => event.output }) },
            onError: { description: 'The built-in categories stay on offer.', target: 'loaded' },
          },
        },
        loaded: {
          description: 'The categories are known.',
          on: {
            'category.create': {
              description: "Typing a new name in the form's category field offers \"Create 'Pets'\": the category is created for this user.",
              target: 'creating',
              actions: assign({ categoryError: null }),
            },
          },
        },
        creating: {
          description: 'POST /transactions/categories with the typed name and the form’s type.',
          tags: ['busy'],
          invoke: {
            src: 'createCategory',
            input: ({ event }) => {
              const e = event as Extract<TransactionsEvent, { type: 'category.create' }>;
              return { name: e.name, type: e.categoryType };
            },
            onDone: {
              description: 'The new category joins the list: the form keeps it chosen, the filters offer it.',
              target: 'loaded',
              actions: assign({ categories: ({ context, event }) => [...context.categories.filter((c) => c.name.toLowerCase() !== event.output.name.toLowerCase()), event.output] }),
            },
            onError: {
              description: "Refused (a name in use, too long): the server's detail under the category field.",
              target: 'loaded',
              actions: assign({ categoryError: ({ event }) => toFailure(event.error, 'Failed to create the category') }),
            },
          },
        },
      },
    },
    accounts: {
      description: 'The open accounts the form’s account picker offers.',
      initial: 'loading',
      states: {
        loading: {
          description: 'GET /accounts.',
          invoke: {
            src: 'fetchAccounts',
            onDone: { description: 'The form offers them.', target: 'loaded', actions: assign({ accounts: ({ event }) => event.output }) },
            onError: { description: 'No picker: the server puts new rows in the first on-budget account.', target: 'loaded' },
          },
        },
        loaded: { description: 'The accounts are known.' },
      },
    },
    form: {
      description: 'The add/edit transaction modal.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No form on screen.',
          on: {
            'transaction.create': { description: 'Add transaction: an empty form.', target: 'editing', actions: assign({ editing: null, draft: null, formError: null }) },
            'transaction.edit': {
              description: 'Edit: the form filled with the listed transaction.',
              guard: 'transactionListed',
              target: 'editing',
              actions: assign({ editing: ({ context, event }) => listed(context, event.transactionId), draft: null, formError: null }),
            },
          },
        },
        editing: {
          description: 'The form is open (empty to add, filled to edit).',
          on: {
            'form.submit': [
              {
                description: 'Save of a reconciled row: a confirmation first (it no longer matches the statement it was reconciled against).',
                guard: 'editingReconciled',
                target: 'confirmingReconciled',
                actions: [assign({ draft: ({ event }) => event.values, formError: null }), 'requestReconciledConfirmation'],
              },
              { description: 'Save: the form sends what the user entered.', target: 'saving', actions: assign({ draft: ({ event }) => event.values, formError: null }) },
            ],
            'form.close': { description: 'Cancel or Escape: nothing is saved.', target: 'closed', actions: assign({ editing: null, draft: null, formError: null }) },
            'split.open': { guard: 'splittable', target: 'splitting', description: 'Split (an income or expense being edited): the split editor opens in the form.' },
            'transfer.open': {
              guard: 'linkable',
              target: 'transfer',
              description: '"This is a transfer…" (an income or expense being edited, not split): the rows that could be its other leg.',
              actions: assign({ transferMatches: [], transferError: null }),
            },
          },
        },
        transfer: {
          description: '"This is a transfer…" in the form: the other accounts\' rows of the same amount the other way within 3 days, each to link as the other leg.',
          initial: 'loading',
          on: {
            'transfer.back': { target: 'editing', description: 'Back: the form again; nothing linked.', actions: assign({ transferMatches: [], transferError: null }) },
            'form.close': { target: 'closed', description: 'Escape closes the form; nothing linked.', actions: assign({ editing: null, draft: null, formError: null, transferMatches: [], transferError: null }) },
          },
          states: {
            loading: {
              description: 'Reads the matching rows (GET /transactions/{id}/transfer-matches).',
              tags: ['busy'],
              invoke: {
                src: 'fetchTransferMatches',
                input: ({ context }) => ({ transactionId: context.editing!.transaction_id }),
                onDone: { target: 'choosing', description: 'Listed, nearest date first (none: the form says so).', actions: assign({ transferMatches: ({ event }) => event.output }) },
                onError: { target: 'failed', description: "Failed: 'Failed to fetch transfer matches' or the server's detail, with Retry.", actions: assign({ transferError: ({ event }) => toFailure(event.error, 'Failed to fetch transfer matches') }) },
              },
            },
            choosing: {
              description: 'Each match with Link as transfer; Back returns to the form.',
              on: { 'transfer.link': { guard: 'matchOffered', target: 'linking', description: 'Link as transfer: this row and the chosen one become one transfer.' } },
            },
            linking: {
              description: 'Linking (POST /transactions/{id}/link-transfer).',
              tags: ['busy'],
              invoke: {
                src: 'linkTransfer',
                input: ({ context, event }) => ({ transactionId: context.editing!.transaction_id, otherId: (event as { otherId: string }).otherId }),
                onDone: {
                  target: '#transactions.form.closed',
                  description: "Linked: the form closes, both legs are replaced in the list, 'Linked as a transfer', and the header and totals are read again (a transfer is neither income nor spending).",
                  actions: [
                    sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.replace' as const, item: event.output.from })),
                    sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.replace' as const, item: event.output.to })),
                    assign({ editing: null, draft: null, formError: null, transferMatches: [], transferError: null }),
                    { type: 'notify', params: { kind: 'success', message: 'Linked as a transfer' } },
                    raise({ type: 'summary.refresh' }),
                  ],
                },
                onError: { target: 'choosing', description: "Refused: the server's detail (or 'Failed to link transfer') above the matches; nothing changed.", actions: assign({ transferError: ({ event }) => toFailure(event.error, 'Failed to link transfer') }) },
              },
            },
            failed: {
              description: 'The matches could not be read.',
              on: { 'transfer.retry': { target: 'loading', description: 'Reads them again.', actions: assign({ transferError: null }) } },
            },
          },
        },
        splitting: {
          description: 'The split editor is open in the form.',
          invoke: {
            id: 'split',
            src: 'splitEditor',
            input: ({ context }) => ({ transaction: context.editing! }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'closed',
                description: 'Split or unsplit: the form closes, the row is replaced and the header read again.',
                actions: [
                  sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.replace' as const, item: event.output! })),
                  assign({ editing: null, draft: null }),
                  raise({ type: 'summary.refresh' }),
                ],
              },
              { target: 'editing', description: 'Cancelled: back to the form as it was.' },
            ],
          },
          on: { 'form.close': { description: 'Escape closes the form; nothing more is saved.', target: 'closed', actions: assign({ editing: null, draft: null, formError: null }) } },
        },
        confirmingReconciled: {
          description: 'The confirmation for changing a reconciled transaction is open.',
          on: {
            'reconciledEdit.confirm': {
              description: 'Confirmed: the change is saved (the row is no longer locked).',
              target: 'saving',
              actions: assign({ draft: ({ context }) => (context.draft ? { ...context.draft, confirm_reconciled: true } : null) }),
            },
            'reconciledEdit.cancel': { description: 'Cancelled: the form stays open with what was typed; nothing is saved.', target: 'editing' },
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
                description: "Create adds to the front, toasts 'Transaction added' and reads the header again. [spec:4-create-front] [spec:4-transactions-create]",
                guard: 'creating',
                target: 'closed',
                actions: [
                  sendTo(({ context }) => context.list, ({ event }) => ({ type: 'item.add' as const, item: event.output })),
                  assign({ draft: null, lastAccountId: ({ event }) => event.output.account_id }),
                  { type: 'notify', params: { kind: 'success', message: 'Transaction added' } },
                  raise({ type: 'summary.refresh' }),
                ],
              },
              {
                description: "Update replaces by transaction_id, toasts 'Transaction updated' and reads the header again. [spec:4-replace-by-id] [spec:4-transactions-update]",
                target: 'closed',
                actions: [
                  // A row still split keeps the lines it showed (the update's answer does not list them).
                  sendTo(
                    ({ context }) => context.list,
                    ({ context, event }) => ({ type: 'item.replace' as const, item: event.output.split && context.editing?.split_lines ? { ...event.output, split_lines: context.editing.split_lines } : event.output }),
                  ),
                  raise(({ context, event }) => ({ type: 'ruleOffer.check' as const, transactionId: context.editing?.category !== event.output.category ? event.output.transaction_id : '' })),
                  assign({ editing: null, draft: null }),
                  { type: 'notify', params: { kind: 'success', message: 'Transaction updated' } },
                  raise({ type: 'summary.refresh' }),
                ],
              },
            ],
            onError: {
              description: "Refused: the form stays open with the server's detail, or 'Failed to create transaction' / 'Failed to update transaction'.",
              target: 'editing',
              actions: assign({ formError: ({ context, event }) => toFailure(event.error, context.editing === null ? failures.createTransaction : failures.updateTransaction) }),
            },
          },
        },
      },
    },
    importer: {
      description: 'The CSV import wizard, its own transactionImport actor while open.',
      initial: 'closed',
      states: {
        closed: { description: 'No wizard on screen.', on: { 'import.open': { description: 'Import CSV opens the wizard.', target: 'open' } } },
        open: {
          description: 'The wizard runs (upload, preview, progress, summary).',
          invoke: {
            id: 'transactionImport',
            src: 'transactionImport',
            input: ({ context }) => ({ maxBytes: context.maxImportBytes }),
            onDone: [
              { description: 'An import ran: the list and the header load again.', guard: 'importChangedRows', target: 'closed', actions: [raise({ type: 'list.reload' }), raise({ type: 'summary.refresh' })] },
              { description: 'Closed before importing: nothing changed.', target: 'closed' },
            ],
            onError: { description: 'The wizard broke: it closes.', target: 'closed' },
          },
        },
      },
    },
    exporter: {
      description: 'CSV export of the filtered list, downloaded by the browser.',
      initial: 'idle',
      states: {
        idle: { description: 'No export under way.', on: { 'export.start': { description: 'Export CSV of the rows the filters select.', target: 'exporting' } } },
        exporting: {
          description: 'The server writes the CSV.',
          tags: ['busy'],
          invoke: {
            src: 'exportTransactions',
            input: ({ context }) => ({ filters: context.list.getSnapshot().context.query }),
            onDone: { description: 'The browser downloads the file.', target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
            onError: {
              description: "A toast says the server's detail or 'Failed to export transactions'.",
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, failures.exportTransactions)) },
            },
          },
        },
      },
    },
    demo: {
      description: 'Demo data: a realistic year of transactions to see every screen filled, and removing it again.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No demo operation under way.',
          on: {
            'demo.load': { description: 'Load demo data.', target: 'loading' },
            'demo.remove': { description: "Remove demo data asks first: the danger dialog 'Remove demo data'.", target: 'confirmingRemoval', actions: 'requestDemoRemovalConfirmation' },
          },
        },
        loading: {
          description: 'The server adds a year of demo transactions.',
          tags: ['busy'],
          invoke: {
            src: 'loadDemo',
            onDone: {
              description: "Toasts 'Demo data loaded'; the list and the header load again.",
              target: 'idle',
              actions: [{ type: 'notify', params: { kind: 'success', message: 'Demo data loaded' } }, raise({ type: 'list.reload' }), raise({ type: 'summary.refresh' })],
            },
            onError: {
              description: "A toast says the server's detail or 'Failed to load demo data'.",
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, failures.loadDemo)) },
            },
          },
        },
        confirmingRemoval: {
          description: 'The danger confirmation dialog is open.',
          on: {
            'demoRemoval.confirm': { description: 'The dialog answered Remove.', target: 'removing' },
            'demoRemoval.cancel': { description: 'The dialog answered Cancel: the demo rows stay.', target: 'idle' },
          },
        },
        removing: {
          description: 'The server deletes every demo transaction.',
          tags: ['busy'],
          invoke: {
            src: 'removeDemo',
            onDone: {
              description: "Toasts 'Demo data removed'; the list and the header load again.",
              target: 'idle',
              actions: [{ type: 'notify', params: { kind: 'success', message: 'Demo data removed' } }, raise({ type: 'list.reload' }), raise({ type: 'summary.refresh' })],
            },
            onError: {
              description: "A toast says the server's detail or 'Failed to remove demo data'.",
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, failures.removeDemo)) },
            },
          },
        },
      },
    },
    selection: {
      description: 'Ticking rows in the list for one change on all of them: categorize, tag, delete, mark cleared.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Rows can be ticked; with some ticked, the bulk bar offers its changes.',
          on: {
            'selection.toggle': {
              description: 'Ticks or unticks one row.',
              actions: assign({ selected: ({ context, event }) => (context.selected.includes(event.transactionId) ? context.selected.filter((id) => id !== event.transactionId) : [...context.selected, event.transactionId]) }),
            },
            'selection.set': { description: 'Select all (the rows loaded) or none.', actions: assign({ selected: ({ event }) => [...new Set(event.transactionIds)] }) },
            'selection.clear': { description: 'Unticks every row.', actions: assign({ selected: [] }) },
            'bulk.run': [
              {
                guard: 'deletingSelected',
                target: 'confirmingDelete',
                description: "Delete asks first: the danger dialog 'Delete N transactions'.",
                actions: [assign({ pendingBulk: ({ event }) => event.change }), { type: 'requestBulkDeleteConfirmation', params: ({ context }) => context.selected.length }],
              },
              { guard: 'anySelected', target: 'applying', description: 'Categorize, add or remove tags, mark cleared or uncleared: sent at once.', actions: assign({ pendingBulk: ({ event }) => event.change }) },
              { description: 'Nothing ticked: nothing to change.' },
            ],
          },
        },
        confirmingDelete: {
          description: "The danger dialog 'Delete N transactions' is open.",
          on: {
            'bulkDelete.confirm': { description: 'The dialog answered Delete.', target: 'applying' },
            'bulkDelete.cancel': { description: 'The dialog answered Cancel: the rows stay ticked.', target: 'idle', actions: assign({ pendingBulk: null }) },
          },
        },
        applying: {
          description: 'The server changes the ticked rows in one call.',
          tags: ['busy'],
          invoke: {
            src: 'bulkTransactions',
            input: ({ context }) => ({ ids: context.selected, change: context.pendingBulk! }),
            onDone: {
              description: "A toast says 'N transactions updated'; the ticks clear; the list and the header load again.",
              target: 'idle',
              actions: [
                { type: 'notify', params: ({ event }) => ({ kind: 'success', message: `${event.output.updated} ${event.output.updated === 1 ? 'transaction' : 'transactions'} updated` }) },
                assign({ selected: [], pendingBulk: null }),
                raise({ type: 'list.reload' }),
                raise({ type: 'summary.refresh' }),
              ],
            },
            onError: {
              description: "A toast says the server's detail or 'Failed to change the selected transactions'; the rows stay ticked.",
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, 'Failed to change the selected transactions')) }, assign({ pendingBulk: null })],
            },
          },
        },
      },
    },
    ruleOffer: {
      description: 'After a row is re-filed by hand, a rule for its merchant may be offered ("Always file Costco as Groceries?"): created through the rules API, or dismissed for good.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing offered.',
          on: { 'ruleOffer.check': { guard: 'refiled', target: 'checking', description: 'A saved edit changed the category: ask whether a rule is worth offering.' } },
        },
        checking: {
          description: 'Asks the server.',
          invoke: {
            src: 'fetchRuleOffer',
            input: ({ event }) => ({ transactionId: (event as { transactionId: string }).transactionId }),
            onDone: [
              { guard: ({ event }) => event.output !== null, target: 'offered', description: 'Worth it (the merchant has other rows, no rule files it there, not dismissed): the offer shows.', actions: assign({ ruleOffer: ({ event }) => event.output }) },
              { target: 'idle', description: 'Nothing to offer.' },
            ],
            onError: { target: 'idle', description: 'No offer (the edit itself was saved).' },
          },
        },
        offered: {
          description: "The offer shows above the list: 'Always file <merchant> as <category>?' with Create rule and Not now.",
          on: {
            'ruleOffer.accept': { target: 'accepting', description: 'Create rule.' },
            'ruleOffer.dismiss': { target: 'dismissing', description: 'Not now: this merchant/category is not offered again.' },
            'ruleOffer.check': { guard: 'refiled', target: 'checking', description: 'Another row re-filed: its offer replaces this one.', actions: assign({ ruleOffer: null }) },
          },
        },
        accepting: {
          description: 'Creates the rule.',
          tags: ['busy'],
          invoke: {
            src: 'acceptRuleOffer',
            input: ({ context }) => context.ruleOffer!,
            onDone: { target: 'idle', description: "The rule exists: 'Rule saved'; the offer goes.", actions: [assign({ ruleOffer: null }), { type: 'notify', params: { kind: 'success', message: 'Rule saved' } }] },
            onError: {
              target: 'offered',
              description: "Refused: the server's detail (or 'Failed to create the rule') as a toast; the offer stays.",
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, autoRuleMessages.offerFailed)) },
            },
          },
        },
        dismissing: {
          description: 'Remembers the dismissal.',
          invoke: {
            src: 'dismissRuleOffer',
            input: ({ context }) => context.ruleOffer!,
            onDone: { target: 'idle', description: 'Dismissed: the offer goes and is not made again.', actions: assign({ ruleOffer: null }) },
            onError: { target: 'idle', description: 'The offer goes anyway (it may come back next time).', actions: assign({ ruleOffer: null }) },
          },
        },
      },
    },
    suggestion: {
      description: 'What the rules and the history suggest for the row typed in the form (category, why, how sure); the user chooses to use it.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No suggestion being fetched.',
          on: {
            'form.describe': [
              { guard: 'worthAsking', target: 'fetching', description: 'The description (3 characters or more) was typed: ask.' },
              { description: 'Too little typed: no suggestion.', actions: assign({ suggestion: null }) },
            ],
            'transaction.create': { description: 'A new form starts without a suggestion.', actions: assign({ suggestion: null }) },
            'transaction.edit': { description: 'An edited row starts without a suggestion.', actions: assign({ suggestion: null }) },
          },
        },
        fetching: {
          description: 'Asks the server.',
          invoke: {
            src: 'suggestCategory',
            input: ({ event }) => (event as { row: SuggestRequest }).row,
            onDone: { target: 'idle', description: 'The form shows the suggestion under the category, with Use.', actions: assign({ suggestion: ({ event }) => (event.output.category ? event.output : null) }) },
            onError: { target: 'idle', description: 'No suggestion (the form works as before).', actions: assign({ suggestion: null }) },
          },
          on: {
            'form.describe': { target: 'fetching', reenter: true, description: 'Typed again: the newer text is asked instead.' },
          },
        },
      },
    },
  },
});
