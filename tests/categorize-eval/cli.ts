/**
 * The held-out categorization evaluation: `npm run eval:categorize` (add `--show` to list the misses:
 * the product owner only). Starts the real API on a fresh in-memory database, signs up one person per
 * country, opens their accounts, and month by month imports their banks' statements through the public
 * API as a user would, correcting the first row of a few payees the way that person files them. Prints
 * only scores per class: the rows and their answers stay in held-out/, which engine engineers never open.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { bearer, createTestApp, signUpWithAccess } from '../support/app';
import type { Suggestion } from '../../src/contract/autoRules';
import type { ImportJob, ImportMappingInput, ImportPreview, Transaction, TransactionListResponse } from '../../src/contract/transactions';
import { TRANSFER_PAIRS, type TransferPairs } from '../../src/contract/accounts';
import { CLASS_ORDER, CLASS_LABELS, emptyTally, isFallback, nameMatches, rightCategory, withPayees, type Answer, type Tally } from './scoring';
import type { EvalClass } from './held-out/payees';

const here = dirname(fileURLToPath(import.meta.url));
const heldOut = join(here, 'held-out');
const show = process.argv.includes('--show');
const misses: string[] = [];
/** What the transfer-matching step offered and what the person did with it. */
const pairsSeen = { offered: 0, linked: 0, dismissed: 0 };

const ACCOUNTS = {
  checking: { name: 'Chase Total Checking', kind: 'checking', institution: 'Chase', last4: '4417', currency: 'USD' },
  card: { name: 'Citi Double Cash', kind: 'credit_card', institution: 'Citi', last4: '8830', currency: 'USD' },
  current: { name: 'Barclays Current Account', kind: 'checking', institution: 'Barclays', last4: '8221', currency: 'GBP' },
  amex: { name: 'American Express Platinum Cashback', kind: 'credit_card', institution: 'American Express', last4: '1009', currency: 'GBP' },
} as const;
type AccountKey = keyof typeof ACCOUNTS;

/** The columns a person picks in the import wizard for each bank's CSV (the bank's own layout). */
function csvMapping(account: AccountKey, suggested: ImportMappingInput): ImportMappingInput {
  if (account === 'card') return { ...suggested, has_header: true, skip_lines: 0, date_format: 'MM/DD/YYYY', decimal_separator: '.', invert_sign: false, columns: { date: 1, description: 2, debit: 3, credit: 4 } };
  return { ...suggested, has_header: true, skip_lines: 0, date_format: 'DD/MM/YYYY', decimal_separator: '.', invert_sign: true, columns: { date: 0, description: 1, amount: 2 } };
}

interface Api {
  app: FastifyInstance;
  token: string;
}

async function call<T>(api: Api, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, contentType?: string): Promise<T> {
  const res = await api.app.inject({
    method,
    url,
    headers: { ...bearer(api.token), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(body === undefined ? {} : { payload: body as string }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url.split('?')[0]} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json<T>();
}

async function importFile(api: Api, accountId: string, account: AccountKey, file: string): Promise<Transaction[]> {
  const text = readFileSync(join(heldOut, file), 'utf8');
  const type = file.endsWith('.csv') ? 'text/csv' : file.endsWith('.qfx') ? 'application/vnd.intu.qfx' : 'application/x-ofx';
  const name = file.split('/').at(-1)!;
  const preview = await call<ImportPreview>(api, 'POST', `/transactions/import?file_name=${name}&account_id=${accountId}`, text, type);
  const mapping = preview.format === 'csv' ? csvMapping(account, preview.mapping) : preview.mapping;
  await call(api, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping, account_id: accountId });
  let job: ImportJob;
  const started = Date.now();
  do {
    await new Promise((r) => setTimeout(r, 100));
    job = await call<ImportJob>(api, 'GET', `/transactions/import/${preview.import_id}`);
    if (Date.now() - started > 300_000) throw new Error(`import of ${file} did not finish in 5 minutes`);
  } while (job.status === 'queued' || job.status === 'running' || job.status === 'uploaded');
  if (job.status !== 'completed') throw new Error(`import of ${file} ended ${job.status}: ${job.failure ?? ''}`);
  const rows: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const page: TransactionListResponse = await call(api, 'GET', `/transactions?import_id=${preview.import_id}&limit=500&include_total=false${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    rows.push(...page.transactions);
    cursor = page.next_cursor;
  } while (cursor);
  return rows;
}

/**
 * The transfer-matching step the product offers after an import (the "Likely transfers" list,
 * GET /transactions/transfer-matches): the careful person links each pair that is one of their own
 * transfers and answers "Not a transfer" to the others. `classOf` says which rows are own transfers.
 */
async function settleTransferPairs(api: Api, to: string, classOf: Map<string, EvalClass>): Promise<void> {
  for (let round = 0; round < 100; round++) {
    const { pairs } = await call<TransferPairs>(api, 'GET', `/transactions/transfer-matches?to=${to}&days=${TRANSFER_PAIRS.maxDays}&limit=${TRANSFER_PAIRS.maxLimit}`);
    if (pairs.length === 0) return;
    for (const { from, to: into } of pairs) {
      const own = classOf.get(from.transaction_id) === 'transfer' && classOf.get(into.transaction_id) === 'transfer';
      pairsSeen.offered++;
      pairsSeen[own ? 'linked' : 'dismissed']++;
      await call(api, 'POST', `/transactions/${from.transaction_id}/${own ? 'link-transfer' : 'dismiss-transfer-match'}`, { other_transaction_id: into.transaction_id });
    }
  }
  throw new Error('transfer pairs were still offered after 100 rounds');
}

const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The imported transaction of each answer: by the bank's id in an OFX, else by day, amount, direction and text. */
function pair(answers: Answer[], rows: Transaction[]): Map<Answer, Transaction> {
  const pairs = new Map<Answer, Transaction>();
  const free = new Set(rows);
  for (const a of answers) {
    const found = [...free].find((t) =>
      a.fitid ? t.bank_id === a.fitid : t.date === a.date && t.amount === a.amount && t.type === a.type && (squash(t.description) === squash(a.raw) || squash(t.merchant) === squash(a.raw) || squash(`${t.merchant ?? ''} ${t.description}`).includes(squash(a.raw))),
    );
    if (found) {
      pairs.set(a, found);
      free.delete(found);
    }
  }
  return pairs;
}

async function main() {
  const answers = withPayees(JSON.parse(readFileSync(join(heldOut, 'answers.json'), 'utf8')) as Parameters<typeof withPayees>[0]);
  const testApp = await createTestApp();
  const years = [...new Set(answers.map((a) => a.date.slice(0, 4)))].sort();
  const tallies = new Map(years.map((y) => [y, new Map(CLASS_ORDER.map((c) => [c, emptyTally()]))]));
  try {
    for (const person of ['us', 'uk'] as const) {
      const user = await signUpWithAccess(testApp.app);
      const api: Api = { app: testApp.app, token: user.token };
      const mine = answers.filter((a) => a.person === person);
      const accountIds = new Map<AccountKey, string>();
      for (const key of [...new Set(mine.map((a) => a.account))] as AccountKey[]) {
        const created = await call<{ account_id: string }>(api, 'POST', '/accounts', { ...ACCOUNTS[key], opening_date: '2023-12-31' });
        accountIds.set(key, created.account_id);
      }
      const seen = new Set<number>();
      const classOf = new Map<string, EvalClass>();
      // Own transfers are scored once the import's transfer-matching step has run (their other leg may
      // come in the other account's statement): kept here until every statement is in.
      const transfers: { a: Answer; id: string; accountId: string; returning: boolean }[] = [];
      const files = [...new Set(mine.map((a) => a.file))].sort((x, y) => x.slice(-11).localeCompare(y.slice(-11)) || x.localeCompare(y));
      for (const file of files) {
        const inFile = mine.filter((a) => a.file === file);
        const account = inFile[0]!.account as AccountKey;
        const accountId = accountIds.get(account)!;
        const rows = await importFile(api, accountId, account, file);
        const pairs = pair(inFile, rows);
        const fixes: [Transaction, string][] = [];
        for (const a of inFile) {
          const t = pairs.get(a);
          const tally = tallies.get(a.date.slice(0, 4))!.get(a.class)!;
          if (!t) {
            tally.unreadable++;
            continue;
          }
          classOf.set(t.transaction_id, a.class);
          const returning = seen.has(a.payee);
          if (a.name !== null) {
            tally.named++;
            if (nameMatches(a.name, t.merchant_name)) tally.nameRight++;
          }
          if (a.class === 'transfer') {
            transfers.push({ a, id: t.transaction_id, accountId, returning });
            continue;
          }
          if (!(await score(api, a, t, accountId, tally, returning))) fixes.push([t, a.category]);
        }
        // The careful person files every row the import got wrong before the next statement comes in
        // (an own transfer has no category to file it under: it goes through the transfer-matching step).
        for (const [t, category] of fixes) await call(api, 'PUT', `/transactions/${t.transaction_id}`, { category });
        for (const a of inFile) seen.add(a.payee);
        await settleTransferPairs(api, inFile.reduce((last, a) => (a.date > last ? a.date : last), inFile[0]!.date), classOf);
      }
      for (const { a, id, accountId, returning } of transfers) {
        const t = await call<Transaction>(api, 'GET', `/transactions/${id}`);
        await score(api, a, t, accountId, tallies.get(a.date.slice(0, 4))!.get(a.class)!, returning);
      }
    }
  } finally {
    await testApp.close();
  }
  console.log('Held-out categorization: 2 people (US, UK), two years of monthly statements of 2 accounts each (OFX 1.x SGML,');
  console.log('OFX 2.x XML, CSV), each imported through the API; the person then files every wrong row before the next statement.');
  years.forEach((year, i) => print(`${year}${i === 0 ? ' (the person is new: everything is learned as it comes)' : ' (after a year of filing)'}`, tallies.get(year)!));
  console.log('\nfirst sight: rows of a payee not in an earlier statement; returning: rows of a payee the person has filed before;');
  console.log('+suggested: also counting rows left in Other whose suggestion (POST /rules/suggest) is right.');
  console.log('own transfers: scored after the transfer-matching step that follows each import (pairs of own transfers linked, others dismissed).');
  console.log(`transfer pairs offered: ${pairsSeen.offered} (linked ${pairsSeen.linked}, dismissed ${pairsSeen.dismissed}).`);
  if (show) console.log(`\nMisses (product owner only):\n${misses.join('\n')}`);
}

/** Scores one imported row against the person's answer; true when it is right. */
async function score(api: Api, a: Answer, t: Transaction, accountId: string, tally: Tally, returning: boolean): Promise<boolean> {
  const right = rightCategory(a, t);
  tally.rows++;
  if (right) tally.right++;
  else if (isFallback(t)) {
    tally.fallback++;
    const suggested = await call<Suggestion>(api, 'POST', '/rules/suggest', { description: t.description, merchant: t.merchant, amount: t.amount, type: t.type, date: t.date, account_id: accountId });
    if (suggested.category !== null && rightCategory(a, { ...t, category: suggested.category })) tally.suggested++;
  } else tally.wrong++;
  tally[returning ? 'returnRows' : 'firstRows']++;
  if (right) tally[returning ? 'returnRight' : 'firstRight']++;
  if (show && !right) misses.push(`${a.date} ${CLASS_LABELS[a.class].padEnd(16)} ${returning ? 'again' : 'first'} ${a.raw.padEnd(48)} want ${a.category.padEnd(18)} got ${t.category} (${t.merchant_name ?? '-'} / ${t.merchant_kind ?? '-'})`);
  return right;
}

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)} %`);

function print(title: string, tallies: Map<EvalClass, Tally>) {
  console.log(`\n${title}`);
  console.log(`${'class'.padEnd(18)}${'rows'.padStart(6)}  right on import  +suggested  left in Other  wrong    first sight  returning   clean names`);
  const total = emptyTally();
  const line = (label: string, t: Tally, names: boolean) =>
    console.log(`${label.padEnd(18)}${String(t.rows).padStart(6)}  ${pct(t.right, t.rows).padStart(15)}  ${pct(t.right + t.suggested, t.rows).padStart(10)}  ${pct(t.fallback, t.rows).padStart(13)}  ${pct(t.wrong, t.rows)}  ${pct(t.firstRight, t.firstRows).padStart(11)}  ${pct(t.returnRight, t.returnRows).padStart(9)}   ${names ? pct(t.nameRight, t.named) : '   -  '}`);
  for (const c of CLASS_ORDER) {
    const t = tallies.get(c)!;
    for (const k of Object.keys(total) as (keyof Tally)[]) total[k] += t[k];
    line(CLASS_LABELS[c], t, c !== 'transfer');
  }
  line('overall', total, true);
  const spending = emptyTally();
  for (const c of CLASS_ORDER.filter((c) => c !== 'transfer')) for (const k of Object.keys(spending) as (keyof Tally)[]) spending[k] += tallies.get(c)![k];
  line('  transfers aside', spending, true);
  if (total.unreadable > 0) console.log(`${total.unreadable} rows of the statements were not found among the imported transactions (not scored).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
