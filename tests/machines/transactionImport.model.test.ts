import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { transactionImportMachine } from '../../machines/transactionImport';
import { importVerdict, type ImportJob, type ImportMapping } from '../../src/contract/transactions';
import { transactionImportModel } from '../models/transactionImport';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths } from './support/model';
import { fakeImportBackend, importJob as job } from './support/transactions';

const paths = modelPaths(transactionImportModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');
const MB = 1024 * 1024;

/**
 * The real wizard on the fake import API of tests/machines/support/transactions.ts (upload and preview), with
 * the job's answers set per path; the half-second progress polling runs on a simulated clock.
 */
function start() {
  const imports = fakeImportBackend();
  const clock = new SimulatedClock();
  const server = { commit: job('queued', 0) as ImportJob | Error, reads: [] as Array<ImportJob | Error> };
  const actor = createActor(
    transactionImportMachine.provide({
      actors: {
        ...imports.actors,
        commitImport: fromPromise(async ({ input }) => {
          if (server.commit instanceof Error) throw server.commit;
          imports.commits.push({ mapping: input.mapping, options: input.options });
          return server.commit;
        }),
        fetchJob: fromPromise(async () => {
          const next = server.reads.shift() ?? job('completed', 3);
          if (next instanceof Error) throw next;
          return next;
        }),
      },
    }),
    { input: { maxBytes: MB }, clock },
  );
  /** Lets the calls answer; `polls` progress reads happen (half a second each on the clock). */
  const rest = async (polls = 0) => {
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const s = actor.getSnapshot();
      if (s.matches({ running: 'waiting' }) && polls > 0) {
        polls -= 1;
        clock.increment(500);
      } else if (!s.hasTag('busy') && !s.matches({ running: 'polling' })) return;
    }
    throw new Error(`the wizard did not come to rest (${JSON.stringify(actor.getSnapshot().value)})`);
  };
  return { actor, imports, server, rest };
}

describe('model-based paths: the CSV import wizard (real transactionImport machine)', () => {
  itWalksTheWholeModel(transactionImportModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, imports, server, rest } = start();
      coverage.path(path.description).attach(actor);
      actor.start();
      // The account picker's list loads first.
      await rest();
      const s = () => actor.getSnapshot();
      const send = async (event: Parameters<typeof actor.send>[0], polls = 0) => {
        actor.send(event);
        await rest(polls);
      };
      const remap = (change: Partial<ImportMapping>): ImportMapping => ({ ...imports.mapping, ...change });
      const importWith = async (commit: ImportJob | Error, reads: Array<ImportJob | Error> = []) => {
        server.commit = commit;
        server.reads = reads;
        await send({ type: 'import.confirm' });
      };
      await path.test({
        events: {
          CHOOSE_TOO_LARGE: () => send({ type: 'file.choose', file: { name: 'big.csv', size: 2 * MB } }),
          CHOOSE_EMPTY: () => send({ type: 'file.choose', file: { name: 'empty.csv', size: 0 } }),
          CHOOSE_UNREADABLE: async () => {
            imports.failNext('upload', 'No date column found', 422);
            await send({ type: 'file.choose', file: { name: 'notes.csv', size: 100 } });
          },
          CHOOSE: () => send({ type: 'file.choose', file: { name: 'bank.csv', size: 2048 } }),
          CHOOSE_BANK_FILE: async () => {
            actor.send({ type: 'account.choose', accountId: 'acc-card' });
            await send({ type: 'file.choose', file: { name: 'card.qfx', size: 2048 } });
          },
          CHANGE_ACCOUNT: () => send({ type: 'account.choose', accountId: 'acc-checking' }),
          UNDO: () => send({ type: 'import.undo' }),
          UNDO_FAILS: async () => {
            imports.failNext('undo', 'Import not found', 404);
            await send({ type: 'import.undo' });
          },
          CHANGE_MAPPING_TWICE: async () => {
            actor.send({ type: 'mapping.change', mapping: remap({ date_format: 'MM/DD/YYYY' }) });
            actor.send({ type: 'options.change', options: { skipDuplicates: false } });
            actor.send({ type: 'mapping.change', mapping: remap({ date_format: 'MM/DD/YYYY', decimal_separator: '.' }) });
            await rest();
          },
          CHANGE_MAPPING_BADLY: () => send({ type: 'mapping.change', mapping: remap({ columns: { ...imports.mapping.columns, debit: 3, credit: 4 } }) }),
          INCLUDE_DUPLICATES: () => send({ type: 'options.change', options: { skipDuplicates: false } }),
          BACK: () => send({ type: 'import.back' }),
          IMPORT_SMALL_FILE: () => importWith(job('completed', 3)),
          IMPORT_REFUSED: () => importWith(apiError('This file was already imported', 409)),
          IMPORT_STOPS_AT_ONCE: () => importWith(job('failed', 1)),
          IMPORT: () => importWith(job('queued', 0)),
          WAIT: async () => {
            server.reads = [job('running', 2), job('completed', 3)];
            await rest(2);
          },
          WAIT_JOB_FAILS: async () => {
            server.reads = [job('running', 2), job('failed', 2)];
            await rest(2);
          },
          PROGRESS_UNREADABLE: async () => {
            server.reads = [apiError('', 503)];
            await rest(1);
          },
          RETRY: () => send({ type: 'progress.retry' }),
          CLOSE: () => send({ type: 'import.close' }),
          START_OVER: () => send({ type: 'import.back' }),
        },
        states: {
          choosing: () => {
            expect(s().value).toBe('choosing');
            expect(s().context.error).toBeNull();
            expect(s().context.accounts.map((a) => a.name)).toEqual(['Checking', 'Visa']);
            expect(s().context.accountId).toBe('acc-checking');
          },
          statementReview: () => {
            expect(s().matches({ reviewing: 'statement' })).toBe(true);
            expect(imports.uploads.at(-1)).toMatchObject({ name: 'card.qfx', accountId: 'acc-card' });
            expect(importVerdict(s().context.preview!.counts, { ...s().context.options, bankFile: true })).toBe('2 new, 1 matched, 0 skipped');
          },
          statementRecounted: () => {
            expect(s().matches({ reviewing: 'statement' })).toBe(true);
            expect(imports.previewAccounts).toEqual(['acc-checking']);
            expect(s().context.preview?.account_id).toBe('acc-checking');
          },
          undone: () => {
            expect(s().value).toBe('undone');
            expect(s().context.undone).toEqual({ deleted: 2 });
          },
          undoRefused: () => {
            expect(s().value).toBe('done');
            expect(s().context.error?.message).toBe('Import not found');
          },
          tooLarge: () => {
            expect(s().context.error?.message).toBe('big.csv is larger than 1 MB, the largest file an import accepts.');
            expect(imports.uploads).toEqual([]);
          },
          empty: () => {
            expect(s().context.error?.message).toBe('empty.csv is empty.');
            expect(imports.uploads).toEqual([]);
          },
          unreadable: () => {
            expect(s().value).toBe('choosing');
            expect(s().context.error?.message).toBe('No date column found');
          },
          reviewing: () => {
            expect(s().matches({ reviewing: 'mapping' })).toBe(true);
            expect(s().context.preview?.counts).toMatchObject({ new: 2, duplicates: 1 });
          },
          remapped: () => {
            expect(s().matches({ reviewing: 'mapping' })).toBe(true);
            expect(s().context.preview?.mapping).toMatchObject({ date_format: 'MM/DD/YYYY', decimal_separator: '.' });
            expect(s().context.options.skipDuplicates).toBe(false);
          },
          mappingRefused: () => {
            expect(s().matches({ reviewing: 'mapping' })).toBe(true);
            expect(s().context.error?.message).toBe('columns.amount cannot be combined with columns.debit / columns.credit');
            expect(s().context.preview?.mapping).toEqual(imports.mapping);
          },
          duplicatesIncluded: () => expect(s().context.options).toEqual({ skipDuplicates: false, skipFileDuplicates: false }),
          choosingAgain: () => {
            expect(s().value).toBe('choosing');
            expect(s().context.preview).toBeNull();
          },
          importRefused: () => {
            expect(s().matches({ reviewing: 'mapping' })).toBe(true);
            expect(s().context.error?.message).toBe('This file was already imported');
          },
          progress: () => {
            expect(s().matches({ running: 'waiting' })).toBe(true);
            expect(imports.commits).toHaveLength(1);
          },
          stalled: () => {
            expect(s().matches({ running: 'stalled' })).toBe(true);
            expect(s().context.error?.message).toBe('Failed to fetch import progress');
          },
          summary: () => {
            expect(s().value).toBe('done');
            expect(s().context.job).toMatchObject({ status: 'completed', rows_imported: 2, rows_duplicate: 1 });
          },
          stopped: () => {
            expect(s().value).toBe('failed');
            expect(s().context.job?.failure).toBe('The database went away');
          },
          startedOver: () => {
            expect(s().value).toBe('choosing');
            expect(s().context.job).toBeNull();
          },
          closed: async () => {
            await waitFor(actor, (snapshot) => snapshot.status === 'done');
            expect(s().output).toEqual({ started: true, imported: 0 });
          },
        },
      });
    });
  }
});
