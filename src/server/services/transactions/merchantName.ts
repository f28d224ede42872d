import { dictionaryAliases, normalizeMerchant } from '../merchants';

export interface MerchantFields {
  merchantName: string | null;
  merchantKind: string | null;
}

/**
 * The clean merchant name and kind a row stores beside its raw text: of the merchant, or of the
 * description when the row names no merchant. Stored at import and manual entry; rows older than
 * the columns get theirs when read (fillMerchant).
 */
export function merchantOf(merchant: string | null | undefined, description: string | null | undefined): MerchantFields {
  const raw = (merchant ?? '').trim() || (description ?? '').trim();
  if (raw === '') return { merchantName: null, merchantKind: null };
  const known = recent.get(raw);
  if (known) return known;
  const match = normalizeMerchant(raw);
  const fields = { merchantName: match.name.trim() || null, merchantKind: match.kind };
  // Pages of older rows repeat the same few merchants: each is cleaned once while it stays in this bounded memo.
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(raw, fields);
  return fields;
}

const RECENT_MAX = 5_000;
const recent = new Map<string, MerchantFields>();

const WORD = /[^\p{L}\p{N}]+/u;
let aliasesByNameWord: Map<string, string[][]> | null = null;

/** The dictionary's aliases by each lower-case word of their clean name, built on first use. */
function aliasIndex(): Map<string, string[][]> {
  if (aliasesByNameWord) return aliasesByNameWord;
  const index = new Map<string, string[][]>();
  for (const { alias, name } of dictionaryAliases()) {
    const words = alias.toLowerCase().split(WORD).filter(Boolean);
    if (words.length === 0) continue;
    for (const nameWord of new Set(name.toLowerCase().split(WORD).filter(Boolean))) {
      const list = index.get(nameWord) ?? [];
      list.push(words);
      index.set(nameWord, list);
    }
  }
  aliasesByNameWord = index;
  return index;
}

/** Most alias spellings one search word expands to (a query stays small). */
const MAX_ALIASES = 12;

/**
 * How the bank may spell a word of a clean merchant name: "amazon" → [["amzn"], ["amzn", "mktp"], …].
 * A search for the clean name then also finds raw strings that never contain it, through the same
 * word index (the clean name is not in the stored search vector, which would need a table rewrite).
 */
export function bankSpellings(word: string): string[][] {
  const key = word.toLowerCase();
  if (key.length < 3) return [];
  const seen = new Set<string>();
  const out: string[][] = [];
  // An alias holding the word itself is found by the word already; shorter spellings first.
  const candidates = (aliasIndex().get(key) ?? []).filter((words) => !words.some((w) => w.startsWith(key))).sort((a, b) => a.length - b.length);
  for (const words of candidates) {
    const joined = words.join(' ');
    // "amzn fresh" adds nothing once "amzn" is there.
    if (seen.has(joined) || out.some((kept) => kept.every((w) => words.includes(w)))) continue;
    seen.add(joined);
    out.push(words);
  }
  return out.slice(0, MAX_ALIASES);
}
