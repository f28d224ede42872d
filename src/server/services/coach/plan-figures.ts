import type { SubsetFilter } from '../../repositories/transactionStats';
import { toPrefixQuery } from '../transactions/wire';
import type { ToolContext } from './data';
import { explicitPeriod, rangeLabel, type Period } from './period';
import type { Flow, PlanPart, Subject } from './understand';

/** One figure per subject and period, read from the rollups or the subset filter, and the list link behind it. */

export const periodOut = (p: Period) => ({ start: p.start, end: p.end, label: p.label, phrase: p.phrase });

export const subjectLabel = (s: Subject) => (s.kind === 'words' ? `“${s.phrase}”` : s.name);

/** What a part leaves out and which days it keeps, for the subset filter. */
export type Extra = Pick<PlanPart, 'exclude' | 'days'>;

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

export async function figure(ctx: ToolContext, subject: Subject | null, flow: Flow, p: Period, extra?: Extra): Promise<Figure> {
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

export async function subsetFigure(ctx: ToolContext, f: SubsetFilter): Promise<Figure> {
  const groups = await ctx.data.subset(f);
  return {
    totalMinor: groups.reduce((s, g) => s + g.totalMinor, 0),
    count: groups.reduce((s, g) => s + g.count, 0),
    merchants: [...new Set(groups.map((g) => g.merchant).filter((m): m is string => !!m))],
    categories: [...new Set(groups.map((g) => g.category))],
  };
}

/** Whole calendar months a period touches. */
export const monthsIn = (p: Period) => (Number(p.end.slice(0, 4)) - Number(p.start.slice(0, 4))) * 12 + Number(p.end.slice(5, 7)) - Number(p.start.slice(5, 7)) + 1;

export const daysIn = (p: Period) => Math.round((Date.parse(p.end) - Date.parse(p.start)) / 86_400_000) + 1;

/** All the user's data, from the first transaction to today. */
export async function allData(ctx: ToolContext): Promise<Period> {
  const first = (await ctx.data.balance(ctx.today)).firstDay ?? ctx.today;
  const all = explicitPeriod(first, ctx.today);
  return { ...all, label: `all your transactions (${rangeLabel(first, ctx.today)})`, phrase: `across all your transactions (${rangeLabel(first, ctx.today)})` };
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
