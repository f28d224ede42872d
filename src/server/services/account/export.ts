import type { FastifyBaseLogger } from 'fastify';
import type { AccountRepository, ExportJobRow, UserTable } from '../../repositories/account';
import type { UsersRepository } from '../../repositories/users';
import { createJobRunner, yieldToEventLoop, type JobRunner } from '../jobs';
import { toProfile } from '../profile';
import { transactionCsvHeader, transactionCsvLine, type CsvTransaction } from '../transactions/csv';

export interface ExportRunnerOptions {
  account: AccountRepository;
  users: UsersRepository;
  log: FastifyBaseLogger;
  /** Rows read per query (and between progress updates). */
  pageSize?: number;
}

const encoder = new TextEncoder();

const README = `Finu: all your data
===================

profile.json            your account (name, email, currency, onboarding answers)
<table>.json            every record of yours in that table, as stored (amounts in minor units: cents)
transactions.csv        your transactions, the same columns as the CSV export in Transactions

Secrets (password hash, sign-in tokens) are never exported.
`;

/** A transactions row as stored (snake_case columns) in the shape the one CSV row writer takes. */
const storedTransaction = (r: Record<string, unknown>): CsvTransaction => ({
  date: r.date as string,
  type: r.type as string,
  amountMinor: Number(r.amount_minor),
  currency: r.currency as string | null,
  category: r.category as string,
  description: r.description as string,
  merchant: r.merchant as string | null,
  notes: r.notes as string | null,
  tags: Array.isArray(r.tags) ? (r.tags as string[]) : [],
  id: r.id as string,
  createdAt: r.created_at as string,
});

/**
 * Builds "download all my data" archives in the background (the job lifecycle of services/jobs.ts):
 * each table is read in pages into a streaming zip (so memory holds the compressed archive, not the
 * rows), progress is written after every page, and the finished zip is stored with the job until the
 * next export.
 */
export function createExportRunner(options: ExportRunnerOptions): JobRunner {
  const { account, users, log } = options;
  const pageSize = options.pageSize ?? 2_000;
  const page = (table: UserTable, userId: string, offset: number) => account.exportPage(table, userId, offset, pageSize);

  async function work(job: ExportJobRow & { userId: string }, signal: AbortSignal): Promise<void> {
    const id = job.id;
    const user = await users.findById(job.userId);
    if (!user) return;
    const tables = (await account.userTables()).filter(account.exportable);
    const counts = await account.countRows(user.id, tables);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    await account.exports.progress(id, 0, total);

    // fflate loads with the first export, not at start (resident memory for every server otherwise).
    const { Zip, ZipDeflate } = await import('fflate');
    const chunks: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else chunks.push(chunk);
    });
    const addFile = (name: string) => {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      return (text: string, final = false) => file.push(encoder.encode(text), final);
    };

    addFile('README.txt')(README, true);
    const { subscription: _omit, ...profile } = toProfile(user);
    addFile('profile.json')(`${JSON.stringify(profile, null, 2)}\n`, true);

    let done = 0;
    for (const table of tables) {
      const json = addFile(`${table.name}.json`);
      const csv = table.name === 'transactions' ? addFile('transactions.csv') : null;
      json('[');
      csv?.(transactionCsvHeader());
      let first = true;
      for (let offset = 0; ; offset += pageSize) {
        if (signal.aborted) return;
        const rows = await page(table, user.id, offset);
        let text = '';
        let lines = '';
        for (const r of rows) {
          text += `${first ? '\n' : ',\n'}${JSON.stringify(r)}`;
          first = false;
          if (csv) lines += transactionCsvLine(storedTransaction(r), user.currency);
        }
        if (text) json(text);
        if (csv && lines) csv(lines);
        done += rows.length;
        await account.exports.progress(id, Math.min(done, total), Math.max(total, done));
        await yieldToEventLoop();
        if (rows.length < pageSize) break;
      }
      json('\n]\n', true);
      csv?.('', true);
    }
    zip.end();
    if (failure) throw failure;
    const size = chunks.reduce((n, c) => n + c.byteLength, 0);
    const file = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      file.set(c, at);
      at += c.byteLength;
    }
    await account.exports.complete(id, file, Math.max(total, done));
    await account.exports.pruneOlder(user.id, id, job.createdAt);
  }

  return createJobRunner({
    kind: 'export',
    log,
    // A job a stopped process left behind starts over (an archive is not resumed half-way).
    store: { claim: (id) => account.exports.start(id), fail: (id, detail) => account.exports.fail(id, detail), resumable: () => account.exports.unfinished() },
    work,
    failure: 'The export stopped on an unexpected error. Please try again.',
  });
}
