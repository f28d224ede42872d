import { addDays } from '../../../contract/calendar';
import type { ToolContext } from './data';
import { payeesOf, type Payee } from './payees';
import { tripsIn } from './trips';
import { understand, vocabularyOf, type Plan, type PlanPart, type Subject } from './understand';

/** Reading a question into a plan with the user's own names, payees and refunds. */

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
