import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { splitEditorMachine } from '../../../../machines/splitEditor';
import { transactionImportMachine } from '../../../../machines/transactionImport';
import { transactionListMachine, type PageFilters } from '../../../../machines/transactionList';
import { transactionTotalsMachine } from '../../../../machines/transactionTotals';
import { transactionsMachine, type TransactionCategory, type TransactionListActor, type TransactionTotalsActor } from '../../../../machines/transactions';
import { BALANCE_ONLY_KINDS } from '../../../contract/accounts';
import { CSV_IMPORT_LIMITS, DEFAULT_CATEGORIES, TRANSACTION_PAGE, type CreateTransactionRequest, type Transaction } from '../../../contract/transactions';
import { DEFAULT_FILTERS, filtersToQuery } from '../../transactions/urlCodec';
import { unlessAborted } from '../../api/abort';
import { localDay, localMonth } from '../../format/date';
import { askToConfirm, confirmDeletion, pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';
import { saveFile } from '../saveFile';
import { deletionMessage } from './display';
import { autoRulesApi } from '../../api/autoRules';

export type TransactionsActor = ActorRefFrom<typeof transactionsMachine>;
export type ImportActor = ActorRefFrom<typeof transactionImportMachine>;
export type ImportSnapshot = SnapshotFrom<typeof transactionImportMachine>;
export type SplitActor = ActorRefFrom<typeof splitEditorMachine>;

const transactions = pageActor<typeof transactionsMachine>('transactions');
export const { Provider: TransactionsProvider, useActor: useTransactionsActor, useSelect: useTransactions } = transactions;
/** The page's list child (rows, paging, deletion). */
export const { useActor: useTransactionListActor, useSelect: useTransactionList } = transactions.child((s): TransactionListActor => s.context.list);
/** The page's totals child (income, spending and net of the filtered rows). */
export const { useActor: useFilterTotalsActor, useSelect: useFilterTotals } = transactions.child((s): TransactionTotalsActor => s.context.totals);

const builtInCategories: TransactionCategory[] = DEFAULT_CATEGORIES.map((c) => ({ name: c.name, type: c.type, color: c.color, is_default: true }));


/**
 * The transactions actor lives as long as the /transactions page (a fresh visit shows fresh rows).
 * Its effects are the API calls and the ui actor's toasts and dialogs; its first filters come from the URL.
 */
export function useTransactionsMachine(initialFilters: PageFilters): TransactionsActor {
  return usePageMachine(
    ({ api, ui }) =>
      transactionsMachine.provide({
        actors: {
          transactionList: transactionListMachine.provide({
            actors: {
              fetchPage: fromPromise(async ({ input, signal }) => {
                // A page larger than the server serves at once is read as consecutive server pages, one render for all.
                const items: Transaction[] = [];
                let cursor = input.cursor;
                let total: number | null = null;
                let hasMore = true;
                while (hasMore && items.length < input.limit) {
                  const page = await unlessAborted(
                    signal,
                    api.transactions.list(
                      {
                        ...filtersToQuery(input.query),
                        sort: input.query.sort,
                        order: input.query.order,
                        limit: Math.min(input.limit - items.length, TRANSACTION_PAGE.maxLimit),
                        cursor: cursor ?? undefined,
                        include_total: input.includeTotal && items.length === 0,
                      },
                      signal,
                    ),
                  );
                  if (items.length === 0) total = page.total;
                  items.push(...page.transactions);
                  cursor = page.next_cursor;
                  hasMore = page.has_more && cursor !== null;
                }
                return { items, total, nextCursor: cursor, hasMore };
              }),
              deleteItem: fromPromise(({ input }) => api.transactions.remove(input.id)),
            },
            actions: {
              notify: toastVia(ui),
              requestDeleteConfirmation: ({ self }, { item: transaction }) =>
                confirmDeletion(ui, self, {
                  title: 'Delete transaction',
                  message: deletionMessage(transaction),
                  confirmLabel: 'Delete transaction',
                }),
            },
          }),
          transactionTotals: transactionTotalsMachine.provide({
            actors: { fetchTotals: fromPromise(({ input, signal }) => unlessAborted(signal, api.transactionTotals.forFilters(filtersToQuery({ ...DEFAULT_FILTERS, ...input.filters }), signal))) },
          }),
          fetchSummary: fromPromise(({ signal }) => unlessAborted(signal, api.transactions.summary(localMonth(), signal))),
          fetchCategories: fromPromise(async ({ signal }) => (await unlessAborted(signal, api.transactions.categories(signal))).categories),
          createCategory: fromPromise(({ input }) => api.transactions.createCategory({ name: input.name, type: input.type })),
          fetchAccounts: fromPromise(async ({ signal }) =>
            (await unlessAborted(signal, api.accounts.list(signal))).accounts.filter((a) => !a.closed).map((a) => ({ account_id: a.account_id, name: a.name, on_budget: a.on_budget, currency: a.currency })),
          ),
          // The form sends what the user entered; the server validates every field ([spec:5-server-validates]),
          // so a blank amount is left out on purpose and the server answers "amount is required".
          saveTransaction: fromPromise(({ input }) =>
            input.transactionId === null ? api.transactions.create(input.values as CreateTransactionRequest) : api.transactions.update(input.transactionId, input.values),
          ),
          exportTransactions: fromPromise(async ({ input, signal }) => ({
            fileName: `transactions-${localDay()}.csv`,
            content: await api.transactions.exportCsv(filtersToQuery(input.filters), signal),
          })),
          loadDemo: fromPromise(async (): Promise<void> => {
            await api.transactions.loadDemo();
          }),
          removeDemo: fromPromise(async (): Promise<void> => {
            await api.transactions.removeDemo();
          }),
          bulkTransactions: fromPromise(({ input }) => autoRulesApi(api.call).bulk({ transaction_ids: input.ids, ...input.change, ...(input.change.action === 'delete' ? { confirm_reconciled: true } : {}) })),
          suggestCategory: fromPromise(({ input }) => autoRulesApi(api.call).suggest(input)),
          fetchTransferMatches: fromPromise(async ({ input, signal }) => (await unlessAborted(signal, api.accounts.transferMatchesFor(input.transactionId, signal))).matches),
          linkTransfer: fromPromise(({ input }) => api.accounts.linkTransfer(input.transactionId, input.otherId)),
          fetchRuleOffer: fromPromise(async ({ input }) => (await autoRulesApi(api.call).offerFor(input.transactionId)).offer),
          acceptRuleOffer: fromPromise(({ input }) => autoRulesApi(api.call).acceptOffer(input)),
          dismissRuleOffer: fromPromise(({ input }) => autoRulesApi(api.call).dismissOffer(input)),
          splitEditor: splitEditorMachine.provide({
            actors: {
              loadSplit: fromPromise(({ input, signal }) => unlessAborted(signal, api.transactions.getSplit(input.transactionId, signal))),
              saveSplit: fromPromise(({ input }) => api.transactions.split(input.transactionId, input.body)),
              removeSplit: fromPromise(({ input }) => api.transactions.unsplit(input.transactionId)),
            },
            actions: { notify: toastVia(ui) },
          }),
          transactionImport: transactionImportMachine.provide({
            actors: {
              // The chosen file is the browser's File (the machine keeps its name and size).
              // Open accounts that take transactions, on-budget ones first (the first is where a file goes by default).
              loadAccounts: fromPromise(async ({ signal }) => {
                const { accounts } = await api.accounts.list(signal);
                const open = accounts.filter((a) => !a.closed && !BALANCE_ONLY_KINDS.includes(a.kind));
                return [...open.filter((a) => a.on_budget), ...open.filter((a) => !a.on_budget)].map((a) => ({ account_id: a.account_id, name: a.name, kind: a.kind }));
              }),
              uploadFile: fromPromise(({ input }) => api.transactions.importUpload(input.file as File, input.file.name, input.accountId)),
              previewMapping: fromPromise(({ input }) => api.transactions.importPreview(input.importId, input.mapping, input.accountId)),
              commitImport: fromPromise(({ input }) =>
                api.transactions.importCommit(input.importId, {
                  mapping: input.mapping,
                  skip_duplicates: input.options.skipDuplicates,
                  skip_file_duplicates: input.options.skipFileDuplicates,
                  ...(input.accountId ? { account_id: input.accountId } : {}),
                }),
              ),
              undoImport: fromPromise(({ input }) => api.transactions.importUndo(input.importId)),
              fetchJob: fromPromise(({ input, signal }) => unlessAborted(signal, api.transactions.importJob(input.importId, signal))),
            },
          }),
        },
        actions: {
          notify: toastVia(ui),
          requestDemoRemovalConfirmation: ({ self }) =>
            askToConfirm(ui, self, {
              variant: 'danger',
              title: 'Remove demo data',
              message: 'Remove every demo transaction? Transactions you added or imported stay.',
              confirmLabel: 'Remove demo data',
              onConfirm: { type: 'demoRemoval.confirm' },
              onCancel: { type: 'demoRemoval.cancel' },
            }),
          requestReconciledConfirmation: ({ self }) =>
            askToConfirm(ui, self, {
              title: 'Change a reconciled transaction?',
              message: 'This transaction was reconciled against a bank statement. Changing it unlocks it, and the account may no longer match that statement.',
              confirmLabel: 'Save changes',
              onConfirm: { type: 'reconciledEdit.confirm' },
              onCancel: { type: 'reconciledEdit.cancel' },
              }),
          requestBulkDeleteConfirmation: ({ self }, count) =>
            askToConfirm(ui, self, {
              variant: 'danger',
              title: `Delete ${count} ${count === 1 ? 'transaction' : 'transactions'}`,
              message: 'Delete the selected transactions? A transfer deletes both of its sides. This cannot be undone.',
              confirmLabel: 'Delete',
              onConfirm: { type: 'bulkDelete.confirm' },
              onCancel: { type: 'bulkDelete.cancel' },
            }),
          // Decoding the answer dropped its byte order mark; the file keeps one so Excel reads UTF-8.
          saveFile: (_, file) => saveFile(file.content.startsWith('\uFEFF') ? file.content : `\uFEFF${file.content}`, file.fileName, 'text/csv;charset=utf-8'),
        },
      }),
    { filters: initialFilters, categories: builtInCategories, maxImportBytes: CSV_IMPORT_LIMITS.maxBytes },
  );
}
