import { addDays, addMonths, endOfMonth, monthOf, parseDay } from '../../../contract/calendar';
import { amountMentioned, categoryMentioned } from './intents';

/** Reading a budget or bills question (what's left, what's due, a move between categories, a suggestion) into its kind and slots. */

export type BudgetBillQuestion =
  | { kind: 'budget_left'; category: string | null; month: string }
  | { kind: 'budgeted'; category: string | null; month: string }
  | { kind: 'over_budget'; month: string }
  | { kind: 'bills_before_payday' }
  | { kind: 'bills_ahead'; days: number; label: string }
  | { kind: 'subscriptions_cost' }
  /** "How much will I have left on the 30th?": the forecast balance on a day ahead (null: a day it could not place). */
  | { kind: 'balance_on'; date: string | null }
  /** "Which subscriptions went up?": the detector's price changes. */
  | { kind: 'price_changes' }
  /** "What should I budget for dining?": the median of the category's recent months. */
  | { kind: 'budget_suggest'; category: string | null; month: string }
  /** "If I move 50 from fun to groceries…": what each would have left this month (the words as said, for a name not found). */
  | { kind: 'budget_move'; amount: number; from: string | null; to: string | null; fromWords: string; toWords: string; month: string };

const BILLS = /\b(?:bills?|payments?|subscriptions?|direct debits?|standing orders?|due)\b/;
const PAYDAY = /\b(?:before|until|till|til|up to|ahead of)\s+(?:my\s+|the\s+)?(?:next\s+)?(?:payday|pay day|pay ?check|salary|wages?|i(?:'m| am)? (?:get |next )?paid)\b/;
const SOON = /\b(?:this|the next|next|coming)\s+(week|7 days|seven days|fortnight|two weeks|14 days|month|30 days)\b|\bcoming up\b|\bupcoming\b|\bdue soon\b|\bwhat(?:'s| is) due\b/;
const SUBSCRIPTION_COST = /\bsubscriptions?\b.*\b(?:cost|costs|come to|add up|total|a month|per month|monthly|a year|per year|yearly)\b|\bhow much (?:do|does|are) (?:i|my) (?:pay|spend)?.*\bsubscriptions?\b.*\b(?:a|per) (?:month|year)\b/;

/** "If I move 50 from fun to groceries", "what if I moved $50 out of Dining into Groceries", "shift 50 from A to B". */
const MOVE = /\b(?:move|moved|moving|shift|shifted|take|took|transfer|transferred|put|reassign)\s+((?:[$€£¥₹]\s?)?\d[\d,]*(?:\.\d{1,2})?(?:\s?(?:dollars|euros|pounds|bucks))?)\s+(?:of (?:my |the )?budget\s+)?(?:from|out of)\s+(?:my |the )?(.+?)\s+(?:to|into|over to|onto|towards?)\s+(?:my |the )?(.+?)(?:\s+(?:budget|this month|for this month|instead))?\s*(?:[?.!,;]|$|\bwhat\b|\bhow\b)/;
/** "What should I budget for dining?", "how much should I set aside for groceries each month", "suggest a budget for X". */
const SUGGEST = /\b(?:what|how much)\b.*\bshould (?:i|we)\s+(?:budget|set aside|allow|allocate|assign|plan)\b|\b(?:suggest|recommend)\w*\s+(?:me\s+)?(?:a\s+)?budget\b|\b(?:a )?(?:good|realistic|sensible|reasonable) budget for\b|\bhow much (?:to|do i need to) budget\b/;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const FUTURE = /\b(?:will|'ll|going to|gonna|would)\b/;
const LEFT_THEN = /\b(?:have|be)\s+(?:left|remaining)\b|\bleft over\b|\bhave in (?:my|the) (?:account|bank|checking)\b|\bbalance\b|\bhow much (?:money )?will i have\b/;
const WENT_UP = /\b(?:went up|gone up|go up|going up|increased?|increases|rose|risen|raised|hiked?|more expensive|price (?:rises?|increases?|changes?|hikes?|went up))\b/;
const RECURRING_WORDS = /\b(?:subscriptions?|bills?|memberships?|streaming|recurring|direct debits?|plans?|prices?)\b/;

/**
 * The day a forecast question looks at: "on the 30th" (this month's, or next month's once it has
 * passed; the month's last day when it has no 30th), "at the end of the month", "by Friday",
 * "on 3 March" (the next one), "by payday" (undefined: the day before the next pay). Null when none is said.
 */
function dayAhead(t: string, today: string): string | 'payday' | null {
  const nth = /\b(?:on|by|at|until|till|til|before|for)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/.exec(t);
  if (nth) {
    const n = Number(nth[1]);
    if (n < 1 || n > 31) return null;
    for (const month of [monthOf(today), addMonths(monthOf(today), 1)]) {
      const last = Number(endOfMonth(month).slice(8));
      const day = `${month}-${String(Math.min(n, last)).padStart(2, '0')}`;
      if (day >= today) return day;
    }
  }
  const named = new RegExp(`\\b(?:on|by|at|until|till|before|for)\\s+(?:the\\s+)?(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTHS.join('|')})|(${MONTHS.join('|')})\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?)\\b`).exec(t);
  if (named) {
    const n = Number(named[1] ?? named[4]);
    const m0 = MONTHS.indexOf(named[2] ?? named[3]!);
    for (const year of [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1]) {
      const month = `${year}-${String(m0 + 1).padStart(2, '0')}`;
      if (n > Number(endOfMonth(month).slice(8))) return null;
      const day = `${month}-${String(n).padStart(2, '0')}`;
      if (day >= today) return day;
    }
  }
  if (/\b(?:end of (?:the |this )?month|month(?:'s)? end|month end)\b/.test(t)) return endOfMonth(today);
  if (/\bend of next month\b/.test(t)) return endOfMonth(addMonths(monthOf(today), 1));
  const weekday = new RegExp(`\\b(?:on|by|at|until|till|before|for)\\s+(?:this\\s+|next\\s+)?(${WEEKDAYS.join('|')})\\b`).exec(t);
  if (weekday) {
    const ahead = (WEEKDAYS.indexOf(weekday[1]!) - parseDay(today).getUTCDay() + 7) % 7 || 7;
    return addDays(today, ahead);
  }
  if (/\btomorrow\b/.test(t)) return addDays(today, 1);
  if (/\b(?:payday|pay day|i(?:'m| am)? (?:next )?(?:get )?paid|next pay(?:check)?)\b/.test(t)) return 'payday';
  return null;
}

/** A budget or bill question, or null. `categories` are the user's names (their spelling wins). */
export function recogniseBudgetBillQuestion(question: string, categories: string[], today: string): BudgetBillQuestion | null {
  const t = question.toLowerCase().replace(/[’]/g, "'");
  if (WENT_UP.test(t) && RECURRING_WORDS.test(t) && !/\b(?:spending|spent|spend)\b/.test(t)) return { kind: 'price_changes' };
  if (FUTURE.test(t) && LEFT_THEN.test(t) && !/\bgoals?\b|\bbudget\b|\bafford\b/.test(t)) {
    const day = dayAhead(t, today);
    if (day) return { kind: 'balance_on', date: day === 'payday' ? null : day };
  }
  const month = /\blast month\b/.test(t) ? addMonths(monthOf(today), -1) : /\bnext month\b/.test(t) ? addMonths(monthOf(today), 1) : monthOf(today);
  const past = /\b(?:spent|paid|did|was|were|last (?:month|year|week))\b/.test(t);
  if (SUBSCRIPTION_COST.test(t) && !past) return { kind: 'subscriptions_cost' };
  if (BILLS.test(t) && PAYDAY.test(t)) return { kind: 'bills_before_payday' };
  if (/\bbills?\b|\bdue\b|\bsubscriptions?\b.*\b(?:coming|due|renew)/.test(t) && !past) {
    const soon = SOON.exec(t);
    if (soon) {
      const span = soon[1] ?? 'week';
      if (/week|7|seven/.test(span)) return { kind: 'bills_ahead', days: 7, label: 'in the next 7 days' };
      if (/fortnight|two|14/.test(span)) return { kind: 'bills_ahead', days: 14, label: 'in the next 14 days' };
      return { kind: 'bills_ahead', days: /month|30/.test(span) ? 30 : 7, label: /month|30/.test(span) ? 'in the next 30 days' : 'in the next 7 days' };
    }
  }
  const move = MOVE.exec(t);
  if (move) {
    const amount = amountMentioned(move[1]!);
    const fromWords = move[2]!.trim();
    const toWords = move[3]!.trim();
    if (amount !== null && amount > 0) return { kind: 'budget_move', amount, from: categoryMentioned(fromWords, categories), to: categoryMentioned(toWords, categories), fromWords, toWords, month };
  }
  const category = categoryMentioned(question, categories);
  if (SUGGEST.test(t)) return { kind: 'budget_suggest', category, month: monthOf(today) };
  if (/\bover (?:my |the |our )?budgets?\b|\bover ?spent\b|\boverspending in\b|\bwhich (?:categories|budgets)\b.*\b(?:over|overspend\w*|blown|exceed\w*)\b|\bbudgets? (?:blown|exceeded)\b|\bblown (?:my |the )?budget\b/.test(t) && !category) {
    return { kind: 'over_budget', month };
  }
  if (/\bbudget(?:ed|ted|s)?\b/.test(t) && /\b(?:how much|what(?:'s| is)?|did i|have i)\b/.test(t) && !/\b(?:left|remaining|remain|available)\b/.test(t) && !/\btips?\b|\badvice\b|\bhow (?:do|can|should) i budget\b/.test(t)) {
    return { kind: 'budgeted', category, month };
  }
  // "What was left of my pay": income less spending, a question about figures, not the budget.
  const leftOfPay = /\b(?:left|remain\w*|leftover)\s+(?:of|from|out of)\s+(?:my|our|the)\s+(?:income|pay|paycheck|salary|wages|earnings)\b|\bwas left\b/.test(t) && !/\bbudget/.test(t);
  if (/\b(?:left|remaining|remain|available)\b/.test(t) && (category || /\bbudget\b/.test(t)) && !/\bgoals?\b/.test(t) && !leftOfPay) {
    if (!/\bbudget\b/.test(t) && !/\b(?:for|in|on)\b/.test(t)) return null;
    return { kind: 'budget_left', category, month };
  }
  return null;
}

const FOLLOW_ON = /^(?:and|what about|how about|and what about|same for|ok(?:ay)?,? and|then|also)\b/;

/**
 * A follow-up to a budget or bill answer ("and dining?", "and last month?", "and on the 5th?",
 * "what about the next two weeks?"): the question before with the parts this one names replaced.
 */
export function followBudgetBill(prev: BudgetBillQuestion, question: string, categories: string[], today: string): BudgetBillQuestion | null {
  const t = question.toLowerCase().replace(/[’]/g, "'").trim();
  if (!FOLLOW_ON.test(t) && t.split(/\s+/).length > 4) return null;
  const month = /\blast month\b|\bthe month before\b/.test(t) ? addMonths(monthOf(today), -1) : /\bnext month\b/.test(t) ? addMonths(monthOf(today), 1) : /\bthis month\b/.test(t) ? monthOf(today) : null;
  switch (prev.kind) {
    case 'budget_left':
    case 'budgeted': {
      const category = categoryMentioned(question, categories);
      if (!category && !month) return null;
      return { ...prev, category: category ?? prev.category, month: month ?? prev.month };
    }
    case 'budget_suggest': {
      const category = categoryMentioned(question, categories);
      return category ? { ...prev, category } : null;
    }
    case 'over_budget':
      return month ? { ...prev, month } : null;
    case 'bills_ahead':
    case 'bills_before_payday': {
      if (/\bpay ?day\b|\bpaid\b/.test(t)) return { kind: 'bills_before_payday' };
      if (/\bmonth\b|\b30 days\b/.test(t)) return { kind: 'bills_ahead', days: 30, label: 'in the next 30 days' };
      if (/\bfortnight\b|\btwo weeks\b|\b2 weeks\b|\b14 days\b|\bnext week\b/.test(t)) return { kind: 'bills_ahead', days: 14, label: 'in the next 14 days' };
      if (/\bweek\b|\b7 days\b/.test(t)) return { kind: 'bills_ahead', days: 7, label: 'in the next 7 days' };
      return null;
    }
    case 'balance_on': {
      const day = dayAhead(t, today);
      return day ? { kind: 'balance_on', date: day === 'payday' ? null : day } : null;
    }
    default:
      return null;
  }
}
