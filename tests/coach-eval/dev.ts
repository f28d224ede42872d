/**
 * A development set for the coach (not the held-out one): one person whose merchants are spelled
 * the way a US card export spells them, with pay and shop payouts that have no merchant column,
 * refunds, bills every one and two months, and questions in people's own words (several of them
 * follow-ups in one conversation). Each expected figure comes from the generated rows and their
 * labels here, never from the app. Run: `npx tsx tests/coach-eval/dev-cli.ts [--verbose]`; `tests/server/coach-people.test.ts`
 * runs it in the server suite.
 */
import { prng, runDevCases, type DevCase, type DevOutcome, type DevRow } from './devRunner';

const TODAY = '2026-11-20'; // a Friday
type Label = 'coffee' | 'groceries_tj' | 'groceries_wf' | 'amazon' | 'amazon_refund' | 'ride' | 'eats' | 'fuel' | 'power' | 'phone' | 'internet' | 'water' | 'netflix' | 'rent' | 'pay' | 'etsy' | 'restaurant' | 'haircut' | 'flight' | 'hotel';
type Row = DevRow<Label>;

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function generate(): Row[] {
  const r = prng(7);
  const rows: Row[] = [];
  const between = (a: number, b: number) => Math.round((a + r() * (b - a)) * 100);
  const add = (date: string, label: Label, type: Row['type'], category: string, amountMinor: number, raw: string, asDescriptionOnly = false) =>
    rows.push({ date, type, category, amountMinor, merchant: asDescriptionOnly ? null : raw, description: raw, label });
  const first = '2025-10-01';
  for (let d = first; d <= TODAY; d = addDays(d, 1)) {
    const dom = Number(d.slice(8));
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (dom === 1) add(d, 'rent', 'expense', 'Bills & Utilities', 185_000, 'ZELLE PAYMENT TO OAKWOOD PROPERTY MGMT');
    if (dom === 15 || dom === 28) add(d, 'pay', 'income', 'Income', 215_000 + (dom === 28 ? 3_000 : 0), 'ACME CORP PAYROLL PPD ID 99881', true);
    if (dom === 9) add(d, 'power', 'expense', 'Bills & Utilities', between(85, 140), 'PG&E WEB ONLINE');
    if (dom === 12) add(d, 'phone', 'expense', 'Bills & Utilities', 6_500, 'T-MOBILE*AUTOPAY');
    if (dom === 18) add(d, 'internet', 'expense', 'Bills & Utilities', 7_999, 'COMCAST XFINITY 800-XFINITY');
    if (dom === 20 && Number(d.slice(5, 7)) % 2 === 0) add(d, 'water', 'expense', 'Bills & Utilities', between(40, 70), 'CITY OF SPRINGFIELD WATER UTIL');
    if (dom === 3) add(d, 'netflix', 'expense', 'Entertainment', 1_549, 'NETFLIX.COM');
    if (dow >= 1 && dow <= 5 && r() < 0.35) add(d, 'coffee', 'expense', 'Food & Drink', between(4.5, 7), 'SQ *BLUE BOTTLE COFFEE');
    if (r() < 0.18) add(d, 'coffee', 'expense', 'Food & Drink', between(5, 8), `STARBUCKS STORE ${String(8000 + Math.floor(r() * 900))}`);
    if (dow === 6) add(d, 'groceries_tj', 'expense', 'Groceries', between(55, 110), "TRADER JOE'S #552");
    if (dow === 3 && r() < 0.5) add(d, 'groceries_wf', 'expense', 'Groceries', between(30, 80), 'WHOLEFDS MKT 10233');
    if (r() < 0.12) add(d, 'amazon', 'expense', 'Shopping', between(12, 90), ['AMZN Mktp US*2K4L81', 'AMAZON.COM*RT5Y2', 'Amazon.com*MK1AB'][Math.floor(r() * 3)]!);
    if (r() < 0.02) add(d, 'amazon_refund', 'income', 'Shopping', between(10, 40), 'AMZN Mktp US REFUND');
    if ((dow === 5 || dow === 6) && r() < 0.5) add(d, 'ride', 'expense', 'Travel', between(14, 32), 'UBER   *TRIP');
    if (r() < 0.1) add(d, 'eats', 'expense', 'Food & Drink', between(22, 45), 'UBER   *EATS');
    if (dom % 9 === 0) add(d, 'fuel', 'expense', 'Gas', between(42, 64), `SHELL OIL ${String(57000 + Math.floor(r() * 900))}`);
    if (dow === 6 && r() < 0.4) add(d, 'restaurant', 'expense', 'Food & Drink', between(40, 120), 'TST* NOPA RESTAURANT');
    if (dom === 21 && Number(d.slice(5, 7)) % 2 === 1) add(d, 'haircut', 'expense', 'Personal', 4_500, 'SQ *FADE CITY BARBERS');
    if (dom === 5 && r() < 0.7) add(d, 'etsy', 'income', 'Income', between(60, 420), 'ETSY INC PAYOUT', true);
  }
  add('2026-07-12', 'flight', 'expense', 'Travel', 48_940, 'UNITED AIRLINES 0162345');
  add('2026-07-14', 'hotel', 'expense', 'Travel', 91_200, 'MARRIOTT LISBON');
  return rows;
}

const money = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const sum = (rows: Row[]) => rows.reduce((s, x) => s + x.amountMinor, 0);
const inRange = (a: string, b: string) => (x: Row) => x.date >= a && x.date <= b;
const is = (...labels: Label[]) => (x: Row) => labels.includes(x.label);

type Case = DevCase<Row>;

const cases: Case[] = [
  { turns: ['how much did I spend on coffee last month?', 'and the month before?', 'what about rides?'], expect: (rs) => [[money(sum(rs.filter(is('coffee')).filter(inRange('2026-10-01', '2026-10-31'))))], [money(sum(rs.filter(is('coffee')).filter(inRange('2026-09-01', '2026-09-30'))))], [money(sum(rs.filter(is('ride')).filter(inRange('2026-09-01', '2026-09-30'))))]] },
  { turns: ['how much went on takeaway in october', 'and in september?', 'how many orders was that?'], expect: (rs) => { const s = rs.filter(is('eats')).filter(inRange('2026-09-01', '2026-09-30')); return [[money(sum(rs.filter(is('eats')).filter(inRange('2026-10-01', '2026-10-31'))))], [money(sum(s))], [`${s.length}`]]; } },
  { turns: ['how many times did I fill up the car in the past 60 days'], expect: (rs) => [[`${rs.filter(is('fuel')).filter(inRange(addDays(TODAY, -59), TODAY)).length}`]] },
  { turns: ["what's my average trader joe's shop?"], expect: (rs) => { const t = rs.filter(is('groceries_tj')); return [[money(Math.round(sum(t) / t.length))]]; } },
  { turns: ['how much did I spend on amazon this year after refunds?'], expect: (rs) => [[money(sum(rs.filter(is('amazon')).filter(inRange('2026-01-01', TODAY))) - sum(rs.filter(is('amazon_refund')).filter(inRange('2026-01-01', TODAY))))]] },
  { turns: ['how much did my etsy shop bring in this year'], expect: (rs) => [[money(sum(rs.filter(is('etsy')).filter(inRange('2026-01-01', TODAY))))]] },
  { turns: ["what's my credit score?"], expect: () => ['decline'] },
  { turns: ['is my 401k doing ok?'], expect: () => ['decline'] },
  { turns: ['which month did I spend the most on groceries?'], expect: () => [[]] },
  { turns: ['biggest thing I bought this year, not counting rent'], expect: () => [['912.00']] },
  { turns: ['break down my bills last month: electricity, water, internet and phone'], expect: (rs) => [[is('power'), is('internet'), is('phone')].map((f) => money(sum(rs.filter(f).filter(inRange('2026-10-01', '2026-10-31')))))] },
  { turns: ['what did I spend last weekend?'], expect: (rs) => [[money(sum(rs.filter((x) => x.type === 'expense').filter(inRange('2026-11-14', '2026-11-15'))))]] },
  { turns: ['coffee spending since my birthday on March 3'], expect: (rs) => [[money(sum(rs.filter(is('coffee')).filter(inRange('2026-03-03', TODAY))))]] },
  { turns: ['how much do I spend on gas a week on average'], expect: () => [[]] },
  { turns: ['rent and the power bill last month, and what was left of my pay?'], expect: (rs) => { const oct = inRange('2026-10-01', '2026-10-31'); return [[money(sum(rs.filter(is('rent')).filter(oct))), money(sum(rs.filter(is('power')).filter(oct))), money(sum(rs.filter(is('pay')).filter(oct)) - sum(rs.filter((x) => x.type === 'expense').filter(oct)))]]; } },
  { turns: ['how much did we spend eating out over the summer'], expect: (rs) => [[money(sum(rs.filter(is('coffee', 'eats', 'restaurant')).filter(inRange('2026-06-01', '2026-08-31'))))]] },
  { turns: ['what was my phone bill in august?'], expect: () => [['65.00']] },
  { turns: ['how much did I get paid last month'], expect: (rs) => [[money(sum(rs.filter(is('pay')).filter(inRange('2026-10-01', '2026-10-31'))))]] },
  { turns: ['how much did I spend on lattes last month'], expect: (rs) => [[money(sum(rs.filter(is('coffee')).filter(inRange('2026-10-01', '2026-10-31'))))]] },
  { turns: ['what was the most expensive part of the trip in july?'], expect: () => [['912.00']] },
  { turns: ['spending on weekends last month'], expect: (rs) => [[money(sum(rs.filter((x) => x.type === 'expense' && [0, 6].includes(new Date(`${x.date}T00:00:00Z`).getUTCDay())).filter(inRange('2026-10-01', '2026-10-31'))))]] },
  { turns: ['what are my biggest spending categories this year?'], expect: () => [[]] },
  { turns: ['compare last month with this month'], expect: (rs) => [[money(sum(rs.filter((x) => x.type === 'expense').filter(inRange('2026-10-01', '2026-10-31'))))]] },
  { turns: ['how much did I spend on groceries in the last 90 days', 'why?'], expect: () => [[], []] },
  { turns: ['whats the interest rate on my credit card'], expect: () => ['decline'] },
  { turns: ['how much do I spend on streaming?'], expect: () => [['15.49']] },
  { turns: ['what did I pay t-mobile this year?'], expect: (rs) => [[money(sum(rs.filter(is('phone')).filter(inRange('2026-01-01', TODAY))))]] },
  { turns: ['how much have I spent at starbucks since payday?'], expect: (rs) => [[money(sum(rs.filter((x) => x.label === 'coffee' && x.description.startsWith('STARBUCKS')).filter(inRange('2026-11-15', TODAY))))]] },
  { turns: ['uber rides vs uber eats last month'], expect: (rs) => { const oct = inRange('2026-10-01', '2026-10-31'); return [[money(sum(rs.filter(is('ride')).filter(oct))), money(sum(rs.filter(is('eats')).filter(oct)))]]; } },
  { turns: ['how much did I earn in Q3?'], expect: (rs) => [[money(sum(rs.filter((x) => x.type === 'income' && x.label !== 'amazon_refund').filter(inRange('2026-07-01', '2026-09-30'))))]] },
  { turns: ['what was my income last month?'], expect: (rs) => [[money(sum(rs.filter((x) => x.type === 'income' && x.label !== 'amazon_refund').filter(inRange('2026-10-01', '2026-10-31'))))]] },
  { turns: ['how much did I make this year?'], expect: (rs) => [[money(sum(rs.filter((x) => x.type === 'income' && x.label !== 'amazon_refund').filter(inRange('2026-01-01', TODAY))))]] },
  { turns: ['how much did I get back in refunds this year?'], expect: (rs) => [[money(sum(rs.filter(is('amazon_refund')).filter(inRange('2026-01-01', TODAY))))]] },
  { turns: ['how much did I earn and spend last month?'], expect: (rs) => { const oct = inRange('2026-10-01', '2026-10-31'); return [[money(sum(rs.filter((x) => x.type === 'income' && x.label !== 'amazon_refund').filter(oct))), money(sum(rs.filter((x) => x.type === 'expense').filter(oct)))]]; } },
  { turns: ['how much did I spend at amazon in october and how many orders was that?'], expect: (rs) => { const o = rs.filter(is('amazon')).filter(inRange('2026-10-01', '2026-10-31')); return [[money(sum(o)), `${o.length}`]]; } },
  { turns: ['how much do I owe on my student loan?'], expect: () => ['decline'] },
  { turns: ['what did I buy at amazon last month?'], expect: () => [[]] },
  { turns: ['how often do I pay the water bill?'], expect: () => [['every 2 months']] },
  { turns: ['what share of my spending went on rent last month?'], expect: () => [['59.7%']] },
  { turns: ['what did I spend on amazon in august?', 'how many orders was that?', 'which was the biggest?', 'and in july?'], expect: (rs) => { const aug = rs.filter(is('amazon')).filter(inRange('2026-08-01', '2026-08-31')); const jul = rs.filter(is('amazon')).filter(inRange('2026-07-01', '2026-07-31')); return [[money(sum(aug))], [`${aug.length}`], [money(Math.max(...aug.map((x) => x.amountMinor)))], [money(Math.max(...jul.map((x) => x.amountMinor)))]]; } },
  { turns: ['how much did I spend on groceries this year', 'which month was the most?'], expect: (rs) => [[money(sum(rs.filter(is('groceries_tj', 'groceries_wf')).filter(inRange('2026-01-01', TODAY))))], ['April 2026']] },
  { turns: ["what's the most I've spent on a single uber ride?"], expect: (rs) => [[money(Math.max(...rs.filter(is('ride')).map((x) => x.amountMinor)))]] },
  { turns: ['how much money came in last month, not counting my paycheck?'], expect: (rs) => [[money(sum(rs.filter((x) => x.type === 'income' && x.label !== 'pay').filter(inRange('2026-10-01', '2026-10-31'))))]] },
  { turns: ['what did my dog cost me this year?'], expect: () => ['decline'] },
  { turns: ['how much did I spend on gas and electricity last month?'], expect: (rs) => { const oct = inRange('2026-10-01', '2026-10-31'); return [[money(sum(rs.filter(is('fuel')).filter(oct))), money(sum(rs.filter(is('power')).filter(oct)))]]; } },
  { turns: ['what was my average weekly grocery bill in october?'], expect: (rs) => [[money(Math.round(sum(rs.filter(is('groceries_tj', 'groceries_wf')).filter(inRange('2026-10-01', '2026-10-31'))) / (31 / 7)))]] },
];

/** Loads the person into a fresh test app and asks every case, follow-ups in one conversation with each answer's saved frame. */
export function runDevSet(): Promise<DevOutcome[]> {
  return runDevCases(generate(), cases, TODAY);
}
