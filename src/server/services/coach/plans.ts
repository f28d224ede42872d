import { addDays } from '../../../contract/calendar';
import { fromMinor, toMinor } from '../../../contract/money';
import type { SubsetFilter } from '../../repositories/transactionStats';
import { toPrefixQuery } from '../transactions/wire';
import { shareOf } from './format';
import { tripsIn } from './trips';
import { explicitPeriod, lastMonth, monthEnd, monthStart, nameOfMonth, previousFullMonths, rangeLabel, thisMonth, type Period } from './period';
import type { ToolContext } from './data';
import { understand, vocabularyOf, type Flow, type Plan, type PlanPart, type Subject } from './understand';
import type { PartResult } from './plan-types';

export type { PartResult } from './plan-types';
import { normalizeMerchant } from '../merchants';
import { payeesOf, type Payee } from './payees';

/**
 * Runs question plans through the repositories and writes their answers. The same functions serve
 * the built-in coach (which plans the question itself) and the LLM (through the `answer_question`
 * and `query_transactions` tools), so both quote the same figures: categories and totals from the
 * rollups the dashboard reads, merchants from the merchant rollups, words with the transactions
 * list's search, single transactions from the (user_id, date) index.
 */

/** How many of the latest transactions lend their words to the vocabulary (older words are looked up in the search index). */
const VOCABULARY_SAMPLE = 1000;

/**
 * The plan of a question. `known`: the user's names of the last 730 days (`ctx.data.names`), when
 * the caller has already read them for this question (the built-in coach), so they are read once.
 */
export async function planQuestion(
  ctx: ToolContext,
  question: string,
  previousQuestion?: string,
  known?: Awaited<ReturnType<ToolContext['data']['names']>>,
  frame?: PlanPart[],
): Promise<Plan> {
  const since = addDays(ctx.today, -730);
  const [names, texts, recent] = await Promise.all([known ?? ctx.data.names(since), ctx.data.recentWords(VOCABULARY_SAMPLE), ctx.data.recentPayees(PAYEE_SAMPLE)]);
  const vocab = vocabularyOf(names.categories, names.merchants, texts);
  const payees = payeesOf(
    [...names.merchants, ...recent.filter((r) => r.merchant).map((r) => r.merchant!)],
    recent.filter((r) => !r.merchant && r.description).map((r) => r.description),
  );
  vocab.payees = payees;
  if (/\b(pay ?day|pay ?check|got paid|was paid|getting paid|salary)\b/i.test(question)) vocab.lastPayday = await lastPayday(ctx, payees);
  const refunds = refundsOf(recent);
  const plan = withoutRefunds(understand(question, ctx.today, vocab, previousQuestion, frame), refunds, question);
  if (!plan.unknown.length) return tripsIn(ctx, plan, question, since);
  // Words not in the recent sample may still be in older descriptions: ask the search index (GIN).
  const found: string[] = [];
  for (const word of plan.unknown.slice(0, 3)) {
    const clean = word.replace(/[^\p{L}\p{N}]/gu, '');
    if (clean.length >= 3 && (await ctx.data.anyMatch(`${clean}:*`))) found.push(clean);
  }
  if (!found.length) return plan;
  for (const w of found) vocab.texts.add(w);
  return tripsIn(ctx, withoutRefunds(understand(question, ctx.today, vocab, previousQuestion, frame), refunds, question), question, since);
}

/** Money that comes back (refunds, returns, reimbursements) is not income: it is spending undone. */
const REFUND_WORDS = /\b(?:refund\w*|rfnd|return(?:ed|s)?|reimb\w*|reversal|reversed|cash ?back|chargeback|credit voucher|expenses? claim)\b/i;
export const REFUNDS = 'refunds and reimbursements';

/** The incoming payees that are refunds or reimbursements, by their words. */
function refundsOf(recent: { merchant: string | null; description: string; type: 'income' | 'expense' }[]): Subject | null {
  const merchants = new Set<string>();
  const descriptions = new Set<string>();
  for (const r of recent) {
    if (r.type !== 'income') continue;
    const raw = r.merchant ?? r.description;
    if (REFUND_WORDS.test(raw) || REFUND_WORDS.test(r.description)) (r.merchant ? merchants : descriptions).add(raw);
  }
  if (!merchants.size && !descriptions.size) return null;
  return { kind: 'group', name: REFUNDS, by: 'kind', flow: 'income', merchants: [...merchants], descriptions: [...descriptions], names: [] };
}

/** Income asked about as a whole ("what did I earn?") leaves refunds and reimbursements out. */
function withoutRefunds(plan: Plan, refunds: Subject | null, question: string): Plan {
  if (!refunds) return plan;
  // What follows "leaving out", "not counting", "after" is set aside, not asked for.
  const asked = question.replace(/\b(?:not counting|not including|leaving out|leave out|excluding|except|without|apart from|other than|ignoring|aside from|besides|minus|less|after|net of|once)\b.*$/i, '');
  const askedFor = /\b(?:refunds?|reimburse\w*|money back|got back|get back|returns)\b/i.test(asked);
  for (const part of plan.parts) {
    if (askedFor && part.measure !== 'net' && !part.subjects.length) {
      // "How much did I get back in refunds?": the refunds themselves.
      part.subjects = [refunds];
      part.flow = 'income';
      continue;
    }
    if (part.flow === 'income' && part.measure === 'net' && !part.subjects.length) {
      part.measure = 'total';
      part.exclude = [...(part.exclude ?? []), refunds];
      continue;
    }
    if (part.flow === 'income' && !part.subjects.length && ['total', 'average', 'usual', 'per_week', 'count', 'top_month', 'median'].includes(part.measure)) {
      part.exclude = [...(part.exclude ?? []), refunds];
    }
  }
  return plan;
}

/** How many of the latest transactions lend their payees (merchants, or descriptions without one) to the merchant knowledge. */
const PAYEE_SAMPLE = 3000;

/** The day of the latest pay received (payroll by the merchant component, else the largest income of the last 40 days). */
async function lastPayday(ctx: ToolContext, payees: Payee[]): Promise<string | null> {
  const payroll = payees.filter((p) => p.kind === 'payroll');
  const from = addDays(ctx.today, -62);
  if (payroll.length) {
    const rows = await ctx.data.rows({ from, to: ctx.today, type: 'income', merchants: payroll.filter((p) => p.field === 'merchant').map((p) => p.raw), descriptions: payroll.filter((p) => p.field === 'description').map((p) => p.raw) }, 1);
    if (rows[0]) return rows[0].date;
  }
  const largest = await ctx.data.single({ from: addDays(ctx.today, -40), to: ctx.today, type: 'income' }, 'largest');
  return largest?.date ?? null;
}

const periodOut = (p: Period) => ({ start: p.start, end: p.end, label: p.label, phrase: p.phrase });

export const subjectLabel = (s: Subject) => (s.kind === 'words' ? `“${s.phrase}”` : s.name);

/** What a part leaves out and which days it keeps, for the subset filter. */
type Extra = Pick<PlanPart, 'exclude' | 'days'>;

interface Figure {
  totalMinor: number;
  count: number;
  /** For words: the merchants and categories the matching transactions belong to. */
  merchants?: string[];
  categories?: string[];
}

export function filterOf(subject: Subject | null, flow: Flow, p: Period, extra?: Extra): SubsetFilter {
  const f: SubsetFilter = { from: p.start, to: p.end, type: flow };
  if (subject?.kind === 'category') f.categories = [subject.name];
  if (subject?.kind === 'merchant') f.merchants = [subject.name];
  if (subject?.kind === 'words') f.tsquery = subject.tsquery;
  if (subject?.kind === 'group') {
    if (subject.merchants.length) f.merchants = subject.merchants;
    if (subject.descriptions.length) f.descriptions = subject.descriptions;
  }
  if (extra?.exclude?.length) {
    const x: NonNullable<SubsetFilter['exclude']> = {};
    for (const s of extra.exclude) {
      if (s.kind === 'category') (x.categories ??= []).push(s.name);
      if (s.kind === 'merchant') (x.merchants ??= []).push(s.name);
      if (s.kind === 'group') {
        (x.merchants ??= []).push(...s.merchants);
        (x.descriptions ??= []).push(...s.descriptions);
      }
    }
    f.exclude = x;
  }
  if (extra?.days) f.days = extra.days;
  return f;
}

async function figure(ctx: ToolContext, subject: Subject | null, flow: Flow, p: Period, extra?: Extra): Promise<Figure> {
  if (extra?.exclude?.length || extra?.days) return subsetFigure(ctx, filterOf(subject, flow, p, extra));
  if (!subject) {
    const t = await ctx.data.totals(p);
    return flow === 'income' ? { totalMinor: t.incomeMinor, count: t.incomeCount } : { totalMinor: t.spendingMinor, count: t.spendingCount };
  }
  if (subject.kind === 'category') {
    const row = (await ctx.data.byCategory(p, flow)).find((c) => c.category === subject.name);
    return { totalMinor: row?.totalMinor ?? 0, count: row?.count ?? 0 };
  }
  if (subject.kind === 'merchant' && flow === 'expense') {
    const row = await ctx.data.merchantTotal(p, subject.name);
    return { totalMinor: row.totalMinor, count: row.count };
  }
  return subsetFigure(ctx, filterOf(subject, flow, p));
}

async function subsetFigure(ctx: ToolContext, f: SubsetFilter): Promise<Figure> {
  const groups = await ctx.data.subset(f);
  return {
    totalMinor: groups.reduce((s, g) => s + g.totalMinor, 0),
    count: groups.reduce((s, g) => s + g.count, 0),
    merchants: [...new Set(groups.map((g) => g.merchant).filter((m): m is string => !!m))],
    categories: [...new Set(groups.map((g) => g.category))],
  };
}

/** Whole calendar months a period touches. */
const monthsIn = (p: Period) => (Number(p.end.slice(0, 4)) - Number(p.start.slice(0, 4))) * 12 + Number(p.end.slice(5, 7)) - Number(p.start.slice(5, 7)) + 1;


/** Runs one part of a plan. */
export async function runPart(ctx: ToolContext, part: PlanPart): Promise<PartResult> {
  const amounts = fromMinor;
  const extra: Extra = { exclude: part.exclude, days: part.days };
  const special = await runSpecial(ctx, part, extra);
  if (special) {
    if (part.exclude?.length) special.excluded = part.exclude.map(subjectLabel);
    return special;
  }
  const subjects: (Subject | null)[] = part.subjects.length ? part.subjects : [null];
  const result: PartResult = { measure: part.measure, flow: part.flow, rows: [] };
  const label = (s: Subject | null) => (s ? subjectLabel(s) : null);
  const kind = (s: Subject | null) => (s ? s.kind : ('all' as const));

  if (part.measure === 'balance') {
    const b = await ctx.data.balance(ctx.today);
    result.balance = { balance: amounts(b.balanceMinor), as_of: ctx.today };
    return result;
  }
  if (part.measure === 'usual') {
    const window = previousFullMonths(ctx.today, 3);
    for (const s of subjects) {
      const f = await figure(ctx, s, part.flow, window, extra);
      result.rows.push({ subject: label(s), subject_kind: kind(s), period: periodOut(window), total: amounts(f.totalMinor), count: f.count, value: amounts(Math.round(f.totalMinor / 3)), months: 3 });
    }
    const ref = part.referencePeriod ?? (part.periods.length === 1 ? part.periods[0] : undefined);
    if (ref) {
      result.reference = [];
      for (const s of subjects) result.reference.push({ subject: label(s), period: periodOut(ref), total: amounts((await figure(ctx, s, part.flow, ref)).totalMinor) });
    }
    return result;
  }

  // "The most I've ever spent on a ride": with no period named, a single payment is looked for in all the data.
  let periods = part.periods.length ? part.periods : [part.measure === 'largest' || part.measure === 'smallest' ? await allData(ctx) : thisMonth(ctx.today)];
  const run = async (ps: Period[]) => {
    const rows: PartResult['rows'] = [];
    for (const s of subjects) {
      for (const p of ps) {
        const f = await figure(ctx, s, part.flow, p, extra);
        const row: PartResult['rows'][number] = { subject: label(s), subject_kind: kind(s), period: periodOut(p), total: amounts(f.totalMinor), count: f.count };
        if (f.merchants) row.matched_merchants = f.merchants.slice(0, 5);
        if (f.categories) row.matched_categories = f.categories;
        if (part.measure === 'largest' || part.measure === 'smallest') {
          const t = await ctx.data.single(filterOf(s, part.flow, p, extra), part.measure);
          row.transaction = t ? { amount: amounts(t.amountMinor), date: t.date, description: t.description, merchant: t.merchant, category: t.category } : null;
        }
        if (part.measure === 'average') {
          row.months = monthsIn(p);
          row.value = amounts(Math.round(f.totalMinor / row.months));
        }
        if (part.measure === 'share') {
          const all = await figure(ctx, null, part.flow, p);
          row.all = amounts(all.totalMinor);
          row.value = shareOf(f.totalMinor, all.totalMinor);
        }
        if (s?.kind === 'group') row.names = s.names.slice(0, 6);
        if (!s && part.flow === 'income' && part.measure === 'total' && part.exclude?.some((x) => x.kind === 'group' && x.name === REFUNDS)) {
          const all = await figure(ctx, null, 'income', p, { days: extra.days, exclude: part.exclude.filter((x) => !(x.kind === 'group' && x.name === REFUNDS)) });
          if (all.totalMinor !== f.totalMinor) row.with_refunds = amounts(all.totalMinor);
        }
        const inOne = s?.kind === 'group' ? (s.category ?? (f.categories?.length === 1 ? f.categories[0] : undefined)) : undefined;
        if (s?.kind === 'group' && inOne && (part.measure === 'total' || part.measure === 'count') && !extra.exclude && !extra.days) {
          const whole = await figure(ctx, { kind: 'category', name: inOne, flow: s.flow }, s.flow, p);
          if (whole.totalMinor !== f.totalMinor) {
            if (s.category && part.measure === 'total') row.whole_category = { name: s.category, total: amounts(whole.totalMinor) };
          } else if (whole.count === f.count && f.count > 0) {
            // Same total over the same number of rows: the category's list shows this figure, so it can be its link.
            row.same_as_category = inOne;
          }
        }
        if (s?.kind === 'words' && f.categories?.length === 1 && part.flow === 'expense' && !extra.exclude && !extra.days) {
          const whole = await figure(ctx, { kind: 'category', name: f.categories[0]!, flow: 'expense' }, 'expense', p);
          if (whole.totalMinor > f.totalMinor) row.whole_category = { name: f.categories[0]!, total: amounts(whole.totalMinor) };
        }
        rows.push(row);
      }
    }
    return rows;
  };
  result.rows = await run(periods);
  // No period named and nothing this month for a merchant or words: read all the data instead.
  if (!part.periods.length && part.subjects.length && result.rows.every((r) => r.count === 0) && part.subjects.every((s) => s.kind !== 'category')) {
    const first = (await ctx.data.balance(ctx.today)).firstDay;
    if (first && first < periods[0]!.start) {
      const all = explicitPeriod(first, ctx.today);
      periods = [{ ...all, label: `all your transactions (${rangeLabel(first, ctx.today)})`, phrase: `across all your transactions (${rangeLabel(first, ctx.today)})` }];
      result.rows = await run(periods);
      result.widened = true;
    }
  }
  if (subjects.length > 1 && part.measure !== 'largest' && part.measure !== 'smallest') {
    result.combined = periods.map((p) => {
      const rows = result.rows.filter((r) => r.period.start === p.start && r.period.end === p.end);
      return { period: periodOut(p), total: rows.reduce((s, r) => Math.round((s + r.total) * 100) / 100, 0), count: rows.reduce((s, r) => s + r.count, 0) };
    });
  }
  // One subject over one period: its share of everything and its usual month, as the dashboard would put it.
  if (part.measure === 'total' && periods.length === 1 && subjects.length === 1 && subjects[0] && result.rows[0]!.count > 0 && !extra.exclude && !extra.days) {
    const [all, usual] = await Promise.all([figure(ctx, null, part.flow, periods[0]!), figure(ctx, subjects[0], part.flow, previousFullMonths(ctx.today, 3))]);
    result.context = { all: fromMinor(all.totalMinor), share: shareOf(toMinor(result.rows[0]!.total), all.totalMinor), usual_per_month: fromMinor(Math.round(usual.totalMinor / 3)), usual_period: periodOut(previousFullMonths(ctx.today, 3)) };
  }
  if (periods.length === 2) {
    result.differences = subjects.map((s) => {
      const rows = result.rows.filter((r) => r.subject === label(s));
      return { subject: label(s), difference: Math.round((rows[1]!.total - rows[0]!.total) * 100) / 100 };
    });
  }
  return result;
}

const daysIn = (p: Period) => Math.round((Date.parse(p.end) - Date.parse(p.start)) / 86_400_000) + 1;

/** All the user's data, from the first transaction to today. */
async function allData(ctx: ToolContext): Promise<Period> {
  const first = (await ctx.data.balance(ctx.today)).firstDay ?? ctx.today;
  const all = explicitPeriod(first, ctx.today);
  return { ...all, label: `all your transactions (${rangeLabel(first, ctx.today)})`, phrase: `across all your transactions (${rangeLabel(first, ctx.today)})` };
}

/** The measures that are not one figure per subject and period: per visit, per week, median, the top month, net, left, breakdown. */
async function runSpecial(ctx: ToolContext, part: PlanPart, extra: Extra): Promise<PartResult | null> {
  const m = part.measure;
  if (!['per_visit', 'per_week', 'median', 'top_month', 'net', 'left', 'breakdown', 'interval'].includes(m)) return null;
  const amounts = fromMinor;
  const result: PartResult = { measure: m, flow: part.flow, rows: [] };
  const subjects: (Subject | null)[] = part.subjects.length ? part.subjects : [null];
  const label = (s: Subject | null) => (s ? subjectLabel(s) : null);
  const kind = (s: Subject | null) => (s ? s.kind : ('all' as const));
  const names = (s: Subject | null) => (s?.kind === 'group' ? { names: s.names.slice(0, 6) } : {});
  const [y, m0] = [Number(ctx.today.slice(0, 4)), Number(ctx.today.slice(5, 7)) - 1];

  if (m === 'top_month') {
    const period = part.periods[0] ?? explicitPeriod(monthStart(y, m0 - 12), ctx.today);
    for (const s of subjects) {
      const list: NonNullable<PartResult['rows'][number]['months_list']> = [];
      for (let d = period.start.slice(0, 7); d <= period.end.slice(0, 7); d = monthStart(Number(d.slice(0, 4)), Number(d.slice(5, 7))).slice(0, 7)) {
        const [yy, mm] = [Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1];
        const start = [monthStart(yy, mm), period.start].sort().at(-1)!;
        const end = [monthEnd(yy, mm), period.end].sort()[0]!;
        const f = await figure(ctx, s, part.flow, explicitPeriod(start, end), extra);
        list.push({ month: d, label: nameOfMonth(yy, mm), total: amounts(f.totalMinor), count: f.count });
      }
      const top = list.filter((x) => x.count > 0).sort((a, b) => b.total - a.total)[0] ?? null;
      const f = await figure(ctx, s, part.flow, period, extra);
      result.rows.push({ subject: label(s), subject_kind: kind(s), period: periodOut(period), total: amounts(f.totalMinor), count: f.count, months_list: list, top, ...names(s) });
    }
    return result;
  }
  if (m === 'left') {
    const period = part.periods[0] ?? lastMonth(ctx.today);
    const incomeSubjects = part.subjects.filter((s) => (s.kind === 'group' || s.kind === 'category') && s.flow === 'income');
    const inc = incomeSubjects.length ? incomeSubjects : [null];
    const spent = await figure(ctx, null, 'expense', period, extra);
    for (const s of inc) {
      const f = await figure(ctx, s, 'income', period);
      result.rows.push({ subject: label(s), subject_kind: kind(s), period: periodOut(period), total: amounts(f.totalMinor), count: f.count, spending: amounts(spent.totalMinor), value: amounts(f.totalMinor - spent.totalMinor) });
    }
    result.flow = 'income';
    return result;
  }
  if (m === 'interval') {
    const period = part.periods[0] ?? (await allData(ctx));
    for (const s of subjects) {
      const dates = (await ctx.data.rows(filterOf(s, part.flow, period, extra), 500)).map((r) => r.date).sort();
      const days = [...new Set(dates)];
      const gaps = days.slice(1).map((d, i) => Math.round((Date.parse(d) - Date.parse(days[i]!)) / 86_400_000)).sort((a, b) => a - b);
      const f = await figure(ctx, s, part.flow, period, extra);
      const median = gaps.length ? gaps[Math.floor(gaps.length / 2)]! : null;
      result.rows.push({ subject: label(s), subject_kind: kind(s), period: periodOut(period), total: amounts(f.totalMinor), count: f.count, value: median ?? 0, last_day: days.at(-1) ?? null, ...names(s) });
    }
    return result;
  }
  const defaultPeriod = m === 'per_week' ? previousFullMonths(ctx.today, 3) : m === 'breakdown' ? thisMonth(ctx.today) : await allData(ctx);
  const periods = part.periods.length ? part.periods.slice(0, 2) : [defaultPeriod];
  for (const s of subjects) {
    for (const p of periods) {
      const f = await figure(ctx, s, part.flow, p, extra);
      const row: PartResult['rows'][number] = { subject: label(s), subject_kind: kind(s), period: periodOut(p), total: amounts(f.totalMinor), count: f.count, ...names(s) };
      if (m === 'per_visit') row.value = f.count ? amounts(Math.round(f.totalMinor / f.count)) : 0;
      if (m === 'per_week') {
        row.weeks = Math.round((daysIn(p) / 7) * 10) / 10;
        row.value = amounts(Math.round(f.totalMinor / (daysIn(p) / 7)));
      }
      if (m === 'median') {
        const amountsList = (await ctx.data.rows(filterOf(s, part.flow, p, extra), 20_000)).map((r) => r.amountMinor).sort((a, b) => a - b);
        const n = amountsList.length;
        row.value = n ? amounts(n % 2 ? amountsList[(n - 1) / 2]! : Math.round((amountsList[n / 2 - 1]! + amountsList[n / 2]!) / 2)) : 0;
        row.count = n;
      }
      if (m === 'net' && part.flow === 'income') {
        // What came in from a payee less what went back out to it (refunds given, fees).
        let out = s ? await figure(ctx, s, 'expense', p, extra) : { totalMinor: 0, count: 0 };
        if (s && !out.count) {
          // Refunds given back to clients are booked elsewhere (a business category): the same payees, paid out.
          const payers = await ctx.data.rows(filterOf(s, 'income', p, extra), 500);
          const merchants = [...new Set(payers.map((r) => r.merchant).filter((x): x is string => !!x))];
          const descriptions = [...new Set(payers.filter((r) => !r.merchant).map((r) => r.description))];
          if (merchants.length || descriptions.length) out = await subsetFigure(ctx, { from: p.start, to: p.end, type: 'expense', ...(merchants.length ? { merchants } : {}), ...(descriptions.length ? { descriptions } : {}) });
        }
        row.back = amounts(out.totalMinor);
        row.value = amounts(f.totalMinor - out.totalMinor);
      } else if (m === 'net') {
        let back = { totalMinor: 0, count: 0 };
        for (const b of part.back ?? []) {
          const x = await figure(ctx, b, 'income', p);
          back = { totalMinor: back.totalMinor + x.totalMinor, count: back.count + x.count };
        }
        if (!part.back?.length && s) back = await figure(ctx, s, 'income', p, extra);
        const words = part.backWords === 'reimburse' ? 'reimburs:*' : part.backWords === 'refund' ? 'refund:* | return:* | refunded:*' : 'refund:* | reimburs:* | return:* | refunded:*';
        if (!back.count) back = await subsetFigure(ctx, { ...filterOf(null, 'income', p, extra), tsquery: words });
        // A reimbursement comes after what it pays back (a trip, a month): for a short period, the weeks after it count too.
        if (!back.count && part.backWords === 'reimburse' && daysIn(p) <= 62 && p.end < ctx.today) {
          const after = explicitPeriod(p.start, [addDays(p.end, 60), ctx.today].sort()[0]!);
          back = await subsetFigure(ctx, { ...filterOf(null, 'income', after, extra), tsquery: words });
        }
        row.back = amounts(back.totalMinor);
        row.value = amounts(f.totalMinor - back.totalMinor);
      }
      if (m === 'breakdown') {
        const groups = await ctx.data.subset(filterOf(s, part.flow, p, extra));
        const by = new Map<string, { total: number; count: number }>();
        for (const g of groups) {
          const key = s ? (g.merchant ? normalizeMerchant(g.merchant).name : g.category) : g.category;
          const e = by.get(key) ?? { total: 0, count: 0 };
          by.set(key, { total: e.total + g.totalMinor, count: e.count + g.count });
        }
        row.parts = [...by].sort((a, b) => b[1].total - a[1].total).slice(0, 5).map(([name, v]) => ({ name, total: amounts(v.total), count: v.count }));
      }
      result.rows.push(row);
    }
  }
  return result;
}

export async function runPlan(ctx: ToolContext, plan: Plan): Promise<PartResult[]> {
  const out: PartResult[] = [];
  for (const part of plan.parts) {
    const r = await runPart(ctx, part);
    if (part.exclude?.length) r.excluded = part.exclude.map(subjectLabel);
    for (const row of r.rows) {
      const s = row.subject === null ? null : part.subjects.find((x) => subjectLabel(x) === row.subject);
      const asCategory = s?.kind === 'group' && row.same_as_category ? { kind: 'category' as const, name: row.same_as_category, flow: s.flow } : s;
      const link = asCategory === undefined ? null : listLink(asCategory, part, row.period);
      if (link) row.link = link;
    }
    out.push(r);
  }
  return out;
}


/**
 * The transactions list's URL for the rows of one figure, or null when the list's filters (type,
 * category, days, words) cannot say exactly the same rows: a merchant's bank spellings, rows left
 * out, weekends only. Words are searched as the list searches them, so only words without other
 * bank spellings are linked.
 */
export function listLink(s: Subject | null, part: Pick<PlanPart, 'flow' | 'exclude' | 'days'>, p: { start: string; end: string }): string | null {
  if (part.exclude?.length || part.days) return null;
  const q = new URLSearchParams({ type: part.flow });
  if (s?.kind === 'category') q.set('category', s.name);
  else if (s?.kind === 'words') {
    if (toPrefixQuery(s.phrase) !== s.tsquery) return null;
    q.set('q', s.phrase);
  } else if (s) return null;
  q.set('date_from', p.start);
  q.set('date_to', p.end);
  return `/transactions?${q.toString()}`;
}

