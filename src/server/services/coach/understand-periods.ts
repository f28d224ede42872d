/** Periods named in a question: months, seasons, holidays, "past N days", "since …", paydays, read with chrono-node where the words are a date. */
import { createRequire } from 'node:module';
import type { ParsedComponents } from 'chrono-node';

// chrono-node's English parser (the same as the package's default `parse`, without its 15 other
// locales), loaded on the first question rather than at start: about 20 MB less for a server
// nobody asks (docs/performance.md, memory). require() keeps understand() synchronous.
let english: typeof import('chrono-node/en') | undefined;
const chrono = () => (english ??= createRequire(import.meta.url)('chrono-node/en') as typeof import('chrono-node/en'));
import { MONTH_NAMES, addDays, explicitPeriod, lastMonth, monthEnd, monthPeriod, monthStart, nameOfMonth, parseDay, rangeLabel, thisMonth, type Period } from './period';

/** A day the calendar and the coach's labels can hold: four-digit year from 1900, a real date. */
export const sensibleDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= '1900-01-01' && !Number.isNaN(parseDay(day).getTime()) && parseDay(day).toISOString().startsWith(day);
export const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
export const SHORT_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
export const MONTH_WORD = `(${[...MONTH_NAMES, 'sept', ...SHORT_MONTHS.filter((s) => s !== 'may' && s !== 'mar')].join('|')})(?![\\p{L}])\\.?(?:\\s+(\\d{4}))?`;

export const ym = (day: string) => [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1] as [number, number];
export function monthIndex(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w === 'sept') return 8;
  const full = MONTH_NAMES.indexOf(w as (typeof MONTH_NAMES)[number]);
  return full >= 0 ? full : SHORT_MONTHS.indexOf(w);
}
/** A month looking back: the latest one of that name that has started (or of the year given). */
export function pastMonth(month0: number, today: string, year?: number): Period {
  const [y, m] = ym(today);
  return monthPeriod(year ?? (month0 <= m ? y : y - 1), month0, today);
}
export const span = (start: string, end: string, label: string, phrase?: string): Period => ({ start, end, label: `${label} (${rangeLabel(start, end)})`, phrase: phrase ?? `in ${label} (${rangeLabel(start, end)})` });

export interface Found {
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

export const SEASONS: Record<string, [number, number]> = { spring: [2, 4], summer: [5, 7], autumn: [8, 10], fall: [8, 10], winter: [11, 13] };
export const day1 = (d: string) => d;

/** The nth weekday (0 Sunday) of a month, or the last one (n = -1). */
export function nthWeekday(year: number, month0: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = monthStart(year, month0);
    return addDays(first, ((weekday - parseDay(first).getUTCDay() + 7) % 7) + (n - 1) * 7);
  }
  const last = monthEnd(year, month0);
  return addDays(last, -((parseDay(last).getUTCDay() - weekday + 7) % 7));
}

/** Easter Sunday (the Gregorian computus). */
export function easter(year: number): string {
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
export function holidayDay(word: string, today: string): [string, string, string] | null {
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

export function findPeriods(text: string, today: string, lastPayday: string | null | undefined): Found[] {
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
  // Halves of a year: January–June and July–December, the half under way ending today.
  take(/\b(first|second|1st|2nd) half of (?:(this|last|previous|the) year|(\d{4}))\b/, (x) => {
    const year = x[3] ? Number(x[3]) : x[2] === 'last' || x[2] === 'previous' ? y - 1 : y;
    const first = x[1] === 'first' || x[1] === '1st';
    const start = `${year}-${first ? '01' : '07'}-01`;
    if (start > today) return null;
    const end = [`${year}-${first ? '06-30' : '12-31'}`, today].sort()[0]!;
    return span(start, end, `the ${first ? 'first' : 'second'} half of ${year}`);
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
