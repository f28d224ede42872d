import { LEARN_APPLY_CONFIDENCE } from '../../../contract/autoRules';
import type { MerchantKind } from '../../../contract/merchants';
import type { TransactionType } from '../../../contract/transactions';
import { labelOf, type MerchantReader } from './engine';
import { kindCategory } from './kinds';

/**
 * Categorization that learns from the user's own history, with no outside service: a row no rule
 * decides gets the category the user gave the same merchant (then the same kind of merchant, then
 * rows sharing its words), weighed by how close its amount is to theirs. The history arrives grouped
 * (one entry per distinct label, payee, category and type, with a count and an amount total), so
 * building the model costs one pass over the groups, not over every transaction.
 */

export interface HistoryGroup {
  description: string;
  merchant: string | null;
  category: string;
  type: TransactionType;
  count: number;
  amountMinor: number;
}

export interface Learned {
  category: string;
  confidence: number;
  why: string;
  confident: boolean;
}

interface Tally {
  /** category → [count, amount total] */
  by: Map<string, [number, number]>;
  total: number;
  /** A name to show in the why ("Starbucks", "coffee shop"). */
  label: string;
}

const WORD = /[a-z]{3,}/g;
const STOP = new Set(['the', 'and', 'for', 'pos', 'card', 'debit', 'credit', 'purchase', 'payment', 'visa', 'com', 'www', 'inc', 'ltd', 'llc', 'online', 'store', 'mktp']);
export const wordsOf = (label: string) => [...new Set((label.toLowerCase().match(WORD) ?? []).filter((w) => !STOP.has(w)))];

function add(map: Map<string, Tally>, key: string, label: string, g: HistoryGroup) {
  let t = map.get(key);
  if (!t) map.set(key, (t = { by: new Map(), total: 0, label }));
  const cur = t.by.get(g.category) ?? [0, 0];
  cur[0] += g.count;
  cur[1] += g.amountMinor;
  t.by.set(g.category, cur);
  t.total += g.count;
}

/** The best category of a tally for an amount: counts, each weighed by how far the amount is from that category's average. */
function decide(t: Tally, amountMinor: number | undefined): { category: string; share: number; count: number } {
  let best = '';
  let bestScore = -1;
  let sum = 0;
  let bestCount = 0;
  for (const [category, [n, total]] of t.by) {
    const mean = total / n;
    const closeness = amountMinor && mean > 0 ? Math.exp(-Math.abs(Math.log(amountMinor / mean)) / 2) : 1;
    const score = n * closeness;
    sum += score;
    if (score > bestScore || (score === bestScore && category < best)) {
      best = category;
      bestScore = score;
      bestCount = n;
    }
  }
  return { category: best, share: sum > 0 ? bestScore / sum : 0, count: bestCount };
}

/**
 * The merchant a row is learned under: the clean name and kind of its payee (a bank file's payee is
 * its raw text, with dates and store numbers that change every month), else of its description.
 */
function merchantOfRow(r: { description: string; merchant: string | null }, read: MerchantReader) {
  if (!r.merchant?.trim()) return read(labelOf(r));
  const payee = read(r.merchant);
  // A payee whose kind is known needs nothing from the description: read only when it may add the kind
  // (most labels are distinct, with store numbers and dates, so each read is a fresh parse).
  if (payee.kind) return payee;
  const described = read(labelOf(r));
  return described.kind ? { ...described, name: payee.name } : payee;
}

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** How a learned category's confidence grows with the rows filed so: 1 row 0.67, 2 rows 0.8 (applied), 4 rows 0.89. */
const settled = (rowsSoFiled: number) => rowsSoFiled / (rowsSoFiled + 0.5);
/** A first-sight category from the merchant's kind: applied (clear kinds of a certain merchant) or suggested. */
const KIND_APPLIED = 0.85;
const KIND_SUGGESTED = 0.5;
/** How many rows the kind's category counts for against the user's own rows of that kind filed elsewhere. */
const PRIOR_ROWS = 3;

/**
 * The model of one user's history. `ignore` names categories that mean "not categorized" (Other);
 * `known` says whether a built-in category still exists for a type (the first-sight category of a
 * merchant's kind is offered only then).
 */
export function learnFrom(
  groups: Iterable<HistoryGroup>,
  read: MerchantReader,
  ignore: (category: string, type: TransactionType) => boolean,
  known: (category: string, type: TransactionType) => boolean = () => true,
) {
  const merchants = new Map<string, Tally>();
  const kinds = new Map<string, Tally>();
  const words = new Map<string, Tally>();
  for (const g of groups) {
    if (ignore(g.category, g.type)) continue;
    const label = labelOf(g);
    const m = merchantOfRow(g, read);
    if (m.name) add(merchants, `${g.type}:${m.name.toLowerCase()}`, m.name, g);
    if (m.kind) add(kinds, `${g.type}:${m.kind}`, m.kind.replace(/_/g, ' '), g);
    for (const w of wordsOf(label)) add(words, `${g.type}:${w}`, w, g);
  }

  /** What the merchant's kind alone says, for anyone: null when it says nothing or the category is gone. */
  function fromKind(kind: MerchantKind | null, sure: boolean, type: TransactionType, name: string): Learned | null {
    const k = kind ? kindCategory(kind, type) : null;
    if (!k || !known(k.category, type)) return null;
    const confidence = k.apply && sure ? KIND_APPLIED : KIND_SUGGESTED;
    return { category: k.category, confidence, why: `${name || 'This merchant'}: ${kind!.replace(/_/g, ' ')}, usually ${k.category}`, confident: confidence >= LEARN_APPLY_CONFIDENCE };
  }

  /** The user's own filing wins; where it agrees with the kind's category, the two together are sure. */
  const agreeing = (own: Learned, prior: Learned | null): Learned =>
    prior && prior.category === own.category && prior.confidence > own.confidence ? { ...own, confidence: prior.confidence, confident: prior.confident } : own;

  return {
    /** The learned category of a row, or null when the history and the merchant's kind say nothing about it. */
    predict(r: { description: string; merchant: string | null; type: TransactionType; amountMinor?: number }): Learned | null {
      const label = labelOf(r);
      const m = merchantOfRow(r, read);
      const name = m.name;
      const prior = fromKind(m.kind, m.sure, r.type, name);
      const byMerchant = name ? merchants.get(`${r.type}:${name.toLowerCase()}`) : undefined;
      if (byMerchant) {
        const d = decide(byMerchant, r.amountMinor);
        // Seen once: a guess; filed twice the same way with nothing against it: sure.
        const confidence = d.share * settled(byMerchant.total);
        const own = { category: d.category, confidence, why: `${d.count} of your ${rows(byMerchant.total)} from ${byMerchant.label} are in ${d.category}`, confident: confidence >= LEARN_APPLY_CONFIDENCE };
        return agreeing(own, prior);
      }
      const byKind = m.kind ? kinds.get(`${r.type}:${m.kind}`) : undefined;
      if (byKind) {
        const d = decide(byKind, r.amountMinor);
        const confidence = 0.9 * d.share * (byKind.total / (byKind.total + 2));
        const own = { category: d.category, confidence, why: `${d.count} of your ${rows(byKind.total)} at a ${byKind.label} are in ${d.category}`, confident: confidence >= LEARN_APPLY_CONFIDENCE };
        if (!prior || own.category === prior.category || own.confident) return agreeing(own, prior);
        // The user filed other places of this kind elsewhere: the kind's category, surer as their rows agree with it.
        const same = byKind.by.get(prior.category)?.[0] ?? 0;
        const confidence2 = (prior.confidence * (PRIOR_ROWS + same)) / (PRIOR_ROWS + byKind.total);
        return { ...prior, confidence: confidence2, confident: confidence2 >= LEARN_APPLY_CONFIDENCE };
      }
      if (prior) return prior;
      // Words: each known word votes with its own tally; rarer words (fewer categories) weigh more.
      const votes = new Map<string, number>();
      let total = 0;
      let strongest: Tally | undefined;
      for (const w of wordsOf(label)) {
        const t = words.get(`${r.type}:${w}`);
        if (!t) continue;
        const weight = 1 / t.by.size;
        for (const [category, [n]] of t.by) votes.set(category, (votes.get(category) ?? 0) + (weight * n) / t.total);
        total += weight;
        if (!strongest || t.by.size < strongest.by.size) strongest = t;
      }
      if (!strongest || total === 0) return null;
      const [category, score] = [...votes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
      const confidence = 0.7 * (score / total);
      return { category, confidence, why: `Rows with the word “${strongest.label}” are mostly in ${category}`, confident: confidence >= LEARN_APPLY_CONFIDENCE };
    },
  };
}
export type LearnedModel = ReturnType<typeof learnFrom>;
