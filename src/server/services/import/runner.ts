import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CSV_IMPORT_LIMITS, FALLBACK_CATEGORY, importCommitRequest, type LineError } from '../../../contract/transactions';
import type { ImportJobRow, NewTransaction, TransactionsRepository } from '../../repositories/transactions';
import { importActions, type FinishedRow, type ImportSplit, type ImportTransfer } from '../../repositories/importActions';
import type { AccountsRepository } from '../../repositories/accounts';
import { countsFor } from '../accounts/service';
import { createJobRunner, yieldToEventLoop, type JobRunner } from '../jobs';
import { isDefaultCategory, loadCategories } from '../transactions/categories';
import { bankProbe, DuplicateTracker, ImportClassifier } from './duplicates';
import type { ImportRow, RowResult } from './mapping';
import { openImport } from './source';
import { merchantOf } from '../transactions/merchantName';
import { convertStored, type RatesService } from '../rates/service';

export interface ImportRunnerOptions {
  repo: TransactionsRepository;
  /** The money account a commit names (the rows count as income or spending as its on-budget flag says). */
  accounts?: Pick<AccountsRepository, 'get' | 'defaultAccount'>;
  log: FastifyBaseLogger;
  batchSize?: number;
  /** A running job whose progress has not moved for this long is taken over (its worker died). */
  staleMs?: number;
  /** How often to look for stale or orphaned jobs and old uploads. */
  sweepMs?: number;
  /** Called after each job's run (its rows committed, or some of them): the embedded database's vacuum looks then (db/maintenance.ts). */
  afterJob?: () => void;
  /** The user's rules and learned categories: each new row passes through it once, just before it is written. */
  finishRow?: (userId: string) => Promise<(row: NewTransaction) => FinishedRow>;
  /** Exchange rates: rows going into an account of another currency than the base get their base amounts. */
  rates?: Pick<RatesService, 'ratesOn'>;
}

const UPLOAD_TTL_MS = 24 * 3600_000;

/**
 * Where every imported row (CSV or bank file) is finalized before it is inserted: the money account,
 * the clean merchant name and kind, the bank id; a bank's posted row is cleared. Whatever else should
 * happen to each new row (rules) belongs here, so that one place covers every format.
 */
export function finalizeImportedRow(r: ImportRow, account: { accountId: string | null; counts: boolean }): NewTransaction {
  return {
    ...account,
    type: r.type,
    amountMinor: r.amountMinor,
    date: r.date,
    category: r.category,
    description: r.description,
    merchant: r.merchant,
    notes: r.notes,
    tags: r.tags,
    currency: r.currency,
    bankId: r.bankId,
    cleared: r.bankId !== null,
    ...merchantOf(r.merchant, r.description),
  };
}

/**
 * Runs CSV imports in the background (the job lifecycle of services/jobs.ts), in batches: each
 * batch's rows and the job's progress commit together, and the event loop gets a turn between
 * batches, so other requests keep being served and a restart resumes exactly where the job stopped.
 */
export function createImportRunner(options: ImportRunnerOptions): JobRunner {
  const { repo, log } = options;
  const batchSize = options.batchSize ?? CSV_IMPORT_LIMITS.batchSize;
  const staleMs = options.staleMs ?? 60_000;

  async function work(job: ImportJobRow, signal: AbortSignal): Promise<void> {
    const id = job.id;
    const parsed = importCommitRequest.safeParse(job.mapping);
    if (!parsed.success || job.content === null) {
      await repo.imports.finish(id, 'failed', 'The import has no file or mapping to work from.');
      return;
    }
    const { mapping, skip_duplicates: skipDuplicates, skip_file_duplicates: skipFileDuplicates, account_id: accountId } = parsed.data;
    // No account named: the default account, looked up once here rather than by the database's per-row default.
    const account = accountId ? await options.accounts?.get(job.userId, accountId) : await options.accounts?.defaultAccount(job.userId);
    if (accountId && !account) {
      await repo.imports.finish(id, 'failed', 'The account this import was going into no longer exists.');
      return;
    }
    const into = { accountId: account?.id ?? null, counts: account ? countsFor(account) : true };
    // A row of an account in the base currency has its amount as base amount (as a typed one has); another
    // currency's rows get theirs at the rate of their day, one read of the rates per batch, in the batch's one insert.
    const base = account ? await repo.accountCurrency(job.userId) : null;
    const foreign = account && base && account.currency !== base ? account.currency : null;
    const withBaseAmounts = async (rows: NewTransaction[]) => {
      if (account && account.currency === base) for (const r of rows) r.baseAmountMinor = r.amountMinor;
      if (!foreign || !base || !options.rates || rows.length === 0) return;
      const found = await options.rates.ratesOn(job.userId, foreign, base, rows.map((r) => r.date));
      for (const r of rows) {
        const rate = found.get(r.date);
        r.baseAmountMinor = rate ? convertStored(r.amountMinor, base, rate.rate) : null;
      }
    };
    const categories = await loadCategories(repo, job.userId);
    const finish = (await options.finishRow?.(job.userId)) ?? ((row: NewTransaction): FinishedRow => ({ row, actions: null }));
    const source = openImport(job.content, false, mapping);
    const tracker = new ImportClassifier(
      new DuplicateTracker((rows) => repo.duplicateCandidates(job.userId, rows, job.id)),
      source.format === 'csv' ? null : bankProbe(repo, job.userId, into.accountId),
    );
    // A CSV is read record by record (only one batch is ever held as parsed rows); a bank file's entries are held once parsed.
    const records = source.rows(mapping, categories.resolve);
    const readBatch = (size: number): RowResult[] => {
      const batch: RowResult[] = [];
      while (batch.length < size) {
        const next = records.next();
        if (next.done) break;
        batch.push(next.value);
      }
      return batch;
    };

    // After a restart: replay the decisions of the rows already done, so duplicate counting continues exactly.
    for (let i = 0; i < job.rowsDone; i += batchSize) {
      const rows = readBatch(Math.min(batchSize, job.rowsDone - i)).flatMap((r) => (r.ok ? [r.row] : []));
      await tracker.prime(rows);
      for (const row of rows) tracker.classify(row);
      await yieldToEventLoop();
    }

    let rowsDone = job.rowsDone;
    for (;;) {
      if (signal.aborted) return;
      const results = readBatch(batchSize);
      if (results.length === 0) break;
      await tracker.prime(results.flatMap((r) => (r.ok ? [r.row] : [])));
      const insert: NewTransaction[] = [];
      const splits: ImportSplit[] = [];
      const transfers: ImportTransfer[] = [];
      const links: { id: string; bankId: string | null }[] = [];
      const errors: LineError[] = [];
      let duplicates = 0;
      let failed = 0;
      for (const r of results) {
        if (!r.ok) {
          failed++;
          if (errors.length < CSV_IMPORT_LIMITS.maxErrors) errors.push({ line: r.line, message: r.error });
          continue;
        }
        const { status, linkTo } = tracker.classify(r.row);
        if (status === 'matched') links.push({ id: linkTo!, bankId: r.row.bankId });
        else if (status === 'pending' || (status === 'duplicate' && (skipDuplicates || r.row.bankId)) || (status === 'duplicate_in_file' && (skipFileDuplicates || r.row.bankId))) duplicates++;
        else {
          const { row, actions } = finish(finalizeImportedRow(r.row, into));
          // A rule splits or transfers the row once it is written, in the same transaction: its id is chosen here.
          if (actions) {
            row.id = randomUUID();
            if ('split' in actions) splits.push({ id: row.id, lines: actions.split });
            else transfers.push({ id: row.id, accountId: actions.transferTo });
          }
          insert.push(row);
        }
      }
      await withBaseAmounts(insert);
      const written = await repo.imports.writeBatch({ id, userId: job.userId, rowsDone }, { rows: insert, processed: results.length, duplicates, matched: links.length, failed, errors }, async (tx) => {
        await repo.linkBankRows(tx, job.userId, id, links);
        // A user category deleted since the import started: its rows go where an unknown category goes.
        const named = [...insert.map((r) => r.category), ...splits.flatMap((s) => s.lines.map((l) => l.category))];
        const gone = await repo.holdCategories(tx, job.userId, [...new Set(named.filter((c) => !isDefaultCategory(c)))]);
        const rows = gone.size === 0 ? insert : insert.map((r) => (gone.has(r.category) ? { ...r, category: FALLBACK_CATEGORY[r.type] } : r));
        await repo.insertMany(tx, job.userId, rows, 'import', id);
        await importActions.split(tx, job.userId, id, gone.size === 0 ? splits : splits.filter((s) => s.lines.every((l) => !gone.has(l.category))));
        await importActions.transfer(tx, job.userId, id, transfers);
      });
      // Cancelled, or another worker took the job over: stop quietly.
      if (!written) return;
      rowsDone += results.length;
      await yieldToEventLoop();
    }
    await repo.imports.finish(id, 'completed');
  }

  return createJobRunner({
    kind: 'import',
    log,
    store: {
      claim: (id) => repo.imports.claim(id, staleMs),
      fail: (id, detail) => repo.imports.finish(id, 'failed', detail),
      resumable: () => repo.imports.claimable(staleMs),
      prune: () => repo.imports.pruneUploads(UPLOAD_TTL_MS),
    },
    work: async (job, signal) => {
      try {
        await work(job, signal);
      } finally {
        options.afterJob?.();
      }
    },
    failure: 'The import stopped on an unexpected error. Rows imported so far are kept.',
    sweepMs: options.sweepMs ?? 60_000,
  });
}
