import { DEFAULT_CATEGORIES } from '../../../contract/transactions';
import { futureMonth, monthMentioned, periodMentioned, type Period } from './period';

/**
 * Intent recognition of the built-in coach: plain rules over the question, the user's own category,
 * merchant and goal names, and the periods and amounts it names. Deterministic by design.
 */
export type Intent =
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'securities' }
  | { kind: 'off_topic' }
  | { kind: 'affordability'; amount: number | null; item: string | null; month: { year: number; month0: number } | null }
  | { kind: 'recurring' }
  | { kind: 'goals'; name: string | null }
  | { kind: 'overspending' }
  | { kind: 'savings_rate'; period: Period | null }
  | { kind: 'income'; period: Period | null }
  | { kind: 'balance' }
  | { kind: 'summary'; period: Period | null }
  | { kind: 'spending'; period: Period | null; category: string | null; merchant: string | null; merchants: boolean }
  | { kind: 'tips' }
  | { kind: 'general'; period: Period | null };

export interface KnownNames {
  categories: string[];
  merchants: string[];
  goals: string[];
}

/** Everyday words for the built-in categories. */
const CATEGORY_WORDS: Record<string, string[]> = {
  Groceries: ['groceries', 'grocery', 'supermarket', 'supermarkets', 'food shopping'],
  Dining: ['dining', 'restaurant', 'restaurants', 'eating out', 'takeaway', 'takeout', 'take-out', 'coffee', 'cafes', 'cafe', 'food delivery', 'lunches'],
  Transport: ['transport', 'transportation', 'commute', 'commuting', 'fuel', 'gas', 'petrol', 'uber', 'taxi', 'taxis', 'train', 'bus', 'parking', 'car'],
  Housing: ['housing', 'rent', 'mortgage'],
  Utilities: ['utilities', 'electricity', 'power bill', 'water bill', 'internet', 'phone bill', 'energy'],
  Subscriptions: ['subscriptions category'],
  Shopping: ['shopping', 'clothes', 'clothing', 'online shopping'],
  Entertainment: ['entertainment', 'movies', 'cinema', 'concerts', 'games', 'gaming', 'streaming'],
  Health: ['health', 'healthcare', 'doctor', 'pharmacy', 'medical', 'medicine', 'gym', 'fitness'],
  Insurance: ['insurance'],
  Education: ['education', 'courses', 'tuition', 'books', 'school'],
  Travel: ['travel', 'travelling', 'traveling', 'flights', 'hotels', 'holidays'],
  'Personal Care': ['personal care', 'haircut', 'hairdresser', 'beauty', 'cosmetics'],
  'Gifts & Donations': ['gifts', 'donations', 'charity', 'presents'],
  'Fees & Charges': ['fees', 'bank fees', 'charges and fees', 'interest charges'],
};

const FINANCE_WORDS =
  /\b(money|spend|spent|spending|cost|costs|budget\w*|save|saved|saving|savings|income|earn\w*|salary|pay|paid|payment|bills?|expenses?|afford\w*|goals?|debt|loans?|credit|balance|cash|bank|accounts?|subscriptions?|charges?|invest\w*|retire\w*|emergency fund|financ\w*|rent|mortgage|transactions?|merchants?|categor(y|ies)|price|purchase|buy|cut back|overspend\w*|cheaper|tax(es)?|insurance|net worth|frugal|summar\w*|overview|wealth|wallet|points|tokens?|coach)\b/;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (text: string, phrase: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(phrase.toLowerCase())}s?($|[^\\p{L}\\p{N}])`, 'u').test(text);

/** The user's category a question names: their own category names first, then everyday words for built-in ones. */
export function categoryMentioned(text: string, categories: string[]): string | null {
  const t = text.toLowerCase();
  const own = [...categories].sort((a, b) => b.length - a.length).find((c) => c.length > 2 && mentions(t, c));
  if (own) return own;
  for (const [category, words] of Object.entries(CATEGORY_WORDS)) {
    if (words.some((w) => mentions(t, w))) return categories.find((c) => c.toLowerCase() === category.toLowerCase()) ?? category;
  }
  return null;
}

export function merchantMentioned(text: string, merchants: string[]): string | null {
  const t = text.toLowerCase();
  return [...merchants].sort((a, b) => b.length - a.length).find((m) => m.length > 2 && mentions(t, m)) ?? null;
}

export function goalMentioned(text: string, goals: string[]): string | null {
  const t = text.toLowerCase();
  const whole = goals.find((g) => mentions(t, g));
  if (whole) return whole;
  return goals.find((g) => g.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((word) => word.length > 3 && mentions(t, word))) ?? null;
}

/** The amount a question names: "1,200", "$1200.50", "1.2k", "€900"; years and counts are not amounts. */
export function amountMentioned(text: string): number | null {
  const pattern = /([$€£¥₹])?\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s?(k\b|thousand\b)?(\s*(?:%|percent|months?|days?|weeks?|years?|times|goals?))?/gi;
  for (const match of text.matchAll(pattern)) {
    const [, symbol, whole, decimals, thousands, unit] = match;
    if (unit) continue;
    const digits = whole!.replace(/,/g, '');
    const value = Number(`${digits}${decimals ? `.${decimals}` : ''}`) * (thousands ? 1000 : 1);
    // "in 2026" is a year; "a 2000 trip" is an amount.
    const before = text.slice(0, match.index).toLowerCase();
    const looksLikeYear =
      !symbol && !thousands && !whole!.includes(',') && /^(19|20)\d{2}$/.test(digits) && /(\b(in|of|since|during|from|until|till|by|before|after|year)|[a-z]{3,}\.?)\s*$/.test(before) && !/\b(afford|spend|buy|get|a|an|for|about|of)\s*$/.test(before);
    if (looksLikeYear) continue;
    if (value > 0) return value;
  }
  return null;
}

/** What the user wants to buy: "a 1,200 laptop" → "laptop". */
function itemMentioned(text: string): string | null {
  const match = /\b(?:afford|buy|get|spend\s+\S+\s+on)\s+(?:an?|the|my|new|that|this|some)?\s*(?:[$€£]?\s?[\d,.]+k?\s+)?(?:an?\s+)?(?:new\s+)?([\p{L}][\p{L}\s-]{1,30}?)(?=\s+(?:in|by|for|next|this|before|on|at)\b|[?.!,]|$)/iu.exec(text);
  const item = match?.[1]?.trim().toLowerCase();
  if (!item || /^(it|that|this|one|something|anything)$/.test(item)) return null;
  return item;
}

/** The month a purchase is planned for: "in March", "next month", "in 3 months". */
function purchaseMonth(text: string, today: string): { year: number; month0: number } | null {
  const t = text.toLowerCase();
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1];
  const at = (offset: number) => {
    const d = new Date(Date.UTC(y, m + offset, 1));
    return { year: d.getUTCFullYear(), month0: d.getUTCMonth() };
  };
  if (/\bnext month\b/.test(t)) return at(1);
  const inN = /\bin (\d{1,2}) months?\b/.exec(t);
  if (inN) return at(Number(inN[1]));
  if (/\b(this month|now|today|right now)\b/.test(t)) return at(0);
  const named = monthMentioned(text);
  if (named) {
    const [year, month0] = futureMonth(named.month0, today, named.year);
    return { year, month0 };
  }
  return null;
}

const SECURITY_WORDS = /\b(stocks?|shares?|etfs?|index funds?|mutual funds?|bonds?|crypto\w*|bitcoin|btc|ethereum|eth|dogecoin|solana|nfts?|options|tickers?|equities|securities|forex)\b/;
const TRADE_WORDS = /\b(buy|buying|sell|selling|invest|investing|short|hold|holding|purchase|pick|recommend|worth|good (investment|buy)|go up|moon|price target)\b/;
const COMPANIES = /\b(tesla|nvidia|apple|amazon|microsoft|google|alphabet|meta|gamestop|amc|palantir|coinbase)\b/;

/** Recognises what a question asks; `today` anchors the periods it names. */
export function recognise(question: string, names: KnownNames, today: string): Intent {
  const text = question.trim();
  const t = text.toLowerCase();
  const period = periodMentioned(text, today);
  const category = categoryMentioned(text, names.categories);
  const merchant = merchantMentioned(text, names.merchants);
  const goal = goalMentioned(text, names.goals);

  if (!t || /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|yo|help|start|what can you do|who are you|what do you do)\b[\s!?.]*$/.test(t) || /\bwhat can you (do|help)\b/.test(t)) return { kind: 'greeting' };
  if (/^(thanks|thank you|thx|cheers|great|perfect|ok|okay|got it)\b[\s!.]*$/.test(t)) return { kind: 'thanks' };

  const tickers = /(^|\s)\$[A-Z]{1,5}\b/.test(text);
  if ((SECURITY_WORDS.test(t) && TRADE_WORDS.test(t)) || tickers || (COMPANIES.test(t) && /\b(stock|shares?|invest\w*)\b/.test(t))) return { kind: 'securities' };

  if (/\bafford\b|\b(can|could) (i|we) (buy|get|spend)\b|\bis it (ok|okay|wise|smart) to (buy|spend)\b|\bshould i (buy|get)\b/.test(t)) {
    return { kind: 'affordability', amount: amountMentioned(text), item: itemMentioned(text), month: purchaseMonth(text, today) };
  }

  const spendVerb = /\b(spend|spent|spending|expenses?|cost|paid|pay for)\b/.test(t);
  if (/\bsubscriptions?\b|\brecurring\b|\brepeat(ing)? (charges|payments)\b|\bregular (charges|payments|bills)\b|\bmemberships?\b|\bdirect debits?\b|\bstanding orders?\b/.test(t)) {
    if (!(spendVerb && period)) return { kind: 'recurring' };
    return { kind: 'spending', period, category: categoryMentioned(text, names.categories) ?? 'Subscriptions', merchant: null, merchants: false };
  }

  if (/\bgoals?\b|\bon track\b|\bsaving (up )?for\b|\bwhen will i (reach|have|hit)\b|\btime to reach\b|\bhow long (until|till|to reach|before)\b/.test(t) || (goal && !spendVerb)) {
    return { kind: 'goals', name: goal };
  }

  if (/\bcut (back|down)\b|\boverspend\w*|\bspending too much\b|\bspend less\b|\bwhere can i save\b|\breduce (my )?(spending|expenses|costs)\b|\bmore than usual\b|\bunusual\b|\bover budget\b|\bbudget\b|\bwhere (is|does) my money go\b/.test(t)) {
    return { kind: 'overspending' };
  }

  if (/\bsavings? rate\b|\bhow much (do|did|am|have) i (save|saved|saving)\b|\b(percent|percentage|share) .*sav/.test(t)) return { kind: 'savings_rate', period };

  if (/\bsummar\w*|\boverview\b|\brecap\b|\bhow am i doing\b|\bhow did i do\b|\bin review\b|\bat a glance\b/.test(t)) return { kind: 'summary', period };

  if (/\bincome\b|\bearn(ed|ings)?\b|\bsalary\b|\bpaycheck\b|\bhow much (did|do) i make\b|\bmoney (came|coming) in\b/.test(t)) return { kind: 'income', period };

  if (/\bbalance\b|\bhow much (money )?(do )?i (have|got)\b|\bnet worth\b|\bmy cash\b|\bhow much is left\b/.test(t)) return { kind: 'balance' };

  const merchantsWanted = /\bmerchants?\b|\bshops?\b|\bstores?\b|\bwhere do i spend\b|\bwho do i pay\b/.test(t);
  if (spendVerb || category || merchant || merchantsWanted || /\bbought\b|\bshopping\b/.test(t)) {
    return { kind: 'spending', period, category: merchant ? null : category, merchant, merchants: merchantsWanted };
  }

  if (/\btips?\b|\badvice\b|\badvise\b|\bhow (can|do|could|should) i (save|improve|spend less|budget|get better)\b|\bhelp me (save|budget)\b|\bsuggest\w*\b|\bimprove my finances\b/.test(t)) return { kind: 'tips' };

  if (FINANCE_WORDS.test(t) || period) return { kind: 'general', period };
  return { kind: 'off_topic' };
}

/** The built-in categories' names (for matching before a user has any data). */
export const builtInCategoryNames = DEFAULT_CATEGORIES.map((c) => c.name);
