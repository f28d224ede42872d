import type { ImportRowStatus, TransactionType } from '../../../contract/schemas/transactions';
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
  classify(row: ImportRow): Exclude<ImportRowStatus, 'error'> {
    const key = duplicateKey(row);
    const occurrence = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, occurrence);
    const stored = this.existing.get(key) ?? 0;
    if (occurrence <= stored) return 'duplicate';
    return occurrence - stored >= 2 ? 'duplicate_in_file' : 'new';
  }
}
