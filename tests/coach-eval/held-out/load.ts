import type { FastifyInstance } from 'fastify';
import type { ImportJob, ImportMappingInput, ImportPreview, SummaryOverview } from '../../../src/contract/transactions';
import { bearer, signUpWithAccess, type VerifiedUser } from '../../support/app';
import { addDays } from './dates';
import type { Person, Row } from './people';

/**
 * Puts a person into the app the way a user would: sign up and verify, start the trial, pick the
 * currency, then upload the bank's CSV file and import it with the mapping a user would confirm
 * (or type the rows in through POST /transactions). Nothing is written to the database directly.
 */

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const decimal = (minor: number) => (minor / 100).toFixed(2);
const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const ie = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A US card/checking export: newest first, a post date a day or two later, signed amounts. */
export function usCsv(rows: Row[]): { csv: string; mapping: ImportMappingInput } {
  const lines = ['Transaction Date,Post Date,Description,Category,Type,Amount,Memo'];
  for (const r of [...rows].reverse()) {
    const type = r.type === 'expense' ? 'Sale' : r.kind === 'refund' ? 'Return' : 'ACH_CREDIT';
    const signed = r.type === 'expense' ? `-${decimal(r.minor)}` : decimal(r.minor);
    lines.push([us(r.date), us(addDays(r.date, 1)), r.bank, r.category ?? '', type, signed, ''].map(csvCell).join(','));
  }
  return {
    csv: `${lines.join('\n')}\n`,
    mapping: { delimiter: ',', has_header: true, skip_lines: 0, date_format: 'MM/DD/YYYY', decimal_separator: '.', invert_sign: false, columns: { date: 0, description: 2, category: 3, amount: 5 } },
  };
}

/** An Irish current-account export: oldest first, debit and credit columns, a running balance. */
export function ieCsv(rows: Row[]): { csv: string; mapping: ImportMappingInput } {
  const lines = ['Posted Account,Posted Transactions Date,Description,Debit Amount,Credit Amount,Balance,Posted Currency,Transaction Type'];
  let balance = 420_000;
  for (const r of rows) {
    balance += r.type === 'income' ? r.minor : -r.minor;
    const [debit, credit] = r.type === 'expense' ? [decimal(r.minor), ''] : ['', decimal(r.minor)];
    lines.push(['931152-10482337', ie(r.date), r.bank, debit, credit, decimal(balance), 'EUR', r.type === 'expense' ? 'Debit' : 'Credit'].map(csvCell).join(','));
  }
  return {
    csv: `${lines.join('\n')}\n`,
    mapping: { delimiter: ',', has_header: true, skip_lines: 0, date_format: 'DD/MM/YYYY', decimal_separator: '.', invert_sign: false, columns: { date: 1, description: 2, debit: 3, credit: 4 } },
  };
}

export async function call<T>(app: FastifyInstance, user: VerifiedUser, method: 'GET' | 'POST' | 'PUT', url: string, expected: number, payload?: object): Promise<T> {
  const res = await app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  if (res.statusCode !== expected) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json<T>();
}

export async function importCsv(app: FastifyInstance, user: VerifiedUser, file: { csv: string; mapping: ImportMappingInput }, fileName: string) {
  const res = await app.inject({ method: 'POST', url: `/transactions/import?file_name=${encodeURIComponent(fileName)}`, headers: { ...bearer(user.token), 'content-type': 'text/csv' }, payload: file.csv });
  if (res.statusCode !== 201) throw new Error(`upload of ${fileName} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const preview = res.json<ImportPreview>();
  await call(app, user, 'POST', `/transactions/import/${preview.import_id}/commit`, 202, { mapping: file.mapping, skip_duplicates: false, skip_file_duplicates: false });
  const until = Date.now() + 120_000;
  for (;;) {
    const job = await call<ImportJob>(app, user, 'GET', `/transactions/import/${preview.import_id}`, 200);
    if (job.status === 'completed') return job;
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`import of ${fileName} ${job.status}`);
    if (Date.now() > until) throw new Error(`import of ${fileName} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs the person up and loads their year; checks the app holds exactly the generated totals. */
export async function loadPerson(app: FastifyInstance, person: Person): Promise<VerifiedUser> {
  const user = await signUpWithAccess(app);
  await call(app, user, 'PUT', '/users/me/profile', 200, { currency: person.currency });
  if (person.loading === 'csv-us') await importCsv(app, user, usCsv(person.rows), 'Chase_Activity.CSV');
  else if (person.loading === 'csv-ie') await importCsv(app, user, ieCsv(person.rows), 'Transaction_Export.csv');
  else {
    for (const r of person.rows) {
      await call(app, user, 'POST', '/transactions', 201, { type: r.type, amount: r.minor / 100, date: r.date, category: r.category ?? (r.type === 'income' ? 'Other Income' : 'Other'), merchant: r.bank, description: '' });
    }
  }
  const overview = await call<SummaryOverview>(app, user, 'GET', '/transactions/summary/overview', 200);
  const sum = (type: Row['type']) => person.rows.filter((r) => r.type === type).reduce((s, r) => s + r.minor, 0);
  const [income, expenses] = [Math.round(overview.total_income * 100), Math.round(overview.total_expenses * 100)];
  if (overview.transaction_count !== person.rows.length || income !== sum('income') || expenses !== sum('expense')) {
    throw new Error(`${person.key} was not loaded whole: ${overview.transaction_count}/${person.rows.length} rows, income ${income}/${sum('income')}, expenses ${expenses}/${sum('expense')}`);
  }
  return user;
}
