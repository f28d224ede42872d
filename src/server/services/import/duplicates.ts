import type { ImportRowStatus, TransactionType } from '../../../contract/transactions';
import type { TransactionsRepository } from '../../repositories/transactions';
import { addDays, daysBetween } from '../../../contract/calendar';
import { normalizeMerchant } from '../merchants';
import { duplicateKey, type ImportRow } from './mapping';

type Candidate = { date: string; type: TransactionType; amountMinor: number; description: string };
/** How many stored rows match each of these rows (only the ones with a match; see transactionsRepository.duplicateCandidates). */
export type DuplicateProbe = (rows: Candidate[]) => Promise<(Candidate & { stored: number })[]>;

/** Rows per probe query: one jsonb parameter, one indexed join. */
const PROBE_CHUNK = 5_000;

/**
 * Multiset matching of file rows against existing transactions: with E equal rows stored and F in
 * the file, the first E occurrences are `duplicate` (already there), the next one is `new`, and
 * any further ones are `duplicate_in_file`. Re-importing an overlapping statement so adds
 * nothing twice, while two equal coffees on one day both count.
 */
export class DuplicateTracker {
  private readonly existing = new Map<string, number>();
  private readonly probed = new Set<string>();
  private readonly seen = new Map<string, number>();

  constructor(private readonly probe: DuplicateProbe) {}

  /** Looks up the stored matches of these rows (each key only once per tracker), a few thousand keys per query. */
  async prime(rows: ImportRow[]): Promise<void> {
    const pending = new Map<string, Candidate>();
    for (const r of rows) {
      const key = duplicateKey(r);
      if (!this.probed.has(key) && !pending.has(key)) pending.set(key, { date: r.date, type: r.type, amountMinor: r.amountMinor, description: r.description });
    }
    const keys = [...pending.keys()];
    for (let i = 0; i < keys.length; i += PROBE_CHUNK) {
      const chunk = keys.slice(i, i + PROBE_CHUNK);
      for (const match of await this.probe(chunk.map((k) => pending.get(k)!))) {
        const key = duplicateKey(match);
        this.existing.set(key, Math.max(this.existing.get(key) ?? 0, match.stored));
      }
      for (const k of chunk) this.probed.add(k);
    }
  }

  /** The status of the next occurrence of this row in file order (call prime first). */
  classify(row: ImportRow): 'new' | 'duplicate' | 'duplicate_in_file' {
    const key = duplicateKey(row);
    const occurrence = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, occurrence);
    const stored = this.existing.get(key) ?? 0;
    if (occurrence <= stored) return 'duplicate';
    return occurrence - stored >= 2 ? 'duplicate_in_file' : 'new';
  }
}

/** A transaction typed in by hand that a bank row may be (same account, type and amount, near date). */
export interface ManualCandidate {
  id: string;
  date: string;
  type: TransactionType;
  amountMinor: number;
  merchant: string | null;
  description: string;
}

/** What a bank-file import looks up in its money account. */
export interface BankProbe {
  /** Which of these bank ids the account already holds. */
  knownBankIds(ids: string[]): Promise<Set<string>>;
  /** Hand-typed rows without a bank id dated from `from` to `to`, each of the amount of a key and within `days` of its date. */
  manualCandidates(query: { from: string; to: string; keys: { amountMinor: number; date: string }[]; days: number }): Promise<ManualCandidate[]>;
}

/** Days either side of a bank row's date that a hand-typed row may be dated. */
export const MATCH_DAYS = 3;

/** Days from one date to another, either way round. */
const distance = (a: string, b: string) => Math.abs(daysBetween(a, b) - 1);

/** The clean merchant of a payee text, lower case ('' when nothing is left). */
const merchantKey = (text: string | null | undefined) => (text ? normalizeMerchant(text).name.toLowerCase().trim() : '');

/** Same merchant once cleaned ("SQ *BLUE BOTTLE 0341" and "Blue Bottle"), or one clean name inside the other. */
export function similarPayee(a: string | null | undefined, b: string | null | undefined): boolean {
  return similarMerchant(merchantKey(a), merchantKey(b));
}

function similarMerchant(x: string, y: string): boolean {
  if (x.length < 2 || y.length < 2) return false;
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= 3 && new RegExp(`(^|[^a-z0-9])${short.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`).test(long);
}

export type Classified = { status: Exclude<ImportRowStatus, 'error'>; linkTo?: string };

/**
 * Statuses of a file's rows in file order. CSV rows: the content check of DuplicateTracker. Bank
 * rows, within the money account they go into: pending ones are left out; a bank id seen earlier in
 * the file or already in the account is skipped; a row without a bank id (QIF) gets the content
 * check; then a hand-typed row with the same type and amount, dated within MATCH_DAYS days and with
 * a similar payee, is linked instead of a second row being added (each hand-typed row at most once).
 */
export class ImportClassifier {
  private readonly known = new Set<string>();
  private readonly seenIds = new Set<string>();
  /** Hand-typed rows by type and amount (a bank row only ever looks at its own). */
  private readonly candidates = new Map<string, ManualCandidate[]>();
  private readonly candidateIds = new Set<string>();
  private readonly used = new Set<string>();
  /** Clean merchant keys of payee texts already cleaned once. */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly tracker: DuplicateTracker,
    private readonly bank: BankProbe | null,
  ) {}

  async prime(rows: ImportRow[]): Promise<void> {
    await this.tracker.prime(rows.filter((r) => r.bankId === null && !r.pending));
    if (!this.bank) return;
    const live = rows.filter((r) => !r.pending);
    const ids = live.flatMap((r) => (r.bankId ? [r.bankId] : []));
    if (ids.length > 0) for (const id of await this.bank.knownBankIds(ids)) this.known.add(id);
    if (live.length === 0) return;
    let from = live[0]!.date;
    let to = from;
    for (const r of live) {
      if (r.date < from) from = r.date;
      if (r.date > to) to = r.date;
    }
    const keys = new Map(live.map((r) => [`${r.amountMinor}|${r.date}`, { amountMinor: r.amountMinor, date: r.date }]));
    for (const c of await this.bank.manualCandidates({ from: addDays(from, -MATCH_DAYS), to: addDays(to, MATCH_DAYS), keys: [...keys.values()], days: MATCH_DAYS })) {
      if (this.candidateIds.has(c.id)) continue;
      this.candidateIds.add(c.id);
      const key = `${c.type}|${c.amountMinor}`;
      const list = this.candidates.get(key) ?? [];
      list.push(c);
      this.candidates.set(key, list);
    }
  }

  private keyOf(text: string): string {
    let key = this.keys.get(text);
    if (key === undefined) {
      key = merchantKey(text);
      this.keys.set(text, key);
    }
    return key;
  }

  classify(row: ImportRow): Classified {
    if (!this.bank) return { status: this.tracker.classify(row) };
    if (row.pending) return { status: 'pending' };
    if (row.bankId) {
      if (this.seenIds.has(row.bankId)) return { status: 'duplicate_in_file' };
      this.seenIds.add(row.bankId);
      if (this.known.has(row.bankId)) return { status: 'duplicate' };
    } else {
      const status = this.tracker.classify(row);
      if (status !== 'new') return { status };
    }
    let best: ManualCandidate | undefined;
    for (const c of this.candidates.get(`${row.type}|${row.amountMinor}`) ?? []) {
      if (this.used.has(c.id)) continue;
      const days = distance(c.date, row.date);
      if (days > MATCH_DAYS || !similarMerchant(this.keyOf(c.merchant || c.description), this.keyOf(row.merchant || row.description))) continue;
      if (!best || days < distance(best.date, row.date)) best = c;
    }
    if (!best) return { status: 'new' };
    this.used.add(best.id);
    return { status: 'matched', linkTo: best.id };
  }
}

/** The bank probe of one user's money account (none named: nothing known, nothing to match). */
export function bankProbe(repo: Pick<TransactionsRepository, 'knownBankIds' | 'manualCandidates'>, userId: string, accountId: string | null): BankProbe {
  return {
    knownBankIds: async (ids) => (accountId ? repo.knownBankIds(userId, accountId, ids) : new Set()),
    manualCandidates: async (query) => (accountId ? repo.manualCandidates(userId, accountId, query) : []),
  };
}
