import type { ImportRowStatus, TransactionType } from '../../../contract/schemas/transactions';
import { duplicateKey, type ImportRow } from './mapping';

type Triple = { date: string; type: TransactionType; amountMinor: number };
type Candidate = Triple & { description: string };
/** Existing rows sharing date, type and amount with any of the triples. */
export type DuplicateProbe = (triples: Triple[]) => Promise<Candidate[]>;

const PROBE_CHUNK = 2_000;
const tripleKey = (t: Triple) => `${t.date}|${t.type}|${t.amountMinor}`;

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

  /** Looks up the stored matches of these rows (each date/type/amount only once per tracker). */
  async prime(rows: ImportRow[]): Promise<void> {
    const pending = new Map<string, Triple>();
    for (const r of rows) {
      const key = tripleKey(r);
      if (!this.probed.has(key)) pending.set(key, { date: r.date, type: r.type, amountMinor: r.amountMinor });
    }
    const triples = [...pending.values()];
    for (let i = 0; i < triples.length; i += PROBE_CHUNK) {
      const chunk = triples.slice(i, i + PROBE_CHUNK);
      for (const candidate of await this.probe(chunk)) {
        const key = duplicateKey(candidate);
        this.existing.set(key, (this.existing.get(key) ?? 0) + 1);
      }
      for (const t of chunk) this.probed.add(tripleKey(t));
    }
  }

  /** The status of the next occurrence of this row in file order (call prime first). */
  classify(row: ImportRow): Exclude<ImportRowStatus, 'error'> {
    const key = duplicateKey(row);
    const occurrence = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, occurrence);
    const stored = this.existing.get(key) ?? 0;
    if (occurrence <= stored) return 'duplicate';
    return occurrence - stored >= 2 ? 'duplicate_in_file' : 'new';
  }
}
