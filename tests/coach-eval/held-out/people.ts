import { addDays, dayOf, monthFrom, weekday } from './dates';
import { seededRandom as rng } from '../../../src/server/seededRandom';

/**
 * The held-out set's people: three differently shaped years of money, generated from fixed seeds
 * and the day the run treats as today (the app has no clock to set, so the data is laid out
 * backwards from the real day and the oracle uses the same day). Merchant strings are spelled the
 * way banks export them; each row also carries what it really is (merchant, kind, trip), which
 * only the oracle reads.
 */

export type Kind =
  // income
  | 'salary'
  | 'freelance'
  | 'shop_sales'
  | 'pension'
  | 'tutoring'
  | 'refund'
  | 'reimbursement'
  // housing and bills
  | 'rent'
  | 'council_tax'
  | 'electricity'
  | 'energy'
  | 'water'
  | 'internet'
  | 'phone'
  | 'bins'
  | 'tv_licence'
  | 'insurance'
  // subscriptions
  | 'streaming'
  | 'software'
  | 'cloud'
  | 'membership'
  | 'gym'
  // everyday
  | 'groceries'
  | 'coffee'
  | 'takeaway'
  | 'restaurant'
  | 'fast_food'
  | 'fuel'
  | 'rideshare'
  | 'transit'
  | 'shopping'
  | 'haircut'
  | 'grooming'
  | 'pets'
  | 'vet'
  | 'charity'
  | 'cash'
  // side shop costs
  | 'shop_fees'
  | 'shipping'
  | 'supplies'
  // travel
  | 'flight'
  | 'lodging'
  | 'fx_fee';

export interface Row {
  date: string;
  type: 'income' | 'expense';
  /** Positive, minor units. */
  minor: number;
  /** The text as the bank exports it. */
  bank: string;
  /** The category the person's file or app carries; null when the export has none. */
  category: string | null;
  /** Who it really is (the oracle's label, never sent to the app). */
  merchant: string;
  kind: Kind;
  /** Part of a trip abroad (spent while there, or booked for it). */
  trip?: string;
}

export interface Trip {
  name: string;
  /** First and last day away. */
  start: string;
  end: string;
}

export type Loading =
  /** A US card/checking export: MM/DD/YYYY, one signed amount, a category column. */
  | 'csv-us'
  /** An Irish current-account export: DD/MM/YYYY, debit and credit columns, a balance, no categories. */
  | 'csv-ie'
  /** Typed into the app (POST /transactions) with the bank's text as the merchant. */
  | 'api';

export interface Person {
  key: 'dana' | 'cian' | 'gail';
  /** Who they are, for someone auditing the set. */
  about: string;
  currency: 'USD' | 'EUR' | 'GBP';
  loading: Loading;
  rows: Row[];
  trip: Trip;
  /** Facts the questions mention (a friend's name). */
  facts: Record<string, string>;
}


interface Builder {
  rand: () => number;
  /** A whole number of minor units between two major amounts. */
  amount(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  code(len: number): string;
  add(row: Omit<Row, 'type'> & { type?: Row['type'] }): void;
  /** Each month of the history: y, m and the offset from today's month (0 = this month). */
  months(fn: (y: number, m: number, offset: number) => void): void;
  /** Every `step` days from `first` (with up to `jitter` days of wobble), through today. */
  every(first: string, step: number, fn: (day: string) => void, jitter?: number): void;
  rows: Row[];
  start: string;
  today: string;
  /** Days away: spending only done at home (coffee, groceries, fuel…) is not generated then. */
  away?: Trip;
}

/** What a person only buys at home; bills and subscriptions go on while they are away. */
const AT_HOME: ReadonlySet<Kind> = new Set(['groceries', 'coffee', 'takeaway', 'restaurant', 'fast_food', 'fuel', 'rideshare', 'transit', 'shopping', 'haircut', 'grooming', 'pets', 'cash', 'shipping', 'supplies']);

function builder(seed: number, today: string): Builder {
  const rand = rng(seed);
  const { y: sy, m: sm } = monthFrom(today, -13);
  const start = dayOf(sy, sm, 1);
  const rows: Row[] = [];
  const b: Builder = {
    rand,
    rows,
    start,
    today,
    amount: (lo, hi) => Math.round((lo + rand() * (hi - lo)) * 100),
    pick: (items) => items[Math.floor(rand() * items.length)]!,
    code: (len) => Array.from({ length: len }, () => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(rand() * 34)]).join(''),
    add(row) {
      if (row.date < start || row.date > today || row.minor <= 0) return;
      if (b.away && !row.trip && AT_HOME.has(row.kind) && row.date >= b.away.start && row.date <= b.away.end) return;
      rows.push({ type: 'expense', ...row });
    },
    months(fn) {
      for (let offset = -13; offset <= 0; offset++) {
        const { y, m } = monthFrom(today, offset);
        fn(y, m, offset);
      }
    },
    every(first, step, fn, jitter = 0) {
      for (let day = first; day <= today; day = addDays(day, step)) {
        const wobble = jitter ? Math.floor(rand() * (2 * jitter + 1)) - jitter : 0;
        fn(addDays(day, wobble));
      }
    },
  };
  return b;
}

/** The first day on or after `day` that is the given weekday (0 = Sunday). */
const nextWeekday = (day: string, wd: number) => addDays(day, (wd - weekday(day) + 7) % 7);

/** A foreign card payment adds the bank's fee as a row of its own. */
function abroad(b: Builder, row: Omit<Row, 'type'>, fee: { bank: string; rate: number; category: string | null }) {
  b.add(row);
  b.add({ date: row.date, minor: Math.round(row.minor * fee.rate), bank: fee.bank, category: fee.category, merchant: 'foreign transaction fee', kind: 'fx_fee', trip: row.trip });
}

/** Dana: a nurse in Oakland, paid every other Friday; a car, Amazon with returns, a work trip paid back, a week in Mexico City. */
function dana(today: string): Person {
  const b = builder(11, today);
  const { start } = b;
  const t = monthFrom(today, -4);
  const trip: Trip = { name: 'Mexico City', start: dayOf(t.y, t.m, 8), end: dayOf(t.y, t.m, 14) };
  b.away = trip;
  b.every(nextWeekday(start, 5), 14, (d) => b.add({ date: d, type: 'income', minor: 231846, bank: 'ST MARYS MED CTR DIRECT DEP PPD ID: 9111111101', category: 'Salary', merchant: "St Mary's Medical Center", kind: 'salary' }));
  b.months((y, m, offset) => {
    b.add({ date: dayOf(y, m, 1), minor: 172500, bank: `Zelle payment to Marcus Lee JPM99${b.code(6)}`, category: 'Housing', merchant: 'Marcus Lee (landlord)', kind: 'rent' });
    const winter = m <= 2 || m >= 11;
    b.add({ date: dayOf(y, m, 18), minor: winter ? b.amount(118, 142) : b.amount(68, 96), bank: 'PGANDE WEB ONLINE PAYMENT', category: 'Utilities', merchant: 'PG&E', kind: 'electricity' });
    if (m % 2 === 0) b.add({ date: dayOf(y, m, 22), minor: b.amount(58, 96), bank: 'EAST BAY MUD WATER 866-403-2683', category: 'Utilities', merchant: 'EBMUD', kind: 'water' });
    b.add({ date: dayOf(y, m, 9), minor: 7999, bank: 'COMCAST CALIFORNIA 800-266-2278', category: 'Utilities', merchant: 'Xfinity', kind: 'internet' });
    b.add({ date: dayOf(y, m, 14), minor: 7200, bank: 'VZWRLSS*APOCC VISB', category: 'Utilities', merchant: 'Verizon', kind: 'phone' });
    b.add({ date: dayOf(y, m, 3), minor: 1549, bank: 'NETFLIX.COM', category: 'Subscriptions', merchant: 'Netflix', kind: 'streaming' });
    b.add({ date: dayOf(y, m, 21), minor: 1199, bank: 'Spotify USA', category: 'Subscriptions', merchant: 'Spotify', kind: 'streaming' });
    b.add({ date: dayOf(y, m, 17), minor: 2499, bank: 'PLANET FITNESS CLUB 0449', category: 'Health', merchant: 'Planet Fitness', kind: 'gym' });
    if (offset === -8) b.add({ date: dayOf(y, m, 12), minor: 13900, bank: `AMAZON PRIME*${b.code(6)}`, category: 'Subscriptions', merchant: 'Amazon', kind: 'membership' });
    if (offset === -12 || offset === -6 || offset === 0) b.add({ date: dayOf(y, m, 5), minor: 61240, bank: 'GEICO *AUTO 800-841-3000 DC', category: 'Insurance', merchant: 'GEICO', kind: 'insurance' });
  });
  b.every(addDays(start, 4), 28, (d) => b.add({ date: d, minor: 5800, bank: 'EUROPEAN WAX CENTER OAKLAN', category: 'Personal Care', merchant: 'European Wax Center', kind: 'grooming' }));
  // Groceries: Whole Foods most Sundays, Safeway now and then.
  b.every(nextWeekday(start, 0), 7, (d) => {
    if (b.rand() < 0.85) b.add({ date: d, minor: b.amount(38, 96), bank: 'WHOLEFDS OAK 10234', category: 'Groceries', merchant: 'Whole Foods', kind: 'groceries' });
  });
  b.every(addDays(start, 10), 19, (d) => b.add({ date: d, minor: b.amount(22, 70), bank: 'SAFEWAY #1711 OAKLAND CA', category: 'Groceries', merchant: 'Safeway', kind: 'groceries' }), 3);
  // Coffee on work days, two places.
  b.every(addDays(start, 1), 1, (d) => {
    const wd = weekday(d);
    if (wd === 0 || wd === 6) return;
    const r = b.rand();
    if (r < 0.28) b.add({ date: d, minor: b.amount(4.5, 7.75), bank: 'SQ *SIGHTGLASS COFFEE Oakland CA', category: 'Dining', merchant: 'Sightglass Coffee', kind: 'coffee' });
    else if (r < 0.5) b.add({ date: d, minor: b.amount(3.95, 8.4), bank: 'PEETS 12207 OAKLAND CA', category: 'Dining', merchant: "Peet's Coffee", kind: 'coffee' });
  });
  // Takeaway, restaurants, fast food.
  b.every(addDays(start, 2), 6, (d) => {
    if (b.rand() < 0.55) b.add({ date: d, minor: b.amount(18, 46), bank: 'UBER EATS HELP.UBER.COM CA', category: 'Dining', merchant: 'Uber Eats', kind: 'takeaway' });
    else b.add({ date: d, minor: b.amount(24, 52), bank: 'DOORDASH*THAI BASIL CUISI', category: 'Dining', merchant: 'DoorDash', kind: 'takeaway' });
  }, 2);
  b.every(addDays(start, 8), 15, (d) => b.add({ date: d, minor: b.amount(38, 92), bank: 'TST* NIDO KITCHEN OAKLAND CA', category: 'Dining', merchant: 'Nido Kitchen', kind: 'restaurant' }), 3);
  b.every(addDays(start, 5), 11, (d) => b.add({ date: d, minor: b.amount(11, 16), bank: 'CHIPOTLE 2214 OAKLAND CA', category: 'Dining', merchant: 'Chipotle', kind: 'fast_food' }), 3);
  // The car and rides.
  b.every(addDays(start, 3), 9, (d) => {
    const shell = b.rand() < 0.6;
    b.add({ date: d, minor: b.amount(38, 61), bank: shell ? 'SHELL OIL 57444217305 OAKLAND CA' : 'CHEVRON 0203142 OAKLAND CA', category: 'Transport', merchant: shell ? 'Shell' : 'Chevron', kind: 'fuel' });
  }, 2);
  b.every(addDays(start, 6), 10, (d) => b.add({ date: d, minor: b.amount(9, 31), bank: 'UBER TRIP HELP.UBER.COM CA', category: 'Transport', merchant: 'Uber', kind: 'rideshare' }), 3);
  // Amazon under three spellings; about one order in four goes back.
  let order = 0;
  b.every(addDays(start, 7), 10, (d) => {
    const bank = [`AMZN Mktp US*${b.code(9)}`, `Amazon.com*${b.code(9)}`, `AMAZON MKTPL*${b.code(9)}`][order % 3]!;
    const minor = b.amount(12, 140);
    b.add({ date: d, minor, bank, category: 'Shopping', merchant: 'Amazon', kind: 'shopping' });
    if (order % 4 === 1) b.add({ date: addDays(d, 9), type: 'income', minor, bank, category: 'Shopping', merchant: 'Amazon', kind: 'refund' });
    order++;
  }, 3);
  // A conference in San Diego, paid back by work three weeks later.
  const conf = monthFrom(today, -6);
  const hotel = 48630;
  const flight = 23896;
  b.add({ date: dayOf(conf.y, conf.m, 6), minor: flight, bank: 'SOUTHWEST AIRLINES 5262158012345', category: 'Travel', merchant: 'Southwest', kind: 'flight' });
  b.add({ date: dayOf(conf.y, conf.m, 12), minor: hotel, bank: 'HILTON HOTELS SAN DIEGO CA', category: 'Travel', merchant: 'Hilton', kind: 'lodging' });
  b.add({ date: addDays(dayOf(conf.y, conf.m, 12), 21), type: 'income', minor: hotel + flight, bank: 'EXPENSIFY INC     PAYMENTS   PPD ID: 1270000000', category: null, merchant: 'Expensify (work)', kind: 'reimbursement' });
  // A week in Mexico City: the flight booked five weeks before, everything else while there.
  const fee = { bank: 'FOREIGN TRANSACTION FEE', rate: 0.03, category: 'Fees & Charges' };
  b.add({ date: addDays(trip.start, -35), minor: 41280, bank: 'AEROMEXICO 1392140012345', category: 'Travel', merchant: 'Aeromexico', kind: 'flight', trip: trip.name });
  for (let d = trip.start; d <= trip.end; d = addDays(d, 1)) {
    abroad(b, { date: d, minor: b.amount(22, 58), bank: b.pick(['TST* EL PARNITA CIUDAD DE MEX', 'CONTRAMAR CIUDAD DE MEX', 'TAQUERIA ORINOCO CDMX']), category: 'Dining', merchant: 'restaurant in Mexico City', kind: 'restaurant', trip: trip.name }, fee);
    if (d < trip.end) abroad(b, { date: d, minor: b.amount(6, 15), bank: 'UBER TRIP HELP.UBER.COM MX', category: 'Transport', merchant: 'Uber', kind: 'rideshare', trip: trip.name }, fee);
  }
  abroad(b, { date: addDays(trip.start, 2), minor: b.amount(3, 9), bank: 'OXXO 1234 CIUDAD DE MEX', category: 'Groceries', merchant: 'OXXO', kind: 'groceries', trip: trip.name }, fee);
  abroad(b, { date: trip.end, minor: 74400, bank: 'HOTEL CONDESA DF CIUDAD DE MEX', category: 'Travel', merchant: 'Hotel Condesa DF', kind: 'lodging', trip: trip.name }, fee);
  return {
    key: 'dana',
    about: 'nurse in Oakland (USD): salary every other Friday, rent by Zelle, a car, Amazon under three spellings with returns, a conference paid back by work, a week in Mexico City, a car premium every six months, waxing every four weeks; a US card export with categories',
    currency: 'USD',
    loading: 'csv-us',
    rows: b.rows,
    trip,
    facts: {},
  };
}

/** Cian: a freelance designer in Dublin who sells prints at a weekend market stall; invoices paid when clients pay, a month with none; no car; Copenhagen. */
function cian(today: string): Person {
  const b = builder(22, today);
  const { start } = b;
  const t = monthFrom(today, -7);
  const trip: Trip = { name: 'Copenhagen', start: dayOf(t.y, t.m, 15), end: dayOf(t.y, t.m, 19) };
  b.away = trip;
  const clients = [
    { bank: 'SEPA CR KOBALT STUDIO LTD', name: 'Kobalt Studio' },
    { bank: 'SEPA CR NORTHWIND MEDIA LTD', name: 'Northwind Media' },
    { bank: 'SEPA CR HALE AND BRIDE DESIGN', name: 'Hale and Bride' },
  ];
  let invoice = 30;
  b.months((y, m, offset) => {
    // Clients pay when they pay: most months once or twice, one month not at all.
    const payments = offset === -5 ? 0 : b.rand() < 0.2 ? 0 : b.rand() < 0.5 ? 2 : 1;
    for (let i = 0; i < payments; i++) {
      const c = b.pick(clients);
      b.add({ date: dayOf(y, m, 5 + Math.floor(b.rand() * 20)), type: 'income', minor: b.amount(850, 3400), bank: `${c.bank} INV-${invoice++}`, category: null, merchant: c.name, kind: 'freelance' });
    }
    b.add({ date: dayOf(y, m, 1), minor: 145000, bank: 'SO N OSULLIVAN RENT', category: null, merchant: 'Niamh OSullivan (landlord)', kind: 'rent' });
    if (m % 2 === 1) b.add({ date: dayOf(y, m, 12), minor: b.amount(96, 188), bank: 'D/D ELECTRIC IRELAND', category: null, merchant: 'Electric Ireland', kind: 'electricity' });
    if (m % 3 === 0) b.add({ date: dayOf(y, m, 20), minor: 7200, bank: 'D/D PANDA WASTE', category: null, merchant: 'Panda', kind: 'bins' });
    b.add({ date: dayOf(y, m, 6), minor: 5500, bank: 'D/D EIR BROADBAND', category: null, merchant: 'eir', kind: 'internet' });
    b.add({ date: dayOf(y, m, 10), minor: 1499, bank: 'VDP-GOMO', category: null, merchant: 'GoMo', kind: 'phone' });
    b.add({ date: dayOf(y, m, 23), minor: 1199, bank: `VDP-SPOTIFY P${b.code(7)}`, category: null, merchant: 'Spotify', kind: 'streaming' });
    b.add({ date: dayOf(y, m, 15), minor: 2459, bank: 'VDP-ADOBE *CREATIVE CLD', category: null, merchant: 'Adobe', kind: 'software' });
    b.add({ date: dayOf(y, m, 2), minor: 299, bank: 'VDP-APPLE.COM/BILL', category: null, merchant: 'Apple iCloud', kind: 'cloud' });
    b.add({ date: dayOf(y, m, 26), minor: 4500, bank: 'VDP-DUBLIN FLEA MARKET', category: null, merchant: 'Dublin Flea Market (stall)', kind: 'shop_fees' });
    b.add({ date: dayOf(y, m, 4 + Math.floor(b.rand() * 20)), minor: b.amount(20, 75), bank: 'VDP-CRAFTWORLD.IE', category: null, merchant: 'Craftworld', kind: 'supplies' });
    b.add({ date: dayOf(y, m, 8), minor: 5000, bank: 'ATM BOI DAME ST', category: null, merchant: 'cash', kind: 'cash' });
    if (offset === -9) b.add({ date: dayOf(y, m, 19), minor: 1416, bank: 'VDP-NAMECHEAP.COM', category: null, merchant: 'Namecheap', kind: 'software' });
  });
  // The card reader at his market stall pays out on Mondays after a weekend of sales.
  b.every(nextWeekday(start, 1), 7, (d) => {
    if (b.rand() < 0.8) b.add({ date: d, type: 'income', minor: b.amount(35, 180), bank: 'SEPA CR SUMUP PAYMENTS LTD', category: null, merchant: 'SumUp (market stall)', kind: 'shop_sales' });
  });
  b.every(addDays(start, 3), 9, (d) => b.add({ date: d, minor: b.amount(4.5, 12.8), bank: 'VDP-AN POST ONLINE', category: null, merchant: 'An Post', kind: 'shipping' }), 2);
  b.every(nextWeekday(start, 6), 7, (d) => b.add({ date: d, minor: b.amount(25, 70), bank: 'POS LIDL 1302 RATHMINES', category: null, merchant: 'Lidl', kind: 'groceries' }));
  b.every(addDays(start, 4), 10, (d) => b.add({ date: d, minor: b.amount(8, 45), bank: 'VDC-TESCO STORES 3120', category: null, merchant: 'Tesco', kind: 'groceries' }), 2);
  b.every(addDays(start, 2), 8, (d) => b.add({ date: d, minor: b.amount(4, 18), bank: 'VDC-SPAR RATHGAR RD', category: null, merchant: 'Spar', kind: 'groceries' }), 2);
  b.every(addDays(start, 1), 1, (d) => {
    const r = b.rand();
    if (r < 0.4) b.add({ date: d, minor: b.amount(3.4, 4.8), bank: 'VDC-3FE COFFEE', category: null, merchant: '3fe', kind: 'coffee' });
    else if (r < 0.55) b.add({ date: d, minor: b.amount(3.2, 4.5), bank: 'VDC-BEAR MARKET COFFEE', category: null, merchant: 'Bear Market', kind: 'coffee' });
  });
  b.every(addDays(start, 5), 7, (d) => b.add({ date: d, minor: b.amount(19, 38), bank: 'VDP-DELIVEROO.IE', category: null, merchant: 'Deliveroo', kind: 'takeaway' }), 2);
  b.every(addDays(start, 9), 16, (d) => b.add({ date: d, minor: b.amount(17, 31), bank: 'VDP-JUST EAT.IE', category: null, merchant: 'Just Eat', kind: 'takeaway' }), 3);
  b.every(addDays(start, 11), 14, (d) => b.add({ date: d, minor: b.amount(14, 28), bank: 'VDC-BUNSEN RATHMINES', category: null, merchant: 'Bunsen', kind: 'restaurant' }), 3);
  b.every(nextWeekday(start, 1), 7, (d) => b.add({ date: d, minor: 2000, bank: 'VDP-LEAP CARD TOPUP', category: null, merchant: 'Leap Card', kind: 'transit' }));
  b.every(addDays(start, 6), 15, (d) => b.add({ date: d, minor: b.amount(11, 26), bank: 'VDP-FREENOW*RIDE', category: null, merchant: 'FREENOW', kind: 'rideshare' }), 4);
  // An order of two things, one sent back.
  const z = monthFrom(today, -3);
  b.add({ date: dayOf(z.y, z.m, 4), minor: 13490, bank: 'VDP-ZALANDO SE', category: null, merchant: 'Zalando', kind: 'shopping' });
  b.add({ date: dayOf(z.y, z.m, 16), type: 'income', minor: 6495, bank: 'VDP-ZALANDO SE', category: null, merchant: 'Zalando', kind: 'refund' });
  // Copenhagen: the flight booked three weeks before, the rest while there (in kroner, with the bank's fee).
  const fee = { bank: 'NON-EURO TRANS FEE 2.75%', rate: 0.0275, category: null };
  b.add({ date: addDays(trip.start, -21), minor: 12498, bank: 'VDP-RYANAIR DAC', category: null, merchant: 'Ryanair', kind: 'flight', trip: trip.name });
  for (let d = trip.start; d <= trip.end; d = addDays(d, 1)) {
    abroad(b, { date: d, minor: b.amount(14, 40), bank: b.pick(['VDC-TORVEHALLERNE KBH K', 'VDC-GROD NORREBRO', 'VDC-CAFE NORDEN KOBENHAVN']), category: null, merchant: 'food in Copenhagen', kind: 'restaurant', trip: trip.name }, fee);
    abroad(b, { date: d, minor: b.amount(5, 12), bank: 'VDC-DSB METRO KOBENHAVN', category: null, merchant: 'Copenhagen Metro', kind: 'transit', trip: trip.name }, fee);
  }
  abroad(b, { date: addDays(trip.start, 1), minor: b.amount(4, 12), bank: 'VDC-7-ELEVEN KOBENHAVN V', category: null, merchant: '7-Eleven', kind: 'groceries', trip: trip.name }, fee);
  abroad(b, { date: trip.end, minor: 41260, bank: 'VDP-WAKEUP COPENHAGEN', category: null, merchant: 'Wakeup Copenhagen', kind: 'lodging', trip: trip.name }, fee);
  return {
    key: 'cian',
    about: 'freelance designer in Dublin (EUR): client invoices paid irregularly with a month of none, weekly card-reader payouts from a market stall and its costs (stall fee, postage, supplies), bills every one, two and three months, no car, a Zalando return, five days in Copenhagen; an Irish bank export with debit/credit columns and no categories',
    currency: 'EUR',
    loading: 'csv-ie',
    rows: b.rows,
    trip,
    facts: {},
  };
}

/** Gail: retired in West Yorkshire, a pension every four weeks and private tutoring; owns her home, a car, a dog; Malaga with a friend. */
function gail(today: string): Person {
  const b = builder(33, today);
  const { start } = b;
  const t = monthFrom(today, -2);
  const trip: Trip = { name: 'Malaga', start: dayOf(t.y, t.m, 3), end: dayOf(t.y, t.m, 9) };
  b.away = trip;
  b.every(addDays(start, 3), 28, (d) => b.add({ date: d, type: 'income', minor: 88120, bank: 'DWP SP 4W', category: 'Other Income', merchant: 'State Pension', kind: 'pension' }));
  b.months((y, m, offset) => {
    b.add({ date: dayOf(y, m, 28), type: 'income', minor: 61200, bank: 'AVIVA LIFE & PENSIONS', category: 'Other Income', merchant: 'Aviva pension', kind: 'pension' });
    // Tutoring paid at the end of each month in term time, by two families.
    if (m !== 8) {
      b.add({ date: dayOf(y, m, 27), type: 'income', minor: 3500 * (3 + Math.floor(b.rand() * 3)), bank: 'R PATEL MATHS TUITION FP', category: 'Freelance', merchant: 'Patel family', kind: 'tutoring' });
      if (offset >= -7) b.add({ date: dayOf(y, m, 30), type: 'income', minor: 4000 * (2 + Math.floor(b.rand() * 3)), bank: 'OKAFOR J LESSONS FP', category: 'Freelance', merchant: 'Okafor family', kind: 'tutoring' });
    }
    // Council tax in ten instalments, April to January.
    if (m >= 4 || m === 1) b.add({ date: dayOf(y, m, 1), minor: 16800, bank: 'DD LEEDS CITY COUNCIL CTAX', category: 'Housing', merchant: 'Leeds City Council', kind: 'council_tax' });
    b.add({ date: dayOf(y, m, 15), minor: 12400, bank: 'DD OCTOPUS ENERGY', category: 'Utilities', merchant: 'Octopus Energy (gas and electricity)', kind: 'energy' });
    b.add({ date: dayOf(y, m, 7), minor: 3850, bank: 'DD YORKSHIRE WATER', category: 'Utilities', merchant: 'Yorkshire Water', kind: 'water' });
    b.add({ date: dayOf(y, m, 11), minor: 4299, bank: 'DD BT GROUP PLC', category: 'Utilities', merchant: 'BT', kind: 'internet' });
    b.add({ date: dayOf(y, m, 19), minor: 1000, bank: 'DD GIFFGAFF', category: 'Utilities', merchant: 'giffgaff', kind: 'phone' });
    b.add({ date: dayOf(y, m, 3), minor: 4120, bank: 'DD ADMIRAL INSURANCE', category: 'Insurance', merchant: 'Admiral (car)', kind: 'insurance' });
    b.add({ date: dayOf(y, m, 5), minor: 1000, bank: 'DD OXFAM', category: 'Gifts & Donations', merchant: 'Oxfam', kind: 'charity' });
    b.add({ date: dayOf(y, m, 9 + Math.floor(b.rand() * 6)), minor: 4500, bank: 'HEADMASTERS OTLEY', category: 'Personal Care', merchant: 'Headmasters', kind: 'haircut' });
    b.add({ date: dayOf(y, m, 12 + Math.floor(b.rand() * 10)), minor: b.amount(24, 60), bank: 'PETS AT HOME 0091', category: 'Other', merchant: 'Pets at Home', kind: 'pets' });
    if (offset === -9) b.add({ date: dayOf(y, m, 1), minor: 17450, bank: 'DD TV LICENCE MBP', category: 'Utilities', merchant: 'TV Licensing', kind: 'tv_licence' });
    if (offset === -5) b.add({ date: dayOf(y, m, 20), minor: 28600, bank: 'DD DIRECT LINE INS', category: 'Insurance', merchant: 'Direct Line (home)', kind: 'insurance' });
    if (offset === -10) b.add({ date: dayOf(y, m, 24), minor: 18600, bank: 'VETS4PETS OTLEY', category: 'Other', merchant: 'Vets4Pets', kind: 'vet' });
  });
  b.every(addDays(start, 2), 12, (d) => {
    const tesco = b.rand() < 0.7;
    b.add({ date: d, minor: b.amount(48, 72), bank: tesco ? 'TESCO PFS 4021' : 'ESSO HARROGATE RD', category: 'Transport', merchant: tesco ? 'Tesco petrol' : 'Esso', kind: 'fuel' });
  }, 2);
  b.every(nextWeekday(start, 5), 7, (d) => b.add({ date: d, minor: b.amount(32, 88), bank: 'TESCO STORES 2931', category: 'Groceries', merchant: 'Tesco', kind: 'groceries' }));
  b.every(addDays(start, 6), 14, (d) => b.add({ date: d, minor: b.amount(9, 26), bank: 'M&S SIMPLY FOOD 0712', category: 'Groceries', merchant: 'M&S', kind: 'groceries' }), 3);
  b.every(addDays(start, 1), 4, (d) => b.add({ date: d, minor: b.amount(2.95, 6.2), bank: 'COSTA COFFEE 43012', category: 'Dining', merchant: 'Costa', kind: 'coffee' }), 1);
  b.every(addDays(start, 9), 14, (d) => b.add({ date: d, minor: b.amount(18, 45), bank: 'THE ROYAL OAK OTLEY', category: 'Dining', merchant: 'The Royal Oak', kind: 'restaurant' }), 3);
  b.every(addDays(start, 20), 30, (d) => b.add({ date: d, minor: b.amount(22, 38), bank: 'WAGAMAMA LEEDS', category: 'Dining', merchant: 'Wagamama', kind: 'restaurant' }), 4);
  b.every(addDays(start, 12), 15, (d) => b.add({ date: d, minor: b.amount(16, 29), bank: 'JUST EAT.CO.UK LTD', category: 'Dining', merchant: 'Just Eat', kind: 'takeaway' }), 3);
  b.every(addDays(start, 8), 16, (d) => b.add({ date: d, minor: b.amount(8, 45), bank: `AMAZON.CO.UK*${b.code(6)}`, category: 'Shopping', merchant: 'Amazon', kind: 'shopping' }), 4);
  const jl = monthFrom(today, -3);
  b.add({ date: dayOf(jl.y, jl.m, 10), minor: 24900, bank: 'JOHN LEWIS 0412', category: 'Shopping', merchant: 'John Lewis', kind: 'shopping' });
  b.add({ date: dayOf(jl.y, jl.m, 10), minor: 7900, bank: 'JOHN LEWIS 0412', category: 'Shopping', merchant: 'John Lewis', kind: 'shopping' });
  b.add({ date: dayOf(jl.y, jl.m, 24), type: 'income', minor: 7900, bank: 'JOHN LEWIS 0412', category: 'Refunds', merchant: 'John Lewis', kind: 'refund' });
  // Malaga with her friend Sue: flight and villa booked weeks before, Sue pays half the villa back after.
  const fee = { bank: 'NON-STERLING TRANSACTION FEE', rate: 0.0299, category: 'Fees & Charges' };
  const villa = 64000;
  b.add({ date: addDays(trip.start, -42), minor: 18646, bank: `EASYJET000${b.code(6)}`, category: 'Travel', merchant: 'easyJet', kind: 'flight', trip: trip.name });
  b.add({ date: addDays(trip.start, -35), minor: villa, bank: `AIRBNB * HM${b.code(6)}`, category: 'Travel', merchant: 'Airbnb', kind: 'lodging', trip: trip.name });
  for (let d = trip.start; d <= trip.end; d = addDays(d, 1)) {
    abroad(b, { date: d, minor: b.amount(16, 48), bank: b.pick(['RESTAURANTE EL PIMPI MALAGA', 'LA TRANCA MALAGA', 'CHIRINGUITO EL CABRA MALAGA']), category: 'Dining', merchant: 'restaurant in Malaga', kind: 'restaurant', trip: trip.name }, fee);
    abroad(b, { date: d, minor: b.amount(2.5, 6), bank: 'CAFE CENTRAL MALAGA', category: 'Dining', merchant: 'Café Central', kind: 'coffee', trip: trip.name }, fee);
  }
  abroad(b, { date: addDays(trip.start, 1), minor: b.amount(24, 55), bank: 'MERCADONA 2344 MALAGA', category: 'Groceries', merchant: 'Mercadona', kind: 'groceries', trip: trip.name }, fee);
  abroad(b, { date: addDays(trip.start, 4), minor: b.amount(9, 22), bank: 'CABIFY*TRIP MALAGA', category: 'Transport', merchant: 'Cabify', kind: 'rideshare', trip: trip.name }, fee);
  b.add({ date: addDays(trip.end, 3), type: 'income', minor: villa / 2, bank: 'S HALL HALF VILLA FP', category: 'Other Income', merchant: 'Sue Hall', kind: 'reimbursement', trip: trip.name });
  return {
    key: 'gail',
    about: 'retired in West Yorkshire (GBP): a state pension every four weeks, a private pension, tutoring by two families in term time, council tax in ten instalments, energy (gas and electricity) versus petrol, a dog, a John Lewis return, Malaga with a friend who paid half the villa back; typed into the app with the bank text as merchant',
    currency: 'GBP',
    loading: 'api',
    rows: b.rows,
    trip,
    facts: { friend: 'Sue' },
  };
}

/** The three people, their rows in date order. */
export function generatePeople(today: string): Person[] {
  return [dana(today), cian(today), gail(today)].map((p) => ({ ...p, rows: [...p.rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) }));
}
