import { fromMinor, toMinor } from '../../../contract/money';
import { shareOf } from './format';
import { explicitPeriod, previousFullMonths, rangeLabel, thisMonth, type Period } from './period';
import type { ToolContext } from './data';
import type { Plan, PlanPart, Subject } from './understand';
import type { PartResult } from './plan-types';
import { allData, figure, filterOf, listLink, monthsIn, periodOut, subjectLabel, type Extra } from './plan-figures';
import { runSpecial } from './plan-special';

export type { PartResult } from './plan-types';
import { REFUNDS } from './plan-question';

export { planQuestion } from './plan-question';
export { filterOf, listLink, subjectLabel } from './plan-figures';

/**
 * Runs question plans through the repositories and writes their answers. The same functions serve
 * the built-in coach (which plans the question itself) and the LLM (through the `answer_question`
 * and `query_transactions` tools), so both quote the same figures: categories and totals from the
 * rollups the dashboard reads, merchants from the merchant rollups, words with the transactions
 * list's search, single transactions from the (user_id, date) index.
 */

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
