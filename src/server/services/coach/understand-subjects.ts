import type { Flow, Subject, Vocabulary } from './plan-types';
/** The subjects a question names, read against the user's categories, merchants and description words. */
import { editDistance, allowedEdits, isEnglishWord, normalise, singulars, words } from './lexicon';
import { INCOME_KINDS, groupOf, isNamedBy, isPayer, kindsOf, nameForms, payeeWordOf, type Payee } from './payees';
import { MONTH_NAMES } from './period';

/** Everyday words for categories, used when the user's data has no closer match. */
export const CATEGORY_WORDS: Record<string, string[]> = {
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
export const INCOME_WORDS: Record<string, string[]> = {
  salary: ['salary', 'salaries', 'paycheck', 'paychecks', 'wage', 'wages', 'pay slip', 'payslip'],
  wages: ['salary', 'paycheck', 'paychecks', 'wage', 'wages', 'payslip'],
  refunds: ['refund', 'refunds'],
  freelance: ['invoices', 'freelance', 'client payments'],
};

/** Words that carry no subject. */
export const STOP = new Set(
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
  once really actually run runs taken clients client customers customer buyers minus store stores place places`
    .split(/\s+/)
    .filter(Boolean),
);
for (const m of MONTH_NAMES) STOP.add(m);
for (const m of ['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']) STOP.add(m);

/** Words before a subject: an unknown word after them is a subject the data does not have ("on my dog"). */
export const SUBJECT_SLOT = new Set(['on', 'at', 'for', 'from', 'my', 'our', 'the', 'to']);
/** The subjects a clause names: the user's categories, merchants and description words, tolerant of plurals and typos. */
export function subjectsIn(text: string, vocab: Vocabulary, notes: string[], asked: { income?: boolean } = {}): { subjects: Subject[]; unknown: string[] } {
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
    const word = payeeWordOf(p);
    // The user's own description word wins over a reading of the bank's text ("Textbooks" written on the rows).
    if (word && !(word.whenIncome && !asked.income) && !singulars(p).some((f) => vocab.texts.has(f))) {
      const list = payees.filter((x) => isNamedBy(word, x));
      return list.length ? group(p.replace(/^(?:my|the|our)\s+/, ''), list, 'kind', word.income ? 'income' : 'expense') : null;
    }
    const kinds = kindsOf(p);
    if (!kinds) return null;
    const list = payees.filter((x) => x.kind && kinds.includes(x.kind));
    if (!list.length) return null;
    return group(p.replace(/^(?:my|the|our)\s+/, ''), list, 'kind', kinds.every((k) => INCOME_KINDS.has(k)) || isPayer(p) ? 'income' : 'expense');
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
    // Money that came in from a kind of payee the user files spending under ("what did the insurance company reimburse me"): those payees.
    const incoming = cat && asked.income && cat.flow === 'expense' ? kindGroup(p) : null;
    if (incoming) return { s: incoming, weak: false };
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
  // Two words for the same payees ("doctor and lab bills"): one subject, named by both.
  const samePayees = new Map<string, Subject & { kind: 'group' }>();
  const out = kept
    .map((x) => x.s)
    .filter((s) => {
      const key = `${s.kind}:${s.kind === 'words' ? s.tsquery : s.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      if (s.kind === 'group') {
        const payeesKey = `${s.flow}|${[...s.merchants].sort().join('|')}#${[...s.descriptions].sort().join('|')}`;
        const first = samePayees.get(payeesKey);
        if (first) {
          first.name = `${first.name} and ${s.name}`;
          return false;
        }
        samePayees.set(payeesKey, s);
      }
      return true;
    });
  return { subjects: out, unknown };
}
