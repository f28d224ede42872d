import { createRequire } from 'node:module';
import type { ParsedComponents } from 'chrono-node';

// chrono-node's English parser (the same as the package's default `parse`, without its 15 other
// locales), loaded on the first question rather than at start: about 20 MB less for a server
// nobody asks (docs/performance.md, memory). require() keeps understand() synchronous.
let english: typeof import('chrono-node/en') | undefined;
const chrono = () => (english ??= createRequire(import.meta.url)('chrono-node/en') as typeof import('chrono-node/en'));
import { containsPhrase, correctTimeWords, editDistance, allowedEdits, isEnglishWord, normalise, singulars, words, type Correction } from './lexicon';
import { INCOME_KINDS, groupOf, kindsOf, nameForms, type Payee } from './payees';
import { MONTH_NAMES, addDays, explicitPeriod, lastMonth, monthEnd, monthPeriod, monthStart, nameOfMonth, parseDay, rangeLabel, thisMonth, type Period } from './period';

/**
 * The question-understanding layer: a question becomes a plan of parts, each a measure of some
 * subjects over one period (or two, to compare), read against the user's own categories,
 * merchants and description words. Deterministic; both engines run plans through `plans.ts`.
 */
export type Measure =
  | 'total'
  | 'count'
  | 'average'
  | 'usual'
  | 'largest'
  | 'smallest'
  | 'share'
  | 'balance'
  /** Per visit: the total over the number of transactions. */
  | 'per_visit'
  /** Per week of the period. */
  | 'per_week'
  | 'median'
  /** The month of the period with the most. */
  | 'top_month'
  /** Spending less what came back from the same payees (refunds, reimbursements). */
  | 'net'
  /** Income less all spending of the period ("what was left of my pay"). */
  | 'left'
  /** The merchants behind a figure ("why?"). */
  | 'breakdown'
  /** How often a payment comes ("how often do I pay the water bill?"). */
  | 'interval';
export type Flow = 'expense' | 'income';

export type Subject =
  | { kind: 'category'; name: string; flow: Flow; via?: string }
  | { kind: 'merchant'; name: string }
  /** One merchant under all its bank spellings, or every merchant of some kinds ("coffee"). */
  | { kind: 'group'; name: string; by: 'name' | 'kind'; flow: Flow; merchants: string[]; descriptions: string[]; names: string[]; category?: string }
  /** Words of descriptions, merchants and notes, as the transactions list's search reads them. */
  | { kind: 'words'; phrase: string; tsquery: string };

export interface PlanPart {
  measure: Measure;
  flow: Flow;
  /** Empty: everything of that flow. */
  subjects: Subject[];
  /** One period, or two to compare. Empty: the measure's default. */
  periods: Period[];
  /** The chat's previous question's period, when this part refers back to it ("is that usual?"). */
  referencePeriod?: Period;
  /** What is left out ("not counting rent"). */
  exclude?: Subject[];
  /** Only weekends or only weekdays. */
  days?: 'weekend' | 'weekday';
  /** The subject was inherited from the conversation's frame. */
  inherited?: boolean;
  /** Net measures: the money back the question names ("after the reimbursement"), else refunds from the same payees. */
  back?: Subject[];
  /** Net measures: which money back the question's words mean, when no payee of its own is named. */
  backWords?: 'refund' | 'reimburse';
}

export interface Plan {
  parts: PlanPart[];
  /** What was corrected or assumed, said before the answer. */
  notes: string[];
  /** Words that look like a subject but match nothing the user has. */
  unknown: string[];
  /** Whether the question asks for figures the plan can compute. */
  isQuery: boolean;
  /** Whether it names a measure, a direction (spent, earned) or a period, not only a subject. */
  explicit: boolean;
  /** The question's own words ask for a figure (a measure, flow or subject, and a measure, flow or period), not only a frame inherited from the answer before. */
  explicitOwn: boolean;
}

export interface Vocabulary {
  /** Category names with the flow they are used for. */
  categories: { name: string; flow: Flow }[];
  merchants: string[];
  /** Words and two-word phrases of the latest descriptions and notes. */
  texts: Set<string>;
  /** Merchants and merchant-less descriptions read as clean names and kinds. */
  payees?: Payee[];
  /** The day of the latest pay received, for "since payday". */
  lastPayday?: string | null;
}

/** Everyday words for categories, used when the user's data has no closer match. */
/** A day the calendar and the coach's labels can hold: four-digit year from 1900, a real date. */
const sensibleDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= '1900-01-01' && !Number.isNaN(parseDay(day).getTime()) && parseDay(day).toISOString().startsWith(day);

const CATEGORY_WORDS: Record<string, string[]> = {
  groceries: ['grocery', 'groceries', 'supermarket', 'food shopping'],
  dining: ['dining', 'restaurant', 'restaurants', 'eating out', 'meal out', 'meals out', 'meal', 'meals', 'takeout', 'take-out', 'cafes', 'cafe'],
  transport: ['transport', 'transportation', 'commute', 'commuting', 'taxi', 'taxis'],
  housing: ['housing', 'rent', 'mortgage', 'house', 'home'],
  utilities: ['utilities', 'utility', 'energy bills', 'power bill'],
  shopping: ['shopping', 'clothes', 'clothing', 'online shopping'],
  entertainment: ['entertainment', 'movies', 'cinema', 'concerts', 'games', 'gaming', 'streaming'],
  health: ['health', 'healthcare', 'doctor', 'pharmacy', 'medical', 'medicine'],
  travel: ['travel', 'travelling', 'traveling', 'flights', 'hotels', 'holidays', 'vacation'],
  'personal care': ['personal care', 'haircut', 'hairdresser', 'beauty', 'cosmetics'],
  'gifts & donations': ['gifts', 'donations', 'charity', 'presents'],
  'fees & charges': ['fees', 'bank fees', 'interest charges'],
};
/** Words for income categories, checked before description words ("paycheck" means all wages). */
const INCOME_WORDS: Record<string, string[]> = {
  salary: ['salary', 'salaries', 'paycheck', 'paychecks', 'wage', 'wages', 'pay slip', 'payslip'],
  wages: ['salary', 'paycheck', 'paychecks', 'wage', 'wages', 'payslip'],
  refunds: ['refund', 'refunds'],
  freelance: ['invoices', 'freelance', 'client payments'],
};

/** Words that carry no subject. */
const STOP = new Set(
  `a an the i me my mine we us our ours you your it its it's that that's this these those them they their there here
  how much many what what's whats which who when where why is are was were be been being am do does did done doing have has had having
  on at in into for of to from by with about as and or but plus also both either so than then too very just only even ever
  spend spent spending spends cost costs costing paid pay paying payment payments buy bought buying purchase purchases purchased order orders ordered
  total totals overall altogether together combined all everything in-total sum
  month months monthly week weeks weekly year years yearly day days daily today yesterday now currently current far since until till between during per each every
  last previous past next this so
  single most least more less biggest largest smallest cheapest highest lowest priciest expensive big small large high low max min maximum minimum
  compare compared comparison versus vs vs. against difference differ higher lower
  average avg usual usually normal normally typical typically mean
  share percent percentage proportion part portion
  income earn earned earning earnings make made making came come coming went go going get got getting back money take took taking
  tell show give let know see check please thanks thank
  can could would should will shall may might must need needs needed
  q1 q2 q3 q4 quarter first second third fourth
  shop thing things stuff item items transaction transactions charge charges bill bills expense expenses trip visit visits stop stops time times
  out up off over under like one ones any some no not other else same new now okay ok hey hi
  balance savings saving rate net worth cash account accounts budget
  before after earlier later ago prior back again instead rather versus whole part parts break down breakdown left leftover kept keep remaining
  refund refunds returns returned reimbursement reimbursements reimbursed net counting including excluding except without besides apart ignoring
  weekend weekends weekday weekdays workdays saturday saturdays sunday sundays payday paycheck birthday anniversary christmas holidays
  car family kids wife husband partner friend friends everyone someone i'm i've i'd we've we're let's lot lots bit
  average median typical typically usual mean per visit visits shop shops trips order orders ride rides fill filling tank
  why because which whose whom most least often much many number count counted tally list breakdown brought bring bringing earned
  did does was were been got get spend went spent used use using
  once really actually run runs taken clients client customers customer buyers minus`
    .split(/\s+/)
    .filter(Boolean),
);
for (const m of MONTH_NAMES) STOP.add(m);
for (const m of ['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']) STOP.add(m);

/** Words before a subject: an unknown word after them is a subject the data does not have ("on my dog"). */
const SUBJECT_SLOT = new Set(['on', 'at', 'for', 'from', 'my', 'our', 'the', 'to']);

const INCOME_FLOW = /\b((?:receive[ds]?|receiving)\s+(?:[a-z'’]+\s+){0,2}?from|earn\w*|income|make|made|came in|come in|got paid|get paid|paid me|pay me|paying me|salary|salaries|paychecks?|wages?|invoices?|refunds?|got back|get back|received|receive|bring in|brought in|brings in|bringing in|take home|took home|takings|revenue|sales|payouts?|reimburse\w*)\b/;
const EXPENSE_FLOW = /\b(spend\w*|spent|cost\w*|went out|go out|pay for|paid for|expenses?|bought|buy|purchases?|orders?|take|took)\b/;
const COUNT = /\bhow many\b(?!\s+(?:dollars|euros|pounds|bucks|months? (?:until|till|to|before)))|\bhow many (?:times|transactions|orders|purchases|payments|visits|rides|trips)\b|\bhow often\b|\bhow many times\b|\bnumber of (?:transactions|orders|purchases|payments|visits)\b/;
const LARGEST = /\b(most expensive|biggest|largest|highest|priciest|dearest|max(?:imum)?|most i (?:spent|paid)|the most)\b/;
const SMALLEST = /\b(smallest|cheapest|lowest|least expensive|min(?:imum)?|the least)\b/;
const USUAL = /\b(usual(?:ly)?|normal(?:ly)?|typical(?:ly)?|on average)\b/;
const AVERAGE = /\b(average|avg|per month|a month|each month|monthly)\b/;
const SHARE = /\b(percent(?:age)?|share|proportion|what part)\b|%/;
const BALANCE = /\bbalance\b|\bhow much (?:money )?(?:do|have) (?:i|we) (?:have|got)\b/;
const ALL_WORDS = /\b(total|overall|in all|altogether|everything|all my|all our)\b/;
const REFERS_BACK = /\b(that|it|this|those|them)\b/;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const SHORT_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = `(${[...MONTH_NAMES, 'sept', ...SHORT_MONTHS.filter((s) => s !== 'may' && s !== 'mar')].join('|')})(?![\\p{L}])\\.?(?:\\s+(\\d{4}))?`;

const ym = (day: string) => [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1] as [number, number];
function monthIndex(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w === 'sept') return 8;
  const full = MONTH_NAMES.indexOf(w as (typeof MONTH_NAMES)[number]);
  return full >= 0 ? full : SHORT_MONTHS.indexOf(w);
}
/** A month looking back: the latest one of that name that has started (or of the year given). */
function pastMonth(month0: number, today: string, year?: number): Period {
  const [y, m] = ym(today);
  return monthPeriod(year ?? (month0 <= m ? y : y - 1), month0, today);
}
const span = (start: string, end: string, label: string, phrase?: string): Period => ({ start, end, label: `${label} (${rangeLabel(start, end)})`, phrase: phrase ?? `in ${label} (${rangeLabel(start, end)})` });

interface Found {
  at: number;
  end: number;
  period: Period | 'same';
}

/** Periods named in a (normalised, corrected) text, in order, looking back from today. */
export function periodsIn(text: string, today: string): Period[] {
  return findPeriods(text, today, null)
    .map((f) => f.period)
    .filter((p): p is Period => p !== 'same');
}

const SEASONS: Record<string, [number, number]> = { spring: [2, 4], summer: [5, 7], autumn: [8, 10], fall: [8, 10], winter: [11, 13] };
const day1 = (d: string) => d;

/** The nth weekday (0 Sunday) of a month, or the last one (n = -1). */
function nthWeekday(year: number, month0: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = monthStart(year, month0);
    return addDays(first, ((weekday - parseDay(first).getUTCDay() + 7) % 7) + (n - 1) * 7);
  }
  const last = monthEnd(year, month0);
  return addDays(last, -((parseDay(last).getUTCDay() - weekday + 7) % 7));
}

/** Easter Sunday (the Gregorian computus). */
function easter(year: number): string {
  const a = year % 19, b = Math.floor(year / 100), c = year % 100, d = Math.floor(b / 4), e = b % 4;
  const f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3), h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4), k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, mm = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * mm + 114) / 31), day = ((h + l - 7 * mm + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The latest holiday of that name that has begun by today, as its first and last day and a name:
 * one day for a feast day (Thanksgiving, Labor Day, …), 20 December to 1 January for "the holidays".
 */
function holidayDay(word: string, today: string): [string, string, string] | null {
  const w = word.replace(/\s+(?:weekend|break)$/, '');
  const on = (make: (year: number) => string, name: string): [string, string, string] => {
    const year = Number(today.slice(0, 4));
    const day = make(year) <= today ? make(year) : make(year - 1);
    return [day, day, name];
  };
  if (/holidays|holiday season|festive|break/.test(w) || /^(?:christmas|xmas) holidays$/.test(w)) {
    const year = Number(today.slice(0, 4));
    const start = `${year}-12-20` <= today ? `${year}-12-20` : `${year - 1}-12-20`;
    return [start, `${Number(start.slice(0, 4)) + 1}-01-01`, 'the holidays'];
  }
  if (/christmas|xmas/.test(w)) return on((yy) => `${yy}-12-25`, 'Christmas');
  if (/new year/.test(w)) return on((yy) => `${yy}-12-31`, "New Year's Eve");
  // A long weekend: Thanksgiving Thursday to Sunday; Saturday to the Monday holiday.
  const weekend = /weekend$/.test(word);
  const long = (found: [string, string, string], before: number, after: number, name: string): [string, string, string] => (weekend ? [addDays(found[0], before), addDays(found[0], after), `${name} weekend`] : found);
  if (/thanksgiving/.test(w)) return long(on((yy) => nthWeekday(yy, 10, 4, 4), 'Thanksgiving'), 0, 3, 'Thanksgiving');
  if (/labou?r day/.test(w)) return long(on((yy) => nthWeekday(yy, 8, 1, 1), 'Labor Day'), -2, 0, 'Labor Day');
  if (/memorial day/.test(w)) return long(on((yy) => nthWeekday(yy, 4, 1, -1), 'Memorial Day'), -2, 0, 'Memorial Day');
  if (/independence|july/.test(w)) return on((yy) => `${yy}-07-04`, 'the Fourth of July');
  if (/halloween/.test(w)) return on((yy) => `${yy}-10-31`, 'Halloween');
  if (/valentine/.test(w)) return on((yy) => `${yy}-02-14`, "Valentine's Day");
  if (/easter/.test(w)) return on(easter, 'Easter');
  return null;
}

function findPeriods(text: string, today: string, lastPayday: string | null | undefined): Found[] {
  const [y, m] = ym(today);
  const found: Found[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => !taken.some(([x, z]) => a < z && b > x);
  const take = (re: RegExp, make: (match: RegExpExecArray) => Period | 'same' | null) => {
    for (const match of text.matchAll(new RegExp(re.source, 'gu'))) {
      const a = match.index!;
      const b = a + match[0].length;
      if (!free(a, b)) continue;
      const period = make(match as RegExpExecArray);
      if (!period) continue;
      taken.push([a, b]);
      found.push({ at: a, end: b, period });
    }
  };
  const monthsBetween = (a: Period, b: Period) => (a.start <= b.start ? span(a.start, b.end, `${nameOfMonth(...ym(a.start))} to ${nameOfMonth(...ym(b.start))}`) : null);

  // "between 1 and 15 October", "from the 3rd to the 10th of May": days of one month.
  take(new RegExp(`\\b(?:between|from)\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:and|to|until|till|-)\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_WORD}`), (x) => {
    const month = pastMonth(monthIndex(x[3]!), today, x[4] ? Number(x[4]) : undefined);
    const [d1, d2] = [Number(x[1]), Number(x[2])];
    const last = Number(monthEnd(...ym(month.start)).slice(8));
    if (d1 < 1 || d2 < d1 || d2 > last) return null;
    const a = `${month.start.slice(0, 8)}${String(d1).padStart(2, '0')}`;
    const b = `${month.start.slice(0, 8)}${String(d2).padStart(2, '0')}`;
    return a > today ? null : explicitPeriod(a, b > today ? today : b);
  });
  // Counted back from today ("in the past 90 days", "the last two weeks"): before chrono reads "90 days" as one day.
  take(/\b(?:last|past|previous|recent)\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|thirty|sixty|ninety)\s+(day|week|month|year)s?\b/, (x) => {
    const n = Math.max(1, Math.min(Number(x[1]) || NUMBER_WORDS[x[1]!] || 1, 730));
    if (x[2] === 'day') return span(addDays(today, -(n - 1)), today, `the last ${n} days`);
    if (x[2] === 'week') return span(addDays(today, -(n * 7 - 1)), today, `the last ${n} weeks`);
    const months = x[2] === 'year' ? n * 12 : Math.min(n, 120);
    return span(monthStart(y, m - months), monthEnd(y, m - 1), `the last ${months} full months`);
  });
  // Weekends: the latest whole Saturday and Sunday before today, or the one before it.
  take(/\b(?:the\s+)?weekend before last\b|\b(?:last|this past|past|previous|this|over the)\s+weekend\b/, (x) => {
    const dow = parseDay(today).getUTCDay(); // 0 Sunday … 6 Saturday
    const back = /before last/.test(x[0]) ? 7 : 0;
    // "this weekend" on a Saturday or Sunday is the one under way.
    const current = /^this\b/.test(x[0]) && (dow === 6 || dow === 0);
    const saturday = current ? addDays(today, dow === 6 ? 0 : -1) : addDays(today, -(dow === 6 ? 7 : dow + 1) - back);
    const sunday = [addDays(saturday, 1), today].sort()[0]!;
    return span(saturday, sunday, back ? 'the weekend before last' : current ? 'this weekend' : 'last weekend');
  });
  // Seasons: the latest one that has started (northern hemisphere).
  take(/\b(?:(this|last|past)\s+|over the\s+|during the\s+|in the\s+|in\s+|the\s+|over\s+)(spring|summer|autumn|fall|winter)\b(?:\s+(20\d{2}))?|\b()(spring|summer|autumn|winter)\s+(20\d{2})\b/, (x) => {
    const [which, season, given] = x[2] ? [x[1], x[2], x[3]] : [x[4], x[5]!, x[6]];
    const [a, b] = SEASONS[season]!;
    let year = given ? Number(given) : y;
    if (!given && monthStart(year, a) > today) year--;
    if (!given && which === 'last' && monthEnd(year, b) >= today) year--;
    const start = monthStart(year, a);
    if (start > today) return null;
    const end = [monthEnd(year, b), today].sort()[0]!;
    return span(start, end, `${season} ${year}`, `over ${season} ${year} (${rangeLabel(start, end)})`);
  });
  // "since payday", "since I got paid": from the latest pay received.
  take(/\bsince (?:my (?:last )?|the last |last )?(?:payday|pay ?day|pay ?check|paycheck|salary|i (?:last )?got paid|i was (?:last )?paid|getting paid)\b/, () =>
    lastPayday ? span(day1(lastPayday), today, 'since your last pay', `since your last pay on ${rangeLabel(lastPayday, lastPayday)} (${rangeLabel(lastPayday, today)})`) : null,
  );
  // "the last fortnight", "the past fortnight": the 14 days up to today.
  take(/\b(?:the\s+)?(?:last|past|previous)\s+fortnight\b|\bthis\s+(?:past\s+)?fortnight\b/, () => span(addDays(today, -13), today, 'the last 14 days'));
  // "the week before last", "the month before last".
  take(/\b(?:the\s+)?week before last\b/, () => {
    const monday = addDays(today, -((parseDay(today).getUTCDay() + 6) % 7));
    return span(addDays(monday, -14), addDays(monday, -8), 'the week before last');
  });
  take(/\b(?:the\s+)?month before last\b|\btwo months ago\b/, () => monthPeriod(...ym(monthStart(y, m - 2)), today));
  // Quarters counted from today: the calendar quarter under way, or the one before it.
  take(/\b(this|last|previous|past)\s+quarter\b/, (x) => {
    const q0 = Math.floor(m / 3) - (x[1] === 'this' ? 0 : 1);
    const start = monthStart(y, q0 * 3);
    const end = [monthEnd(y, q0 * 3 + 2), today].sort()[0]!;
    const [qy, qm] = ym(start);
    return span(start, end, x[1] === 'this' ? `this quarter, Q${qm / 3 + 1} ${qy}` : `last quarter, Q${qm / 3 + 1} ${qy}`);
  });
  // "since the start of the year", "since New Year": this year so far.
  take(/\bsince (?:the (?:start|beginning) of (?:the |this )?year|(?:the )?new year(?:'s)?(?: day)?|january (?:1st|1|first)|jan 1)\b/, () => span(`${y}-01-01`, today, `${y} so far`, `so far this year (${rangeLabel(`${y}-01-01`, today)})`));
  // "since last month": from its first day until today.
  take(/\bsince last month\b/, () => span(monthStart(y, m - 1), today, `${nameOfMonth(...ym(monthStart(y, m - 1)))} to today`, `since ${rangeLabel(monthStart(y, m - 1), today)}`));
  // "this month last year", "the same month last year".
  take(/\b(?:this|the same) month last year\b|\bsame month a year ago\b/, () => monthPeriod(y - 1, m, today));
  // Holidays people count from or spend over: "since Christmas", "over the holidays", "on Thanksgiving".
  take(/\b(since|over|during|on|at|for|around)\s+(?:the\s+)?(christmas|xmas|thanksgiving|labor day|labour day|memorial day|independence day|the fourth of july|the 4th of july|fourth of july|4th of july|july 4th|halloween|valentine's(?: day)?|valentines(?: day)?|easter|new year's eve|new years eve|(?:christmas |xmas |winter |festive |holiday )?(?:holidays|holiday season|festive season|break))(?:\s+(?:weekend|break|holidays))?\b/, (x) => {
    const holiday = holidayDay(x[0].slice(x[1]!.length).trim().replace(/^the\s+/, ''), today);
    if (!holiday) return null;
    const [start, end, name] = holiday;
    if (x[1] === 'since') return span(start, today, `since ${name}`, `since ${name} (${rangeLabel(start, today)})`);
    return span(start, [end, today].sort()[0]!, name, `over ${name} (${rangeLabel(start, [end, today].sort()[0]!)})`);
  });
  // Explicit days first ("since 3 March", "from 1 to 15 May", "on 12 October"): chrono-node.
  for (const r of chrono().parse(text, { instant: parseDay(today), timezone: 'UTC' })) {
    if (!free(r.index, r.index + r.text.length)) continue;
    if (!/\d/.test(r.text) || !r.start.isCertain('day') || !r.start.isCertain('month') || /^(19|20)\d{2}$/.test(r.text.trim())) continue;
    const day = (c: ParsedComponents) => {
      const d = `${c.get('year')}-${String(c.get('month')).padStart(2, '0')}-${String(c.get('day')).padStart(2, '0')}`;
      return d > today && !c.isCertain('year') ? `${Number(d.slice(0, 4)) - 1}${d.slice(4)}` : d;
    };
    const a = day(r.start);
    // A year chrono reads but no calendar here holds ("0000-01-01"): not a period, so no label to fail on.
    if (!sensibleDay(a) || (r.end && !sensibleDay(day(r.end)))) continue;
    // "since 3 March", and "since my birthday on March 3": a "since" a few words before the day.
    const since = (/\b(since|from)\s*$/.test(text.slice(0, r.index)) || /\bsince\b(?:\s+[\p{L}'’]+){0,4}\s+(?:on|in|,)?\s*$/u.test(text.slice(Math.max(0, r.index - 48), r.index))) && !r.end;
    const b = r.end ? day(r.end) : since ? today : a;
    if (a > b || a > today) continue;
    taken.push([r.index, r.index + r.text.length]);
    found.push({ at: r.index, end: r.index + r.text.length, period: explicitPeriod(a, b > today ? today : b) });
  }
  take(/\bthat month\b|\bthe same month\b|\bthat period\b|\bthen\b/, () => 'same');
  take(new RegExp(`\\b(?:from|between)\\s+${MONTH_WORD}\\s+(?:to|and|until|till|through|-)\\s+${MONTH_WORD}`), (x) => {
    const a = pastMonth(monthIndex(x[1]!), today, x[2] ? Number(x[2]) : undefined);
    let b = pastMonth(monthIndex(x[3]!), today, x[4] ? Number(x[4]) : undefined);
    if (b.start < a.start && !x[4]) b = monthPeriod(Number(a.start.slice(0, 4)) + (monthIndex(x[3]!) < monthIndex(x[1]!) ? 1 : 0), monthIndex(x[3]!), today);
    return b.start > today ? null : monthsBetween(a, b);
  });
  take(new RegExp(`\\bsince\\s+(?:the\\s+(?:start|beginning)\\s+of\\s+)?${MONTH_WORD}`), (x) => {
    const from = pastMonth(monthIndex(x[1]!), today, x[2] ? Number(x[2]) : undefined);
    return span(from.start, today, `${nameOfMonth(...ym(from.start))} to today`, `since ${rangeLabel(from.start, today)}`);
  });
  take(/\b(?:so far )?this (?:calendar )?month(?: so far)?\b|\bmonth to date\b|\bmtd\b/, () => thisMonth(today));
  take(/\b(?:last|previous|past) month\b|\ba month ago\b/, () => lastMonth(today));
  take(/\btoday\b/, () => ({ start: today, end: today, label: `today (${rangeLabel(today, today)})`, phrase: `today (${rangeLabel(today, today)})` }));
  take(/\byesterday\b/, () => {
    const d = addDays(today, -1);
    return { start: d, end: d, label: `yesterday (${rangeLabel(d, d)})`, phrase: `yesterday (${rangeLabel(d, d)})` };
  });
  take(/\b(?:this|current) week\b/, () => {
    const start = addDays(today, -((parseDay(today).getUTCDay() + 6) % 7));
    return { start, end: today, label: `this week so far (${rangeLabel(start, today)})`, phrase: `so far this week (${rangeLabel(start, today)})` };
  });
  take(/\b(?:last|previous|past) week\b/, () => {
    const monday = addDays(today, -((parseDay(today).getUTCDay() + 6) % 7));
    const start = addDays(monday, -7);
    const end = addDays(monday, -1);
    return { start, end, label: `last week (${rangeLabel(start, end)})`, phrase: `last week (${rangeLabel(start, end)})` };
  });
  take(/\b(?:last|past|previous)\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(day|week|month|year)s?\b/, (x) => {
    const n = Math.max(1, Math.min(Number(x[1]) || NUMBER_WORDS[x[1]!] || 1, 730));
    if (x[2] === 'day') return span(addDays(today, -(n - 1)), today, `the last ${n} days`);
    if (x[2] === 'week') return span(addDays(today, -(n * 7 - 1)), today, `the last ${n} weeks`);
    const months = x[2] === 'year' ? n * 12 : Math.min(n, 120);
    return span(monthStart(y, m - months), monthEnd(y, m - 1), `the last ${months} full months`);
  });
  take(/\b(?:so far )?this year(?: so far)?\b|\byear to date\b|\bytd\b/, () => span(`${y}-01-01`, today, `${y} so far`, `so far this year (${rangeLabel(`${y}-01-01`, today)})`));
  take(/\b(?:last|previous|past) year\b/, () => span(`${y - 1}-01-01`, `${y - 1}-12-31`, String(y - 1), `last year (${rangeLabel(`${y - 1}-01-01`, `${y - 1}-12-31`)})`));
  take(/\bq([1-4])(?:\s+(\d{4}))?\b|\b(first|second|third|fourth) quarter(?: of (\d{4}))?\b/, (x) => {
    const q = x[1] ? Number(x[1]) : ['first', 'second', 'third', 'fourth'].indexOf(x[3]!) + 1;
    const given = x[2] ?? x[4];
    let year = given ? Number(given) : y;
    if (!given && monthStart(year, (q - 1) * 3) > today) year--;
    const start = monthStart(year, (q - 1) * 3);
    const end = [monthEnd(year, q * 3 - 1), today].sort()[0]!;
    return span(start, end, `Q${q} ${year}`);
  });
  take(new RegExp(`\\b${MONTH_WORD}\\b`), (x) => pastMonth(monthIndex(x[1]!), today, x[2] ? Number(x[2]) : undefined));
  take(/\b(?:in|of|since|for|during)\s+may(?:\s+(\d{4}))?\b|\bmay\s+(\d{4})\b/, (x) => pastMonth(4, today, x[1] || x[2] ? Number(x[1] ?? x[2]) : undefined));
  take(/\b(?:in|for|during|of)\s+(20\d{2})\b/, (x) => {
    const yy = Number(x[1]);
    const end = yy === y ? today : `${yy}-12-31`;
    return yy > y ? null : span(`${yy}-01-01`, end, String(yy));
  });
  return found.sort((p, q) => p.at - q.at);
}

/** A goal the question names by a word only it has ("japan", "laptop"), not a generic one ("trip", "fund"). */
const GENERIC_GOAL_WORDS = new Set(['trip', 'fund', 'funds', 'goal', 'goals', 'new', 'my', 'the', 'savings', 'saving', 'save', 'for', 'and', 'of', 'a', 'big', 'next', 'money']);
export function goalNamed(question: string, goals: string[]): string | null {
  const t = normalise(question);
  const whole = goals.find((g) => containsPhrase(t, normalise(g)) >= 0);
  if (whole) return whole;
  const tokens = new Set(words(t).flatMap(singulars));
  let best: { goal: string; hits: number } | null = null;
  for (const g of goals) {
    const hits = words(g).filter((w) => !GENERIC_GOAL_WORDS.has(w) && !/^\d+$/.test(w) && singulars(w).some((s) => tokens.has(s))).length;
    if (hits && (!best || hits > best.hits)) best = { goal: g, hits };
  }
  return best?.goal ?? null;
}

/** The clauses of a question that asks several things ("…last month, and how does that compare with my income?"). */
function clauses(text: string): string[] {
  return text
    .split(/\?\s+(?=\S)|[,;]\s*(?:and\s+)?(?:also\s+)?|\s+-\s+|\s+and\s+(?:also\s+)?(?=(?:how|what|what's|whats|where|when|did|do|does|is|was|were|has|have|tell|show|on)\b)|\s+also\s+/)
    .map((c) => c.trim())
    .filter(Boolean)
    .reduce<string[]>((out, c) => {
      // "…, not counting rent" and "…, after refunds" belong to the clause before.
      if (out.length && (EXCLUDING.test(c.slice(0, 24)) && EXCLUDING.exec(c)!.index === 0 || /^(?:after|net of|minus|less|including|excluding)\b/.test(c))) out[out.length - 1] += `, ${c}`;
      else out.push(c);
      return out;
    }, []);
}

interface Clause {
  exclude: Subject[];
  days?: 'weekend' | 'weekday';
  measure: Measure | null;
  flow: Flow | null;
  subjects: Subject[];
  periods: Found[];
  all: boolean;
  refersBack: boolean;
  unknown: string[];
}

/** The subjects a clause names: the user's categories, merchants and description words, tolerant of plurals and typos. */
function subjectsIn(text: string, vocab: Vocabulary, notes: string[]): { subjects: Subject[]; unknown: string[] } {
  const tokens = words(text);
  const subjects: { s: Subject; at: number; end: number; weak: boolean }[] = [];
  const unknownAt: { w: string; at: number }[] = [];
  // Each side of "Gifts & Donations" names the category, but not a generic word like the "bills" of "Bills & Utilities" ("a grocery bill").
  const cats = vocab.categories.map((c) => ({ ...c, forms: new Set(singulars(normalise(c.name))), parts: normalise(c.name).split(/\s*(?:&|\band\b)\s*/).filter((p) => p.length > 3 && !['bills', 'fees', 'charges', 'other', 'misc'].includes(p)) }));
  const merchants = vocab.merchants.map((m) => ({ name: m, norm: words(m).join(' ') }));
  const has = (name: string) => vocab.categories.find((c) => normalise(c.name) === name);
  // Clean merchant names (every bank spelling of one merchant together) and kinds.
  const payees = vocab.payees ?? [];
  const byName = new Map<string, { name: string; list: Payee[] }>();
  for (const py of payees) {
    for (const form of nameForms(py.name)) {
      if (STOP.has(form)) continue;
      const entry = byName.get(form) ?? { name: py.name, list: [] };
      if (entry.name === py.name) entry.list.push(py);
      byName.set(form, entry);
    }
  }
  const group = (name: string, list: Payee[], by: 'name' | 'kind', flow: Flow): Subject => {
    const g = groupOf(name, list, new Set(list.map((x) => x.name)));
    // One stored merchant whose name is already clean: the plain merchant subject (its own rollup).
    if (by === 'name' && g.merchants.length === 1 && !g.descriptions.length && normalise(g.merchants[0]!) === normalise(name)) return { kind: 'merchant', name: g.merchants[0]! };
    return { kind: 'group', name, by, flow, merchants: g.merchants, descriptions: g.descriptions, names: g.names };
  };
  const kindGroup = (p: string): Subject | null => {
    const kinds = kindsOf(p);
    if (!kinds) return null;
    const list = payees.filter((x) => x.kind && kinds.includes(x.kind));
    if (!list.length) return null;
    return group(p.replace(/^(?:my|the|our)\s+/, ''), list, 'kind', kinds.every((k) => INCOME_KINDS.has(k)) ? 'income' : 'expense');
  };
  const tsq = (phrase: string) => words(phrase).map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');

  const matchPhrase = (p: string, n: number, stopEdge: boolean): { s: Subject; weak: boolean } | null => {
    const forms = singulars(p);
    // The user's own category names (and each side of "Gifts & Donations").
    // "freelancing", "freelancer": the activity or the person of a category named by its noun ("Freelance").
    const stems = n === 1 ? forms.flatMap((f) => (/(?:ing|ers?)$/.test(f) && f.length > 6 ? [f.replace(/(?:ing|ers?)$/, ''), f.replace(/(?:ing|ers?)$/, 'e')] : [])) : [];
    const cat = cats.find((c) => forms.some((f) => c.forms.has(f)) || stems.some((f) => c.forms.has(f)) || (n === 1 && c.parts.some((part) => singulars(part).some((f) => forms.includes(f)))));
    // The user's own category name wins over a kind of the same word: a merchant the component cannot
    // place (a local grocer) is still in the user's Groceries.
    if (cat) return { s: { kind: 'category', name: cat.name, flow: cat.flow }, weak: false };
    const named = [p, ...forms].map((f) => byName.get(f)).find(Boolean);
    if (named) return { s: group(named.name, named.list, 'name', 'expense'), weak: false };
    const merchant = merchants.find((mm) => mm.norm === p || (n === 1 && forms.includes(mm.norm)));
    if (merchant) return { s: { kind: 'merchant', name: merchant.name }, weak: false };
    for (const [name, list] of Object.entries(INCOME_WORDS)) {
      const c = has(name);
      if (c && c.flow === 'income' && list.includes(p)) return { s: { kind: 'category', name: c.name, flow: 'income', via: p }, weak: false };
    }
    const kind = kindGroup(p);
    if (kind) return { s: kind, weak: false };
    if (stopEdge) return null;
    if (n === 1) {
      const text = forms.find((f) => vocab.texts.has(f));
      if (text) return { s: { kind: 'words', phrase: text, tsquery: tsq(text) }, weak: true };
    } else {
      // A phrase of description words ("food delivery", "bus pass"): every word known, none a stop word or a name of its own.
      const parts = p.split(' ').map((w) => singulars(w).find((f) => vocab.texts.has(f)));
      const own = (w: string) => cats.some((c) => c.forms.has(w)) || merchants.some((mm) => mm.norm === w);
      if (parts.every((w) => w && !STOP.has(w) && !own(w))) return { s: { kind: 'words', phrase: parts.join(' '), tsquery: tsq(parts.join(' ')) }, weak: true };
    }
    for (const [name, list] of Object.entries(CATEGORY_WORDS)) {
      const c = has(name);
      if (c && list.includes(p)) return { s: { kind: 'category', name: c.name, flow: c.flow, via: p }, weak: false };
    }
    return null;
  };

  for (let i = 0; i < tokens.length; ) {
    let matched = false;
    for (let n = Math.min(4, tokens.length - i); n >= 1; n--) {
      const slice = tokens.slice(i, i + n);
      const hit = matchPhrase(slice.join(' '), n, STOP.has(slice[0]!) || STOP.has(slice[n - 1]!));
      if (!hit) continue;
      subjects.push({ ...hit, at: i, end: i + n });
      i += n;
      matched = true;
      break;
    }
    if (matched) continue;
    const w = tokens[i]!;
    i++;
    if (STOP.has(w) || w.length < 3 || /\d/.test(w)) continue;
    // A typo of one of the user's own names or words; never a real English word read as another ("score" is not "store").
    const max = allowedEdits(w.length) > 0 && w.length >= 5 && !isEnglishWord(w) ? allowedEdits(w.length) : 0;
    let best: { s: Subject; label: string; d: number } | null = null;
    if (max) {
      for (const c of cats) {
        const d = Math.min(...[...c.forms].map((f) => editDistance(w, f, max)));
        if (d <= max && (!best || d < best.d)) best = { s: { kind: 'category', name: c.name, flow: c.flow }, label: c.name, d };
      }
      for (const [form, entry] of byName) {
        if (form.includes(' ') || form.length < 5) continue;
        const d = editDistance(w, form, max);
        if (d <= max && (!best || d < best.d)) best = { s: group(entry.name, entry.list, 'name', 'expense'), label: entry.name, d };
      }
      for (const mm of merchants) {
        if (mm.norm.includes(' ')) continue;
        const d = editDistance(w, mm.norm, max);
        if (d <= max && (!best || d < best.d)) best = { s: { kind: 'merchant', name: mm.name }, label: mm.name, d };
      }
      if (!best) {
        for (const t of vocab.texts) {
          if (t.includes(' ') || t.length < 5) continue;
          const d = editDistance(w, t, max);
          if (d <= max && (!best || d < best.d)) best = { s: { kind: 'words', phrase: t, tsquery: tsq(t) }, label: `“${t}”`, d };
        }
      }
    }
    if (best) {
      notes.push(`I read “${w}” as ${best.label}.`);
      subjects.push({ s: best.s, at: i - 1, end: i, weak: best.s.kind === 'words' });
    } else if (tokens.slice(Math.max(0, i - 3), i - 1).some((t) => SUBJECT_SLOT.has(t))) unknownAt.push({ w, at: i - 1 });
  }
  // An ordinary English word right next to something the person has describes it
  // ("the freelance work", "the client refunds"): not a subject of its own that the data lacks.
  const nextTo = (at: number) => subjects.some((x) => x.end === at || x.at === at + 1);
  const unknown = unknownAt.filter((u) => !(isEnglishWord(u.w) && nextTo(u.at))).map((u) => u.w);
  // A description word next to a merchant describes it ("a dinner at Bistro 21") unless joined by "and".
  const merchantsAt = subjects.filter((x) => x.s.kind === 'merchant');
  const kept = subjects.filter((x) => {
    if (!x.weak || !merchantsAt.length) return true;
    return merchantsAt.every((mm) => {
      const [a, b] = mm.at < x.at ? [mm.end, x.at] : [x.end, mm.at];
      return tokens.slice(a, b).some((t) => t === 'and' || t === 'plus' || t === '&' || t === 'or');
    });
  });
  // "an Uber ride": a merchant and a kind side by side is that merchant's payments of that kind.
  for (let k = 0; k + 1 < kept.length; k++) {
    const [a, b] = [kept[k]!, kept[k + 1]!];
    if (tokens.slice(a.end, b.at).some((t) => ['and', 'or', 'vs', 'versus', 'plus', '&', 'than', 'with', 'against'].includes(t))) continue;
    const kindOne = [a, b].find((x) => x.s.kind === 'group' && x.s.by === 'kind');
    const nameOne = [a, b].find((x) => x !== kindOne && (x.s.kind === 'merchant' || (x.s.kind === 'group' && x.s.by === 'name')));
    if (!kindOne || !nameOne || kindOne.s.kind !== 'group') continue;
    const ks = kindOne.s;
    const ns = nameOne.s;
    const inName = (raw: string) => (ns.kind === 'merchant' ? ns.name === raw : ns.kind === 'group' && (ns.merchants.includes(raw) || ns.descriptions.includes(raw)));
    const merchantsBoth = ks.merchants.filter(inName);
    const descriptionsBoth = ks.descriptions.filter(inName);
    if (!merchantsBoth.length && !descriptionsBoth.length) continue;
    const name = ns.kind === 'merchant' ? ns.name : ns.kind === 'group' ? ns.name : ks.name;
    kept.splice(k, 2, { s: { ...ks, name, by: 'name', merchants: merchantsBoth, descriptions: descriptionsBoth }, at: Math.min(a.at, b.at), end: Math.max(a.end, b.end), weak: false });
  }
  // "my car": nothing the person has is named after it, so the category their driving is in.
  if (!kept.length && tokens.some((t) => /^(?:car|cars|vehicle)$/.test(t))) {
    const c = vocab.categories.find((x) => x.flow === 'expense' && /\b(?:auto|car|vehicle|transport|transportation)\b/i.test(x.name));
    if (c) kept.push({ s: { kind: 'category', name: c.name, flow: 'expense', via: 'car' }, at: 0, end: 0, weak: false });
  }
  const seen = new Set<string>();
  const out = kept
    .map((x) => x.s)
    .filter((s) => {
      const key = `${s.kind}:${s.kind === 'words' ? s.tsquery : s.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { subjects: out, unknown };
}

const EXCLUDING = /\b(?:not counting|not including|excluding|except(?: for)?|apart from|other than|besides|leaving out|leave out|without counting|without|ignoring|aside from|but not|minus the)\s+/;
const NET = /\b(?:minus|less|after|take off|taking off|take away)\s+(?:what|whatever|anything)\b[^.?]{0,30}\b(?:refund\w*|return\w*|reimburs\w*|paid (?:me )?back|gave (?:me )?back|got back|sent back)|\b(?:after|net of|minus|less|take away|taking away|taking out|take out|once you take out|accounting for|counting|including|with|deducting|subtracting|less the)\s+(?:the\s+|any\s+|all\s+|my\s+)?(?:(?:client|customer|store|shop|work|employer|expense)s?'?\s+)?(?:refunds?|returns?|reimburse\w*|money (?:i )?got back|credits?)\b|\bnet\b(?! worth)|\b(?:refunds?|returns?|reimburse\w*|credits?)\s+(?:is\s+|are\s+|was\s+|were\s+|have been\s+|has been\s+)?(?:taken|subtracted|deducted|taken off|taken out|removed|netted out|counted in)\b|\bafter (?:i |we )?(?:got |was |were |get |getting |being )?(?:reimbursed|refunded|paid back)\b|\b(?:refunds?|returns?|reimburse\w*)\b.{0,30}\b(?:taken off|taken out|deducted|subtracted|removed|netted out)\b/;
const LEFT = /\b(?:what (?:was|is|'s) left|what'?s left|how much (?:was |is )?left|left over|leftover|remain(?:ed|s|ing)?|did i keep|i kept)\b/;
const PER_VISIT = /\b(?:per|each|a|every)\s+(?:[\p{L}'’]+\s+)?(?:run|visit|shop|trip|order|ride|purchase|transaction|time|fill-?up|tank|delivery|meal|bill|payment|haircut|coffee)\b|\baverage\s+(?:[\p{L}'’]+\s+){0,3}(?:run|shop|order|visit|ride|purchase|trip|bill|fill-?up|delivery|meal|payment|transaction|haircut|coffee|receipt|basket)\b|\b(?:typical|usual|normal)\s+(?:[\p{L}'’]+\s+){0,3}(?:shop|order|visit|ride|purchase|trip|fill-?up|delivery|receipt|basket)\b/u;
const PER_WEEK = /\b(?:per|a|each|every)\s+week\b|\bweekly\b/;
const MEDIAN = /\bmedian\b/;
const INTERVAL = /\bhow often\b|\bhow frequently\b|\bhow regularly\b|\bevery how (?:many|long)\b|\bhow many times a (?:year|month)\b|\b(?:what|which) (?:is the )?(?:interval|frequency)\b|\bis (?:it|that|my [\p{L} ]+) (?:monthly|weekly|yearly|annual|quarterly)\b|\bbilled (?:monthly|every)\b|\bhow long between\b/u;
const TOP_MONTH = /\b(?:which|what) month\b(?!.*\bthat\b)|\b(?:most expensive|biggest|priciest|worst|highest|heaviest) month\b|\bmonth (?:did|was|were) (?:i|my|the)\b.*\b(?:most|highest|biggest)\b/;
const WHY = /^\s*(?:and\s+)?why\b|\bwhat (?:made|makes) (?:it|that|this)\b|\bwhere did (?:that|it) (?:go|come from)\b|\bwhat was (?:in|behind) (?:it|that)\b|\bbreak (?:it|that|this) down\b|\bwhat (?:were|are) (?:they|those)\b/;
const WEEKENDS = /\b(?:on|at|over|during)?\s*(?:the\s+)?weekends\b|\bon (?:a |the )?(?:saturdays?|sundays?|weekend)\b/;
const WEEKDAYS = /\bweekdays\b|\bon (?:work ?days|workdays)\b|\bduring the (?:work ?)?week\b|\bmonday to friday\b/;

/** A category or payee group of money coming back (refunds, returns, reimbursements). */
const moneyBack = (s: Subject) => (s.kind === 'category' || s.kind === 'group') && s.flow === 'income' && /\b(?:refund|reimburs|return|cash ?back|credit)/i.test(s.name);

function readClause(text: string, today: string, vocab: Vocabulary, notes: string[]): Clause {
  const periods = findPeriods(text, today, vocab.lastPayday);
  // Period words are not subjects.
  const blanked = periods.reduce((t, p) => t.slice(0, p.at) + ' '.repeat(p.end - p.at) + t.slice(p.end), text);
  // "…not counting rent": what follows the words is left out, not asked about.
  const cut = EXCLUDING.exec(blanked);
  const main = cut ? blanked.slice(0, cut.index) : blanked;
  const { subjects, unknown } = subjectsIn(main, vocab, notes);
  const exclude = cut ? subjectsIn(blanked.slice(cut.index + cut[0].length), vocab, notes).subjects : [];
  const days = WEEKENDS.test(text) && !/\b(?:last|this|that|next|past|previous) weekend\b|\bweekend before\b/.test(text) ? 'weekend' : WEEKDAYS.test(text) ? 'weekday' : undefined;
  let measure: Measure | null = null;
  if (WHY.test(text)) measure = 'breakdown';
  else if (INTERVAL.test(text) && subjects.length) measure = 'interval';
  else if (NET.test(text)) measure = 'net';
  else if (LEFT.test(text)) measure = 'left';
  else if (MEDIAN.test(text)) measure = 'median';
  else if (TOP_MONTH.test(text)) measure = 'top_month';
  else if (PER_WEEK.test(text) && /\b(average|avg|usually|typical|per|each|normally|on average|a week|weekly)\b/.test(text)) measure = 'per_week';
  else if (PER_VISIT.test(text) && /\b(average|avg|typical|usual|normal|usually|per|each|on average|mean)\b/.test(text) && !COUNT.test(text)) measure = 'per_visit';
  else if (COUNT.test(text)) measure = 'count';
  else if (SMALLEST.test(text)) measure = 'smallest';
  else if (LARGEST.test(text) && !/\bhow much more\b|\bmore than\b/.test(text)) measure = 'largest';
  else if (SHARE.test(text)) measure = 'share';
  // "on average per month this year": the average over the period named, not the usual month before it.
  else if (USUAL.test(text) && !(periods.some((p) => p.period !== 'same') && /\b(?:on average|average)\b/.test(text) && !/\b(?:usual(?:ly)?|normal(?:ly)?|typical(?:ly)?)\b/.test(text))) measure = 'usual';
  else if (AVERAGE.test(text) || /\bon average\b/.test(text)) measure = 'average';
  else if (BALANCE.test(text)) measure = 'balance';
  // In "…net of refunds" the refunds are what comes off, not what the question is about.
  const incomeSubject = subjects.some((s) => (s.kind === 'category' || s.kind === 'group') && s.flow === 'income' && !(measure === 'net' && moneyBack(s)));
  // Money that came in, net of refunds: "what did my shop bring in after refunds" is income less what went back out.
  const incomeNet = measure === 'net' && (incomeSubject || (INCOME_FLOW.test(text.replace(/\b(?:refunds?|reimburse\w*|returns?|got back|get back)\b/g, ' ')) && !/\b(spend|spent|cost|bought|buy)\b/.test(text)));
  const flow: Flow | null = incomeNet ? 'income' : measure === 'net' ? 'expense' : incomeSubject || (INCOME_FLOW.test(text) && !/\b(spend|spent|cost)\b/.test(text)) ? 'income' : EXPENSE_FLOW.test(text) ? 'expense' : null;
  return { measure, flow, subjects, periods, all: ALL_WORDS.test(text), refersBack: REFERS_BACK.test(text), unknown, exclude, days };
}

/**
 * The plan of a question. `previous` is the chat's last question, read the same way, for
 * follow-ups that refer back ("is that more than usual?").
 */
export function understand(question: string, today: string, vocab: Vocabulary, previous?: string, frame?: PlanPart[]): Plan {
  const known = new Set<string>([...vocab.texts].filter((t) => !t.includes(' ')));
  for (const m of vocab.merchants) for (const w of words(m)) known.add(w);
  for (const c of vocab.categories) for (const w of words(c.name)) known.add(w);
  const corrected = correctTimeWords(listAfterColon(normalise(question)), known);
  const notes: string[] = corrected.corrections.map((c: Correction) => `I read “${c.from}” as “${c.to}”.`);
  const parts: PlanPart[] = [];
  const unknown: string[] = [];
  type Prev = Clause & { measure: Measure; flow: Flow; periodList: Period[] };
  let prev = null as Prev | null;
  let sawQuery = false;
  let explicit = false;
  const ownPeriod: boolean[] = [];
  for (const text of clauses(corrected.text).flatMap(oneVerbEach)) {
    const c = readClause(text, today, vocab, notes);
    unknown.push(...c.unknown);
    const own = c.periods.map((p) => p.period).filter((p): p is Period => p !== 'same');
    const periodList: Period[] = own.length ? own : (prev?.periodList ?? []);
    const flow: Flow = c.measure === 'net' ? (c.flow ?? 'expense') : (c.flow ?? (c.subjects.length ? (c.subjects.every((s) => (s.kind === 'category' || s.kind === 'group') && s.flow === 'income') ? 'income' : 'expense') : (prev?.flow ?? 'expense')));
    const measure: Measure = c.measure ?? (c.flow && c.flow !== prev?.flow ? 'total' : (prev?.measure && !['net', 'left', 'breakdown', 'top_month'].includes(prev.measure) ? prev.measure : 'total'));
    const inherit = !c.subjects.length && prev !== null && prev.flow === flow && !c.all && measure !== 'balance';
    const subjects: Subject[] = c.subjects.length ? c.subjects : inherit ? prev!.subjects : [];
    if (c.measure || c.flow || c.subjects.length || (c.periods.length >= 2 && /\b(compare|compared|versus|vs|against|difference)\b/.test(text))) sawQuery = true;
    if (c.measure || c.flow || c.periods.length) explicit = true;
    const adds = c.subjects.length || own.length || (c.measure && c.measure !== prev?.measure) || (c.flow && c.flow !== prev?.flow) || (c.all && prev?.subjects.length) || c.exclude.length;
    if (prev && !adds) {
      if (c.days) parts.at(-1)!.days = c.days;
      continue;
    }
    const part: PlanPart = { measure, flow, subjects, periods: periodList.slice(0, 2), ...(c.exclude.length ? { exclude: c.exclude } : {}), ...(c.days ? { days: c.days } : {}) };
    if (measure === 'net') {
      // "Travel after the reimbursement": the income named is what comes off, not something asked about.
      const back = subjects.filter((s) => moneyBack(s) || (flow === 'expense' && (s.kind === 'category' || s.kind === 'group') && s.flow === 'income'));
      if (back.length) {
        part.back = back;
        part.subjects = subjects.filter((s) => !back.includes(s));
      }
      const refund = /\b(?:refund\w*|returns?|returned|credits?)\b/.test(text);
      const reimburse = /\breimburs\w*|\bpaid back\b/.test(text);
      if (refund !== reimburse) part.backWords = refund ? 'refund' : 'reimburse';
    }
    parts.push(part);
    ownPeriod.push(own.length > 0 || periodList.length > 0);
    prev = { ...c, measure, flow, subjects, periodList };
  }
  // "Fuel and groceries last month, and …", "what came in and what went out in September": a period
  // said once at the end of the first parts belongs to the parts before it that name none.
  for (let i = parts.length - 2; i >= 0; i--) {
    if (!ownPeriod[i] && ownPeriod[i + 1] && parts[i + 1]!.periods.length) {
      parts[i]!.periods = parts[i + 1]!.periods;
      ownPeriod[i] = true;
    }
  }
  // Whether the question's own words ask for a figure, before any frame of the conversation fills it in.
  const explicitOwn = explicit && sawQuery;
  // A follow-up in a conversation: what the question leaves out comes from the frame of the answer before.
  const last = frame?.[0] ?? (previous && !frame ? understand(previous, today, vocab).parts[0] : undefined);
  if (last && parts.length === 1) {
    const applied = applyFrame(parts[0]!, last, corrected.text, readClause(corrected.text, today, vocab, []), today);
    if (applied) {
      sawQuery = true;
      explicit = true;
    }
  } else if (last && !parts.length && FOLLOW_UP_START.test(corrected.text)) {
    parts.push({ ...last, inherited: true });
    sawQuery = true;
    explicit = true;
  }
  if (parts.length === 1 && parts[0]!.measure === 'average' && parts[0]!.periods.length === 0) parts[0]!.measure = 'usual';
  return { parts, notes, unknown: [...new Set(unknown)], isQuery: sawQuery && parts.length > 0, explicit, explicitOwn };
}

/**
 * "Break down my bills: electricity, water, internet and phone": the list after the colon is what is
 * asked about, one subject each, and the word before it only names the list.
 */
function listAfterColon(text: string): string {
  const m = /^(.*?):\s*(.+)$/.exec(text);
  if (!m || !/,|\band\b/.test(m[2]!)) return text;
  const head = m[1]!.replace(/\b(?:my|the|our)?\s*(?:bills|expenses|spending|costs|utilities|subscriptions|categories)\b/, ' ');
  const tail = m[2]!.replace(/\s*,\s*(?:and\s+)?/g, ' and ');
  return `${head} ${tail}`.replace(/\s+/g, ' ').trim();
}

/** "How much did I earn and spend?": two questions, one for each verb. */
function oneVerbEach(text: string): string[] {
  const m = /\b(earn(?:ed)?|make|made|receive[d]?|bring in|brought in|get paid|got paid|spend|spent)\s+(?:and|vs|versus|&)\s+(?:how much (?:did |do )?(?:i |we )?)?(earn(?:ed)?|make|made|receive[d]?|spend|spent)\b/.exec(text);
  if (!m || /spen/.test(m[1]!) === /spen/.test(m[2]!)) return [text];
  return [text.replace(m[0], m[1]!), text.replace(m[0], m[2]!)];
}

/** How a follow-up starts: it leans on the question before. */
const FOLLOW_UP_START = /^(?:and|what about|how about|and what about|and how about|same|same for|also|ok|okay|so|then|but|what of|and for|and in|and on|and at|or|now)\b/;
/** "the month before", "the previous week", "a year earlier": a step back from the frame's period. */
const STEP_BACK = /\b(?:the|a)\s+(month|week|year)\s+(?:before|earlier|prior)\b|\bthe (?:previous|prior) (month|week|year)\b|\bthe one before\b|\bbefore that\b/;

function stepBack(p: Period, unit: string, today: string): Period {
  if (unit === 'week' || (unit === 'one' && Date.parse(p.end) - Date.parse(p.start) <= 7 * 86_400_000)) {
    const len = Math.round((Date.parse(p.end) - Date.parse(p.start)) / 86_400_000) + 1;
    const step = unit === 'week' ? 7 : len;
    return explicitPeriod(addDays(p.start, -step), addDays(p.end, -step));
  }
  const [y, m] = ym(p.start);
  if (unit === 'year') {
    const start = `${y - 1}${p.start.slice(4)}`;
    const end = `${Number(p.end.slice(0, 4)) - 1}${p.end.slice(4)}`;
    return explicitPeriod(start, end.endsWith('02-29') ? end.replace('02-29', '02-28') : end);
  }
  // A month (or several): the same number of months just before.
  const months = (Number(p.end.slice(0, 4)) - y) * 12 + Number(p.end.slice(5, 7)) - 1 - m + 1;
  if (months <= 1) return monthPeriod(...ym(monthStart(y, m - 1)), today);
  return span(monthStart(y, m - months), monthEnd(y, m - 1), `the ${months} months before`);
}

/**
 * Fills what a follow-up leaves out from the frame of the answer before ("and in July?" keeps the
 * subject, "what about coffee?" keeps the period and measure, "how many was that?" keeps both).
 * Answers whether anything was taken.
 */
function applyFrame(part: PlanPart, last: PlanPart, text: string, c: Clause, today: string): boolean {
  const short = words(text).length <= 7;
  const leaning = FOLLOW_UP_START.test(text) || REFERS_BACK.test(text) || STEP_BACK.test(text) || short;
  if (!leaning) return false;
  let took = false;
  const step = STEP_BACK.exec(text);
  if (step && last.periods.length) {
    part.periods = [stepBack(last.periods.at(-1)!, step[1] ?? step[2] ?? 'one', today)];
    took = true;
  }
  if (!part.subjects.length && !c.all && part.measure !== 'balance' && last.subjects.length) {
    part.subjects = last.subjects;
    part.flow = last.flow;
    if (last.exclude && !part.exclude) part.exclude = last.exclude;
    part.inherited = true;
    took = true;
  } else if (!part.subjects.length && !c.flow && !c.all) {
    part.flow = last.flow;
  }
  if (!part.periods.length && !['usual', 'top_month'].includes(part.measure) && last.periods.length) {
    part.periods = last.periods;
    took = true;
  }
  if (!c.measure && !c.flow && !['balance'].includes(last.measure)) {
    part.measure = last.measure === 'breakdown' ? 'total' : last.measure;
    took = true;
  }
  if (!part.days && last.days && !c.subjects.length) part.days = last.days;
  if (part.measure === 'usual' && last.periods.length === 1) part.referencePeriod = last.periods[0];
  return took || part.inherited === true;
}

/** The user's vocabulary from their category names, merchants and the texts of their latest transactions. */
export function vocabularyOf(categories: { name: string; type: string }[], merchants: string[], texts: string[]): Vocabulary {
  const byName = new Map<string, Flow>();
  for (const c of categories) if (!byName.has(c.name) || c.type === 'expense') byName.set(c.name, c.type === 'income' ? 'income' : 'expense');
  const set = new Set<string>();
  for (const text of texts) {
    const w = words(text).map((x) => x.replace(/'s$/, ''));
    for (let i = 0; i < w.length; i++) {
      if (w[i]!.length >= 3 && !/^\d+$/.test(w[i]!)) set.add(w[i]!);
      if (i + 1 < w.length) set.add(`${w[i]} ${w[i + 1]}`);
    }
  }
  return { categories: [...byName].map(([name, flow]) => ({ name, flow })), merchants, texts: set };
}
