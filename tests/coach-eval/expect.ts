import type { EvalRow, EvalUser } from './generate';

/**
 * The evaluation's own arithmetic over the generated rows: periods, sums, counts, single
 * transactions, usual months, goals and affordability. It never calls the app; a question's
 * expected figures come only from here.
 *
 * Meanings (the dashboard's): spending is every expense row in the period (transfers included,
 * refunds are income); a period that reaches today ends today; "usual" for a month is the average
 * of the three full calendar months before the current one; affordability is the balance now plus
 * the average monthly net of those three months for each whole month until the purchase.
 */

export interface Period {
  start: string;
  end: string;
}

export type Check =
  /** A money figure in minor units that must appear in the answer (currency sign optional). */
  | { kind: 'money'; minor: number }
  /** A count that must appear next to a noun ("7 transactions", "3 orders"). */
  | { kind: 'count'; n: number }
  /** A percentage with one decimal ("12.5%"). */
  | { kind: 'percent'; value: number }
  /** Text the answer must contain (e.g. the misspelled word it says it corrected). */
  | { kind: 'text'; pattern: RegExp; why: string };

export type Filter = (r: EvalRow) => boolean;

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

export function expectations(u: EvalUser) {
  const [ty, tm] = [Number(u.today.slice(0, 4)), Number(u.today.slice(5, 7))];
  const clip = (p: Period): Period => ({ start: p.start, end: p.end > u.today ? u.today : p.end });
  const monthOf = (y: number, m: number): Period => {
    const d = new Date(Date.UTC(y, m - 1, 1));
    const [yy, mm] = [d.getUTCFullYear(), d.getUTCMonth() + 1];
    return clip({ start: `${yy}-${pad(mm)}-01`, end: `${yy}-${pad(mm)}-${pad(lastDay(yy, mm))}` });
  };
  /** A month by name looking back: the latest one that has started (or of the year given). */
  const month = (name: string, year?: number): Period => {
    const m = MONTHS.indexOf(name.toLowerCase()) + 1;
    if (m === 0) throw new Error(`no month ${name}`);
    return monthOf(year ?? (m <= tm ? ty : ty - 1), m);
  };
  /** A month by name looking ahead: this one or the next of that name, as YYYY-MM. */
  const futureMonth = (name: string) => {
    const m = MONTHS.indexOf(name.toLowerCase()) + 1;
    const y = m >= tm ? ty : ty + 1;
    return `${y}-${pad(m)}`;
  };
  const rowsIn = (p: Period, type: EvalRow['type'], f: Filter = () => true) => u.rows.filter((r) => r.type === type && r.date >= p.start && r.date <= p.end && f(r));
  const sum = (rows: EvalRow[]) => rows.reduce((s, r) => s + r.amountMinor, 0);

  const x = {
    user: u,
    today: u.today,
    thisMonth: monthOf(ty, tm),
    lastMonth: monthOf(ty, tm - 1),
    monthsAgo: (n: number) => monthOf(ty, tm - n),
    month,
    futureMonth,
    thisYear: clip({ start: `${ty}-01-01`, end: `${ty}-12-31` }),
    lastYear: { start: `${ty - 1}-01-01`, end: `${ty - 1}-12-31` },
    year: (y: number) => clip({ start: `${y}-01-01`, end: `${y}-12-31` }),
    lastDays: (n: number): Period => {
      const start = new Date(Date.parse(`${u.today}T00:00:00Z`) - (n - 1) * 86_400_000).toISOString().slice(0, 10);
      return { start, end: u.today };
    },
    range: (a: Period, b: Period): Period => ({ start: a.start, end: b.end }),
    /** The three full calendar months before the current one. */
    usualWindow: { start: monthOf(ty, tm - 3).start, end: monthOf(ty, tm - 1).end },

    // Filters
    all: (() => true) as Filter,
    cat: (...names: string[]): Filter => (r) => names.includes(r.category),
    mer: (...names: string[]): Filter => (r) => r.merchant !== null && names.includes(r.merchant),
    words: (pattern: RegExp): Filter => (r) => pattern.test(`${r.description} ${r.merchant ?? ''} ${r.notes ?? ''}`),

    // Figures (minor units)
    spend: (p: Period, f: Filter = () => true) => sum(rowsIn(p, 'expense', f)),
    income: (p: Period, f: Filter = () => true) => sum(rowsIn(p, 'income', f)),
    count: (p: Period, f: Filter = () => true, type: EvalRow['type'] = 'expense') => rowsIn(p, type, f).length,
    largest: (p: Period, f: Filter = () => true, type: EvalRow['type'] = 'expense') => Math.max(...rowsIn(p, type, f).map((r) => r.amountMinor)),
    smallest: (p: Period, f: Filter = () => true, type: EvalRow['type'] = 'expense') => Math.min(...rowsIn(p, type, f).map((r) => r.amountMinor)),
    /** Average per calendar month over the months a period covers. */
    perMonth: (p: Period, f: Filter = () => true) => {
      const n = (Number(p.end.slice(0, 4)) - Number(p.start.slice(0, 4))) * 12 + Number(p.end.slice(5, 7)) - Number(p.start.slice(5, 7)) + 1;
      return Math.round(sum(rowsIn(p, 'expense', f)) / n);
    },
    usual: (f: Filter = () => true) => Math.round(sum(rowsIn({ start: monthOf(ty, tm - 3).start, end: monthOf(ty, tm - 1).end }, 'expense', f)) / 3),
    balance: () => sum(u.rows.filter((r) => r.type === 'income' && r.date <= u.today)) - sum(u.rows.filter((r) => r.type === 'expense' && r.date <= u.today)),
    goal: (name: string) => {
      const g = u.goals.find((goal) => goal.name === name);
      if (!g) throw new Error(`no goal ${name}`);
      return { target: g.targetMinor, saved: g.savedMinor, left: Math.max(0, g.targetMinor - g.savedMinor) };
    },
    /** Balance now + average monthly net of the 3 full months before this one × whole months until `ym`. */
    projected: (ym: string) => {
      const ahead = (Number(ym.slice(0, 4)) - ty) * 12 + Number(ym.slice(5, 7)) - tm;
      let net = 0;
      for (let i = 1; i <= 3; i++) {
        const p = monthOf(ty, tm - i);
        net += sum(rowsIn(p, 'income')) - sum(rowsIn(p, 'expense'));
      }
      const avgNet = Math.round(net / 3);
      return x.balance() + avgNet * ahead;
    },
    share: (part: number, whole: number) => Math.round((part / whole) * 1000) / 10,

    // Checks
    m: (minor: number): Check => ({ kind: 'money', minor }),
    n: (n: number): Check => ({ kind: 'count', n }),
    pct: (value: number): Check => ({ kind: 'percent', value }),
    says: (pattern: RegExp, why: string): Check => ({ kind: 'text', pattern, why }),
    cantTell: (): Check => ({ kind: 'text', pattern: /can[’']t tell that from your data yet/i, why: 'says it cannot tell' }),
  };
  return x;
}
export type X = ReturnType<typeof expectations>;

/** "1,234.56": how the figure reads in an answer, with or without a currency sign. */
export function figure(minor: number): string {
  return (Math.abs(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether an answer passes one check; the reason when it does not. */
export function passes(answer: string, check: Check): string | null {
  switch (check.kind) {
    case 'money': {
      const f = figure(check.minor);
      return new RegExp(`(^|[^\\d.,])${escape(f)}(?![\\d]|[.,]\\d)`).test(answer) ? null : `missing ${f}`;
    }
    case 'count':
      return new RegExp(`\\b${check.n}\\s+(?:\\w+\\s+)?(transactions?|payments?|purchases?|orders?|charges?|times?|visits?|rides?|trips?|bills?)\\b`, 'i').test(answer) ? null : `missing count ${check.n}`;
    case 'percent':
      return new RegExp(`(^|[^\\d.])${escape(String(check.value))}\\s?%`).test(answer) ? null : `missing ${check.value}%`;
    case 'text':
      return check.pattern.test(answer) ? null : `does not ${check.why}`;
  }
}
