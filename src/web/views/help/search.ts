import { helpArticles, type HelpArticle } from './articles';

const STOP_WORDS = new Set(['my', 'the', 'how', 'do', 'does', 'to', 'a', 'an', 'of', 'and', 'is', 'can', 'what', 'with', 'in', 'on', 'for', 'it', 'me', 'i', 'why', 'where', 'when', 'are', 'am']);
const wordsOf = (text: string) => text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !STOP_WORDS.has(w));

/** Edit distance with transpositions ("exprot" is one step from "export"), stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

/** How well one typed word matches one word of an answer: 1 exact, less for a prefix or a typo, 0 for none. */
function match(query: string, word: string): number {
  if (word === query) return 1;
  if (query.length >= 3 && word.startsWith(query)) return 0.8;
  const allowed = query.length <= 4 ? 1 : 2;
  const d = distance(query, word.slice(0, query.length + allowed), allowed);
  const whole = distance(query, word, allowed);
  const best = Math.min(d === 0 ? allowed + 1 : d, whole);
  return best <= allowed ? 0.6 - 0.2 * (best - 1) : 0;
}

/**
 * Keywords are listed most telling first: the first weighs 2.5, each next one 0.1 less down to 2, so an answer whose
 * subject a word is ranks above one that merely mentions it ('export' leads the data export's keywords but is the
 * import answer's fifth, for a bank's CSV export).
 */
const keywordFields = (keywords: string) => wordsOf(keywords).map((word, i) => ({ weight: 2.5 - 0.1 * Math.min(i, 5), words: [word] }));

const fields = helpArticles.map((a) => ({
  article: a,
  weighted: [
    { weight: 3, words: wordsOf(a.question) },
    ...keywordFields(a.keywords),
    { weight: 1.5, words: wordsOf(a.topic) },
    { weight: 1, words: wordsOf(a.answer.join(' ')) },
  ],
}));

/** Answers for a query, best first (every answer for an empty one). Every word must match somewhere, typos allowed. */
export function searchHelp(query: string): HelpArticle[] {
  const terms = wordsOf(query);
  if (terms.length === 0) return helpArticles;
  const scored: { article: HelpArticle; score: number }[] = [];
  for (const { article, weighted } of fields) {
    let total = 0;
    let all = true;
    for (const term of terms) {
      let best = 0;
      for (const f of weighted) for (const w of f.words) best = Math.max(best, match(term, w) * f.weight);
      if (best === 0) {
        all = false;
        break;
      }
      total += best;
    }
    if (all) scored.push({ article, score: total });
  }
  return scored.sort((a, b) => b.score - a.score).map((s) => s.article);
}
