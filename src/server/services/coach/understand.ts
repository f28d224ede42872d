import { containsPhrase, correctTimeWords, normalise, singulars, words, type Correction } from './lexicon';
import { addDays, explicitPeriod, monthEnd, monthPeriod, monthStart, type Period } from './period';
import type { Flow, Measure, Plan, PlanPart, Subject, Vocabulary } from './plan-types';
import { findPeriods, span, ym, type Found } from './understand-periods';
import { subjectsIn } from './understand-subjects';
import { isPayer } from './payees';

export type { Flow, Measure, Plan, PlanPart, Subject, Vocabulary } from './plan-types';
export { periodsIn } from './understand-periods';

/**
 * The question-understanding layer: a question becomes a plan of parts, each a measure of some
 * subjects over one period (or two, to compare), read against the user's own categories,
 * merchants and description words. Deterministic; both engines run plans through `plans.ts`.
 */



const INCOME_FLOW = /\b((?:receive[ds]?|receiving)\s+(?:[a-z'’]+\s+){0,2}?from|earn\w*|income|make|made|came in|come in|got paid|get paid|paid me|pay me|paying me|salary|salaries|paychecks?|wages?|invoices?|refunds?|got back|get back|received|receive|bring in|brought in|brings in|bringing in|take home|took home|how much (?:money |cash )?(?:did|do|have|has) (?:i|we) (?:take|taken) in|(?:money|cash) (?:did )?(?:i |we )?(?:took|take|taken) in|sen[dt]s? me|sent me|takings|revenue|sales|payouts?|reimburse\w*)\b/;
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
  /** In a net question, what the words say comes off ("after Aetna paid its part"). */
  off: Subject[];
}


const EXCLUDING = /\b(?:not counting|not including|excluding|except(?: for)?|apart from|other than|besides|leaving out|leave out|without counting|without|ignoring|aside from|but not|minus the)\s+/;
/** "after Aetna paid its part", "once insurance covered its share", "once you take off the repairs": what follows comes off. */
const NET_OFF = /\b(?:after|once)\s+(?:[a-z'’]+\s+){1,3}?(?:paid|pays|covered|covers|reimbursed|chipped in|kicked in|picked up)\s+(?:(?:its|their|his|her|the|my|our)\s+)?(?:part|share|portion|bit|half|cut)\b|\b(?:once|after)\s+(?:you\s+|i\s+|we\s+)?(?:take|taking|took|subtract|subtracting|deduct|deducting|knock|knocking)\s+(?:off|out|away)?\s*(?:the\s+|my\s+|what\s+i\s+(?:spent|paid)\s+(?:on|for)\s+(?:the\s+)?)\b|\bafter (?:paying for|the cost of)\b/;
const NET = /\bonce\s+(?:[a-z'’]+\s+){0,3}(?:paid|pays|sent|gave)\s+(?:me\s+|us\s+)?back\b|\b(?:minus|less|after|take off|taking off|take away)\s+(?:what|whatever|anything)\b[^.?]{0,30}\b(?:refund\w*|return\w*|reimburs\w*|paid (?:me )?back|gave (?:me )?back|got back|sent back)|\b(?:after|net of|minus|less|take away|taking away|taking out|take out|once you take out|accounting for|counting|including|with|deducting|subtracting|less the)\s+(?:the\s+|any\s+|all\s+|my\s+)?(?:(?:client|customer|store|shop|work|employer|expense)s?'?\s+)?(?:refunds?|returns?|reimburse\w*|money (?:i )?got back|credits?)\b|\bnet\b(?! worth)|\b(?:refunds?|returns?|reimburse\w*|credits?)\s+(?:is\s+|are\s+|was\s+|were\s+|have been\s+|has been\s+)?(?:taken|subtracted|deducted|taken off|taken out|removed|netted out|counted in)\b|\bafter (?:i |we )?(?:got |was |were |get |getting |being )?(?:reimbursed|refunded|paid back)\b|\b(?:refunds?|returns?|reimburse\w*)\b.{0,30}\b(?:taken off|taken out|deducted|subtracted|removed|netted out)\b/;
/** Money sent to the user: "sent me", "paid us", "from my tenant". */
const TO_ME = /\b(?:sen[dt]s?|sent|paid|pays?|gave|gives?|transferr?ed|venmo(?:ed)?|zelled?)\s+(?:[a-z'’]+\s+){0,2}?(?:me|us)\b|\bfrom\s+(?:my|our|the)\s+/;
const LEFT = /\b(?:what (?:was|is|'s) left|what'?s left|how much (?:was |is )?left|left over|leftover|remain(?:ed|s|ing)?|did i keep|i kept)\b/;
const PER_VISIT = /\b(?:per|each|a|every)\s+(?:[\p{L}'’]+\s+)?(?:run|visit|shop|trip|order|ride|purchase|transaction|time|fill-?up|tank|delivery|meal|bill|payment|haircut|coffee)\b|\baverage\s+(?:[\p{L}'’]+\s+){0,3}(?:run|shop|order|visit|ride|purchase|trip|bill|fill-?up|delivery|meal|payment|transaction|haircut|coffee|receipt|basket)\b|\b(?:typical|usual|normal)\s+(?:[\p{L}'’]+\s+){0,3}(?:shop|order|visit|ride|purchase|trip|fill-?up|delivery|receipt|basket)\b/u;
const PER_WEEK = /\b(?:per|a|each|every)\s+week\b|\bweekly\b/;
const MEDIAN = /\bmedian\b/;
const INTERVAL = /\bhow often\b|\bhow frequently\b|\bhow regularly\b|\bevery how (?:many|long)\b|\bhow many times a (?:year|month)\b|\b(?:what|which) (?:is the )?(?:interval|frequency)\b|\bis (?:it|that|my [\p{L} ]+) (?:monthly|weekly|yearly|annual|quarterly)\b|\bbilled (?:monthly|every)\b|\bhow long between\b/u;
const TOP_MONTH = /\b(?:which|what) month\b(?!.*\bthat\b)|\b(?:most expensive|biggest|priciest|worst|highest|heaviest) month\b|\bmonth (?:did|was|were) (?:i|my|the)\b.*\b(?:most|highest|biggest)\b/;
const WHY = /^\s*(?:and\s+)?why\b|\bwhat (?:made|makes) (?:it|that|this)\b|\bwhere did (?:that|it) (?:go|come from)\b|\bwhat was (?:in|behind) (?:it|that)\b|\bbreak (?:it|that|this) down\b|\bwhat (?:were|are) (?:they|those)\b/;
const WEEKENDS = /\b(?:on|at|over|during)?\s*(?:the\s+)?weekends\b|\bon (?:a |the )?(?:saturdays?|sundays?|weekend)\b/;
const WEEKDAYS = /\bweekdays\b|\bon (?:work ?days|workdays)\b|\bduring the (?:work ?)?week\b|\bmonday to friday\b/;

const subjectKey = (s: Subject) => `${s.kind}:${s.kind === 'words' ? s.tsquery : s.name}`;

/** A category or payee group of money coming back (refunds, returns, reimbursements). */
const moneyBack = (s: Subject) => (s.kind === 'category' || s.kind === 'group') && s.flow === 'income' && /\b(?:refund|reimburs|return|cash ?back|credit)/i.test(s.name);

function readClause(text: string, today: string, vocab: Vocabulary, notes: string[]): Clause {
  const periods = findPeriods(text, today, vocab.lastPayday);
  // Period words are not subjects.
  const blanked = periods.reduce((t, p) => t.slice(0, p.at) + ' '.repeat(p.end - p.at) + t.slice(p.end), text);
  // "…not counting rent": what follows the words is left out, not asked about.
  const cut = EXCLUDING.exec(blanked);
  const main = cut ? blanked.slice(0, cut.index) : blanked;
  const moneyIn = INCOME_FLOW.test(main) && !/\b(?:spend|spent|cost|costs|bought|buy)\b/.test(main);
  const found = subjectsIn(main, vocab, notes, { income: moneyIn });
  let subjects = found.subjects;
  const unknown = found.unknown;
  const exclude = cut ? subjectsIn(blanked.slice(cut.index + cut[0].length), vocab, notes).subjects : [];
  const days = WEEKENDS.test(text) && !/\b(?:last|this|that|next|past|previous) weekend\b|\bweekend before\b/.test(text) ? 'weekend' : WEEKDAYS.test(text) ? 'weekday' : undefined;
  let measure: Measure | null = null;
  if (WHY.test(text)) measure = 'breakdown';
  else if (INTERVAL.test(text) && subjects.length) measure = 'interval';
  else if (NET.test(text) || NET_OFF.test(text)) measure = 'net';
  else if (LEFT.test(text)) measure = 'left';
  else if (MEDIAN.test(text)) measure = 'median';
  else if (TOP_MONTH.test(text)) measure = 'top_month';
  else if (PER_WEEK.test(text) && /\b(average|avg|usually|typical|per|each|normally|on average|a week|weekly)\b/.test(text)) measure = 'per_week';
  else if (PER_VISIT.test(text) && /\b(average|avg|typical|usual|normal|usually|per|each|on average|mean)\b/.test(text) && !COUNT.test(text) && !/\b(?:a|per|each|every) month\b|\bmonthly\b/.test(text.replace(PER_VISIT, ' '))) measure = 'per_visit';
  else if (COUNT.test(text)) measure = 'count';
  else if (SMALLEST.test(text)) measure = 'smallest';
  else if (LARGEST.test(text) && !/\bhow much more\b|\bmore than\b/.test(text)) measure = 'largest';
  else if (SHARE.test(text)) measure = 'share';
  // "on average per month this year": the average over the period named, not the usual month before it.
  else if (USUAL.test(text) && !(periods.some((p) => p.period !== 'same') && /\b(?:on average|average)\b/.test(text) && !/\b(?:usual(?:ly)?|normal(?:ly)?|typical(?:ly)?)\b/.test(text))) measure = 'usual';
  else if (AVERAGE.test(text) || /\bon average\b/.test(text)) measure = 'average';
  else if (BALANCE.test(text)) measure = 'balance';
  // A payer ("my roommate") names money that came in only when the words say it came to the user or
  // comes off; "how much does my roommate have?", "what did my tenant earn?" ask about someone else's
  // money, which the data cannot tell.
  const stranger = measure === 'net' || TO_ME.test(main) ? undefined : words(main).find(isPayer);
  if (stranger) {
    subjects = subjects.filter((s) => !(s.kind === 'group' && isPayer(s.name.toLowerCase())));
    unknown.push(stranger);
  }
  // In "…net of refunds" the refunds are what comes off, not what the question is about.
  const incomeSubject = subjects.some((s) => (s.kind === 'category' || s.kind === 'group') && s.flow === 'income' && !(measure === 'net' && moneyBack(s)));
  // Money that came in, net of refunds: "what did my shop bring in after refunds" is income less what went back out.
  const incomeNet = measure === 'net' && (incomeSubject || (INCOME_FLOW.test(text.replace(/\b(?:refunds?|reimburse\w*|returns?|got back|get back)\b/g, ' ')) && !/\b(spend|spent|cost|bought|buy)\b/.test(text)));
  const flow: Flow | null = incomeNet ? 'income' : measure === 'net' ? 'expense' : incomeSubject || (INCOME_FLOW.test(text) && !/\b(spend|spent|cost)\b/.test(text)) ? 'income' : EXPENSE_FLOW.test(text) ? 'expense' : null;
  // "The rent my tenant sent me": money in from a payer; the expense it is for only says why it came.
  const payer = flow === 'income' && measure !== 'net' && subjects.some((s) => s.kind === 'group' && s.flow === 'income');
  const asked = payer ? subjects.filter((s) => !(s.kind === 'category' || (s.kind === 'group' && s.by === 'kind')) || s.flow !== 'expense') : subjects;
  const offAt = measure === 'net' ? NET_OFF.exec(main) : null;
  const off = offAt ? subjectsIn(main.slice(offAt.index), vocab, [], { income: true }).subjects : [];
  return { measure, flow, subjects: asked, periods, all: ALL_WORDS.test(text), refersBack: REFERS_BACK.test(text), unknown, exclude, days, off };
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
      const offKeys = new Set(c.off.map(subjectKey));
      const back = subjects.filter((s) => moneyBack(s) || offKeys.has(subjectKey(s)) || (flow === 'expense' && (s.kind === 'category' || s.kind === 'group') && s.flow === 'income'));
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
