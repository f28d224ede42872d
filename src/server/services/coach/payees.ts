import type { MerchantKind } from '../../../contract/merchants';
import { normalizeMerchant } from '../merchants';
import { normalise, words } from './lexicon';

/**
 * The coach's merchant knowledge: every payee string of the user (a merchant, or the description of
 * a row a bank exported without one) read by the merchant component into a clean name and a kind,
 * and the everyday words people use for kinds ("coffee", "takeaway", "filling up", "power bill").
 */
export interface Payee {
  /** The stored text, as the bank wrote it. */
  raw: string;
  /** Where the text is stored: the merchant column, or the description of a row without a merchant. */
  field: 'merchant' | 'description';
  name: string;
  kind: MerchantKind | null;
}

/** A set of payees named by a question: one merchant under all its spellings, or every merchant of some kinds. */
export interface PayeeGroup {
  name: string;
  merchants: string[];
  descriptions: string[];
  /** The clean merchant names in the group, for the answer. */
  names: string[];
}

/** Words for people who pay the user (a tenant's rent, a flatmate's half): money they send comes in. */
export const PAYER_WORDS = ['tenant', 'tenants', 'my tenant', 'the tenant', 'roommate', 'roommates', 'my roommate', 'flatmate', 'flatmates', 'my flatmate', 'housemate', 'housemates', 'my housemate', 'lodger', 'lodgers', 'subletter', 'renter', 'renters'];
const PAYERS = new Set(PAYER_WORDS);
/** Whether a phrase names people who pay the user. */
export const isPayer = (phrase: string) => PAYERS.has(phrase);

/** Everyday words for kinds of merchant. Longer phrases win over their words ("gas bill" before "gas"). */
export const KIND_WORDS: [string[], MerchantKind[]][] = [
  [['gas bill', 'gas bills', 'gas and electric', 'heating bill', 'gas utility'], ['gas_utility']],
  [['power bill', 'power bills', 'electricity', 'electric', 'the power company', 'power company', 'electric company', 'electric bill', 'electric bills', 'electricity bill', 'electricity bills', 'energy bill', 'energy bills', 'power'], ['electricity']],
  [['water bill', 'water bills', 'water'], ['water']],
  [['internet', 'internet bill', 'broadband', 'wifi', 'wi-fi', 'cable internet'], ['internet']],
  [['phone bill', 'phone bills', 'phone', 'mobile', 'mobile bill', 'cell phone', 'cellphone', 'cell', 'phone plan'], ['phone']],
  [['gas', 'fuel', 'petrol', 'diesel', 'filling up', 'fill up', 'fill ups', 'fill-ups', 'gas station', 'gas stations', 'filling up the car', 'tank of gas', 'tank', 'the tank', 'put in the tank', 'gas tank', 'fuel up', 'fueling up', 'gassing up', 'gas up'], ['fuel']],
  [['coffee', 'coffees', 'coffee shop', 'coffee shops', 'cafe', 'cafes', 'café', 'lattes', 'latte', 'coffee run', 'coffee runs'], ['coffee_shop']],
  [['takeaway', 'takeaways', 'takeout', 'take-out', 'take out', 'food delivery', 'delivery', 'deliveries', 'delivered food'], ['fast_food', 'food_delivery']],
  [['fast food'], ['fast_food']],
  [['eating out', 'eat out', 'ate out', 'dining out', 'dine out', 'meals out', 'food out'], ['restaurant', 'fast_food', 'food_delivery', 'coffee_shop']],
  [['restaurant', 'restaurants', 'dinners out', 'sit-down'], ['restaurant']],
  [['bars', 'bar', 'pubs', 'pub', 'drinks out'], ['bar']],
  [['groceries', 'grocery', 'supermarket', 'supermarkets', 'food shopping', 'grocery shopping', 'grocery store', 'grocery stores'], ['groceries']],
  [['rides', 'ride', 'rideshare', 'ride share', 'ridesharing', 'taxi', 'taxis', 'cabs', 'cab'], ['rideshare']],
  [['public transport', 'public transit', 'transit', 'train', 'trains', 'bus', 'buses', 'metro', 'subway', 'tube'], ['public_transit']],
  [['parking'], ['parking']],
  [['tolls', 'toll'], ['tolls']],
  [['flights', 'flight', 'airline', 'airlines', 'airfare', 'plane tickets'], ['airline']],
  [['hotels', 'hotel', 'lodging', 'accommodation', 'airbnb'], ['lodging']],
  [['streaming', 'streaming services'], ['streaming', 'music']],
  [['rent', 'my rent', 'the rent'], ['rent']],
  [['mortgage'], ['mortgage']],
  [['gym', 'fitness', 'gym membership'], ['fitness']],
  [['golf', 'golfing', 'round of golf', 'rounds of golf', 'tee time', 'tee times', 'bowling', 'movies', 'the movies', 'cinema', 'concerts', 'concert tickets', 'museum', 'museums'], ['entertainment']],
  [['church', 'my church', 'the church', 'collection plate', 'the collection plate', 'tithe', 'tithes', 'tithing', 'offering', 'offerings', 'donations', 'donation', 'charity', 'charities', 'giving'], ['charity']],
  [['books', 'bookstore', 'audiobooks'], ['books']],
  [['tuition', 'school fees', 'course fees', 'classes', 'courses'], ['education']],
  [['fixing up', 'fix up', 'fixed up', 'doing up', 'home improvement', 'home improvements', 'hardware store', 'diy', 'repairs', 'repair', 'the repairs', 'home repairs', 'house repairs', 'maintenance', 'upkeep'], ['home_improvement']],
  [['pharmacy', 'drugstore', 'prescriptions', 'prescription', 'chemist', 'meds', 'medication', 'medications'], ['pharmacy']],
  [['medical', 'medical stuff', 'medical bills', 'medical costs', 'medical expenses', 'healthcare', 'health care', 'health costs', 'health expenses', 'medical care'], ['health', 'pharmacy']],
  [['haircut', 'haircuts', 'hairdresser', 'barber'], ['personal_care']],
  [['insurance'], ['insurance']],
  [['pet', 'pets', 'vet', 'pet food'], ['pets']],
  [['bills', 'utilities', 'utility bills', 'my bills', 'utility'], ['electricity', 'gas_utility', 'water', 'internet', 'phone']],
  [['travel', 'trip', 'the trip', 'holiday', 'vacation', 'travelling', 'traveling'], ['airline', 'lodging', 'travel_booking', 'car_rental']],
  // People who pay you: what they send comes in as a transfer from a person (Zelle, Venmo).
  [PAYER_WORDS, ['transfer']],
  // Not "pay" alone: "what did I pay T-Mobile" is spending.
  // A job names its employer's payroll ("my job at the cafe", "work"), whichever employer it is.
  [['paycheck', 'paychecks', 'salary', 'wages', 'wage', 'payroll', 'pay slip', 'payslip', 'my pay', 'take-home pay', 'take home pay', 'job', 'jobs', 'my job', 'the job', 'part-time job', 'side job', 'employer', 'my employer', 'employers', 'shifts'], ['payroll']],
];
/**
 * Everyday words for payees that are one part of a kind, or of no kind, told by the bank's own text: the dentist
 * among health payees, a doctor's practice that is not the dentist, a pension, social security, student aid.
 */
export interface PayeeWord {
  kinds: MerchantKind[] | null;
  /** The bank text (upper case) must match. */
  only?: RegExp;
  /** The bank text must not match. */
  not?: RegExp;
  income?: boolean;
  /** Only in a question about money that came in ("what did the rental make me"), never for spending ("the rental car"). */
  whenIncome?: boolean;
}
const DENTAL = /DENT(?:AL|IST)|ORTHODONT|\bDDS\b|\bDMD\b/;
export const PAYEE_WORDS: [string[], PayeeWord][] = [
  [['the rental', 'my rental', 'rental income', 'rental property', 'the rental property', 'my rental property', 'the rental unit', 'the apartment i rent out', 'the house i rent out'], { kinds: ['transfer'], income: true, whenIncome: true }],
  [['textbooks', 'textbook', 'course books', 'course materials', 'school books'], { kinds: ['books', 'education'], only: /BOOK|TEXTBOOK|CHEGG|VITALSOURCE|CENGAGE|PEARSON|MCGRAW|WILEY|REDSHELF|AKADEMOS|ECAMPUS|FOLLETT/ }],
  // Money given to family is sent to people: transfers out.
  [['grandkids', 'the grandkids', 'my grandkids', 'grandchildren', 'the grandchildren', 'my grandchildren', 'grandson', 'granddaughter', 'my grandson', 'my granddaughter', 'the kids', 'my kids', 'my son', 'my daughter', 'my nephew', 'my niece', 'my parents', 'my mom', 'my mum', 'my dad', 'my brother', 'my sister', 'family members'], { kinds: ['transfer'] }],
  [['dentist', 'dentists', 'the dentist', 'my dentist', 'dental', 'dental work', 'dental bills', 'orthodontist', 'braces'], { kinds: ['health'], only: DENTAL }],
  [['doctor', 'doctors', 'the doctor', 'my doctor', 'doctor visit', 'doctor visits', 'doctor bills', "doctor's bills", 'doctors bills', 'physician', 'lab', 'labs', 'lab bills', 'lab work', 'lab tests', 'blood work', 'clinic', 'hospital', 'specialist'], { kinds: ['health'], not: DENTAL }],
  [['pension', 'pensions', 'my pension', 'the pension', 'teacher pension', 'teachers pension', 'retirement income', 'annuity'], { kinds: null, only: /PENSION|\bRET(?:IREMENT)?\s+(?:SYS|SYSTEM|FUND|BD|BOARD|PLAN)\b|RETIREMENT\s+(?:SYS|SYSTEM|PAY|BENEFIT)|ANNUIT|CALPERS|CALSTRS|\bTIAA\b|\bPERS\b|\bSTRS\b/, income: true }],
  [['social security', 'social security check', 'social security checks', 'ssa', 'ssi', 'ssdi', 'soc sec'], { kinds: null, only: /\bSSA\b|SOC\s*SEC|SOCIAL\s+SEC|\bSSI\b|\bSSDI\b/, income: true }],
  [['scholarship', 'scholarships', 'financial aid', 'fin aid', 'student aid', 'grant', 'grants', 'bursary', 'pell grant', 'student loan disbursement'], { kinds: null, only: /FIN(?:ANCIAL)?\s+AID|SCHOLAR|BURSARY|\bGRANT\b|STUDENT\s+AID|\bDISB\b|\bPELL\b|FAFSA/, income: true }],
];
const payeeWords = new Map<string, PayeeWord>();
for (const [phrases, word] of PAYEE_WORDS) for (const p of phrases) if (!payeeWords.has(p)) payeeWords.set(p, word);
/** The payee word a phrase is, or null. */
export const payeeWordOf = (phrase: string): PayeeWord | null => payeeWords.get(phrase) ?? null;
/** Whether a payee is one a payee word names. */
export function isNamedBy(word: PayeeWord, payee: Payee): boolean {
  const text = payee.raw.toUpperCase();
  if (word.kinds && !(payee.kind && word.kinds.includes(payee.kind))) return false;
  if (word.only && !word.only.test(text)) return false;
  return !(word.not && word.not.test(text));
}

/** Words whose kinds are income. */
export const INCOME_KINDS = new Set<MerchantKind>(['payroll']);

const phraseKinds = new Map<string, MerchantKind[]>();
for (const [phrases, kinds] of KIND_WORDS) for (const p of phrases) if (!phraseKinds.has(p)) phraseKinds.set(p, kinds);
/** The kinds an everyday phrase names, or null. */
export const kindsOf = (phrase: string): MerchantKind[] | null => phraseKinds.get(phrase) ?? null;

/** Each stored text read once per process (the merchant component is deterministic). */
const cache = new Map<string, { name: string; kind: MerchantKind | null }>();
function read(raw: string) {
  let hit = cache.get(raw);
  if (!hit) {
    const m = normalizeMerchant(raw);
    hit = { name: m.name, kind: m.kind };
    if (cache.size > 50_000) cache.clear();
    cache.set(raw, hit);
  }
  return hit;
}

/** The payees of the user's merchants and of the descriptions of rows without a merchant. */
export function payeesOf(merchants: string[], descriptions: string[]): Payee[] {
  const out: Payee[] = [];
  const seen = new Set<string>();
  for (const raw of merchants) {
    if (!raw || seen.has(`m:${raw}`)) continue;
    seen.add(`m:${raw}`);
    out.push({ raw, field: 'merchant', ...read(raw) });
  }
  for (const raw of descriptions) {
    if (!raw || seen.has(`d:${raw}`)) continue;
    seen.add(`d:${raw}`);
    out.push({ raw, field: 'description', ...read(raw) });
  }
  return out;
}

/** Generic last words people leave out of a merchant's name ("Blue Bottle" for "Blue Bottle Coffee"). */
const GENERIC_TAIL = new Set(['coffee', 'store', 'stores', 'market', 'supermarket', 'cafe', 'co', 'company', 'inc', 'shop', 'pharmacy', 'roasters', 'restaurant', 'kitchen', 'bakery']);

/** How a question may name a clean merchant name: the name, without apostrophes, without a generic last word. */
export function nameForms(name: string): string[] {
  const base = words(name).join(' ');
  const forms = new Set([base, base.replace(/'/g, ''), base.replace(/'s\b/g, '')]);
  const parts = base.split(' ');
  if (parts.length >= 2 && GENERIC_TAIL.has(parts.at(-1)!)) forms.add(parts.slice(0, -1).join(' '));
  return [...forms].filter((f) => f.length >= 3);
}

export function groupOf(name: string, payees: Payee[], names = new Set(payees.map((p) => p.name))): PayeeGroup {
  return {
    name,
    merchants: payees.filter((p) => p.field === 'merchant').map((p) => p.raw),
    descriptions: payees.filter((p) => p.field === 'description').map((p) => p.raw),
    names: [...names],
  };
}

/** Whether the text says a merchant's clean name reads the same as what a person typed. */
export const sameName = (a: string, b: string) => normalise(a).replace(/'/g, '') === normalise(b).replace(/'/g, '');
