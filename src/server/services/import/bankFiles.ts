import { XMLParser } from 'fast-xml-parser';
import type { ImportFormat, DecimalSeparator } from '../../../contract/transactions';
import { ValidationError } from '../../errors';
import { normalizeMerchant } from '../merchants';
import { stripBom } from './csv';
import { parseAmount } from './formats';

/** One statement line of a bank file, before the mapping's date order, sign and categories apply. */
export interface BankEntry {
  /** 1-based line of the file where the entry starts. */
  line: number;
  /** YYYY-MM-DD (OFX, CAMT) or the QIF date as written (its day/month order is the mapping's date_format). */
  date: string;
  /** Signed minor units as the bank wrote them (negative: money out of the account), or an error text. */
  amount: { ok: true; minor: number } | { ok: false; error: string };
  payee: string;
  memo: string;
  /** The bank's own id (OFX FITID, CAMT entry reference); null when the file has none (QIF). */
  bankId: string | null;
  /** Not posted yet (CAMT status PDNG, OFX pending list): left out of the import. */
  pending: boolean;
  /** A category the file names (QIF L field), if any. */
  category: string | null;
  /** OFX TRNTYPE or CAMT CdtDbtInd: how the bank labels the direction (reads the card sign convention). */
  direction: 'debit' | 'credit' | null;
}

export interface BankFile {
  format: Exclude<ImportFormat, 'csv'>;
  entries: BankEntry[];
  /** Amounts look inverted (debits positive, credits negative: some card issuers' OFX): suggest invert_sign. */
  invertedSigns: boolean;
}

/** Which format the text is, by its first bytes, whatever the file's name. */
export function detectFormat(text: string): ImportFormat {
  const head = stripBom(text).slice(0, 4096).trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\b/i.test(head) || /^<OFX>/i.test(head)) return 'ofx';
  if (/^<\?xml\b/i.test(head) && /<OFX>/i.test(head)) return 'ofx';
  if (/camt\.05[234]/i.test(head) && /<(\w+:)?Document\b/.test(head)) return 'camt';
  if (/^!(Type|Account|Option|Clear)\b/i.test(head)) return 'qif';
  return 'csv';
}

/** Starts a bank file by its first bytes, for the upload reader (which then counts no CSV lines). */
export const looksLikeBankFile = (head: string) => detectFormat(head) !== 'csv';

/** OFX TRNAMT or CAMT Amt: a dot decimal, or a comma one ('-12,50') as some European banks write it. */
function bankAmount(raw: string): BankEntry['amount'] {
  const s = raw.trim();
  const decimal: DecimalSeparator = /,\d{1,2}$/.test(s) ? ',' : '.';
  const parsed = parseAmount(s, decimal);
  if (!parsed.ok) return parsed;
  if (parsed.minor === null) return { ok: false, error: 'amount is missing' };
  return { ok: true, minor: parsed.minor };
}

/** Line numbers of the matches of `tag` (case-insensitive), in file order. */
function linesOf(text: string, tag: RegExp): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const match of text.matchAll(tag)) {
    for (let i = from; i < match.index; i++) if (text.charCodeAt(i) === 10) line++;
    from = match.index;
    lines.push(line);
  }
  return lines;
}

type Node = Record<string, unknown>;
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** A leaf's text: a string, or `#text` of an element with attributes. */
const textOf = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
  if (typeof v === 'object' && '#text' in (v as Node)) return String((v as Node)['#text']).trim();
  return '';
};
const child = (node: unknown, ...path: string[]): unknown => {
  let cur = node;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Node)[key];
  }
  return cur;
};

// ---------------------------------------------------------------------------------------------
// OFX / QFX

/**
 * OFX 1.x is SGML: a leaf element's end tag is optional (`<TRNAMT>-12.50` then the next tag). Every
 * leaf gets its end tag (and bare ampersands their escape) so that one XML parser reads 1.x and 2.x alike.
 */
export function ofxAsXml(text: string): string {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new ValidationError('The OFX file has no <OFX> element: export the statement again from your bank');
  const body = text.slice(start).replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/gi, '&amp;');
  return body.replace(/<([A-Za-z0-9._]+)>([^<]*)/g, (whole: string, tag: string, value: string, offset: number, all: string) => {
    const v = value.trim();
    if (v === '' || all.startsWith(`</${tag}>`, offset + whole.length)) return whole;
    return `<${tag}>${v}</${tag}>`;
  });
}

const OFX_DEBITS = new Set(['DEBIT', 'PAYMENT', 'POS', 'ATM', 'FEE', 'SRVCHG', 'CHECK', 'DIRECTDEBIT', 'CASH']);
const OFX_CREDITS = new Set(['CREDIT', 'DEP', 'DIRECTDEP', 'INT', 'DIV']);

/** OFX allows 32 characters of NAME: banks cut the payee there and carry the rest, or the whole text, in MEMO. */
const OFX_NAME_MAX = 32;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toUpperCase();

/**
 * The payee of an OFX entry whose NAME was cut: the MEMO when it repeats the NAME in full, else the
 * NAME continued by the MEMO. A NAME of 32 characters was cut mid-word unless only the spaced join
 * names a merchant the dictionary knows; one of 31 lost the space it was cut after (values are trimmed).
 */
export function joinCutName(name: string, memo: string): { name: string; memo: string } {
  if (name === '' || memo === '') return { name, memo };
  if (squash(memo).startsWith(squash(name))) return { name: memo, memo: '' };
  if (name.length < OFX_NAME_MAX - 1) return { name, memo };
  const spaced = `${name} ${memo}`;
  if (name.length < OFX_NAME_MAX) return { name: spaced, memo: '' };
  const glued = `${name}${memo}`;
  const known = (text: string) => normalizeMerchant(text).source === 'dictionary';
  return { name: !known(glued) && known(spaced) ? spaced : glued, memo: '' };
}

export function parseOfx(text: string): BankFile {
  const xml = ofxAsXml(stripBom(text));
  const parser = new XMLParser({ parseTagValue: false, trimValues: true, ignoreAttributes: true, processEntities: true, isArray: (name) => name === 'STMTTRN' || name === 'STMTTRNP' });
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    throw new ValidationError(`The OFX file cannot be read (${(error as Error).message.split('\n')[0]}): export the statement again from your bank`);
  }
  const posted: Node[] = [];
  const pending: Node[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'STMTTRN') posted.push(...(asArray(value) as Node[]));
      else if (key === 'STMTTRNP') pending.push(...(asArray(value) as Node[]));
      else if (Array.isArray(value)) value.forEach(walk);
      else walk(value);
    }
  };
  walk(doc);
  const lines = linesOf(text, /<STMTTRN>/gi);
  const pendingLines = linesOf(text, /<STMTTRNP>/gi);
  let inverted = 0;
  let labelled = 0;
  const entry = (t: Node, line: number, isPending: boolean): BankEntry => {
    const trnType = textOf(t.TRNTYPE).toUpperCase();
    const direction = OFX_DEBITS.has(trnType) ? 'debit' : OFX_CREDITS.has(trnType) ? 'credit' : null;
    const amount = bankAmount(textOf(t.TRNAMT));
    if (direction && amount.ok && amount.minor !== 0) {
      labelled++;
      if ((direction === 'debit') !== amount.minor < 0) inverted++;
    }
    const posted = textOf(t.DTPOSTED) || textOf(t.DTTRAN) || textOf(t.DTUSER);
    const { name, memo } = joinCutName(textOf(t.NAME) || textOf(child(t, 'PAYEE', 'NAME')), textOf(t.MEMO));
    return {
      line,
      date: /^\d{8}/.test(posted) ? `${posted.slice(0, 4)}-${posted.slice(4, 6)}-${posted.slice(6, 8)}` : posted,
      amount,
      payee: name || memo,
      memo: name ? memo : '',
      bankId: textOf(t.FITID) || null,
      pending: isPending,
      category: null,
      direction,
    };
  };
  const entries = [...posted.map((t, i) => entry(t, lines[i] ?? 0, false)), ...pending.map((t, i) => entry(t, pendingLines[i] ?? 0, true))].sort((a, b) => a.line - b.line);
  return { format: 'ofx', entries, invertedSigns: labelled > 0 && inverted > labelled / 2 };
}

// ---------------------------------------------------------------------------------------------
// CAMT.053 (ISO 20022 bank-to-customer statement)

const partyName = (party: unknown) => textOf(child(party, 'Nm')) || textOf(child(party, 'Pty', 'Nm'));

export function parseCamt(text: string): BankFile {
  const parser = new XMLParser({
    parseTagValue: false,
    trimValues: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    isArray: (name) => ['Stmt', 'Rpt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd'].includes(name),
  });
  let doc: Node;
  try {
    doc = parser.parse(stripBom(text)) as Node;
  } catch (error) {
    throw new ValidationError(`The CAMT file cannot be read (${(error as Error).message.split('\n')[0]}): export the statement again from your bank`);
  }
  const root = (child(doc, 'Document') ?? {}) as Node;
  const message = (root.BkToCstmrStmt ?? root.BkToCstmrAcctRpt ?? root.BkToCstmrDbtCdtNtfctn ?? {}) as Node;
  const statements = [...asArray(message.Stmt), ...asArray(message.Rpt), ...asArray(message.Ntfctn)] as Node[];
  const lines = linesOf(text, /<(?:\w+:)?Ntry>/g);
  const entries: BankEntry[] = [];
  let n = 0;
  for (const statement of statements) {
    for (const ntry of asArray(statement.Ntry) as Node[]) {
      const line = lines[n++] ?? 0;
      const status = (textOf(child(ntry, 'Sts', 'Cd')) || textOf(ntry.Sts)).toUpperCase();
      const date = textOf(child(ntry, 'BookgDt', 'Dt')) || textOf(child(ntry, 'BookgDt', 'DtTm')).slice(0, 10) || textOf(child(ntry, 'ValDt', 'Dt')) || textOf(child(ntry, 'ValDt', 'DtTm')).slice(0, 10);
      const entryRef = textOf(ntry.AcctSvcrRef) || textOf(ntry.NtryRef) || null;
      const entrySign = textOf(ntry.CdtDbtInd).toUpperCase();
      const details = (asArray(ntry.NtryDtls) as Node[]).flatMap((d) => asArray(d.TxDtls) as Node[]);
      const row = (tx: Node | undefined, amountRaw: string, sign: string, bankId: string | null): BankEntry => {
        const debit = sign === 'DBIT';
        const parties = child(tx, 'RltdPties');
        const counterparty = debit ? partyName(child(parties, 'Cdtr')) || partyName(child(parties, 'UltmtCdtr')) : partyName(child(parties, 'Dbtr')) || partyName(child(parties, 'UltmtDbtr'));
        const remittance = (asArray(child(tx, 'RmtInf', 'Ustrd')) as unknown[]).map(textOf).filter(Boolean).join(' ');
        const info = textOf(child(tx, 'AddtlTxInf')) || textOf(ntry.AddtlNtryInf);
        const amount = bankAmount(amountRaw);
        return {
          line,
          date,
          amount: amount.ok ? { ok: true, minor: debit ? -Math.abs(amount.minor) : Math.abs(amount.minor) } : amount,
          payee: counterparty || remittance || info,
          memo: counterparty ? remittance || info : remittance ? info : '',
          bankId,
          pending: status === 'PDNG',
          category: null,
          direction: sign === 'DBIT' ? 'debit' : sign === 'CRDT' ? 'credit' : null,
        };
      };
      if (details.length > 1) {
        // A batch: one row per transaction of the entry, each with its own amount and counterparty.
        details.forEach((tx, i) => {
          const ref = textOf(child(tx, 'Refs', 'AcctSvcrRef')) || textOf(child(tx, 'Refs', 'TxId')) || textOf(child(tx, 'Refs', 'EndToEndId')).replace(/^NOTPROVIDED$/, '') || String(i + 1);
          const amount = textOf(child(tx, 'Amt')) || textOf(child(tx, 'AmtDtls', 'TxAmt', 'Amt'));
          const sign = textOf(child(tx, 'CdtDbtInd')).toUpperCase() || entrySign;
          entries.push(row(tx, amount, sign, entryRef ? `${entryRef}/${ref}` : null));
        });
      } else {
        entries.push(row(details[0], textOf(ntry.Amt), entrySign, entryRef));
      }
    }
  }
  return { format: 'camt', entries, invertedSigns: false };
}

// ---------------------------------------------------------------------------------------------
// QIF (Quicken Interchange Format)

/** Account lists and the like: records under these headers are not transactions. */
const QIF_LISTS = /^!(Type:(Cat|Class|Memorized|Prices|Security)|Account|Option|Clear)/i;

/**
 * QIF by hand (no maintained parser exists): `!Type:Bank|CCard|Cash|Oth A|Oth L` then records of one
 * letter-coded line each (D date, T or U amount, P payee, M memo, L category, N number) ending with `^`.
 * Split lines (S, E, $) are read as the one total T gives. Investment records are not transactions.
 */
export function parseQif(text: string): BankFile {
  const entries: BankEntry[] = [];
  let listing = false;
  let investment = false;
  let record: Partial<Record<string, string>> = {};
  let recordLine = 0;
  const lines = stripBom(text).split(/\r\n|\r|\n/);
  const flush = () => {
    if (!listing && !investment && (record.D !== undefined || record.T !== undefined)) {
      const raw = (record.T ?? record.U ?? '').replace(/\s/g, '');
      const amount: BankEntry['amount'] = raw === '' ? { ok: false, error: 'amount is missing' } : bankAmount(raw);
      const category = (record.L ?? '').trim();
      entries.push({
        line: recordLine,
        date: (record.D ?? '').trim().replace(/\s+/g, '').replace(/'/g, '/'),
        amount,
        payee: (record.P ?? '').trim() || (record.M ?? '').trim(),
        memo: record.P ? (record.M ?? '').trim() : '',
        bankId: null,
        pending: false,
        // [Account] names a transfer, not a category.
        category: category === '' || category.startsWith('[') ? null : category.split(':')[0]!,
        direction: null,
      });
    }
    record = {};
    recordLine = 0;
  };
  lines.forEach((text, i) => {
    const line = text.trimEnd();
    if (line === '') return;
    if (line.startsWith('!')) {
      flush();
      if (/^!Type:/i.test(line)) {
        listing = QIF_LISTS.test(line);
        investment = /^!Type:Invst/i.test(line);
      } else if (/^!Account/i.test(line)) listing = true;
      return;
    }
    if (line.startsWith('^')) return flush();
    const code = line[0]!;
    if (recordLine === 0) recordLine = i + 1;
    // Split lines repeat S/E/$; the record's total is T.
    if (code === 'S' || code === 'E' || code === '$') return;
    if (record[code] === undefined) record[code] = line.slice(1);
  });
  flush();
  return { format: 'qif', entries, invertedSigns: false };
}

/** A bank file's statement lines (any size up to the upload's byte cap: the entries are held as one array). */
export function readBankFile(text: string, format: Exclude<ImportFormat, 'csv'>): BankFile {
  if (lastRead && lastRead.format === format && lastRead.text === text) return lastRead.file;
  const file = format === 'ofx' ? parseOfx(text) : format === 'camt' ? parseCamt(text) : parseQif(text);
  for (const entry of file.entries) {
    if (!entry.pending && markedPending(entry.payee)) entry.pending = true;
    Object.freeze(entry.amount);
    Object.freeze(entry);
  }
  Object.freeze(file.entries);
  lastRead = { text, format, file: Object.freeze(file) };
  return file;
}

/**
 * The last file read and what it held. The upload reads a file for its preview and the import job reads
 * the same text again moments later: reading a 10,000-row OFX costs about a second of CPU (the XML parse),
 * a tenth of a 10,000-row import into a large account, and the CSV path has no such cost. Entries are a pure
 * function of the text and format (frozen, so no reader changes them for the next); one file is kept.
 */
let lastRead: { text: string; format: Exclude<ImportFormat, 'csv'>; file: BankFile } | null = null;

/**
 * Some banks list an authorisation among the posted rows and say so only in the payee text
 * ("PENDING SQ *BLUE BOTTLE", "AMAZON (PENDING)"); it posts later under another id, so it is held back
 * like a row the file flags as pending instead of being added beside the posted one.
 */
export const markedPending = (payee: string) => /^\s*[([]?\s*pending\b|\bpending\s*[)\]]?\s*$/i.test(payee);
