import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Tolerant matching for the coach's question understanding: text normalised the same way on both
 * sides (case, curly apostrophes), singular forms, the optimal-string-alignment Damerau–Levenshtein
 * distance (a swap of two letters is one edit), and the correction of misspelled time words.
 */

/** Lower case, straight apostrophes, single spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a text (letters, digits, inner apostrophes, + and &). */
export function words(text: string): string[] {
  return normalise(text).match(/[\p{L}\p{N}][\p{L}\p{N}'+&]*/gu) ?? [];
}

/** The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Edits allowed for a word of this length: none below 4 letters' worth of signal, 1 up to 5, 2 from 6. */
export const allowedEdits = (length: number) => (length < 3 ? 0 : length <= 5 ? 1 : 2);

/** Singular candidates of a word: "movies" → movie, "charges" → charge/charg, "berries" → berry. */
export function singulars(word: string): string[] {
  const out = new Set<string>([word]);
  if (word.length > 3 && word.endsWith('ies')) out.add(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith('es')) out.add(word.slice(0, -2));
  if (word.length > 2 && word.endsWith('s') && !word.endsWith('ss')) out.add(word.slice(0, -1));
  if (word.endsWith("'s")) out.add(word.slice(0, -2));
  return [...out];
}

/** The time words a question may misspell, and what a typo of them reads as. */
const TIME_WORDS = [
  'month',
  'months',
  'week',
  'weeks',
  'year',
  'years',
  'last',
  'this',
  'today',
  'yesterday',
  'since',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'quarter',
];

/** Ordinary words that look like a misspelled time word but are not ("most" is not "month"). */
const NOT_TYPOS = new Set(
  'the then than that these those thus his has was is it its at as an and any are all also via max min man may way day say pay lay hay ray mist most must mast math mark marc much mush such lust lost list lest least best test rest west vest fast past east cast wast lasts this thin thing think thank then them they yes yet yeah year years ear near dear rear fear gear hear wear tear bear pear team teams tear jury jun jan feb mar apr aug sep sept oct nov dec weak wee seek week weeks meek peek reek mouths mortgage monthly weekly yearly daily sine sin since sincere marsh macho mother months'.split(
    ' ',
  ),
);

export interface Correction {
  from: string;
  to: string;
}

/**
 * Misspelled time words corrected ("last mnth" → "last month"), unless the word is one the user's
 * own data knows (a merchant or description word) or an ordinary word. Returns the corrected text
 * and what was corrected, so the answer can say so.
 */
export function correctTimeWords(text: string, known: Set<string>): { text: string; corrections: Correction[] } {
  const corrections: Correction[] = [];
  const out = text.replace(/[\p{L}]+/gu, (token) => {
    const w = token.toLowerCase();
    if (w.length < 3 || TIME_WORDS.includes(w) || NOT_TYPOS.has(w) || known.has(w)) return token;
    let best: { word: string; d: number } | null = null;
    for (const candidate of TIME_WORDS) {
      // A short word keeps its first letter when misspelled ("mnth", "lst", "yaer").
      if (w.length <= 5 && candidate[0] !== w[0]) continue;
      const max = Math.min(allowedEdits(w.length), allowedEdits(candidate.length));
      if (max === 0) continue;
      const d = editDistance(w, candidate, max);
      if (d <= max && (!best || d < best.d)) best = { word: candidate, d };
    }
    // A real English word is read as a time word only when it is one slip away ("moneth"), never two ("number" is not "summer").
    if (!best || (best.d >= 2 && isEnglishWord(w))) return token;
    corrections.push({ from: token, to: best.word });
    return best.word;
  });
  return { text: out, corrections };
}

/** Whether `phrase` (normalised) occurs in `text` (normalised) as whole words. */
export function containsPhrase(text: string, phrase: string): number {
  if (!phrase) return -1;
  let from = 0;
  for (;;) {
    const i = text.indexOf(phrase, from);
    if (i < 0) return -1;
    const before = i === 0 ? ' ' : text[i - 1]!;
    const after = text[i + phrase.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return i;
    from = i + 1;
  }
}

// An English word list (the `word-list` package, about 275,000 words), read on the first question that
// needs it: a real word is never "corrected" into another one ("score" is not "store", "count" not "county").
let english: Set<string> | undefined;
function englishWords(): Set<string> {
  if (!english) {
    const require = createRequire(import.meta.url);
    const file = join(dirname(require.resolve('word-list')), 'words.txt');
    english = new Set(readFileSync(file, 'utf8').split('\n'));
  }
  return english;
}

/** Whether a lower-case word is an ordinary English word (or a regular plural of one). */
export function isEnglishWord(word: string): boolean {
  const w = word.toLowerCase().replace(/'s$/, '');
  const list = englishWords();
  return list.has(w) || (w.endsWith('s') && list.has(w.slice(0, -1)));
}
