import { addDays } from '../../../contract/calendar';
import { fromMinor } from '../../../contract/money';
import { normalizeMerchant } from '../merchants';
import type { ToolContext } from './data';
import { allData, daysIn, figure, filterOf, periodOut, subjectLabel, subsetFigure, type Extra } from './plan-figures';
import type { PartResult } from './plan-types';
import { explicitPeriod, lastMonth, monthEnd, monthStart, nameOfMonth, previousFullMonths, thisMonth } from './period';
import type { PlanPart, Subject } from './understand';

/** The measures that are not one figure per subject and period: per visit, per week, median, the top month, net, left, breakdown. */
export async function runSpecial(ctx: ToolContext, part: PlanPart, extra: Extra): Promise<PartResult | null> {
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
        let out = { totalMinor: 0, count: 0 };
        // What the words take off ("the rental once you take off the repairs"), else what went back out to the same payees:
        // money-back categories named ("once refunds to clients are taken off") are the latter, not spending to subtract.
        const off = (part.back ?? []).filter((b) => !((b.kind === 'category' || b.kind === 'group') && b.flow === 'income'));
        for (const b of off) {
          const x = await figure(ctx, b, 'expense', p);
          out = { totalMinor: out.totalMinor + x.totalMinor, count: out.count + x.count };
        }
        if (!off.length && s) out = await figure(ctx, s, 'expense', p, extra);
        if (s && !out.count && !off.length) {
          // Refunds given back to clients are booked elsewhere (a business category): the same payees, paid out.
          const payers = await ctx.data.rows(filterOf(s, 'income', p, extra), 500);
          const merchants = [...new Set(payers.map((r) => r.merchant).filter((x): x is string => !!x))];
          const descriptions = [...new Set(payers.filter((r) => !r.merchant).map((r) => r.description))];
          if (merchants.length || descriptions.length) out = await subsetFigure(ctx, { from: p.start, to: p.end, type: 'expense', ...(merchants.length ? { merchants } : {}), ...(descriptions.length ? { descriptions } : {}) });
        }
        row.back = amounts(out.totalMinor);
        if (off.length) row.back_label = off.map(label).join(' and ');
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
        if (part.back?.length) row.back_label = part.back.map(label).join(' and ');
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
