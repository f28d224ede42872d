/**
 * A third development set, written without reading the coach: two people unlike the earlier ones —
 * a student (part-time pay, a scholarship paid in instalments, rent paid in full and half of it sent
 * back by a flatmate through Venmo, a phone plan, streaming) and a retired teacher (pension, social
 * security, a tenant's rent, doctors' bills partly paid back by the insurer, gifts to grandchildren).
 * Their rows are spelled as banks export them and reach the app as a user's would: signup, then a
 * CSV upload and import. Questions go over HTTP to the streaming chat endpoint (follow-ups in one
 * conversation), in people's own words, at least eight per class. Expected figures come only from the
 * rows and their labels here (the oracle below), never from the app.
 *
 * Questions use merchants and kinds (labels), not the bank's categories, which the import maps to the
 * app's own. The app has no clock to set, so, like the held-out set, the rows are laid out backwards from the
 * real day (UTC) and the oracle uses the same day.
 *
 * Run: `npx tsx tests/coach-eval/dev-cli.ts --third [--verbose]`.
 */
import type { SummaryOverview } from '../../src/contract/transactions';
import { seededRandom } from '../../src/server/seededRandom';
import { createTestApp, signUpWithAccess, type VerifiedUser } from '../support/app';
import { ask } from './held-out/client';
import { addDays, dayName, inPeriod, monthFrom, monthName, monthPeriod, weekday, type Period } from './held-out/dates';
import { call, importCsv } from './held-out/load';
import { count, declines, judge, money, namesMonth, says, show, type Check } from './held-out/oracle';
import { CLASSES, type QuestionClass } from './held-out/questions';
import type { FastifyInstance } from 'fastify';

type Label =
  // the student
  | 'pay' | 'scholarship' | 'rent_back' | 'venmo_in' | 'amazon_refund'
  | 'rent' | 'tuition' | 'phone' | 'netflix' | 'spotify' | 'aldi' | 'tj' | 'coffee' | 'chickfila' | 'ubereats' | 'uber_ride' | 'transit' | 'books' | 'laundry' | 'amazon' | 'venmo_out'
  // the retired teacher
  | 'pension' | 'social_security' | 'rent_in' | 'ins_refund'
  | 'medigap' | 'pharmacy' | 'doctor' | 'lab' | 'dentist' | 'publix' | 'fuel' | 'power' | 'water' | 'internet' | 'cell' | 'restaurant' | 'church' | 'golf' | 'repairs' | 'property_tax' | 'gift';

interface Row {
  date: string;
  type: 'income' | 'expense';
  minor: number;
  /** As the bank exports it. */
  bank: string;
  /** The export's own category column (the retired teacher's card has one; the student's account has none). */
  category: string;
  label: Label;
}

interface DevPerson {
  key: 'priya' | 'walt';
  rows: Row[];
  file: (rows: Row[]) => { csv: string; mapping: Parameters<typeof importCsv>[2]['mapping'] };
}

const decimal = (minor: number) => (minor / 100).toFixed(2);
const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function generator(seed: number, start: string, today: string) {
  const r = seededRandom(seed);
  const rows: Row[] = [];
  const between = (a: number, b: number) => Math.round((a + r() * (b - a)) * 100);
  const add = (date: string, label: Label, type: Row['type'], minor: number, bank: string, category = '') => {
    if (date >= start && date <= today) rows.push({ date, type, minor, bank, category, label });
  };
  return { r, rows, between, add };
}

/** The student: a credit union's checking export, newest first, one signed amount, a banner line, no categories. */
function student(today: string): DevPerson {
  const start = addDays(today, -480);
  const { r, rows, between, add } = generator(3401, start, today);
  for (let d = start; d <= today; d = addDays(d, 1)) {
    const dom = Number(d.slice(8));
    const month = Number(d.slice(5, 7));
    const dow = weekday(d);
    if (dow === 5 && Math.round((Date.parse(d) - Date.parse('2024-01-05')) / 86_400_000) % 14 === 0) add(d, 'pay', 'income', between(360, 540), 'BLUE ROCK CAFE LLC PAYROLL PPD ID: 9000411870');
    if ([1, 3, 9, 11].includes(month) && dom === 5) add(d, 'scholarship', 'income', 162_500, 'STATE UNIV FIN AID DISB 00417');
    if ([1, 8].includes(month) && dom === 12) add(d, 'tuition', 'expense', 248_000, 'STATE UNIV BURSAR WEB PMT');
    if (dom === 1) add(d, 'rent', 'expense', 146_000, 'ZELLE PAYMENT TO OAKWOOD PROPERTY MGMT CONF# K7Q2');
    if (dom === 3) add(d, 'rent_back', 'income', 73_000, 'VENMO CASHOUT PPD ID: 7264681992');
    if (dom === 1) add(d, 'transit', 'expense', 3_000, 'VALLEY METRO U-PASS');
    if (dom === 18) add(d, 'phone', 'expense', 2_500, 'VISIBLE *SERVICE 866-331-2222');
    if (dom === 9) add(d, 'netflix', 'expense', 799, 'NETFLIX.COM 866-579-7172 CA');
    if (dom === 21) add(d, 'spotify', 'expense', 599, 'SPOTIFY USA P2B7F1C9A3');
    if ([1, 8].includes(month) && dom === 20) add(d, 'books', 'expense', between(60, 180), 'UNIV BOOKSTORE #2 TEMPE AZ');
    if ([1, 8].includes(month) && dom === 22) add(d, 'books', 'expense', between(15, 45), 'CHEGG ORDER 877-462-4434');
    if (dow === 6 && r() < 0.85) add(d, 'aldi', 'expense', between(28, 74), 'ALDI 72041 TEMPE AZ');
    if (dow === 3 && r() < 0.3) add(d, 'tj', 'expense', between(12, 40), 'TRADER JOE S #552 QPS');
    if (dow >= 1 && dow <= 5 && r() < 0.45) add(d, 'coffee', 'expense', between(3.5, 7.25), 'SQ *CAMPUS GROUNDS CAFE');
    if (r() < 0.09) add(d, 'chickfila', 'expense', between(8, 14), 'CHICK-FIL-A #03318');
    if ((dow === 5 || dow === 6) && r() < 0.35) add(d, 'ubereats', 'expense', between(16, 38), 'UBER   *EATS HELP.UBER.COM');
    if (r() < 0.06) add(d, 'uber_ride', 'expense', between(9, 24), 'UBER   *TRIP HELP.UBER.COM');
    if (dow === 0 && r() < 0.6) add(d, 'laundry', 'expense', between(2.5, 6), 'CSC SERVICEWORKS LAUNDRY');
    if (r() < 0.05) add(d, 'amazon', 'expense', between(9, 60), `AMZN Mktp US*${Math.floor(r() * 36 ** 5).toString(36).toUpperCase()}`);
    if (r() < 0.04) add(d, 'venmo_out', 'expense', between(8, 30), 'VENMO PAYMENT 1031448225');
    if (r() < 0.03) add(d, 'venmo_in', 'income', between(8, 30), 'VENMO CASHOUT PPD ID: 7264681992');
  }
  add(addDays(today, -70), 'amazon_refund', 'income', 2_499, 'AMZN Mktp US RETURN');
  add(addDays(today, -200), 'amazon_refund', 'income', 1_350, 'AMZN Mktp US RETURN');
  rows.sort((a, b) => a.date.localeCompare(b.date));
  return {
    key: 'priya',
    rows,
    file: (list) => {
      const lines = ['Desert Financial CU - Student Checking x4471', 'Posting Date,Description,Amount'];
      for (const x of [...list].reverse()) lines.push([us(x.date), x.bank, x.type === 'expense' ? `-${decimal(x.minor)}` : decimal(x.minor)].map(cell).join(','));
      return { csv: `${lines.join('\n')}\n`, mapping: { delimiter: ',', has_header: true, skip_lines: 1, date_format: 'MM/DD/YYYY', decimal_separator: '.', invert_sign: false, columns: { date: 0, description: 1, amount: 2 } } };
    },
  };
}

/** The retired teacher: a bank export oldest first, ISO dates, withdrawal and deposit columns, the bank's categories on spending. */
function retired(today: string): DevPerson {
  const start = addDays(today, -540);
  const { r, rows, between, add } = generator(7720, start, today);
  for (let d = addDays(start, -40); d <= today; d = addDays(d, 1)) {
    const dom = Number(d.slice(8));
    const month = Number(d.slice(5, 7));
    const dow = weekday(d);
    if (dom === 1) add(d, 'pension', 'income', 234_000, 'STATE TEACHERS RET SYS PENSION');
    if (dom === 3) add(d, 'social_security', 'income', 191_200, 'SSA TREAS 310 XXSOC SEC');
    if (dom === 5) add(d, 'rent_in', 'income', 95_000, 'ZELLE FROM DANIELS TERRENCE');
    if (dom === 10) add(d, 'medigap', 'expense', 18_900, 'HUMANA INC PREM PYMT', 'Health & Wellness');
    if ((dom === 8 || dom === 23) && r() < 0.9) add(d, 'pharmacy', 'expense', between(12, 85), 'CVS/PHARMACY #08213', 'Health & Wellness');
    for (const [label, p, lo, hi, bank] of [
      ['doctor', 0.035, 120, 460, 'BAYCARE MED GRP PATIENT PMT'],
      ['lab', 0.015, 40, 160, 'QUEST DIAGNOSTICS INC'],
    ] as const) {
      if (r() < p) {
        const bill = between(lo, hi);
        add(d, label, 'expense', bill, bank, 'Health & Wellness');
        if (r() < 0.7) add(addDays(d, 14 + Math.floor(r() * 17)), 'ins_refund', 'income', Math.round(bill * (0.6 + r() * 0.2)), 'AETNA HEALTH CLAIM PMT');
      }
    }
    if (r() < 0.01) add(d, 'dentist', 'expense', between(90, 320), 'BRIGHT NOW DENTAL 1123', 'Health & Wellness');
    if ((dow === 2 || dow === 5) && r() < 0.8) add(d, 'publix', 'expense', between(38, 135), 'PUBLIX SUPER MAR 1187', 'Groceries');
    if (dom % 9 === 0) add(d, 'fuel', 'expense', between(28, 55), 'SUNOCO 0371823100', 'Gas');
    if (dom === 14) add(d, 'power', 'expense', between(95, 240), 'FPL DIRECT DEBIT ELEC PYMT', 'Bills & Utilities');
    if (dom === 20) add(d, 'water', 'expense', between(38, 70), 'CITY OF TAMPA UTILITIES', 'Bills & Utilities');
    if (dom === 16) add(d, 'internet', 'expense', 6_499, 'COMCAST CABLE COMM 800-COMCAST', 'Bills & Utilities');
    if (dom === 24) add(d, 'cell', 'expense', 3_200, 'CONSUMER CELLULAR INC', 'Bills & Utilities');
    if (r() < 0.12) add(d, 'restaurant', 'expense', between(18, 62), r() < 0.5 ? 'CRACKER BARREL #512' : 'OLIVE GARDEN 0021', 'Food & Drink');
    if (dow === 0) add(d, 'church', 'expense', 4_000, 'FIRST UMC ONLINE GIVING', 'Gifts & Donations');
    if (dow === 3 && r() < 0.25) add(d, 'golf', 'expense', between(35, 75), 'GOLFNOW*TEE TIME', 'Entertainment');
    if (r() < 0.03) add(d, 'repairs', 'expense', between(25, 380), 'HOME DEPOT #4412', 'Home');
    if (month === 11 && dom === 15) add(d, 'property_tax', 'expense', 186_000, 'HILLSBOROUGH CNTY TAX COLL', 'Home');
    if (month === 4 && dom === 12) add(d, 'gift', 'expense', 10_000, 'ZELLE TO LILY MORGAN', 'Gifts & Donations');
    if (month === 9 && dom === 2) add(d, 'gift', 'expense', 10_000, 'ZELLE TO NOAH MORGAN', 'Gifts & Donations');
    if (month === 7 && dom === 19) add(d, 'gift', 'expense', 7_500, 'ZELLE TO ELLA MORGAN', 'Gifts & Donations');
    if (month === 12 && dom === 18) add(d, 'gift', 'expense', 21_240, 'TARGET 00021457', 'Shopping');
  }
  rows.sort((a, b) => a.date.localeCompare(b.date));
  return {
    key: 'walt',
    rows,
    file: (list) => {
      const lines = ['Date,Description,Category,Withdrawal,Deposit'];
      for (const x of list) lines.push([x.date, x.bank, x.category, x.type === 'expense' ? decimal(x.minor) : '', x.type === 'income' ? decimal(x.minor) : ''].map(cell).join(','));
      return { csv: `${lines.join('\n')}\n`, mapping: { delimiter: ',', has_header: true, skip_lines: 0, date_format: 'YYYY-MM-DD', decimal_separator: '.', invert_sign: false, columns: { date: 0, description: 1, category: 2, debit: 3, credit: 4 } } };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The oracle: figures from the rows and their labels only

function oracle(p: DevPerson, today: string) {
  const month = (offset: number) => {
    const { y, m } = monthFrom(today, offset);
    return { y, m, name: monthName(y, m, today), period: monthPeriod(y, m, today) };
  };
  const pick = (type: Row['type'], labels: Label[] | null, period: Period) => p.rows.filter((x) => x.type === type && (!labels || labels.includes(x.label)) && inPeriod(x.date, period));
  const total = (list: Row[]) => list.reduce((s, x) => s + x.minor, 0);
  const y = Number(today.slice(0, 4));
  return {
    month,
    thisMonth: month(0).period,
    lastMonth: month(-1).period,
    thisYear: { start: `${y}-01-01`, end: today },
    lastYear: { start: `${y - 1}-01-01`, end: `${y - 1}-12-31` },
    since: (day: string): Period => ({ start: day, end: today }),
    /** "The past N days": ending today, or N whole days before today, or N days back through today. */
    pastDays: (n: number): Period[] => [
      { start: addDays(today, -(n - 1)), end: today },
      { start: addDays(today, -n), end: addDays(today, -1) },
      { start: addDays(today, -n), end: today },
    ],
    /** "The past N months": N full months before this one, those plus this month so far, or since this day N months ago. */
    pastMonths: (n: number): Period[] => {
      const back = monthFrom(today, -n);
      return [
        { start: month(-n).period.start, end: month(-1).period.end },
        { start: month(-n).period.start, end: today },
        { start: `${back.y}-${String(back.m).padStart(2, '0')}-${today.slice(8, 10)}`, end: today },
      ];
    },
    spent: (labels: Label[] | null, period: Period) => total(pick('expense', labels, period)),
    earned: (labels: Label[] | null, period: Period) => total(pick('income', labels, period)),
    n: (labels: Label[] | null, period: Period) => pick('expense', labels, period).length,
    largest: (labels: Label[] | null, period: Period, not: Label[] = []) => Math.max(0, ...pick('expense', labels, period).filter((x) => !not.includes(x.label)).map((x) => x.minor)),
    perVisit: (labels: Label[], period: Period) => {
      const list = pick('expense', labels, period);
      return list.length ? Math.round(total(list) / list.length) : 0;
    },
    /** Among this year's months so far, the one with the most spending on `labels`. */
    topMonthThisYear: (labels: Label[] | null) => {
      const months = Array.from({ length: Number(today.slice(5, 7)) }, (_, i) => month(-i));
      return months.map((m) => ({ ...m, minor: total(pick('expense', labels, m.period)) })).sort((a, b) => b.minor - a.minor)[0]!;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The questions

interface Turn {
  ask: string;
  cls: QuestionClass;
  checks: Check[];
}
interface Conversation {
  person: DevPerson['key'];
  turns: Turn[];
}
/** A count next to its noun: the harness's nouns, or the person's own word for the thing counted. */
const counted = (ns: number[], noun: RegExp, what: string): Check => {
  const n = [...new Set(ns)].join('|');
  return says(new RegExp(`(?<![\\d.,])(?:${n})\\s+(?:[\\w’'-]+\\s+){0,3}?(?:${noun.source}|times?|visits?|purchases?|transactions?|payments?|charges?)\\b`, 'i'), `${what}: ${[...new Set(ns)].join(' or ')}`);
};
const t = (ask: string, cls: QuestionClass, ...checks: Check[]): Turn => ({ ask, cls, checks });
const sums = (o: ReturnType<typeof oracle>, labels: Label[] | null, periods: Period[]) => periods.map((p) => o.spent(labels, p));

function conversations(priya: DevPerson, walt: DevPerson, today: string): Conversation[] {
  const s = oracle(priya, today);
  const w = oracle(walt, today);
  const [m1, m2, m3] = [s.month(-1), s.month(-2), s.month(-3)];
  const y = Number(today.slice(0, 4));
  const monthsSoFar = Number(today.slice(5, 7));
  const sinceDay = addDays(today, -45);
  // The calendar quarter before the one under way.
  const intoQuarter = (Number(today.slice(5, 7)) - 1) % 3;
  const lastQuarter: Period = { start: w.month(-3 - intoQuarter).period.start, end: w.month(-1 - intoQuarter).period.end };
  const holidays: Period = { start: `${y - 1}-12-15`, end: `${y}-01-05` };
  const firstHalf: Period = { start: `${y}-01-01`, end: `${y}-06-30` };
  const medical: Label[] = ['pharmacy', 'doctor', 'lab', 'dentist'];
  const foodTop = s.topMonthThisYear(['ubereats']);
  const spendTop = w.topMonthThisYear(null);
  const convo = (person: Conversation['person'], ...turns: Turn[]): Conversation => ({ person, turns });
  const priyaPhone = money(2_500, 'the phone plan');
  const publixLast = money(w.spent(['publix'], w.lastMonth), 'Publix last month');

  return [
    // --- conversations with follow-ups
    convo('priya',
      t('how much did I drop at aldi last month?', 'bank_names', money(s.spent(['aldi'], s.lastMonth), 'Aldi last month')),
      t('and the month before?', 'follow_up', money(s.spent(['aldi'], m2.period), `Aldi in ${m2.name}`)),
      t('how many trips to the store was that?', 'follow_up', count(s.n(['aldi'], m2.period), `Aldi visits in ${m2.name}`))),
    convo('priya',
      t('what have uber eats orders cost me since the start of the year?', 'bank_names', money(s.spent(['ubereats'], s.thisYear), 'Uber Eats this year')),
      t('ok and the actual uber rides?', 'follow_up', money(s.spent(['uber_ride'], s.thisYear), 'Uber rides this year')),
      t('and just last month?', 'follow_up', money(s.spent(['uber_ride'], s.lastMonth), 'Uber rides last month'))),
    convo('priya',
      t('my coffee spending in the past 30 days?', 'periods', money(sums(s, ['coffee'], s.pastDays(30)), 'coffee, past 30 days')),
      t('how many coffees is that?', 'follow_up', counted(s.pastDays(30).map((p) => s.n(['coffee'], p)), /coffees?|drinks?/, 'coffees in the past 30 days'))),
    convo('walt',
      t(`what did I pay the pharmacy in ${m2.name}?`, 'everyday_words', money(w.spent(['pharmacy'], m2.period), `pharmacy in ${m2.name}`)),
      t(`and in ${m3.name}?`, 'follow_up', money(w.spent(['pharmacy'], m3.period), `pharmacy in ${m3.name}`)),
      t('what was the single biggest one of those?', 'follow_up', money(w.largest(['pharmacy'], m3.period), `largest pharmacy payment in ${m3.name}`))),
    convo('walt',
      t('how much rent did my tenant send me this year?', 'income_net', money(w.earned(['rent_in'], w.thisYear), 'tenant rent this year')),
      t('what about last year?', 'follow_up', money(w.earned(['rent_in'], w.lastYear), 'tenant rent last year')),
      t('and what did fixing up the place cost me over that same year?', 'follow_up', money(w.spent(['repairs'], w.lastYear), 'Home Depot last year'))),

    // --- everyday words
    convo('priya', t('how much have I blown on takeout this month?', 'everyday_words', money([s.spent(['ubereats'], s.thisMonth), s.spent(['ubereats', 'chickfila'], s.thisMonth)], 'food delivery (with or without fast food) this month'))),
    convo('priya', t('what did doing laundry cost me last month?', 'everyday_words', money(s.spent(['laundry'], s.lastMonth), 'laundry last month'))),
    convo('priya', t('what did the bus and train cost me last month?', 'everyday_words', money(s.spent(['transit'], s.lastMonth), 'transit pass last month'))),
    convo('priya', t('how much have I spent on textbooks this year?', 'everyday_words', money(s.spent(['books'], s.thisYear), 'textbooks this year'))),
    convo('walt', t('what did the power company take last month?', 'everyday_words', money(w.spent(['power'], w.lastMonth), 'electricity last month'))),
    convo('walt', t('how much have I put in the collection plate this year?', 'everyday_words', money(w.spent(['church'], w.thisYear), 'church giving this year'))),
    convo('walt', t('what did I spend on gas for the car last month?', 'everyday_words', money(w.spent(['fuel'], w.lastMonth), 'fuel last month'))),
    convo('walt', t('how much has golf set me back this year?', 'everyday_words', money(w.spent(['golf'], w.thisYear), 'golf this year'))),
    convo('walt', t(`what did eating out cost me in ${m1.name}?`, 'everyday_words', money(w.spent(['restaurant'], m1.period), `restaurants in ${m1.name}`))),

    // --- merchants as people name them
    convo('priya', t("what's chick-fil-a cost me this month?", 'bank_names', money(s.spent(['chickfila'], s.thisMonth), 'Chick-fil-A this month'))),
    convo('priya', t('how much did I pay Visible last month?', 'bank_names', priyaPhone)),
    convo('priya', t("trader joe's this year, how much?", 'bank_names', money(s.spent(['tj'], s.thisYear), "Trader Joe's this year"))),
    convo('walt', t(`how much went to Publix in ${m1.name}?`, 'bank_names', money(w.spent(['publix'], m1.period), `Publix in ${m1.name}`))),
    convo('walt', t('what have I paid Humana this year?', 'bank_names', money(w.spent(['medigap'], w.thisYear), 'Humana this year'))),
    convo('walt', t('how much did Home Depot get from me this year?', 'bank_names', money(w.spent(['repairs'], w.thisYear), 'Home Depot this year'))),
    convo('walt', t(`what did I spend at cracker barrel and olive garden in ${m2.name}?`, 'bank_names', money(w.spent(['restaurant'], m2.period), `both restaurants in ${m2.name}`))),

    // --- income, and figures net of money paid back
    convo('priya', t('how much did my job at the cafe pay me last month?', 'income_net', money(s.earned(['pay'], s.lastMonth), 'pay last month'))),
    convo('priya', t('what has the scholarship paid out so far this year?', 'income_net', money(s.earned(['scholarship'], s.thisYear), 'scholarship this year'))),
    convo('priya', t('what did rent really cost me last month once my roommate paid me back her half?', 'income_net', money(s.spent(['rent'], s.lastMonth) - s.earned(['rent_back'], s.lastMonth), 'rent less the flatmate’s half'))),
    convo('priya', t('how much money did I take in this year, not counting what my roommate sends for rent?', 'income_net', money([s.earned(null, s.thisYear) - s.earned(['rent_back'], s.thisYear), s.earned(['pay', 'scholarship'], s.thisYear)], 'income this year without the rent share'))),
    convo('walt', t('what did my doctor and lab bills cost me this year after Aetna paid its part?', 'income_net', money(w.spent(['doctor', 'lab'], w.thisYear) - w.earned(['ins_refund'], w.thisYear), 'doctor and lab bills less insurance this year'))),
    convo('walt', t('how much did the rental actually make me this year once you take off the repairs?', 'income_net', money(w.earned(['rent_in'], w.thisYear) - w.spent(['repairs'], w.thisYear), 'tenant rent less repairs this year'))),
    convo('walt', t('how much does my teacher pension pay me each month?', 'income_net', money(234_000, 'the pension'))),
    convo('walt', t('how much did the insurance company reimburse me last year?', 'income_net', money(w.earned(['ins_refund'], w.lastYear), 'Aetna last year'))),

    // --- periods
    convo('priya', t('what did I spend over the last two weeks?', 'periods', money(sums(s, null, s.pastDays(14)), 'all spending, past 14 days'))),
    convo('priya', t(`how much on groceries since ${dayName(sinceDay)}?`, 'periods', money(s.spent(['aldi', 'tj'], s.since(sinceDay)), `groceries since ${dayName(sinceDay)}`))),
    convo('priya', t('what did I spend last weekend?', 'periods', money(lastWeekend(today).map((p) => s.spent(null, p)), 'all spending last weekend'))),
    convo('walt', t('how much went on medical stuff in the first half of this year?', 'periods', money([w.spent(medical, firstHalf), w.spent([...medical, 'medigap'], firstHalf)], 'medical January–June'))),
    convo('walt', t('what did I spend over the past 6 months?', 'periods', money(sums(w, null, w.pastMonths(6)), 'all spending, past 6 months'))),
    convo('walt', t(`how much have restaurants cost me since ${m3.name}?`, 'periods', money(w.spent(['restaurant'], w.since(m3.period.start)), `restaurants since ${m3.name} began`))),
    convo('walt', t('what did groceries run me over the holidays last year, say december 15 to january 5?', 'periods', money(w.spent(['publix'], holidays), 'Publix 15 Dec – 5 Jan'))),
    convo('walt', t('how much did I spend last quarter?', 'periods', money([w.spent(null, lastQuarter), ...sums(w, null, w.pastMonths(3))], 'all spending, last quarter'))),

    // --- measures
    convo('priya', t("what's my average aldi shop this year?", 'measures', money(s.perVisit(['aldi'], s.thisYear), 'Aldi per visit this year', 1))),
    convo('priya', t('which month this year did I spend the most on uber eats?', 'measures', namesMonth(foodTop.m), money(foodTop.minor, `Uber Eats in ${foodTop.name}`))),
    convo('priya', t('what was my biggest purchase last month, leaving out rent?', 'measures', money(s.largest(null, s.lastMonth, ['rent']), 'largest expense last month but rent'))),
    convo('priya', t('how many times did I order uber eats last month?', 'measures', count(s.n(['ubereats'], s.lastMonth), 'Uber Eats orders last month'))),
    convo('priya', t('on average how much does coffee cost me a month this year?', 'measures', money([Math.round(s.spent(['coffee'], s.thisYear) / monthsSoFar), Math.round(s.spent(['coffee'], { start: s.thisYear.start, end: s.lastMonth.end }) / Math.max(1, monthsSoFar - 1))], 'coffee per month this year', 1))),
    convo('walt', t('roughly what do groceries cost me a month, going by the last three months?', 'measures', money([0, 2].map((i) => Math.round(w.spent(['publix'], w.pastMonths(3)[i]!) / 3)), 'Publix per month over the last three months', 1))),
    convo('walt', t("what's the most I've paid for one doctor visit this year?", 'measures', money(w.largest(['doctor'], w.thisYear), 'largest doctor bill this year'))),
    convo('walt', t('how much do I spend per grocery trip, this year?', 'measures', money(w.perVisit(['publix'], w.thisYear), 'Publix per visit this year', 1))),
    convo('walt', t('which month this year was my most expensive?', 'measures', namesMonth(spendTop.m), money(spendTop.minor, `spending in ${spendTop.name}`))),

    // --- several parts at once
    convo('priya', t('what did I spend on rent, my phone and streaming last month?', 'multi_part', money(s.spent(['rent'], s.lastMonth), 'rent'), money(s.spent(['phone'], s.lastMonth), 'phone'), money(s.spent(['netflix', 'spotify'], s.lastMonth), 'Netflix + Spotify'))),
    convo('priya', t('how much did I earn and how much did I spend last month?', 'multi_part', money([s.earned(null, s.lastMonth), s.earned(['pay', 'scholarship'], s.lastMonth)], 'income last month'), money(s.spent(null, s.lastMonth), 'spending last month'))),
    convo('priya', t("groceries at aldi and at trader joe's this month, separately please", 'multi_part', money(s.spent(['aldi'], s.thisMonth), 'Aldi this month'), money(s.spent(['tj'], s.thisMonth), "Trader Joe's this month"))),
    convo('priya', t('how much on coffee and how much on chick-fil-a last month?', 'multi_part', money(s.spent(['coffee'], s.lastMonth), 'coffee last month'), money(s.spent(['chickfila'], s.lastMonth), 'Chick-fil-A last month'))),
    convo('walt', t('break down my utilities last month: electric, water, internet and phone', 'multi_part', ...(['power', 'water', 'internet', 'cell'] as const).map((l) => money(w.spent([l], w.lastMonth), `${l} last month`)))),
    convo('walt', t('how much came in from the pension and social security last month, and what did I spend in total?', 'multi_part', money(w.earned(['pension', 'social_security'], w.lastMonth), 'pension + social security'), money(w.spent(null, w.lastMonth), 'spending last month'))),
    convo('walt', t('what did I spend at the pharmacy and at the dentist this year?', 'multi_part', money(w.spent(['pharmacy'], w.thisYear), 'pharmacy this year'), money(w.spent(['dentist'], w.thisYear), 'dentist this year'))),
    convo('walt', t('how much did I give the grandkids this year, and how much went to church?', 'multi_part', money(w.spent(['gift'], w.thisYear), 'gifts this year'), money(w.spent(['church'], w.thisYear), 'church this year'))),

    // --- what the data cannot answer
    convo('priya', t("what's left on my student loan?", 'honesty', declines())),
    convo('priya', t('how many meal swipes do I have left on my meal plan?', 'honesty', declines())),
    convo('priya', t('will my scholarship get renewed next year?', 'honesty', declines())),
    convo('priya', t("how much does my roommate have in her venmo?", 'honesty', declines())),
    convo('walt', t('how much is in my IRA right now?', 'honesty', declines())),
    convo('walt', t("what's my house worth these days?", 'honesty', declines())),
    convo('walt', t('how much will my social security go up with next year’s raise?', 'honesty', declines())),
    convo('walt', t('how much did my tenant earn at his job last year?', 'honesty', declines())),

    // --- one intent asked four ways: each must give the same figure
    convo('walt', t('groceries last month?', 'consistency', publixLast)),
    convo('walt', t(`what did Publix come to in ${m1.name}?`, 'consistency', publixLast)),
    convo('walt', t('how much food shopping did I do last month', 'consistency', publixLast)),
    convo('walt', t(`total at the supermarket for ${m1.name}, please`, 'consistency', publixLast)),
    convo('priya', t("what's my phone bill?", 'consistency', priyaPhone)),
    convo('priya', t('how much is Visible charging me a month', 'consistency', priyaPhone)),
    convo('priya', t('what do I pay for my cell plan', 'consistency', priyaPhone)),
    convo('priya', t('monthly cost of my mobile?', 'consistency', priyaPhone)),
  ];
}

/** "Last weekend": the Saturday and Sunday before this week; on a weekend also the one under way. */
function lastWeekend(today: string): Period[] {
  const wd = weekday(today);
  const sunday = addDays(today, -(wd === 0 ? 7 : wd));
  const out = [{ start: addDays(sunday, -1), end: sunday }];
  if (wd === 6) out.push({ start: today, end: today });
  if (wd === 0) out.push({ start: addDays(today, -1), end: today });
  return out;
}

// ---------------------------------------------------------------------------------------------
// The run

async function load(app: FastifyInstance, p: DevPerson): Promise<VerifiedUser> {
  const user = await signUpWithAccess(app);
  await call(app, user, 'PUT', '/users/me/profile', 200, { currency: 'USD' });
  await importCsv(app, user, p.file(p.rows), p.key === 'priya' ? 'ExportedTransactions.csv' : 'history.csv');
  const overview = await call<SummaryOverview>(app, user, 'GET', '/transactions/summary/overview', 200);
  const want = (type: Row['type']) => p.rows.filter((x) => x.type === type).reduce((s, x) => s + x.minor, 0);
  if (overview.transaction_count !== p.rows.length || Math.round(overview.total_income * 100) !== want('income') || Math.round(overview.total_expenses * 100) !== want('expense')) {
    throw new Error(`${p.key} was not loaded whole: ${overview.transaction_count}/${p.rows.length} rows`);
  }
  return user;
}

export interface ThirdSetResult {
  byClass: Map<QuestionClass, { right: number; total: number }>;
  overall: { right: number; total: number };
  /** One entry per failing turn (or every turn with `all`). */
  log: string[];
}

const describe = (c: Check) => (c.kind === 'money' ? `${c.what}: ${c.alts.map(show).join(' or ')}${c.tolerance ? ` (±${c.tolerance / 100})` : ''}` : c.kind === 'count' ? `${c.what}: ${c.n}` : c.kind === 'declines' ? 'declines, no figure' : c.what);

export async function runThirdDevSet(options: { all?: boolean } = {}): Promise<ThirdSetResult> {
  const today = new Date().toISOString().slice(0, 10);
  const people = [student(today), retired(today)];
  const set = conversations(people[0]!, people[1]!, today);
  const testApp = await createTestApp({ env: { COACH_STREAM_DELAY_MS: '0' } });
  const byClass = new Map(CLASSES.map((c) => [c, { right: 0, total: 0 }]));
  const overall = { right: 0, total: 0 };
  const log: string[] = [];
  try {
    const { app } = testApp;
    const tokens = new Map<string, string>();
    for (const p of people) tokens.set(p.key, (await load(app, p)).token);
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const c of set) {
      let conversationId: string | null = null;
      for (const [i, turn] of c.turns.entries()) {
        const answer = await ask(baseUrl, tokens.get(c.person)!, turn.ask, conversationId);
        conversationId = answer.conversationId;
        const failures = answer.error ? [`no answer: ${answer.error}`] : judge(answer.text, turn.checks);
        const s = byClass.get(turn.cls)!;
        s.total++;
        overall.total++;
        if (!failures.length) {
          s.right++;
          overall.right++;
        }
        if (failures.length || options.all) {
          const context = i ? ` (after: ${c.turns.slice(0, i).map((x) => x.ask).join(' → ')})` : '';
          log.push(`${failures.length ? '✗' : '✓'} [${turn.cls}] ${c.person}: ${turn.ask}${context}\n   expected: ${turn.checks.map(describe).join('; ')}\n   answered: ${answer.text.replace(/\s*\n+\s*/g, ' ¶ ').slice(0, 600)}${failures.length ? `\n   wrong: ${failures.join('; ')}` : ''}`);
        }
      }
    }
  } finally {
    await testApp.close();
  }
  if (new Date().toISOString().slice(0, 10) !== today) console.warn('The day changed (UTC) during the run: the app and the oracle disagree on "today"; run it again.');
  return { byClass, overall, log };
}

/** Exposed for a unit check of the oracle and the class sizes, without the app. */
export const thirdSet = (today: string) => {
  const people = [student(today), retired(today)] as const;
  return { people, conversations: conversations(people[0], people[1], today) };
};
