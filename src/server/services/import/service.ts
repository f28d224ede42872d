import type { z } from 'zod';
import type { importCommitRequest, ImportJob, ImportMapping } from '../../../contract/transactions';
import type { Reward } from '../../../contract/rewards';
import { conflict, notFound, unprocessable } from '../../errors';
import type { AccountsRepository } from '../../repositories/accounts';
import type { ImportJobRow, TransactionsRepository } from '../../repositories/transactions';
import type { RewardsService } from '../rewards';
import { loadCategories } from '../transactions/categories';
import { knownCategory } from '../transactions/service';
import { bankProbe } from './duplicates';
import { previewImport } from './preview';
import { countImportRows } from './source';
import type { JobRunner } from '../jobs';

const importNotFound = () => notFound('Import not found');

export function toImportJob(row: Omit<ImportJobRow, 'content'>): ImportJob {
  return {
    import_id: row.id,
    status: row.status,
    file_name: row.fileName,
    format: row.format,
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    rows_imported: row.rowsImported,
    rows_duplicate: row.rowsDuplicate,
    rows_matched: row.rowsMatched,
    rows_failed: row.rowsFailed,
    progress: row.rowsTotal > 0 ? Math.min(1, Math.round((row.rowsDone / row.rowsTotal) * 1000) / 1000) : row.status === 'completed' ? 1 : 0,
    errors: row.errors,
    failure: row.failure,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * CSV import of one user: upload (detection, suggested mapping, exact preview), another mapping,
 * commit (queued for the import runner), progress and cancel. Format detection, mapping and
 * duplicate detection live in mapping.ts, preview.ts and duplicates.ts; this is their order.
 */
export function importService(deps: { repo: TransactionsRepository; accounts?: Pick<AccountsRepository, 'get' | 'defaultAccount'>; runner: Pick<JobRunner, 'enqueue'>; rewards: Pick<RewardsService, 'record'> }) {
  const { repo, accounts, runner, rewards } = deps;

  const checkDefaults = (categories: Awaited<ReturnType<typeof loadCategories>>, mapping: ImportMapping) => {
    knownCategory(categories, mapping.default_expense_category, 'mapping.default_expense_category');
    knownCategory(categories, mapping.default_income_category, 'mapping.default_income_category');
  };

  /** The account a file is previewed for: the one named, else where a commit without one goes. */
  const targetAccount = async (userId: string, accountId: string | undefined) => {
    if (!accountId) return (await accounts?.defaultAccount(userId))?.id ?? null;
    const account = await accounts?.get(userId, accountId);
    if (!account) throw unprocessable('account_id is not one of your accounts: see GET /accounts');
    return account.id;
  };

  const preview = async (userId: string, text: string, accountId: string | null, mapping?: ImportMapping) => {
    const [categories, currency] = await Promise.all([loadCategories(repo, userId), repo.accountCurrency(userId)]);
    if (mapping) checkDefaults(categories, mapping);
    const body = await previewImport({
      text,
      mapping,
      monthFirst: currency === 'USD',
      categories,
      probe: (triples) => repo.duplicateCandidates(userId, triples, null),
      bank: bankProbe(repo, userId, accountId),
    });
    return { ...body, account_id: accountId };
  };

  const uploadedJob = async (userId: string, id: string) => {
    const job = await repo.imports.get(userId, id);
    if (!job) throw importNotFound();
    if (job.status !== 'uploaded' || job.content === null) throw conflict('This import has already been started; upload the file again to change it');
    return job as ImportJobRow & { content: string };
  };

  return {
    /** A new upload: stored with its suggested mapping and answered with the preview. */
    async upload(userId: string, text: string, fileName: string | null, accountId?: string) {
      if (text.trim() === '') throw unprocessable('The file is empty');
      const body = await preview(userId, text, await targetAccount(userId, accountId));
      if (body.counts.rows === 0) throw unprocessable(body.format === 'csv' ? 'The file has no data rows' : 'The file has no transactions');
      const job = await repo.imports.create(userId, { fileName, content: text, rowsTotal: body.counts.rows, mapping: body.mapping, format: body.format });
      return { import_id: job.id, status: 'uploaded' as const, file_name: job.fileName, ...body };
    },

    async recent(userId: string) {
      return (await repo.imports.recent(userId, 20)).map(toImportJob);
    },

    async get(userId: string, id: string) {
      const job = await repo.imports.get(userId, id);
      if (!job) throw importNotFound();
      return toImportJob(job);
    },

    /** The uploaded file read again with another mapping (which becomes the job's suggestion). */
    async preview(userId: string, id: string, mapping: ImportMapping, accountId?: string) {
      const job = await uploadedJob(userId, id);
      const body = await preview(userId, job.content, await targetAccount(userId, accountId), mapping);
      await repo.imports.setPreviewMapping(userId, job.id, body.mapping);
      return { import_id: job.id, status: 'uploaded' as const, file_name: job.fileName, ...body };
    },

    /** Queues the job for the runner; one running import per user. */
    async commit(userId: string, id: string, request: z.output<typeof importCommitRequest>): Promise<ImportJob & { reward?: Reward }> {
      const job = await uploadedJob(userId, id);
      const { mapping } = request;
      checkDefaults(await loadCategories(repo, userId), mapping);
      if (request.account_id) {
        const account = await accounts?.get(userId, request.account_id);
        if (!account) throw unprocessable('account_id is not one of your accounts: see GET /accounts');
        if (account.closed) throw conflict('account_id is a closed account: reopen it first');
      }
      // A bank file's entries do not depend on the mapping: the upload counted them (a CSV's count follows its layout).
      const rowsTotal = job.format === 'csv' ? countImportRows(job.content, mapping) : job.rowsTotal;
      const running = await repo.imports.active(userId);
      if (running && running.id !== job.id) throw conflict(`Another import of yours is still running (import ${running.id}): wait for it to finish, then start this one`);
      const queued = await repo.imports.queue(userId, job.id, request as unknown as Record<string, unknown>, rowsTotal);
      if (!queued) throw conflict('This import has already been started');
      runner.enqueue(queued.id);
      const reward = await rewards.record(userId, { type: 'import.committed', importId: queued.id });
      return { ...toImportJob(queued), ...(reward ? { reward } : {}) };
    },

    /** Cancels a running import or removes a finished one's transactions. */
    async discard(userId: string, id: string) {
      const outcome = await repo.imports.discard(userId, id);
      if (!outcome) throw importNotFound();
      return { message: outcome.status === 'cancelled' ? 'Import cancelled and its transactions removed' : 'Imported transactions removed', import_id: id, deleted: outcome.deleted };
    },
  };
}
export type ImportService = ReturnType<typeof importService>;
