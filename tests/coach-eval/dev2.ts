/**
 * A second development person (not the held-out one), shaped unlike the first: irregular freelance
 * income paid out by processors, an employer's reimbursements after a work trip, shop refunds, a
 * holiday abroad with fees, and questions in other people's words (follow-ups, the same question put
 * differently, several parts, questions the data cannot answer). Expected figures come from the rows
 * and their labels here. Run: `npx tsx tests/coach-eval/dev-cli.ts --second [--verbose]`.
 */
import { prng, runDevCases, type DevCase, type DevOutcome, type DevRow } from './devRunner';

export const TODAY = '2026-10-14'; // a Wednesday
type Label = 'freelance' | 'upwork' | 'reimb' | 'work_flight' | 'work_hotel' | 'target' | 'target_refund' | 'kroger' | 'costco' | 'doordash' | 'chipotle' | 'dunkin' | 'lyft' | 'fuel' | 'power' | 'phone' | 'internet' | 'rent' | 'spotify' | 'gym' | 'trip_flight' | 'trip_hotel' | 'trip_food' | 'trip_fee' | 'applebees' | 'stripe_refund';
export type Row = DevRow<Label>;

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function generate(): Row[] {
  const r = prng(31);
  const rows: Row[] = [];
  const between = (a: number, b: number) => Math.round((a + r() * (b - a)) * 100);
  const add = (date: string, label: Label, type: Row['type'], category: string, amountMinor: number, raw: string, asDescriptionOnly = false) =>
    rows.push({ date, type, category, amountMinor, merchant: asDescriptionOnly ? null : raw, description: raw, label });
  for (let d = '2025-11-01'; d <= TODAY; d = addDays(d, 1)) {
    const dom = Number(d.slice(8));
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (dom === 2) add(d, 'rent', 'expense', 'Housing', 162_500, 'AVALON APTS RENT PMT');
    if ((dom === 7 || dom === 22) && r() < 0.8) add(d, 'freelance', 'income', 'Freelance', between(600, 2400), 'STRIPE TRANSFER', true);
    if (dom === 14 && r() < 0.5) add(d, 'upwork', 'income', 'Freelance', between(300, 900), 'UPWORK ESCROW INC', true);
    if (dom === 11) add(d, 'power', 'expense', 'Utilities', between(70, 160), 'DUKE ENERGY PAYMENT');
    if (dom === 16) add(d, 'phone', 'expense', 'Phone', 7_000, 'VERIZON WRLS P2');
    if (dom === 19) add(d, 'internet', 'expense', 'Utilities', 5_999, 'SPECTRUM 855-707');
    if (dom === 8) add(d, 'spotify', 'expense', 'Entertainment', 1_099, 'PAYPAL *SPOTIFY');
    if (dom === 4) add(d, 'gym', 'expense', 'Health', 2_499, 'PLANET FITNESS');
    if (dow === 0) add(d, 'kroger', 'expense', 'Food', between(60, 140), 'KROGER #0421');
    if (dom === 10) add(d, 'costco', 'expense', 'Food', between(120, 260), 'COSTCO WHSE #0112');
    if (r() < 0.15) add(d, 'doordash', 'expense', 'Food', between(18, 48), r() < 0.5 ? 'DD *DOORDASH CHIPOTLE' : 'DD *DOORDASH THAIBASIL');
    if (dow >= 1 && dow <= 5 && r() < 0.12) add(d, 'chipotle', 'expense', 'Food', between(9, 16), 'CHIPOTLE 1234');
    if (r() < 0.3) add(d, 'dunkin', 'expense', 'Food', between(3, 7), 'DUNKIN #3321');
    if (dow === 5 && r() < 0.3) add(d, 'applebees', 'expense', 'Food', between(35, 80), 'APPLEBEES 8812');
    if (r() < 0.1) add(d, 'lyft', 'expense', 'Auto & Transport', between(11, 29), 'LYFT   *RIDE SUN 4PM');
    if (dom % 8 === 0) add(d, 'fuel', 'expense', 'Auto & Transport', between(35, 58), 'CHEVRON 0093455');
    if (r() < 0.08) add(d, 'target', 'expense', 'Shopping', between(15, 120), 'TARGET 00012345');
  }
  // Refunds the freelancer gave clients, paid out through the same processor.
  add('2026-05-19', 'stripe_refund', 'expense', 'Business', 25_000, 'STRIPE TRANSFER', true);
  add('2026-09-03', 'stripe_refund', 'expense', 'Business', 12_000, 'STRIPE TRANSFER', true);
  add('2026-02-12', 'target_refund', 'income', 'Refunds', 4_250, 'TARGET REFUND', true);
  add('2026-06-03', 'target_refund', 'income', 'Refunds', 1_899, 'TARGET REFUND', true);
  add('2026-09-21', 'target_refund', 'income', 'Refunds', 2_600, 'TARGET REFUND', true);
  // A work trip in March, paid back by the employer in April.
  add('2026-03-09', 'work_flight', 'expense', 'Travel', 38_420, 'UNITED AIRLINES 0162998');
  add('2026-03-10', 'work_hotel', 'expense', 'Travel', 52_650, 'HILTON GARDEN INN DENVER');
  add('2026-04-06', 'reimb', 'income', 'Reimbursements', 91_070, 'EXPENSIFY REIMBURSEMENT', true);
  // A holiday in Cancun in August.
  add('2026-08-10', 'trip_flight', 'expense', 'Travel', 61_230, 'AEROMEXICO 1392');
  add('2026-08-11', 'trip_hotel', 'expense', 'Travel', 134_500, 'HOTEL XCARET CANCUN');
  add('2026-08-12', 'trip_food', 'expense', 'Food', 2_315, 'OXXO CANCUN 22');
  add('2026-08-12', 'trip_fee', 'expense', 'Fees', 1_839, 'FOREIGN TRANSACTION FEE');
  return rows;
}

const money = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const sum = (rows: Row[]) => rows.reduce((s, x) => s + x.amountMinor, 0);
const inRange = (a: string, b: string) => (x: Row) => x.date >= a && x.date <= b;
const is = (...labels: Label[]) => (x: Row) => labels.includes(x.label);
const SEP = inRange('2026-09-01', '2026-09-30');
const AUG = inRange('2026-08-01', '2026-08-31');
const YEAR = inRange('2026-01-01', TODAY);
const expense = (x: Row) => x.type === 'expense';
const income = (x: Row) => x.type === 'income';

type Case = DevCase<Row>;

const cases: Case[] = [
  // follow-ups
  { turns: ['what did doordash cost me in september?', 'and august?', 'how many orders was that?', 'what about lyft?'], expect: (rs) => [[money(sum(rs.filter(is('doordash')).filter(SEP)))], [money(sum(rs.filter(is('doordash')).filter(AUG)))], [`${rs.filter(is('doordash')).filter(AUG).length}`], [`${rs.filter(is('lyft')).filter(AUG).length}`]] },
  { turns: ['groceries in september?', 'and the month before that?', 'which shop did most of it come from?'], expect: (rs) => [[money(sum(rs.filter(is('kroger', 'costco')).filter(SEP)))], [money(sum(rs.filter(is('kroger', 'costco')).filter(AUG)))], ['Kroger']] },
  // the same question put differently: one figure
  { turns: ['september grocery total?'], expect: (rs) => [[money(sum(rs.filter(is('kroger', 'costco')).filter(SEP)))]] },
  { turns: ['how much were my groceries for sept'], expect: (rs) => [[money(sum(rs.filter(is('kroger', 'costco')).filter(SEP)))]] },
  { turns: ['what did food shopping come to in september 2026'], expect: (rs) => [[money(sum(rs.filter(is('kroger', 'costco')).filter(SEP)))]] },
  { turns: ['kroger plus costco, september'], expect: (rs) => [[money(sum(rs.filter(is('kroger', 'costco')).filter(SEP)))]] },
  { turns: ['how much is my phone bill?'], expect: () => [['70.00']] },
  { turns: ['what do I pay verizon every month'], expect: () => [['70.00']] },
  // income, net of refunds and reimbursements
  { turns: ['how much did freelancing bring in this year'], expect: (rs) => [[money(sum(rs.filter(is('freelance', 'upwork')).filter(YEAR)))]] },
  { turns: ['what did stripe bring in this year once refunds to clients are taken off?'], expect: (rs) => [[money(sum(rs.filter(is('freelance')).filter(YEAR)) - sum(rs.filter(is('stripe_refund')).filter(YEAR)))]] },
  { turns: ['how much came in during september net of refunds'], expect: (rs) => [[money(sum(rs.filter(income).filter((x) => x.label !== 'target_refund').filter(SEP)))]] },
  { turns: ['what did stripe pay me in september?'], expect: (rs) => [[money(sum(rs.filter(is('freelance')).filter(SEP)))]] },
  { turns: ['what did I really earn in april, leaving out the reimbursement'], expect: (rs) => [[money(sum(rs.filter(income).filter((x) => x.label !== 'reimb').filter(inRange('2026-04-01', '2026-04-30'))))]] },
  { turns: ['how much have I spent at target this year net of returns'], expect: (rs) => [[money(sum(rs.filter(is('target')).filter(YEAR)) - sum(rs.filter(is('target_refund')).filter(YEAR)))]] },
  { turns: ['total spent on travel this year once the reimbursement is taken off'], expect: (rs) => [[money(sum(rs.filter(is('work_flight', 'work_hotel', 'trip_flight', 'trip_hotel')).filter(YEAR)) - 91_070)]] },
  // several parts
  { turns: ['how much on fuel and on groceries last month, and how many doordash orders?'], expect: (rs) => [[money(sum(rs.filter(is('fuel')).filter(SEP))), money(sum(rs.filter(is('kroger', 'costco')).filter(SEP))), `${rs.filter(is('doordash')).filter(SEP).length}`]] },
  { turns: ['what came in and what went out in september?'], expect: (rs) => [[money(sum(rs.filter(income).filter(SEP))), money(sum(rs.filter(expense).filter(SEP)))]] },
  { turns: ['break down my utilities for september: power, internet and phone'], expect: (rs) => [[money(sum(rs.filter(is('power')).filter(SEP))), money(sum(rs.filter(is('internet')).filter(SEP))), '70.00']] },
  // honesty
  { turns: ["what's the credit limit on my visa?"], expect: () => ['decline'] },
  { turns: ['how much will my electric bill be next month?'], expect: () => ['decline'] },
  { turns: ['what APR am I paying on my card'], expect: () => ['decline'] },
  { turns: ["how much is in my wife's checking account?"], expect: () => ['decline'] },
  { turns: ['how much did I spend on my horse last year?'], expect: () => ['decline'] },
  // everyday words
  { turns: ['how much have my coffee runs cost this month'], expect: (rs) => [[money(sum(rs.filter(is('dunkin')).filter(inRange('2026-10-01', TODAY))))]] },
  { turns: ['what did I spend on fast food in september'], expect: (rs) => [[money(sum(rs.filter(is('chipotle')).filter(SEP)))]] },
  { turns: ['what does the gym cost me a month?'], expect: () => [['24.99']] },
  { turns: ['how much did I put in the tank last month'], expect: (rs) => [[money(sum(rs.filter(is('fuel')).filter(SEP)))]] },
  { turns: ['what has music streaming cost me this year?'], expect: (rs) => [[money(sum(rs.filter(is('spotify')).filter(YEAR)))]] },
  // periods
  { turns: ['what did I spend in the last 3 weeks'], expect: (rs) => [[money(sum(rs.filter(expense).filter(inRange(addDays(TODAY, -20), TODAY))))]] },
  { turns: ['lyft since the 1st of june'], expect: (rs) => [[money(sum(rs.filter(is('lyft')).filter(inRange('2026-06-01', TODAY))))]] },
  // measures
  { turns: ['how much do I spend per grocery run?'], expect: (rs) => { const g = rs.filter(is('kroger', 'costco')); return [[money(Math.round(sum(g) / g.length))]]; } },
  { turns: ['average doordash order in september?'], expect: (rs) => { const g = rs.filter(is('doordash')).filter(SEP); return [[money(Math.round(sum(g) / g.length))]]; } },
  // a trip
  { turns: ['how much did the cancun trip cost me?', "what was the priciest part of it?"], expect: (rs) => [[money(sum(rs.filter(is('trip_flight', 'trip_hotel', 'trip_food', 'trip_fee'))))], ['1,345.00']] },
  { turns: ['what did our vacation in august come to, all in?'], expect: (rs) => [[money(sum(rs.filter(is('trip_flight', 'trip_hotel', 'trip_food', 'trip_fee'))))]] },
];

/** Loads the person into a fresh test app and asks every case, follow-ups in one conversation with each answer's saved frame. */
export function runSecondDevSet(): Promise<DevOutcome[]> {
  return runDevCases(generate(), cases, TODAY);
}
