import { transactionMessages, type Category, type CreateCategoryRequest, type CreateTransactionRequest, type DeleteTransactionResponse, type ImportCommitRequest, type ImportJob, type ImportMappingInput, type ImportPreview, type SummaryOverview, type Transaction, type TransactionListQuery, type TransactionListResponse, type UpdateTransactionRequest, type CurrentBalance, type ExpenseCategories, type MonthlyIncome, type MonthlyReport, type demoLoadResponse, type demoRemoveResponse } from '../../contract/transactions';
import type { z } from 'zod';
import type { CategoryListResponse } from '../../contract/categories';
import type { ApiCall } from './client';
import type { SplitRequest, SplitResponse } from '../../contract/splits';

const transactionPath = (id: string) => `/transactions/${encodeURIComponent(id)}`;
const importPath = (id: string) => `/transactions/import/${encodeURIComponent(id)}`;

/** The query of GET /transactions (transactionListQuery): filters, order and paging; lists are comma-separated. */
export interface TransactionQuery {
  type?: TransactionListQuery['type'];
  category?: string;
  date_from?: string;
  date_to?: string;
  amount_min?: string | number;
  amount_max?: string | number;
  q?: string;
  tags?: string;
  source?: TransactionListQuery['source'];
  import_id?: string;
  sort?: TransactionListQuery['sort'];
  order?: TransactionListQuery['order'];
  limit?: number;
  offset?: number;
  cursor?: string;
  include_total?: boolean;
}

/** The transactions calls ([spec:7-finance]) plus categories, CSV import/export and demo data; failures carry the server's detail, else the call's default. */
export function transactionsApi(call: ApiCall) {
  return {
    list: (query: TransactionQuery, signal?: AbortSignal) =>
      call<TransactionListResponse>('/transactions', { query: { ...query }, defaultMessage: transactionMessages.fetchTransactions, signal }),
    get: (id: string, signal?: AbortSignal) => call<Transaction>(transactionPath(id), { defaultMessage: transactionMessages.fetchTransaction, signal }),
    create: (body: CreateTransactionRequest) => call<Transaction>('/transactions', { method: 'POST', body, defaultMessage: transactionMessages.createTransaction }),
    update: (id: string, body: UpdateTransactionRequest) => call<Transaction>(transactionPath(id), { method: 'PUT', body, defaultMessage: transactionMessages.updateTransaction }),
    remove: (id: string) => call<DeleteTransactionResponse>(transactionPath(id), { method: 'DELETE', defaultMessage: transactionMessages.deleteTransaction }),
    /** A transaction's split lines; PUT replaces them (they must add up to its amount); DELETE unsplits. */
    getSplit: (id: string, signal?: AbortSignal) => call<SplitResponse>(`${transactionPath(id)}/split`, { defaultMessage: 'Failed to fetch split lines', signal }),
    split: (id: string, body: SplitRequest) => call<SplitResponse>(`${transactionPath(id)}/split`, { method: 'PUT', body, defaultMessage: 'Failed to split transaction' }),
    unsplit: (id: string) => call<SplitResponse>(`${transactionPath(id)}/split`, { method: 'DELETE', defaultMessage: 'Failed to remove split' }),
    /** `month` (YYYY-MM) is the browser's current month, so "this month" follows the user's clock. */
    summary: (month: string, signal?: AbortSignal) =>
      call<SummaryOverview>('/transactions/summary/overview', { query: { month }, defaultMessage: transactionMessages.fetchSummary, signal }),
    monthlyReport: (year: number, month: number, signal?: AbortSignal) =>
      call<MonthlyReport>(`/transactions/reports/monthly/${year}/${month}`, { defaultMessage: transactionMessages.fetchReport, signal }),
    expenseCategories: (period: { date_from?: string; date_to?: string } = {}, signal?: AbortSignal) =>
      call<ExpenseCategories>('/transactions/categories/expenses', { query: { ...period }, defaultMessage: transactionMessages.fetchExpenseCategories, signal }),
    monthlyIncome: (query: { month?: string; months?: number } = {}, signal?: AbortSignal) =>
      call<MonthlyIncome>('/transactions/income/monthly', { query: { ...query }, defaultMessage: transactionMessages.fetchMonthlyIncome, signal }),
    balance: (signal?: AbortSignal) => call<CurrentBalance>('/transactions/balance/current', { defaultMessage: transactionMessages.fetchBalance, signal }),
    categories: (signal?: AbortSignal) => call<CategoryListResponse>('/transactions/categories', { defaultMessage: transactionMessages.fetchCategories, signal }),
    createCategory: (body: CreateCategoryRequest) => call<Category>('/transactions/categories', { method: 'POST', body, defaultMessage: transactionMessages.createCategory }),
    /** The filtered list as CSV text (columns: EXPORT_COLUMNS). */
    exportCsv: (query: Omit<TransactionQuery, 'limit' | 'offset' | 'cursor' | 'include_total'>, signal?: AbortSignal) =>
      call<string>('/transactions/export', { query: { ...query }, defaultMessage: transactionMessages.exportTransactions, signal }),
    /**
     * Uploads a file as it is (sent as text/csv whatever it holds): the server decodes it (UTF-8 or
     * Windows-1252), tells CSV from a bank file (OFX, QFX, QIF, CAMT.053) by the content and answers a preview.
     */
    importUpload: (file: Blob, fileName: string, accountId: string | null = null) =>
      call<ImportPreview>('/transactions/import', {
        method: 'POST',
        body: file,
        contentType: 'text/csv',
        query: { file_name: fileName, ...(accountId ? { account_id: accountId } : {}) },
        defaultMessage: transactionMessages.importPreview,
      }),
    importPreview: (id: string, mapping: ImportMappingInput, accountId: string | null = null) =>
      call<ImportPreview>(`${importPath(id)}/preview`, { method: 'POST', body: { mapping, ...(accountId ? { account_id: accountId } : {}) }, defaultMessage: transactionMessages.importPreview }),
    /** Undoes an import: its rows are removed and the hand-typed rows it matched unlinked. */
    importUndo: (id: string) => call<{ deleted: number }>(importPath(id), { method: 'DELETE', defaultMessage: transactionMessages.importUndo }),
    importCommit: (id: string, body: ImportCommitRequest) => call<ImportJob>(`${importPath(id)}/commit`, { method: 'POST', body, defaultMessage: transactionMessages.importCommit }),
    importJob: (id: string, signal?: AbortSignal) => call<ImportJob>(importPath(id), { defaultMessage: transactionMessages.importProgress, signal }),
    loadDemo: (seed?: number) =>
      call<z.infer<typeof demoLoadResponse>>('/transactions/demo', { method: 'POST', query: { seed }, defaultMessage: transactionMessages.loadDemo }),
    removeDemo: () => call<z.infer<typeof demoRemoveResponse>>('/transactions/demo', { method: 'DELETE', defaultMessage: transactionMessages.removeDemo }),
  };
}
export type TransactionsApi = ReturnType<typeof transactionsApi>;
