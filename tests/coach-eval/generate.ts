import { seededRandom as prng } from '../../src/server/seededRandom';
/**
 * The coach evaluation's users: four differently shaped people, each with about a year of
 * transactions generated from a fixed seed (so every run sees the same rows), and their goals.
 * Nothing here reads the app: the rows are plain data, and the expected figures of the questions
 * are computed from them by `expect.ts`.
 */

export interface EvalRow {
  date: string;
  type: 'income' | 'expense';
  category: string;
  /** Positive minor units (cents). */
  amountMinor: number;
  merchant: string | null;
  description: string;
  notes: string | null;
}

export interface EvalGoal {
  name: string;
  targetMinor: number;
  savedMinor: number;
  targetDate: string;
  createdAt: string;
}

export interface EvalUser {
  key: 'maya' | 'leo' | 'sam' | 'ava';
  currency: string;
  /** The day the questions are asked (UTC). */
  today: string;
  /** The first day of generated data. */
  first: string;
  rows: EvalRow[];
  goals: EvalGoal[];
}


const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The months from `first` (YYYY-MM-DD) to `today`, as [year, month 1–12]. */
function months(first: string, today: string): [number, number][] {
  const out: [number, number][] = [];
  let [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  const end = today.slice(0, 7);
  while (`${y}-${pad(m)}` <= end) {
    out.push([y, m]);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

class Builder {
  rows: EvalRow[] = [];
  readonly rand: () => number;
  constructor(
    seed: number,
    readonly first: string,
    readonly today: string,
  ) {
    this.rand = prng(seed);
  }
  /** Minor units between lo and hi (decimals). */
  amount(lo: number, hi: number) {
    return Math.round((lo + (hi - lo) * this.rand()) * 100);
  }
  day(y: number, m: number) {
    return 1 + Math.floor(this.rand() * daysIn(y, m));
  }
  add(date: string, type: EvalRow['type'], category: string, amountMinor: number, merchant: string | null, description: string, notes: string | null = null) {
    if (date < this.first || date > this.today || amountMinor <= 0) return;
    this.rows.push({ date, type, category, amountMinor, merchant, description, notes });
  }
  at(y: number, m: number, d: number) {
    return `${y}-${pad(m)}-${pad(Math.min(d, daysIn(y, m)))}`;
  }
  /** `n` purchases in a month on random days. */
  several(y: number, m: number, n: number, category: string, merchant: string, lo: number, hi: number, description: string) {
    for (let i = 0; i < n; i++) this.add(this.at(y, m, this.day(y, m)), 'expense', category, this.amount(lo, hi), merchant, description);
  }
  count(lo: number, hi: number) {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
}

/** Maya: salaried (USD), rent, a utilities category holding electricity and internet, a Lisbon trip in September, Amazon with refunds, transfers to savings. */
function maya(): EvalUser {
  const first = '2024-11-01';
  const today = '2025-11-20';
  const b = new Builder(11, first, today);
  for (const [y, m] of months(first, today)) {
    const ym = `${y}-${pad(m)}`;
    b.add(b.at(y, m, 1), 'income', 'Salary', 420_000, 'Northwind Ltd', 'Salary');
    b.add(b.at(y, m, 2), 'expense', 'Housing', 145_000, 'Oak Street Lettings', 'Rent');
    b.add(b.at(y, m, 3), 'expense', 'Transfers', 30_000, null, 'Transfer to savings');
    const winter = [11, 12, 1, 2].includes(m);
    b.add(b.at(y, m, 12), 'expense', 'Utilities', b.amount(winter ? 95 : 55, winter ? 135 : 85), 'City Power', 'Electricity bill');
    b.add(b.at(y, m, 15), 'expense', 'Utilities', ym >= '2025-06' ? 6_499 : 5_999, 'FiberNet', 'Internet');
    b.add(b.at(y, m, 5), 'expense', 'Subscriptions', ym >= '2025-07' ? 1_799 : 1_549, 'Netflix', 'Netflix');
    b.add(b.at(y, m, 9), 'expense', 'Subscriptions', 1_099, 'Spotify', 'Spotify Premium');
    for (const d of [4, 11, 18, 25]) b.add(b.at(y, m, d), 'expense', 'Groceries', b.amount(45, 140), 'FreshMart', 'Weekly groceries');
    b.several(y, m, 2, 'Groceries', "Trader Joe's", 25, 70, 'Groceries');
    b.several(y, m, b.count(1, 3), 'Dining', 'Bistro 21', 30, 90, 'Dinner');
    b.several(y, m, b.count(4, 8), 'Dining', 'Starbucks', 4.5, 7.8, 'Coffee');
    b.several(y, m, b.count(2, 4), 'Dining', 'Uber Eats', 18, 45, 'Food delivery');
    b.several(y, m, 2, 'Transport', 'Shell', 35, 65, 'Gas');
    b.several(y, m, b.count(2, 4), 'Transport', 'Uber', 9, 28, 'Uber ride');
    b.several(y, m, b.count(2, 4), 'Shopping', 'Amazon', 12, 180, 'Amazon order');
  }
  // Refunds: money back from Amazon (income, category Refunds).
  b.add('2025-01-14', 'income', 'Refunds', 4_599, 'Amazon', 'Refund: returned headphones');
  b.add('2025-05-08', 'income', 'Refunds', 2_250, 'Amazon', 'Refund');
  b.add('2025-10-21', 'income', 'Refunds', 8_900, 'Amazon', 'Refund: jacket returned');
  // A car repair in March, gifts in December.
  b.add('2025-03-17', 'expense', 'Transport', 89_040, 'Midas', 'Car repair', 'brakes and tyres');
  b.add('2024-12-10', 'expense', 'Gifts & Donations', 12_500, 'Etsy', 'Christmas presents');
  b.add('2024-12-16', 'expense', 'Gifts & Donations', 21_030, 'Macy’s', 'Christmas gifts');
  b.add('2024-12-20', 'expense', 'Gifts & Donations', 5_000, 'Red Cross', 'Donation');
  // The Lisbon trip in September.
  b.add('2025-09-03', 'expense', 'Travel', 64_000, 'TAP Air Portugal', 'Flights to Lisbon', 'Lisbon trip');
  b.add('2025-09-14', 'expense', 'Travel', 78_000, 'Hotel Avenida', 'Lisbon hotel', 'Lisbon trip');
  b.add('2025-09-15', 'expense', 'Dining', 4_650, 'Time Out Market', 'Lunch in Lisbon', 'Lisbon trip');
  b.add('2025-09-16', 'expense', 'Dining', 6_820, 'Cervejaria Ramiro', 'Dinner in Lisbon', 'Lisbon trip');
  // A bonus in June.
  b.add('2025-06-27', 'income', 'Salary', 150_000, 'Northwind Ltd', 'Bonus');
  return {
    key: 'maya',
    currency: 'USD',
    today,
    first,
    rows: b.rows,
    goals: [
      { name: 'Emergency fund', targetMinor: 1_000_000, savedMinor: 625_000, targetDate: '2026-06-30', createdAt: '2025-01-10' },
      { name: 'Japan trip', targetMinor: 400_000, savedMinor: 115_000, targetDate: '2026-09-30', createdAt: '2025-04-02' },
    ],
  };
}

/** Leo: freelancer (EUR) with irregular income and his own category names, a car repair, an Italy trip, price rises on bills and streaming. */
function leo(): EvalUser {
  const first = '2024-09-01';
  const today = '2025-10-08';
  const b = new Builder(22, first, today);
  const clients = ['Studio Nord', 'Hansen & Co', 'Pixelwerk'];
  for (const [y, m] of months(first, today)) {
    const ym = `${y}-${pad(m)}`;
    const invoices = ym === '2025-02' ? 0 : b.count(1, 3);
    for (let i = 0; i < invoices; i++) b.add(b.at(y, m, b.day(y, m)), 'income', 'Freelance', b.amount(800, 3200), clients[b.count(0, 2)]!, 'Client invoice');
    b.add(b.at(y, m, 1), 'expense', 'Rent', 98_000, 'WBM Wohnen', 'Miete / rent');
    b.several(y, m, b.count(3, 5), 'Food', 'Lidl', 18, 75, 'Groceries');
    b.several(y, m, b.count(1, 3), 'Food', 'Aldi', 15, 55, 'Groceries');
    b.several(y, m, b.count(0, 2), 'Food', 'REWE', 20, 60, 'Groceries');
    b.several(y, m, b.count(1, 4), 'Eating out', 'Deliveroo', 16, 38, 'Takeaway');
    b.several(y, m, b.count(1, 3), 'Eating out', 'Café Einstein', 6, 22, 'Coffee and cake');
    b.several(y, m, b.count(0, 2), 'Eating out', 'Burgermeister', 12, 28, 'Burgers');
    b.several(y, m, b.count(1, 2), 'Car', 'Esso', 45, 80, 'Fuel');
    b.several(y, m, b.count(0, 1), 'Car', 'Aral', 40, 75, 'Fuel');
    if ([1, 4, 7, 10].includes(m)) b.add(b.at(y, m, 15), 'expense', 'Car', 18_650, 'HUK-Coburg', 'Car insurance');
    b.add(b.at(y, m, 20), 'expense', 'Bills', b.amount(48, 92), 'Vattenfall', 'Electricity');
    b.add(b.at(y, m, 7), 'expense', 'Bills', ym >= '2025-04' ? 4_995 : 4_495, 'Telekom', 'Phone and internet');
    if ([1, 4, 7, 10].includes(m)) b.add(b.at(y, m, 25), 'expense', 'Bills', 5_508, 'Rundfunkbeitrag', 'TV licence');
    b.add(b.at(y, m, 10), 'expense', 'Fun', 1_099, 'Spotify', 'Spotify');
    b.add(b.at(y, m, 18), 'expense', 'Fun', ym >= '2025-03' ? 1_599 : 1_399, 'Netflix', 'Netflix');
    b.several(y, m, b.count(0, 2), 'Fun', 'Kino International', 9, 14, 'Cinema tickets');
  }
  b.add('2025-05-13', 'expense', 'Car', 124_000, 'ATU', 'Brake repair', 'new brakes and discs');
  b.add('2025-03-04', 'expense', 'Shopping', 18_990, 'Zalando', 'Winter jacket');
  b.add('2025-03-19', 'income', 'Refunds', 18_990, 'Zalando', 'Refund winter jacket');
  b.add('2025-06-11', 'expense', 'Shopping', 7_450, 'Zalando', 'Shoes');
  b.add('2024-12-05', 'expense', 'Shopping', 32_900, 'MediaMarkt', 'Monitor');
  // Italy in July.
  b.add('2025-07-05', 'expense', 'Travel', 18_000, 'Trenitalia', 'Train tickets', 'Italy trip');
  b.add('2025-07-06', 'expense', 'Travel', 62_000, 'Airbnb', 'Apartment in Florence', 'Italy trip');
  b.add('2025-07-08', 'expense', 'Eating out', 5_400, 'Trattoria Mario', 'Dinner in Florence', 'Italy trip');
  b.add('2025-07-10', 'expense', 'Eating out', 3_850, 'Gelateria dei Neri', 'Gelato and lunch', 'Italy trip');
  return {
    key: 'leo',
    currency: 'EUR',
    today,
    first,
    rows: b.rows,
    goals: [
      { name: 'New laptop', targetMinor: 200_000, savedMinor: 80_000, targetDate: '2026-03-31', createdAt: '2025-05-01' },
      { name: 'Tax reserve', targetMinor: 500_000, savedMinor: 310_000, targetDate: '2026-05-31', createdAt: '2024-10-01' },
    ],
  };
}

/** Sam: student (USD), part-time wages and an allowance, tuition twice a year, a summer job, a spring-break trip, small subscriptions with a price rise. */
function sam(): EvalUser {
  const first = '2025-01-01';
  const today = '2025-12-03';
  const b = new Builder(33, first, today);
  for (const [y, m] of months(first, today)) {
    const ym = `${y}-${pad(m)}`;
    const summer = [6, 7, 8].includes(m);
    if (!summer) for (const d of [14, 28]) b.add(b.at(y, m, d), 'income', 'Wages', b.amount(310, 420), 'Campus Bookstore', 'Paycheck');
    else b.add(b.at(y, m, 30), 'income', 'Wages', b.amount(1400, 1700), 'City Pools', 'Lifeguard pay');
    b.add(b.at(y, m, 1), 'income', 'Allowance', 40_000, 'Mom and Dad', 'Allowance from parents');
    b.add(b.at(y, m, 1), 'expense', 'Housing', 62_000, 'Campus Housing', 'Dorm rent');
    b.add(b.at(y, m, 2), 'expense', 'Transport', 4_500, 'Metro Transit', 'Bus pass');
    b.several(y, m, b.count(0, 3), 'Transport', 'Lyft', 8, 24, 'Lyft ride');
    b.several(y, m, b.count(3, 5), 'Groceries', 'Walmart', 15, 60, 'Groceries');
    b.several(y, m, b.count(0, 2), 'Groceries', 'Aldi', 10, 35, 'Groceries');
    b.several(y, m, b.count(5, 10), 'Dining', 'Blue Bottle', 4, 7.5, 'Coffee');
    b.several(y, m, b.count(1, 3), 'Dining', 'Chipotle', 9, 15, 'Lunch');
    b.add(b.at(y, m, 6), 'expense', 'Subscriptions', ym >= '2025-09' ? 699 : 599, 'Spotify', 'Spotify student');
    b.add(b.at(y, m, 8), 'expense', 'Subscriptions', 299, 'iCloud', 'iCloud storage');
    b.add(b.at(y, m, 11), 'expense', 'Utilities', 1_500, 'Mint Mobile', 'Phone plan');
    b.several(y, m, b.count(0, 2), 'Entertainment', 'AMC Theatres', 11, 18, 'Movie tickets');
  }
  b.add('2025-01-09', 'expense', 'Education', 240_000, 'State University', 'Spring tuition');
  b.add('2025-08-20', 'expense', 'Education', 255_000, 'State University', 'Fall tuition');
  b.add('2025-01-20', 'expense', 'Education', 8_940, 'Chegg', 'Textbooks');
  b.add('2025-09-02', 'expense', 'Education', 11_275, 'Chegg', 'Textbooks');
  b.add('2025-09-05', 'expense', 'Education', 3_499, 'Campus Bookstore', 'Lab notebook and calculator');
  // Spring break in Miami.
  b.add('2025-03-08', 'expense', 'Travel', 21_000, 'Spirit Airlines', 'Flight to Miami', 'spring break');
  b.add('2025-03-09', 'expense', 'Travel', 34_000, 'Airbnb', 'Miami apartment', 'spring break');
  b.add('2025-03-11', 'expense', 'Dining', 4_275, 'Joe’s Stone Crab', 'Dinner in Miami', 'spring break');
  // A refund and a birthday gift received.
  b.add('2025-10-03', 'expense', 'Shopping', 6_499, 'Target', 'Desk lamp and bedding');
  b.add('2025-10-12', 'income', 'Refunds', 2_499, 'Target', 'Refund desk lamp');
  b.add('2025-04-22', 'income', 'Gifts', 10_000, 'Grandma', 'Birthday money');
  return {
    key: 'sam',
    currency: 'USD',
    today,
    first,
    rows: b.rows,
    goals: [
      { name: 'Spring break 2026', targetMinor: 90_000, savedMinor: 26_000, targetDate: '2026-03-01', createdAt: '2025-09-15' },
      { name: 'Laptop', targetMinor: 120_000, savedMinor: 120_000, targetDate: '2025-08-31', createdAt: '2025-02-01' },
    ],
  };
}

/** Ava: a family (GBP), two salaries and child benefit, mortgage and childcare, a Disneyland trip, Christmas, energy that swings with the season. */
function ava(): EvalUser {
  const first = '2025-02-01';
  const today = '2026-02-15';
  const b = new Builder(44, first, today);
  for (const [y, m] of months(first, today)) {
    const ym = `${y}-${pad(m)}`;
    b.add(b.at(y, m, 28), 'income', 'Salary', 310_000, 'NHS Trust', 'Salary');
    b.add(b.at(y, m, 25), 'income', 'Salary', 265_000, 'Brightwave Ltd', 'Salary');
    b.add(b.at(y, m, 16), 'income', 'Benefits', 17_600, 'HMRC', 'Child benefit');
    b.add(b.at(y, m, 1), 'expense', 'Housing', 132_000, 'Halifax', 'Mortgage payment');
    b.add(b.at(y, m, 3), 'expense', 'Childcare', 89_000, 'Little Acorns Nursery', 'Nursery fees');
    b.add(b.at(y, m, 4), 'expense', 'Transfers', 25_000, null, 'Transfer to ISA');
    for (const d of [2, 9, 16, 23, 30]) b.add(b.at(y, m, d), 'expense', 'Groceries', b.amount(80, 180), 'Tesco', 'Weekly shop');
    b.several(y, m, b.count(1, 3), 'Groceries', "Sainsbury's", 12, 45, 'Top-up shop');
    b.add(b.at(y, m, 6), 'expense', 'Insurance', 4_820, 'Aviva', 'Car insurance');
    b.add(b.at(y, m, 6), 'expense', 'Insurance', 6_200, 'Vitality', 'Health insurance');
    const cold = [11, 12, 1, 2, 3].includes(m);
    b.add(b.at(y, m, 10), 'expense', 'Utilities', b.amount(cold ? 190 : 120, cold ? 260 : 160), 'Octopus Energy', 'Gas and electricity');
    b.add(b.at(y, m, 12), 'expense', 'Utilities', 3_800, 'Thames Water', 'Water');
    b.add(b.at(y, m, 14), 'expense', 'Utilities', ym >= '2025-04' ? 3_950 : 3_500, 'BT', 'Broadband');
    b.add(b.at(y, m, 5), 'expense', 'Health', 2_999, 'FitLife Gym', 'Gym membership');
    b.add(b.at(y, m, 5), 'expense', 'Health', 2_999, 'FitLife Gym', 'Gym membership (partner)');
    b.several(y, m, b.count(2, 3), 'Transport', 'BP', 40, 75, 'Fuel');
    b.several(y, m, b.count(1, 4), 'Transport', 'Trainline', 12, 60, 'Train tickets');
    b.add(b.at(y, m, 19), 'expense', 'Entertainment', ym >= '2025-11' ? 899 : 799, 'Disney+', 'Disney+');
    b.add(b.at(y, m, 21), 'expense', 'Entertainment', 1_099, 'Netflix', 'Netflix');
    b.several(y, m, b.count(1, 3), 'Dining', 'Nando’s', 25, 60, 'Family dinner');
    b.several(y, m, b.count(2, 5), 'Dining', 'Costa Coffee', 3, 9, 'Coffee');
    b.several(y, m, b.count(0, 2), 'Shopping', 'Amazon', 10, 90, 'Amazon order');
  }
  // Disneyland Paris in July.
  b.add('2025-07-12', 'expense', 'Travel', 48_600, 'Eurostar', 'Eurostar tickets', 'Disneyland trip');
  b.add('2025-07-13', 'expense', 'Travel', 124_000, 'Disneyland Paris', 'Park hotel and tickets', 'Disneyland trip');
  b.add('2025-07-14', 'expense', 'Dining', 9_870, 'Disneyland Paris', 'Meals in the park', 'Disneyland trip');
  // Christmas.
  b.add('2025-12-06', 'expense', 'Gifts & Donations', 32_000, 'John Lewis', 'Christmas presents');
  b.add('2025-12-13', 'expense', 'Gifts & Donations', 14_550, 'Amazon', 'Christmas presents');
  b.add('2025-12-18', 'expense', 'Gifts & Donations', 6_000, 'Oxfam', 'Donation');
  b.add('2026-01-08', 'income', 'Refunds', 8_900, 'John Lewis', 'Refund: returned present');
  // A boiler repair.
  b.add('2025-10-22', 'expense', 'Housing', 68_500, 'British Gas', 'Boiler repair');
  return {
    key: 'ava',
    currency: 'GBP',
    today,
    first,
    rows: b.rows,
    goals: [
      { name: 'House deposit', targetMinor: 3_000_000, savedMinor: 1_840_000, targetDate: '2027-12-31', createdAt: '2025-02-10' },
      { name: 'Summer holiday', targetMinor: 300_000, savedMinor: 95_000, targetDate: '2026-07-01', createdAt: '2025-09-01' },
    ],
  };
}

export function generateUsers(): EvalUser[] {
  return [maya(), leo(), sam(), ava()];
}
