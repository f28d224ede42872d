/**
 * One year (2025) of bank-exported strings for the 40 merchants of `merchants.ts`, as three people's accounts
 * show them, from a fixed seed: every run sees the same strings in the same order.
 */
import { Draw, EU_ACCOUNTS, prng, UK_ACCOUNTS, US_ACCOUNTS, type Account, type Channel, type Txn } from './bank';
import type { Kind } from './component';
import { MERCHANTS, type PersonId, type Schedule, type Use, type Variant } from './merchants';

export const SEED = 20250101;
export const YEAR = 2025;

export interface EvalCase {
  raw: string;
  merchant: string;
  person: PersonId;
  date: string;
  /** Accepted clean names. */
  names: string[];
  /** Accepted kinds (`null` only for local merchants). */
  kinds: (Kind | null)[];
  /** The kind the per-kind score counts this string under. */
  kind: Kind;
}

const ACCOUNTS: Record<PersonId, Account[]> = { us: US_ACCOUNTS, uk: UK_ACCOUNTS, eu: EU_ACCOUNTS };

function weighted<T extends { weight?: number }>(x: Draw, items: T[]): T {
  const total = items.reduce((s, i) => s + (i.weight ?? 1), 0);
  let at = x.r() * total;
  for (const item of items) {
    at -= item.weight ?? 1;
    if (at < 0) return item;
  }
  return items[items.length - 1]!;
}

function dates(x: Draw, schedule: Schedule): { date: Date; recurring: boolean }[] {
  if ('monthlyOn' in schedule) {
    // Card-billed subscriptions post a day or two after the billing day.
    return Array.from({ length: 12 }, (_, m) => ({ date: new Date(Date.UTC(YEAR, m, schedule.monthlyOn + x.int(0, 2))), recurring: true }));
  }
  return Array.from({ length: schedule.times }, () => ({ date: new Date(Date.UTC(YEAR, 0, 1 + x.int(0, 364))), recurring: false }));
}

const channelOf = (v: Variant): Channel => (v.card ? 'card' : v.debit ? 'debit' : 'p2p');

function render(x: Draw, use: Use, v: Variant, txn: Txn): string {
  const channel = channelOf(v);
  const account = weighted(x, ACCOUNTS[use.person].filter((a) => a[channel]));
  if (v.card && account.card) return account.card(v.card(x), txn, x);
  if (v.debit && account.debit) return account.debit(v.debit(x), txn, x);
  if (v.p2p && account.p2p) return account.p2p(v.p2p(x), txn, x);
  throw new Error(`no ${use.person} account takes ${channel} payments`);
}

export function generateYear(seed = SEED): EvalCase[] {
  const x = new Draw(prng(seed));
  const cases: EvalCase[] = [];
  for (const merchant of MERCHANTS) {
    const kind = merchant.kinds[0]!;
    for (const use of merchant.uses) {
      for (const { date, recurring } of dates(x, use.schedule)) {
        const variant = weighted(x, use.variants);
        const amount = Math.round((use.amount[0] + x.r() * (use.amount[1] - use.amount[0])) * 100) / 100;
        const raw = render(x, use, variant, { date, amount, recurring });
        const kinds = variant.kinds ?? merchant.kinds;
        cases.push({ raw, merchant: merchant.id, person: use.person, date: date.toISOString().slice(0, 10), names: merchant.names, kinds, kind: kinds[0] ?? kind });
      }
    }
  }
  return cases.sort((a, b) => a.date.localeCompare(b.date) || a.person.localeCompare(b.person));
}
