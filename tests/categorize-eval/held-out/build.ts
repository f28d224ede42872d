/**
 * HELD-OUT DATA: do not open if you work on categorization (tests/categorize-eval/README.md).
 * Writes the monthly statements of the two people (their banks' own formats) and answers.json from
 * payees.ts, with a fixed seed: `npx tsx tests/categorize-eval/held-out/build.ts`. The files are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../../../src/server/seededRandom';
import { PAYEES, type AccountKey, type EvalClass, type Person } from './payees';

export interface Answer {
  person: Person;
  account: AccountKey;
  /** Statement file, relative to held-out/. */
  file: string;
  /** OFX FITID, or null in a CSV. */
  fitid: string | null;
  date: string;
  amount: number;
  type: 'income' | 'expense';
  raw: string;
  category: string;
  accept: string[];
  class: EvalClass;
  name: string | null;
  /** Index of the payee in payees.ts: learning corrects the first row of each. */
  payee: number;
}

/** The person files the first year as it comes; the second is what the product does once it knows them. */
const YEARS = [2024, 2025];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const here = dirname(fileURLToPath(import.meta.url));

const random = seededRandom(20240101);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
const alnum = (n: number) => Array.from({ length: n }, () => pick('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'.split(''))).join('');
const pad = (n: number) => String(n).padStart(2, '0');

function fill(raw: string, year: number, month: number, day: number): string {
  return raw
    .replaceAll('{D}', pad(day))
    .replaceAll('{M}', pad(month))
    .replaceAll('{MON}', MONTHS[month - 1]!)
    .replaceAll('{DMY}', `${pad(day)}/${pad(month)}/${String(year).slice(2)}`)
    .replace(/\{N(\d+)\}/g, (_, n: string) => digits(Number(n)))
    .replace(/\{A(\d+)\}/g, (_, n: string) => alnum(Number(n)));
}

const FILE_OF: Record<AccountKey, (y: number, m: number) => string> = {
  checking: (y, m) => `us/chase-checking/${y}-${pad(m)}.qfx`,
  card: (y, m) => `us/citi-card/${y}-${pad(m)}.csv`,
  current: (y, m) => `uk/barclays-current/${y}-${pad(m)}.ofx`,
  amex: (y, m) => `uk/amex/${y}-${pad(m)}.csv`,
};

const answers: Answer[] = [];
/** What the first leg of each own payment drew, by leg key and month. */
const legAmounts = new Map<string, number>();
for (const year of YEARS) PAYEES.forEach((p, index) => {
  for (let month = 1; month <= 12; month++) {
    if (p.months && !p.months.includes(month)) continue;
    const days = p.days ?? Array.from({ length: p.perMonth ?? 1 }, () => 1 + Math.floor(random() * 28));
    for (const day of days) {
      const [lo, hi] = p.amount;
      const drawn = Math.round((lo + random() * (hi - lo)) * 100) / 100;
      const legKey = p.leg && `${p.leg} ${year}-${month}`;
      const amount = (legKey && legAmounts.get(legKey)) || drawn;
      if (legKey && !legAmounts.has(legKey)) legAmounts.set(legKey, drawn);
      const file = FILE_OF[p.account](year, month);
      answers.push({
        person: p.person,
        account: p.account,
        file,
        fitid: file.endsWith('.csv') ? null : `${year}${pad(month)}${pad(day)}${digits(8)}`,
        date: `${year}-${pad(month)}-${pad(day)}`,
        amount,
        type: p.type,
        raw: fill(pick(p.raw), year, month, day),
        category: p.category,
        accept: p.accept ?? [],
        class: p.class,
        name: p.name,
        payee: index,
      });
    }
  }
});
answers.sort((a, b) => a.file.localeCompare(b.file) || a.date.localeCompare(b.date) || a.raw.localeCompare(b.raw));

const ofxDate = (d: string) => `${d.replaceAll('-', '')}120000[0:GMT]`;
const money = (n: number) => n.toFixed(2);
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** OFX NAME holds 32 characters; banks put the rest of the text in MEMO. */
function nameMemo(raw: string): string[] {
  return raw.length <= 32 ? [`<NAME>${esc(raw)}`] : [`<NAME>${esc(raw.slice(0, 32))}`, `<MEMO>${esc(raw.slice(32).trim())}`];
}

function chaseQfx(rows: Answer[], year: number, month: number): string {
  const first = `${year}${pad(month)}01`;
  const last = rows.at(-1)?.date.replaceAll('-', '') ?? first;
  const trns = rows.map((r) => {
    const signed = r.type === 'expense' ? -r.amount : r.amount;
    const trntype = r.type === 'income' ? 'CREDIT' : /^(DEBIT CARD|CARD PURCHASE|POS)/.test(r.raw) ? 'POS' : 'DEBIT';
    return ['<STMTTRN>', `<TRNTYPE>${trntype}`, `<DTPOSTED>${ofxDate(r.date)}`, `<TRNAMT>${money(signed)}`, `<FITID>${r.fitid}`, ...nameMemo(r.raw), '</STMTTRN>'].join('\n');
  });
  return [
    'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252', 'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', '',
    '<OFX>', '<SIGNONMSGSRSV1>', '<SONRS>', '<STATUS>', '<CODE>0', '<SEVERITY>INFO', '</STATUS>', `<DTSERVER>${last}120000[0:GMT]`, '<LANGUAGE>ENG', '<FI>', '<ORG>B1', '<FID>10898', '</FI>', '<INTU.BID>10898', '</SONRS>', '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>', '<STMTTRNRS>', `<TRNUID>1`, '<STATUS>', '<CODE>0', '<SEVERITY>INFO', '</STATUS>', '<STMTRS>', '<CURDEF>USD', '<BANKACCTFROM>', '<BANKID>111000614', '<ACCTID>000000774194417', '<ACCTTYPE>CHECKING', '</BANKACCTFROM>',
    '<BANKTRANLIST>', `<DTSTART>${first}120000[0:GMT]`, `<DTEND>${last}120000[0:GMT]`, ...trns, '</BANKTRANLIST>',
    '<LEDGERBAL>', '<BALAMT>4182.33', `<DTASOF>${last}120000[0:GMT]`, '</LEDGERBAL>', '</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', '',
  ].join('\r\n').replaceAll('\n<', '\r\n<').replaceAll('\r\r', '\r');
}

function barclaysOfx(rows: Answer[], year: number, month: number): string {
  const first = `${year}${pad(month)}01`;
  const last = rows.at(-1)?.date.replaceAll('-', '') ?? first;
  const trns = rows.map((r) => {
    const signed = r.type === 'expense' ? -r.amount : r.amount;
    const trntype = r.raw.endsWith('DDR') ? 'DIRECTDEBIT' : r.raw.endsWith('TFR') || r.raw.endsWith('FPO') ? 'XFER' : r.type === 'income' ? 'CREDIT' : 'POS';
    const [name, memo] = nameMemo(r.raw).map((l) => `${l}${l.startsWith('<NAME>') ? '</NAME>' : '</MEMO>'}`);
    return `      <STMTTRN><TRNTYPE>${trntype}</TRNTYPE><DTPOSTED>${r.date.replaceAll('-', '')}</DTPOSTED><TRNAMT>${money(signed)}</TRNAMT><FITID>${r.fitid}</FITID>${name}${memo ?? ''}</STMTTRN>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>${last}</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
  <BANKMSGSRSV1><STMTTRNRS><TRNUID>0</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
    <STMTRS><CURDEF>GBP</CURDEF>
    <BANKACCTFROM><BANKID>200415</BANKID><ACCTID>20041543718221</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
    <BANKTRANLIST><DTSTART>${first}</DTSTART><DTEND>${last}</DTEND>
${trns.join('\n')}
    </BANKTRANLIST>
    <LEDGERBAL><BALAMT>1843.12</BALAMT><DTASOF>${last}</DTASOF></LEDGERBAL>
    </STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;
}

const csvCell = (s: string) => (/[",]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** Citi: newest first, MM/DD/YYYY, purchases in Debit, payments and refunds in Credit. */
function citiCsv(rows: Answer[]): string {
  const lines = [...rows].reverse().map((r) => {
    const [y, m, d] = r.date.split('-');
    return ['Cleared', `${m}/${d}/${y}`, csvCell(r.raw), r.type === 'expense' ? money(r.amount) : '', r.type === 'income' ? money(r.amount) : ''].join(',');
  });
  return ['Status,Date,Description,Debit,Credit', ...lines, ''].join('\r\n');
}

/** American Express UK: DD/MM/YYYY, purchases positive, credits negative. */
function amexCsv(rows: Answer[]): string {
  const lines = [...rows].reverse().map((r) => {
    const [y, m, d] = r.date.split('-');
    return [`${d}/${m}/${y}`, csvCell(r.raw), money(r.type === 'expense' ? r.amount : -r.amount)].join(',');
  });
  return ['Date,Description,Amount', ...lines, ''].join('\n');
}

const files = new Map<string, Answer[]>();
for (const a of answers) files.set(a.file, [...(files.get(a.file) ?? []), a]);
for (const [file, rows] of files) {
  const [year, month] = [Number(file.slice(-11, -7)), Number(file.slice(-6, -4))];
  const text = file.includes('chase') ? chaseQfx(rows, year, month) : file.includes('barclays') ? barclaysOfx(rows, year, month) : file.includes('citi') ? citiCsv(rows) : amexCsv(rows);
  mkdirSync(dirname(join(here, file)), { recursive: true });
  writeFileSync(join(here, file), text);
}
// The payee's fields (category, class, name…) are read back from payees.ts by the scorer.
const stored = answers.map(({ file, fitid, date, amount, type, raw, payee }) => ({ file, fitid, date, amount, type, raw, payee }));
writeFileSync(join(here, 'answers.json'), `${JSON.stringify(stored, null, 0).replaceAll('},{', '},\n{')}\n`);
console.log(`${answers.length} rows, ${new Set(answers.map((a) => a.raw)).size} distinct bank strings, ${PAYEES.length} payees, ${files.size} statements`);
