import type { MerchantKind } from '../../../contract/merchants';
import { MERCHANT_DICTIONARY, NAMES_WITHOUT_KIND } from './dictionary';
import { KIND_KEYWORDS } from './keywords';
import {
  CITIES,
  COUNTERPARTY_STOPS,
  COUNTRIES,
  LANDLORD_WORDS,
  LEADING_NOISE,
  LEADING_NOISE_PHRASES,
  NAME_STOPS,
  NAME_SUFFIXES,
  OWN_ACCOUNTS,
  PAYROLL_PHRASES,
  PROCESSOR_KINDS,
  PROCESSOR_NAMES,
  PROCESSOR_PREFIXES,
  RENT,
  STATES,
  STORE_WORDS,
  TRAILING_NOISE,
  TRANSFER_MARKERS,
  TRANSFER_PREFIXES,
} from './patterns';
import { keysOf, titleCase, tokenize, type Token } from './text';

export interface MerchantMatch {
  /** Clean display name: "Starbucks", "Uber Eats", "John Smith" for a transfer to him. */
  name: string;
  /** Null when the component cannot tell. */
  kind: MerchantKind | null;
  source: 'dictionary' | 'pattern' | 'fallback';
  /** 0..1 */
  confidence: number;
}

interface Merchant {
  name: string;
  kind: MerchantKind | null;
  /** A platform's name (Google) gives way to a merchant named after it ("GOOGLE *YOUTUBE" is YouTube). */
  platform: boolean;
}

/** A word sequence to look for, filed under its first word. */
interface Phrase<T> {
  keys: string[];
  /** Only as the first word of the merchant part of the string. */
  startOnly: boolean;
  /** A weak keyword loses to any other of the same length. */
  weak: boolean;
  /** A keyword that says what was done, not where (a top-up): it counts only when no other keyword or merchant does. */
  fallback?: boolean;
  value: T;
}

type PhraseIndex<T> = Map<string, Phrase<T>[]>;

const keyAt = (tokens: readonly Token[], position: number): string => tokens[position]?.key ?? '';

function addPhrase<T>(index: PhraseIndex<T>, phrase: Phrase<T>): void {
  const first = phrase.keys[0] ?? '';
  const list = index.get(first) ?? [];
  list.push(phrase);
  // Longest first, so the first phrase that fits at a position is the longest there.
  list.sort((a, b) => b.keys.length - a.keys.length);
  index.set(first, list);
}

function fitsAt<T>(tokens: readonly Token[], position: number, end: number, phrase: Phrase<T>): boolean {
  if (position + phrase.keys.length > end) return false;
  for (let offset = 1; offset < phrase.keys.length; offset += 1) {
    if (keyAt(tokens, position + offset) !== phrase.keys[offset]) return false;
  }
  return true;
}

/** The longest phrase of the index that starts at `position`, if any. */
function phraseAt<T>(index: PhraseIndex<T>, tokens: readonly Token[], position: number, start: number, end: number): Phrase<T> | undefined {
  const candidates = index.get(keyAt(tokens, position));
  if (!candidates) return undefined;
  return candidates.find((phrase) => (!phrase.startOnly || position === start) && fitsAt(tokens, position, end, phrase));
}

interface AliasSource {
  keys: string[];
  startOnly: boolean;
  merchant: Merchant;
}

/** Parses the dictionary once: aliases written out first, then display names that no alias already claims. */
function buildDictionary(): { index: PhraseIndex<Merchant>; glued: Map<string, Merchant>; aliases: AliasSource[] } {
  const explicit: AliasSource[] = [];
  const fromNames: AliasSource[] = [];
  const groups = [...(Object.entries(MERCHANT_DICTIONARY) as [MerchantKind, string][]), [null, NAMES_WITHOUT_KIND] as const];
  for (const [kind, text] of groups) {
    for (const line of text.split('\n')) {
      const colon = line.indexOf(': ');
      if (colon < 0) continue;
      const rawName = line.slice(0, colon).trim();
      const platform = rawName.startsWith('~');
      const startOnlyName = rawName.replace(/^~/, '').startsWith('^');
      const name = rawName.replace(/^[~^]+/, '');
      const merchant: Merchant = { name, kind, platform };
      const aliases = line
        .slice(colon + 2)
        .split(',')
        .map((alias) => alias.trim())
        .filter(Boolean);
      for (const alias of aliases) explicit.push({ keys: keysOf(alias.replace(/^\^/, '')), startOnly: alias.startsWith('^'), merchant });
      const nameStartOnly = startOnlyName || aliases.some((alias) => alias.startsWith('^'));
      for (const variant of new Set([name, name.replace(/['’]/g, ' ')])) fromNames.push({ keys: keysOf(variant), startOnly: nameStartOnly, merchant });
    }
  }
  const index: PhraseIndex<Merchant> = new Map();
  const glued = new Map<string, Merchant>();
  const seen = new Set<string>();
  const aliases: AliasSource[] = [];
  for (const alias of [...explicit, ...fromNames]) {
    const id = alias.keys.join(' ');
    if (!id || seen.has(id)) continue;
    seen.add(id);
    aliases.push(alias);
    addPhrase(index, { keys: alias.keys, startOnly: alias.startOnly, weak: false, value: alias.merchant });
    // A brand glued to what follows it ("NETFLIXCOM", "STARBUCKSSTORE") is found by its prefix.
    if (alias.keys.length === 1 && id.length >= 5) glued.set(id, alias.merchant);
  }
  return { index, glued, aliases: explicit };
}

function buildKeywords(): PhraseIndex<MerchantKind> {
  const index: PhraseIndex<MerchantKind> = new Map();
  for (const [kind, text] of Object.entries(KIND_KEYWORDS) as [MerchantKind, string][]) {
    for (const word of text.split(',')) {
      const trimmed = word.trim();
      if (!trimmed) continue;
      const keys = keysOf(trimmed.replace(/[?*]$/, ''));
      if (keys.length) addPhrase(index, { keys, startOnly: false, weak: trimmed.endsWith('?'), fallback: trimmed.endsWith('*'), value: kind });
    }
  }
  return index;
}

function buildPhrases(phrases: readonly string[]): PhraseIndex<string> {
  const index: PhraseIndex<string> = new Map();
  for (const phrase of phrases) addPhrase(index, { keys: keysOf(phrase), startOnly: false, weak: false, value: phrase });
  return index;
}

const dictionary = buildDictionary();
const keywords = buildKeywords();
const transferIndex: PhraseIndex<string> = new Map();
for (const [phrase, service] of TRANSFER_PREFIXES) addPhrase(transferIndex, { keys: keysOf(phrase), startOnly: false, weak: false, value: service });
const noisePhrases = buildPhrases(LEADING_NOISE_PHRASES);
const payrollPhrases = buildPhrases(PAYROLL_PHRASES);
const cities = buildPhrases(CITIES);
const processorPrefixes = new Set([...PROCESSOR_PREFIXES].map((prefix) => keysOf(prefix).join(' ')));

/** Every alias with its merchant, for the dictionary's own checks. */
export const dictionaryAliases = (): readonly { alias: string; name: string; kind: MerchantKind | null }[] =>
  dictionary.aliases.map((alias) => ({ alias: alias.keys.join(' '), name: alias.merchant.name, kind: alias.merchant.kind }));

const HAS_DIGIT = /\d/;
/** Card and account masks: XXXX1234, ****, X. */
const MASK = /^X+\d*$/;
const isCode = (key: string): boolean => HAS_DIGIT.test(key) || MASK.test(key);

/**
 * "SQ *BLUE BOTTLE" → "BLUE BOTTLE": a processor's code before the first star goes with the star; a brand before
 * a star ("UBER *TRIP", "GOOGLE *YOUTUBE") stays. Returns the rest and the processor's own name.
 */
function stripProcessor(raw: string): { rest: string; processor: string | null } {
  const star = raw.indexOf('*');
  if (star < 0 || star > 40) return { rest: raw, processor: null };
  const before = tokenize(raw.slice(0, star));
  for (let take = Math.min(2, before.length); take >= 1; take -= 1) {
    const code = before
      .slice(before.length - take)
      .map((token) => token.key)
      .join(' ');
    const leading = before.slice(0, before.length - take);
    if (processorPrefixes.has(code) && leading.every((token) => LEADING_NOISE.has(token.key) || isCode(token.key))) {
      return { rest: raw.slice(star + 1), processor: code };
    }
  }
  return { rest: raw, processor: null };
}

/** Drops codes, store numbers, company forms, and the city, state and country a card string ends with. */
function cleanWords(tokens: readonly Token[]): Token[] {
  let words: Token[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token) break;
    if (index > 0 && words.length > 0 && NAME_STOPS.has(token.key)) break;
    if (STORE_WORDS.has(token.key) && index + 1 < tokens.length && isCode(keyAt(tokens, index + 1))) {
      index += 1;
      continue;
    }
    if (isCode(token.key)) continue;
    words.push(token);
  }
  const before = words.length;
  for (;;) {
    const last = words.at(-1)?.key;
    if (last === undefined || words.length <= 1) break;
    if (COUNTRIES.has(last) || NAME_SUFFIXES.has(last) || TRAILING_NOISE.has(last)) {
      words = words.slice(0, -1);
      continue;
    }
    const city = cityAtEnd(words);
    if (city > 0 && words.length > city) {
      words = words.slice(0, -city);
      continue;
    }
    if (STATES.has(last) && before >= 3) {
      words = words.slice(0, -1);
      // The word before a state is its city when no known city was there ("PAWTUCKET RI"), unless it says what
      // the place is ("BLUE MOON CAFE RI").
      if (words.length >= 3 && cityAtEnd(words) === 0 && !keywords.has(keyAt(words, words.length - 1))) words = words.slice(0, -1);
      continue;
    }
    break;
  }
  return words;
}

/** How many words at the end of `words` name a known city (0 when none). */
function cityAtEnd(words: readonly Token[]): number {
  for (let length = Math.min(3, words.length - 1); length >= 1; length -= 1) {
    const from = words.length - length;
    const phrase = phraseAt(cities, words, from, from, words.length);
    if (phrase && phrase.keys.length === length) return length;
  }
  return 0;
}

const nameOf = (tokens: readonly Token[]): string => titleCase(tokens.map((token) => token.text));

/** The first word of the merchant part, past the words that say how the card was used. */
function merchantStart(tokens: readonly Token[]): number {
  let position = 0;
  while (position < tokens.length) {
    const noise = phraseAt(noisePhrases, tokens, position, position, tokens.length);
    if (noise) {
      position += noise.keys.length;
      continue;
    }
    if (phraseAt(transferIndex, tokens, position, position, tokens.length)) return position;
    const key = keyAt(tokens, position);
    // A brand may start with a digit ("7-ELEVEN", "O2") or a noise word ("PAY BY PHONE"): not noise if it starts there.
    const brand = phraseAt(dictionary.index, tokens, position, position, tokens.length);
    if ((LEADING_NOISE.has(key) && !(brand && brand.keys.length > 1)) || (isCode(key) && !brand)) {
      position += 1;
      continue;
    }
    return position;
  }
  return position;
}

function findMerchant(tokens: readonly Token[], start: number): { merchant: Merchant; position: number; glued: boolean } | undefined {
  let found: { merchant: Merchant; position: number; glued: boolean } | undefined;
  for (let position = start; position < tokens.length; position += 1) {
    const phrase = phraseAt(dictionary.index, tokens, position, start, tokens.length);
    if (!phrase) continue;
    if (!found) found = { merchant: phrase.value, position, glued: false };
    else if (!phrase.value.platform) return { merchant: phrase.value, position, glued: false };
    if (!found.merchant.platform) return found;
    position += phrase.keys.length - 1;
  }
  if (found) return found;
  const first = tokens[start]?.key;
  if (first && first.length > 5) {
    for (let length = first.length - 1; length >= 5; length -= 1) {
      const merchant = dictionary.glued.get(first.slice(0, length));
      if (merchant) return { merchant, position: start, glued: true };
    }
  }
  return undefined;
}

/** "HOTEL&SUITES" as HOTEL SUITES, for the keywords; initialisms (AT&T, B&B) stay whole. */
function splitAmpersands(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => {
    const parts = token.key.split('&');
    if (parts.length < 2 || parts.some((part) => part.length <= 2)) return [token];
    return parts.map((key) => ({ text: key, key }));
  });
}

/** The best kind keyword: any over a fallback one, then the longest phrase, then a strong one over a weak one, then the leftmost. */
function findKeyword(tokens: readonly Token[], start: number): Phrase<MerchantKind> | undefined {
  const best = bestKeyword(tokens, start);
  if (best || !tokens.some((token) => token.key.includes('&'))) return best;
  return bestKeyword(splitAmpersands(tokens.slice(start)), 0);
}

const rank = (phrase: Phrase<MerchantKind>) => (phrase.fallback ? 0 : phrase.keys.length);

function bestKeyword(tokens: readonly Token[], start: number): Phrase<MerchantKind> | undefined {
  let best: Phrase<MerchantKind> | undefined;
  for (let position = start; position < tokens.length; position += 1) {
    const candidates = keywords.get(keyAt(tokens, position));
    if (!candidates) continue;
    for (const phrase of candidates) {
      if (!fitsAt(tokens, position, tokens.length, phrase)) continue;
      if (!best || rank(phrase) > rank(best) || (rank(phrase) === rank(best) && best.weak && !phrase.weak)) best = phrase;
      break;
    }
  }
  return best;
}

/**
 * A transfer to or from `words` (the counterparty, then perhaps a memo). `memoFrom` is where the memo starts when
 * the wording put it there ("J SMITH FP 01/03/26 RENT": the words after FP).
 */
function transfer(words: readonly Token[], service: string, memoFrom = words.length): MerchantMatch {
  const party: Token[] = [];
  const memo: Token[] = [];
  for (const [index, token] of words.entries()) {
    if (index >= memoFrom || memo.length > 0 || COUNTERPARTY_STOPS.has(token.key)) memo.push(token);
    else if (!isCode(token.key) && !(party.length === 0 && (token.key === 'TO' || token.key === 'FROM'))) party.push(token);
  }
  // A payment to a known company through a bank transfer is that company ("FASTER PAYMENT TO BRITISH GAS").
  const known = party.length > 0 ? findMerchant(party, 0) : undefined;
  if (known && known.position === 0 && known.merchant.kind !== 'transfer' && !phraseAt(dictionary.index, party, 0, 0, party.length)?.startOnly) {
    return { name: known.merchant.name, kind: known.merchant.kind, source: 'dictionary', confidence: 0.85 };
  }
  // "ZELLE TRANSFER CONF# ABC123; JOHN SMITH": the name after the reference.
  if (party.length === 0) party.push(...memo.filter((token) => !COUNTERPARTY_STOPS.has(token.key) && !isCode(token.key)));
  const memoRent = memo.some((token) => token.key === 'RENT' || token.key === 'MIETE' || token.key === 'LOYER' || token.key === 'HUUR');
  let rent = service === RENT || memoRent || party.some((token) => LANDLORD_WORDS.has(token.key));
  // "ZELLE PAYMENT TO JOHN SMITH RENT": the last word is what it was for, not part of the name.
  if (party.length > 1 && party.at(-1)?.key === 'RENT') {
    party.pop();
    rent = true;
  }
  while (party.length > 1 && ['ACCOUNT', 'ACCT', 'ACC'].includes(party.at(-1)?.key ?? '')) party.pop();
  const own = party.length === 1 ? OWN_ACCOUNTS[keyAt(party, 0)] : undefined;
  const name = own ?? (party.length > 0 ? nameOf(party) : service);
  return { name, kind: rent ? 'rent' : 'transfer', source: 'pattern', confidence: party.length > 0 ? 0.9 : 0.75 };
}

function payroll(tokens: readonly Token[], start: number): MerchantMatch | undefined {
  for (let position = start; position < tokens.length; position += 1) {
    const phrase = phraseAt(payrollPhrases, tokens, position, position, tokens.length);
    if (!phrase) continue;
    let employer = cleanWords(tokens.slice(start, position));
    if (employer.length === 0) employer = cleanWords(tokens.slice(position + phrase.keys.length));
    return { name: employer.length > 0 ? nameOf(employer) : 'Payroll', kind: 'payroll', source: 'pattern', confidence: 0.85 };
  }
  return undefined;
}

/**
 * A bank string ("SQ *BLUE BOTTLE 0341", "AMZN Mktp US*2K4", "ZELLE PAYMENT TO OAKRIDGE PROPERTY MGMT") to a
 * clean merchant name and a kind. Pure and synchronous: the indexes are built once when the module loads.
 */
export function normalizeMerchant(raw: string): MerchantMatch {
  const { rest, processor } = stripProcessor(raw);
  const tokens = tokenize(rest);
  const start = merchantStart(tokens);
  if (start >= tokens.length) {
    const processorName = processor ? PROCESSOR_NAMES[processor] : undefined;
    if (processorName) return { name: processorName, kind: null, source: 'pattern', confidence: 0.5 };
    const words = tokenize(raw).filter((token) => !isCode(token.key));
    return { name: words.length > 0 ? nameOf(words) : raw.trim(), kind: null, source: 'fallback', confidence: 0.1 };
  }

  const transferPrefix = phraseAt(transferIndex, tokens, start, start, tokens.length);
  if (transferPrefix) return transfer(tokens.slice(start + transferPrefix.keys.length), transferPrefix.value);

  const paid = payroll(tokens, start);
  if (paid) return paid;

  const keyword = findKeyword(tokens, start);
  // Cash and bank charges are what they are wherever they happen ("ATM WITHDRAWAL 7-ELEVEN").
  if (keyword && !keyword.weak && (keyword.value === 'atm' || keyword.value === 'bank_fee')) {
    const words = cleanWords(tokens.slice(start));
    const name = keyword.value === 'atm' ? 'ATM' : nameOf(words.length > 0 ? words : tokens.slice(start));
    return { name, kind: keyword.value, source: 'pattern', confidence: 0.85 };
  }

  const found = findMerchant(tokens, start);
  // A brand word inside another name ("LITTLE SPROUTS DAYCARE") is not that brand when the name's own words say
  // it is something else.
  const inside = found && found.position > start && keyword && !keyword.weak && !keyword.fallback && keyword.value !== found.merchant.kind;
  if (found && !inside) {
    const confidence = found.glued ? 0.8 : found.position === start ? 0.95 : 0.85;
    return { name: found.merchant.name, kind: found.merchant.kind, source: 'dictionary', confidence };
  }

  // A marker after the name ("J SMITH FP 01/03/26"), last or before a date or reference, so "SO GOOD" stays a name.
  const marker = tokens.findIndex(
    (token, index) => index > start && TRANSFER_MARKERS.has(token.key) && (index === tokens.length - 1 || isCode(keyAt(tokens, index + 1))),
  );
  if (marker > start) return transfer([...tokens.slice(start, marker), ...tokens.slice(marker + 1)], 'Transfer', marker - start);

  const words = cleanWords(tokens.slice(start));
  const name = nameOf(words.length > 0 ? words : tokens.slice(start));
  if (keyword) return { name, kind: keyword.value, source: 'pattern', confidence: keyword.weak ? 0.45 : 0.6 };
  const processorKind = processor ? PROCESSOR_KINDS[processor] : undefined;
  if (processorKind) return { name, kind: processorKind, source: 'pattern', confidence: 0.4 };
  return { name, kind: null, source: 'fallback', confidence: 0.3 };
}
