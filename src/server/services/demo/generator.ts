import { dayOf } from '../../../contract/calendar';
import type { NewTransaction } from '../../repositories/transactions';
import { seededRandom } from '../../seededRandom';


const DAY_MS = 86_400_000;

interface Draft {
  type: 'income' | 'expense';
  amount: number;
  category: string;
  description: string;
  merchant: string;
  notes?: string;
  tags?: string[];
}

/**
 * A believable year of one person's money, ending on `endDate` (YYYY-MM-DD): salary with a raise,
 * rent, utilities that follow the seasons, subscriptions, groceries, dining, transport, a summer
 * trip, December gifts, freelance work, dividends and the odd refund. Deterministic per seed.
 */
export function generateDemoYear(seed: number, endDate: string): NewTransaction[] {
  const rand = seededRandom(seed);
  const between = (min: number, max: number) => Math.round((min + rand() * (max - min)) * 100) / 100;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const chance = (p: number) => rand() < p;

  const end = new Date(`${endDate}T00:00:00Z`);
  const start = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate()) + DAY_MS);
  // Summer trip: a week in July or August; a spring weekend away. Both inside the year that ends on endDate.
  const withinYear = (month: number, day: number, days: number) => {
    const thisYear = Date.UTC(end.getUTCFullYear(), month, day);
    return new Date(thisYear + days * DAY_MS - DAY_MS <= end.getTime() ? thisYear : Date.UTC(end.getUTCFullYear() - 1, month, day));
  };
  const tripStart = withinYear(chance(0.5) ? 6 : 7, 5 + Math.floor(rand() * 18), 7);
  const tripEnd = new Date(tripStart.getTime() + 7 * DAY_MS);
  const weekendAway = withinYear(3 + Math.floor(rand() * 2), 8 + Math.floor(rand() * 14), 1);
  // A raise half-way through the year.
  const raiseFrom = start.getTime() + (150 + Math.floor(rand() * 60)) * DAY_MS;
  const birthday = { month: Math.floor(rand() * 12), day: 1 + Math.floor(rand() * 27) };
  const destination = pick(['Lisbon', 'Barcelona', 'Kyoto', 'Vancouver', 'Croatia', 'Sicily']);

  const out: NewTransaction[] = [];
  const pendingRefunds: { date: number; draft: Draft }[] = [];
  const add = (date: Date, d: Draft) => {
    out.push({
      type: d.type,
      amountMinor: Math.round(d.amount * 100),
      date: dayOf(date),
      category: d.category,
      description: d.description,
      merchant: d.merchant,
      notes: d.notes ?? null,
      tags: d.tags ?? [],
      currency: null,
    });
  };

  for (let t = start.getTime(); t <= end.getTime(); t += DAY_MS) {
    const date = new Date(t);
    const day = date.getUTCDate();
    const month = date.getUTCMonth();
    const weekday = date.getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const december = month === 11;
    const onTrip = t >= tripStart.getTime() && t < tripEnd.getTime();
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), month + 1, 0)).getUTCDate();
    const winter = month <= 1 || month === 11;
    const summer = month >= 5 && month <= 7;

    // Income
    if (day === Math.min(25, lastDay)) {
      const raised = t >= raiseFrom;
      add(date, { type: 'income', amount: raised ? 5020 : 4850, category: 'Salary', description: 'Monthly salary', merchant: 'Northwind Analytics', tags: ['recurring'] });
    }
    if (december && day === 15) add(date, { type: 'income', amount: between(1500, 2500), category: 'Salary', description: 'Year-end bonus', merchant: 'Northwind Analytics' });
    if (chance(1 / 40)) {
      add(date, { type: 'income', amount: between(300, 1400), category: 'Freelance', description: `Invoice ${pick(['website refresh', 'data dashboard', 'logo design', 'consulting day'])}`, merchant: pick(['Bluebird Studio', 'Oak & Pine Co', 'Harbor Labs']), tags: ['work'] });
    }
    if (day === 20 && month % 3 === 2) add(date, { type: 'income', amount: between(45, 130), category: 'Investments', description: 'Quarterly dividend', merchant: 'Index Fund Brokerage' });
    if (month === birthday.month && day === birthday.day) add(date, { type: 'income', amount: between(50, 200), category: 'Gifts Received', description: 'Birthday gift', merchant: 'Family' });

    // Housing, bills and subscriptions
    if (day === 1) add(date, { type: 'expense', amount: 1650, category: 'Housing', description: 'Rent', merchant: 'Parkside Apartments', tags: ['recurring'] });
    if (day === 8) {
      const base = winter ? between(95, 140) : summer ? between(80, 120) : between(55, 80);
      add(date, { type: 'expense', amount: base, category: 'Utilities', description: 'Electricity bill', merchant: 'City Power & Light', tags: ['recurring'] });
    }
    if (day === 10 && month % 2 === 0) add(date, { type: 'expense', amount: between(38, 62), category: 'Utilities', description: 'Water and sewer', merchant: 'Metro Water', tags: ['recurring'] });
    if (day === 14) add(date, { type: 'expense', amount: 59.99, category: 'Utilities', description: 'Home internet', merchant: 'FiberNet', tags: ['recurring'] });
    if (day === 18) add(date, { type: 'expense', amount: 35, category: 'Utilities', description: 'Mobile phone plan', merchant: 'Mint Mobile', tags: ['recurring'] });
    if (day === 3) add(date, { type: 'expense', amount: 11.99, category: 'Subscriptions', description: 'Spotify Premium', merchant: 'Spotify', tags: ['recurring'] });
    if (day === 12) add(date, { type: 'expense', amount: 15.49, category: 'Subscriptions', description: 'Netflix Standard', merchant: 'Netflix', tags: ['recurring'] });
    if (day === 21) add(date, { type: 'expense', amount: 2.99, category: 'Subscriptions', description: 'iCloud storage', merchant: 'Apple', tags: ['recurring'] });
    if (day === 27) add(date, { type: 'expense', amount: 9.99, category: 'Subscriptions', description: 'News subscription', merchant: 'The Daily Ledger', tags: ['recurring'] });
    if (day === 5) add(date, { type: 'expense', amount: 39, category: 'Health', description: 'Gym membership', merchant: 'Peak Fitness', tags: ['recurring'] });
    if (day === 15) add(date, { type: 'expense', amount: 118.4, category: 'Insurance', description: 'Car insurance', merchant: 'SafeRoad Insurance', tags: ['recurring'] });
    if (day === 2) add(date, { type: 'expense', amount: 4.95, category: 'Fees & Charges', description: 'Account maintenance fee', merchant: 'First Community Bank' });
    if (day === 1 && month === 0) add(date, { type: 'expense', amount: 129, category: 'Subscriptions', description: 'Annual cloud backup plan', merchant: 'Backblaze' });

    if (onTrip) {
      if (t === tripStart.getTime()) {
        add(date, { type: 'expense', amount: between(480, 950), category: 'Travel', description: `Flights to ${destination}`, merchant: pick(['SkyWays', 'Atlantic Air']), tags: ['vacation'] });
        add(date, { type: 'expense', amount: between(780, 1350), category: 'Travel', description: `Hotel in ${destination}, 7 nights`, merchant: 'Booking.com', tags: ['vacation'] });
      }
      add(date, { type: 'expense', amount: between(25, 95), category: 'Dining', description: `Dinner in ${destination}`, merchant: pick(['Trattoria Sole', 'Casa Lumi', 'Harbor Bistro', 'Izakaya Tori']), tags: ['vacation'] });
      if (chance(0.6)) add(date, { type: 'expense', amount: between(12, 60), category: 'Entertainment', description: pick(['Museum tickets', 'Boat tour', 'Walking tour', 'Beach club']), merchant: destination, tags: ['vacation'] });
      continue;
    }
    if (t === weekendAway.getTime()) {
      add(date, { type: 'expense', amount: between(180, 320), category: 'Travel', description: 'Weekend cabin stay', merchant: 'Airbnb', tags: ['weekend-trip'] });
    }

    // Everyday spending
    if (weekday === 6 || (weekday === 3 && chance(0.6))) {
      const merchant = pick(['Whole Foods Market', "Trader Joe's", 'Safeway', 'Greenleaf Farmers Market']);
      add(date, { type: 'expense', amount: between(december ? 70 : 45, december ? 210 : 165), category: 'Groceries', description: 'Groceries', merchant });
    }
    if (!weekend && chance(0.55)) add(date, { type: 'expense', amount: between(3.8, 6.9), category: 'Dining', description: 'Coffee', merchant: pick(['Blue Bottle Coffee', 'Starbucks', 'Corner Café']) });
    if (chance(weekend ? 0.45 : 0.12) || (december && chance(0.15))) {
      add(date, { type: 'expense', amount: between(18, december ? 120 : 85), category: 'Dining', description: pick(['Dinner out', 'Lunch with friends', 'Takeout', 'Brunch']), merchant: pick(['Luigi’s Pizzeria', 'Pho Saigon', 'The Green Fork', 'Taco Loco', 'Sushi Kai']) });
    }
    if (!weekend && chance(0.08)) add(date, { type: 'expense', amount: between(9, 28), category: 'Transport', description: 'Ride share', merchant: pick(['Uber', 'Lyft']) });
    if (chance(0.1)) add(date, { type: 'expense', amount: between(38, 72), category: 'Transport', description: 'Fuel', merchant: pick(['Shell', 'Chevron']) });
    if (day === 1) add(date, { type: 'expense', amount: 86, category: 'Transport', description: 'Monthly transit pass', merchant: 'Metro Transit', tags: ['recurring'] });
    if (chance(december ? 0.35 : month === 10 && day >= 24 ? 0.5 : 0.12)) {
      const amount = between(12, december ? 180 : 140);
      const draft: Draft = { type: 'expense', amount, category: 'Shopping', description: pick(['Household supplies', 'Books', 'Clothing', 'Electronics accessory', 'Kitchenware']), merchant: pick(['Amazon', 'Target', 'IKEA', 'Uniqlo']) };
      add(date, draft);
      if (chance(0.06)) pendingRefunds.push({ date: t + (5 + Math.floor(rand() * 10)) * DAY_MS, draft });
    }
    if (december && day >= 5 && day <= 23 && chance(0.3)) {
      add(date, { type: 'expense', amount: between(25, 150), category: 'Gifts & Donations', description: pick(['Holiday gift', 'Gift for parents', 'Secret Santa gift', 'Toy for niece']), merchant: pick(['Etsy', 'Amazon', 'Local Bookshop']), tags: ['holidays'] });
    }
    if (december && day === 28) add(date, { type: 'expense', amount: 150, category: 'Gifts & Donations', description: 'Year-end donation', merchant: 'Food Bank', tags: ['charity'] });
    if (weekend && chance(0.12)) add(date, { type: 'expense', amount: between(12, 90), category: 'Entertainment', description: pick(['Cinema tickets', 'Concert tickets', 'Bowling night', 'Board game café']), merchant: pick(['AMC Theatres', 'Ticketmaster', 'Strike Lanes']) });
    if (chance(0.03)) add(date, { type: 'expense', amount: between(8, 45), category: 'Health', description: 'Pharmacy', merchant: pick(['CVS Pharmacy', 'Walgreens']) });
    if ((month === 2 || month === 8) && day === 16) add(date, { type: 'expense', amount: between(90, 180), category: 'Health', description: 'Dental check-up', merchant: 'Bright Smile Dental' });
    if (chance(1 / 38)) add(date, { type: 'expense', amount: between(28, 55), category: 'Personal Care', description: 'Haircut', merchant: 'Barber & Co' });
    if ((month === 1 || month === 9) && day === 9) add(date, { type: 'expense', amount: between(49, 199), category: 'Education', description: 'Online course', merchant: pick(['Coursera', 'Udemy']), notes: 'Professional development' });

    while (pendingRefunds.length > 0 && pendingRefunds[0]!.date <= t) {
      const { draft } = pendingRefunds.shift()!;
      add(date, { type: 'income', amount: draft.amount, category: 'Refunds', description: `Refund: ${draft.description.toLowerCase()}`, merchant: draft.merchant, notes: 'Item returned' });
    }
  }
  return out;
}
