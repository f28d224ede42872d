import { unconvertedNote } from '../../../contract/rates';
import { normalizeMerchant } from '../merchants';
import { moneyMinor } from './format';
import { addDays, explicitPeriod, rangeLabel } from './period';
import type { ToolContext } from './data';
import type { Plan, Subject } from './understand';

/**
 * "How much did the Cancun trip cost?": a trip is more than its flights and hotels. It is the
 * travel payments around one stay plus what was paid during it at places the person never pays
 * otherwise (meals, shops and fees abroad), but not the rent or the usual supermarket at home.
 */
const TRIP_WORDS = /\b(?:trip|holiday|holidays|vacation|getaway|travels)\b/;
const TRAVEL_KINDS = new Set(['airline', 'lodging', 'travel_booking', 'car_rental']);
/** Days between travel payments that still belong to one trip. */
const GAP = 7;
/** How far before the stay a flight or booking may be paid. */
const BOOKED_AHEAD = 45;
/** Days before and after the trip that show which payees are the person's usual ones. */
const HOME = 90;

const payeeOf = (r: { merchant: string | null; description: string }) => (r.merchant ? `m:${r.merchant.toLowerCase()}` : `d:${r.description.toLowerCase()}`);

/** Turns a plan's "trip" subject into the payments of one trip, over the days of that trip. */
export async function tripsIn(ctx: ToolContext, plan: Plan, question: string, firstDay: string): Promise<Plan> {
  if (!TRIP_WORDS.test(question.toLowerCase()) || plan.parts.length !== 1) return plan;
  const part = plan.parts[0]!;
  const travel = part.subjects.find((s): s is Extract<Subject, { kind: 'group' }> => s.kind === 'group' && s.by === 'kind' && TRIP_WORDS.test(s.name));
  if (!travel || part.flow !== 'expense') return plan;
  const place = part.subjects.find((s): s is Extract<Subject, { kind: 'words' }> => s.kind === 'words');
  if (part.subjects.length > (place ? 2 : 1)) return plan;
  const asked = part.periods[0] ?? { start: firstDay, end: ctx.today };
  const base = { from: asked.start, to: asked.end, type: 'expense' as const };
  const travelRows = await ctx.data.rows({ ...base, merchants: travel.merchants, descriptions: travel.descriptions }, 2_000);
  const placeRows = place ? await ctx.data.rows({ ...base, tsquery: place.tsquery }, 2_000) : [];
  // The stay: the place's payments, or else the latest run of travel payments without a long gap.
  const anchors = (place ? placeRows : travelRows).map((r) => r.date).sort();
  if (!anchors.length) return plan;
  let start = anchors.at(-1)!;
  for (let i = anchors.length - 1; i > 0 && (place || Date.parse(anchors[i]!) - Date.parse(anchors[i - 1]!) <= GAP * 86_400_000); i--) start = anchors[i - 1]!;
  let end = anchors.at(-1)!;
  const around = await ctx.data.rows({ from: addDays(start, -HOME), to: addDays(end, HOME), type: 'expense' }, 20_000);
  const firstSeen = new Map<string, string>();
  const lastSeen = new Map<string, string>();
  for (const r of around) {
    const k = payeeOf(r);
    if (!firstSeen.has(k) || r.date < firstSeen.get(k)!) firstSeen.set(k, r.date);
    if (!lastSeen.has(k) || r.date > lastSeen.get(k)!) lastSeen.set(k, r.date);
  }
  // The stay goes on after the last booking while payments at places paid only around then follow within two days.
  const only = (r: { date: string; merchant: string | null; description: string }) => firstSeen.get(payeeOf(r))! >= addDays(start, -2) && lastSeen.get(payeeOf(r))! <= addDays(r.date, 2);
  for (const r of [...around].sort((a, b) => (a.date < b.date ? -1 : 1))) if (r.date > end && r.date <= addDays(end, 2) && only(r)) end = r.date;
  const during = (d: string) => d >= start && d <= end;
  const usual = new Set(around.filter((r) => !during(r.date)).map(payeeOf));
  const isTravel = (r: { merchant: string | null; description: string }) => TRAVEL_KINDS.has(normalizeMerchant(r.merchant ?? r.description).kind ?? '');
  const placeSet = new Set(placeRows.map(payeeOf));
  const rows = around.filter((r) => (isTravel(r) && r.date >= addDays(start, -BOOKED_AHEAD) && r.date <= end) || (during(r.date) && (!usual.has(payeeOf(r)) || placeSet.has(payeeOf(r)))));
  if (!rows.length) return plan;
  const from = rows.reduce((a, r) => (r.date < a ? r.date : a), end);
  const name = `the trip${place ? ` to ${place.phrase.charAt(0).toUpperCase()}${place.phrase.slice(1)}` : ''}`;
  const merchants = [...new Set(rows.filter((r) => r.merchant).map((r) => r.merchant!))];
  const descriptions = [...new Set(rows.filter((r) => !r.merchant).map((r) => r.description))];
  const names = [...new Set(rows.map((r) => normalizeMerchant(r.merchant ?? r.description).name))];
  part.subjects = [{ kind: 'group', name, by: 'name', flow: 'expense', merchants, descriptions, names }];
  const period = explicitPeriod(from, end);
  part.periods = [{ ...period, label: `${name} (${rangeLabel(from, end)})` }];
  plan.notes.push(`I counted ${name} as ${rangeLabel(from, end)}: its travel bookings and what you paid during it at places you don't usually pay.`);
  const abroad = paidAbroad(rows, ctx.currency);
  if (abroad) plan.notes.push(abroad);
  return plan;
}

/**
 * The trip's charges in other currencies beside what they came to in the base currency (the total adds
 * base amounts): "Paid in EUR: €100.00 (= $108.37)". A charge with no rate for its day is left out of
 * the total and said so, never taken 1:1.
 */
export function paidAbroad(rows: { baseMinor: number | null; original: { amountMinor: number; currency: string } | null }[], base: string): string | null {
  const byCurrency = new Map<string, { minor: number; baseMinor: number }>();
  let unconverted = 0;
  for (const r of rows) {
    if (r.baseMinor === null) unconverted++;
    if (!r.original || r.original.currency === base || r.baseMinor === null) continue;
    const sum = byCurrency.get(r.original.currency) ?? { minor: 0, baseMinor: 0 };
    sum.minor += r.original.amountMinor;
    sum.baseMinor += r.baseMinor;
    byCurrency.set(r.original.currency, sum);
  }
  const parts = [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, s]) => `Paid in ${currency}: ${moneyMinor(s.minor, currency)} (= ${moneyMinor(s.baseMinor, base)})`);
  if (unconverted > 0) parts.push(`${unconvertedNote(unconverted)}: left out of the total until an exchange rate for their day exists`);
  return parts.length ? `${parts.join('; ')}.` : null;
}
