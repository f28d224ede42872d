/**
 * The benchmarks' generated data, with no imports: `seedTransactions` (benchSeed.ts) inserts it with
 * one SQL statement; the peer bench's worker (bench-peer-actual.ts) loads the same rows through the
 * peer's own API, so this module must stay free of the server's code.
 */
/** Merchants: category, description, amount range in cents, direction, and how often (per mille of rows). */
export const MERCHANTS: [string, string, string, number, number, 'income' | 'expense', number][] = [
  ['Whole Foods Market', 'Groceries', 'Weekly groceries', 2_000, 18_000, 'expense', 70],
  ["Trader Joe's", 'Groceries', 'Groceries', 1_500, 12_000, 'expense', 80],
  ['Safeway', 'Groceries', 'Groceries top-up', 800, 9_000, 'expense', 50],
  ['Greenleaf Farmers Market', 'Groceries', 'Fresh produce', 600, 5_000, 'expense', 20],
  ['Blue Bottle Coffee', 'Dining', 'Coffee', 350, 900, 'expense', 90],
  ['Starbucks', 'Dining', 'Coffee and pastry', 400, 1_400, 'expense', 120],
  ['Pho Saigon', 'Dining', 'Lunch', 1_200, 3_500, 'expense', 30],
  ['Sushi Kai', 'Dining', 'Dinner out', 3_000, 12_000, 'expense', 20],
  ['Taco Loco', 'Dining', 'Takeout', 1_000, 4_000, 'expense', 30],
  ['Uber', 'Transport', 'Ride share', 800, 4_500, 'expense', 15],
  ['Lyft', 'Transport', 'Ride share', 800, 4_000, 'expense', 10],
  ['Shell', 'Transport', 'Fuel', 3_000, 8_000, 'expense', 40],
  ['Metro Transit', 'Transport', 'Transit fare', 250, 9_000, 'expense', 60],
  ['Amazon', 'Shopping', 'Online order', 800, 25_000, 'expense', 100],
  ['Target', 'Shopping', 'Household supplies', 1_000, 15_000, 'expense', 40],
  ['IKEA', 'Shopping', 'Furniture and decor', 2_000, 60_000, 'expense', 5],
  ['Uniqlo', 'Shopping', 'Clothing', 1_500, 12_000, 'expense', 15],
  ['Netflix', 'Subscriptions', 'Netflix Standard', 1_549, 1_550, 'expense', 8],
  ['Spotify', 'Subscriptions', 'Spotify Premium', 1_199, 1_200, 'expense', 8],
  ['Apple', 'Subscriptions', 'iCloud storage', 299, 300, 'expense', 8],
  ['City Power & Light', 'Utilities', 'Electricity bill', 5_000, 16_000, 'expense', 8],
  ['Metro Water', 'Utilities', 'Water and sewer', 3_000, 7_000, 'expense', 4],
  ['FiberNet', 'Utilities', 'Home internet', 5_999, 6_000, 'expense', 8],
  ['Parkside Apartments', 'Housing', 'Rent', 165_000, 165_001, 'expense', 8],
  ['AMC Theatres', 'Entertainment', 'Cinema tickets', 1_200, 4_000, 'expense', 20],
  ['Ticketmaster', 'Entertainment', 'Concert tickets', 4_000, 25_000, 'expense', 8],
  ['CVS Pharmacy', 'Health', 'Pharmacy', 800, 6_000, 'expense', 25],
  ['Peak Fitness', 'Health', 'Gym membership', 3_900, 3_901, 'expense', 8],
  ['SafeRoad Insurance', 'Insurance', 'Car insurance', 11_840, 11_841, 'expense', 8],
  ['Booking.com', 'Travel', 'Hotel', 8_000, 90_000, 'expense', 6],
  ['SkyWays', 'Travel', 'Flights', 12_000, 95_000, 'expense', 4],
  ['Barber & Co', 'Personal Care', 'Haircut', 2_800, 5_500, 'expense', 12],
  ['Coursera', 'Education', 'Online course', 4_900, 19_900, 'expense', 3],
  ['Etsy', 'Gifts & Donations', 'Gift', 2_500, 15_000, 'expense', 15],
  ['First Community Bank', 'Fees & Charges', 'Account fee', 495, 496, 'expense', 8],
  ['Northwind Analytics', 'Salary', 'Monthly salary', 485_000, 502_000, 'income', 8],
  ['Bluebird Studio', 'Freelance', 'Invoice', 30_000, 140_000, 'income', 5],
  ['Index Fund Brokerage', 'Investments', 'Dividend', 4_500, 13_000, 'income', 3],
  ['Amazon Refunds', 'Refunds', 'Refund', 800, 25_000, 'income', 10],
  ['Venmo', 'Other Income', 'Payment received', 1_000, 20_000, 'income', 11],
];

/** 1,000 buckets, each naming a merchant as often as its weight says. */
export const BUCKETS = MERCHANTS.flatMap(([, , , , , , weight], i) => Array.from({ length: weight }, () => i));

/** One generated transaction, as `seedTransactions` inserts it (for loading the same data elsewhere: the peer bench). */
export interface BenchTransaction {
  type: 'income' | 'expense';
  amountMinor: number;
  /** YYYY-MM-DD */
  date: string;
  category: string;
  description: string;
  merchant: string;
  notes: string | null;
  tags: string[];
}

/**
 * The rows `seedTransactions(db, user, total)` inserts, computed in JavaScript with the same
 * formulas (the same merchant, amount, day, description, notes and tags for every g), ending at
 * `today` (UTC, as the database's current_date on this machine).
 */
export function* benchTransactions(total: number, today = new Date()): Generator<BenchTransaction> {
  const days = 6 * 365;
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const first = end - (days - 1) * 86_400_000;
  for (let g = 1; g <= total; g++) {
    // g × 2654435761 stays below 2^53 for any g up to 3 million, so the arithmetic is exact.
    const h = (g * 2654435761) % 4294967296;
    const [name, category, description, lo, hi, type] = MERCHANTS[BUCKETS[h % BUCKETS.length]!]!;
    const offset = Math.floor(((g - 1) * days) / total);
    yield {
      type,
      amountMinor: lo + (h % Math.max(1, hi - lo)),
      date: new Date(first + offset * 86_400_000).toISOString().slice(0, 10),
      category,
      description: `${description} #${g % 9973}`,
      merchant: name,
      notes: g % 53 === 0 ? 'reimbursable, keep the receipt' : null,
      tags: g % 7 === 0 ? ['work'] : g % 11 === 0 ? ['family', 'home'] : [],
    };
  }
}

/** One row of the bench's 10,000-row import (the CSV's columns). */
export interface BenchImportRow {
  date: string;
  description: string;
  /** Spending, in minor units (the CSV writes it negative). */
  amountMinor: number;
  category: string;
}

/** The rows the bench imports: recent dates, descriptions no stored row has (`tag` keeps runs apart). */
export function benchImportRows(rows: number, tag: string, today = Date.now()): BenchImportRow[] {
  const out: BenchImportRow[] = [];
  for (let i = 0; i < rows; i++) {
    out.push({
      date: new Date(today - (i % 700) * 86_400_000).toISOString().slice(0, 10),
      description: `Bench import ${tag} ${i}`,
      amountMinor: (1 + (i % 900)) * 100 + (i % 97),
      category: MERCHANTS[i % MERCHANTS.length]![1],
    });
  }
  return out;
}
