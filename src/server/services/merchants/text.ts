/** One word of a bank string: as written (for display) and as compared (`key`). */
export interface Token {
  text: string;
  key: string;
}

const WORD = /[\p{L}\p{N}&+'’]+/gu;
const MARKS = /\p{M}/gu;
// Most bank strings are ASCII: no accents to take off.
const ASCII = /^[\x20-\x7e]*$/;
const GLUED_CODE = /^([A-Z]{2,})(\d{4,})$/;

/** Upper-case, no accents, no apostrophes: "Joe’s" and "JOES" compare equal, "Café" and "CAFE" too. */
export const keyOf = (word: string): string => (ASCII.test(word) ? word : word.normalize('NFKD').replace(MARKS, '')).toUpperCase().replace(/['’]/g, '');

/**
 * The words of a bank string. Punctuation separates words (so "AMZN.COM/BILL" is AMZN COM BILL) except `&` and
 * `+` inside a name ("AT&T", "PG & E" read as PG&E, "DISNEY+") and apostrophes.
 */
export function tokenize(raw: string): Token[] {
  const tokens: Token[] = [];
  for (const match of raw.replace(/\s*&\s*/g, '&').matchAll(WORD)) {
    const text = match[0].replace(/^[&+'’]+|[&'’]+$/g, '');
    const key = keyOf(text);
    // A code glued to a name ("AMERICAN AIR0011234567890") is two words.
    const glued = GLUED_CODE.exec(key);
    if (glued?.[1] && glued[2]) {
      tokens.push({ text: text.slice(0, glued[1].length), key: glued[1] }, { text: text.slice(glued[1].length), key: glued[2] });
    } else if (key) tokens.push({ text, key });
  }
  return tokens;
}

export const keysOf = (phrase: string): string[] => tokenize(phrase).map((token) => token.key);

const SMALL_WORDS = new Set(['A', 'AN', 'AND', 'AT', 'DE', 'DER', 'DES', 'DI', 'DU', 'FOR', 'IN', 'LA', 'LE', 'OF', 'ON', 'THE', 'TO', 'VAN', 'VON', 'AM', 'IM', 'ZUM', 'ZUR', 'DEN', 'DEM', 'ET', 'EL', 'DEL', 'DA', 'DO', 'DOS', 'DAS', 'Y']);
/** Initialisms with a vowel, which the rule below would not keep in capitals. */
const INITIALISMS = new Set(['ATM', 'USPS', 'UPS', 'DMV', 'IRS', 'HMRC', 'NHS', 'USA', 'UK', 'YMCA', 'KFC', 'IHOP', 'ADP', 'TV', 'PO', 'BBQ', 'NYC', 'UCLA', 'NYU', 'ICU', 'ER', 'AA', 'EU', 'IKEA', 'AMC', 'HSA', 'FSA', 'IOU', 'AAA', 'PTA', 'PTO']);

/** Short words without vowels that are abbreviations, not initialisms: Mgmt, not MGMT. */
const ABBREVIATIONS = new Set(['MR', 'MRS', 'MS', 'DR', 'DRS', 'ST', 'JR', 'SR', 'MGMT', 'MGT', 'SVC', 'SVCS', 'MKT', 'MKTS', 'DEPT', 'CTR', 'BLVD', 'PKWY', 'HWY', 'PMT', 'PMTS', 'PYMT', 'WHSE']);
const VOWEL = /[AEIOUY]/;

function titleWord(word: string, first: boolean): string {
  const key = keyOf(word);
  // Initialisms keep their capitals: AT&T, PG&E, H&M, BBQ, CVS.
  if (word.includes('&') && word.split('&').every((part) => part.length <= 2)) return word.toUpperCase();
  if (word.includes('&')) return word.split('&').map((part) => titleWord(part, first)).join(' & ');
  if (INITIALISMS.has(key)) return word.toUpperCase();
  if (key.length <= 4 && !VOWEL.test(key) && !ABBREVIATIONS.has(key) && /^\p{L}+$/u.test(key)) return word.toUpperCase();
  if (!first && SMALL_WORDS.has(key)) return word.toLowerCase();
  const lower = word.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** A name longer than this is a description, not a name: the rest is cut. */
const MAX_NAME_WORDS = 6;

/** "JOE'S PIZZA OF BROOKLYN" → "Joe's Pizza of Brooklyn". */
export const titleCase = (words: readonly string[]): string =>
  words
    .slice(0, MAX_NAME_WORDS)
    .map((word, index) => titleWord(word, index === 0))
    .join(' ');
