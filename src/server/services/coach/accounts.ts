import { z } from 'zod';
import { isLiability, type AccountKind } from '../../../contract/accounts';
import { fromMinor } from '../../../contract/money';
import type { AccountWithBalance } from '../../repositories/accounts';
import { addMonths, netWorthSeries } from '../accounts/netWorth';
import { listOf, money, monthName } from './format';
import { explicitPeriod, periodMentioned, type Period } from './period';
import type { ToolContext } from './data';

/**
 * The coach's account questions: a balance, what is owed, net worth and how it moved, money moved
 * into an account. Figures come from the per-account rollup (repositories/accounts.ts); transfers
 * between the person's own accounts are never spending in any answer.
 */
export type AccountQuestion =
  | { kind: 'account_balance'; accounts: AccountWithBalance[] }
  | { kind: 'owed'; accounts: AccountWithBalance[] }
  | { kind: 'net_worth'; since: 'year' | 'month' | null }
  | { kind: 'moved'; account: AccountWithBalance; period: Period };

const KIND_WORDS: [RegExp, AccountKind[]][] = [
  [/\bchecking\b|\bcurrent account\b|\beveryday account\b/, ['checking']],
  [/\bsavings?\b/, ['savings']],
  [/\b(credit )?cards?\b|\bvisa\b|\bmastercard\b|\bamex\b/, ['credit_card']],
  [/\bcar loan\b|\bloans?\b/, ['loan']],
  [/\bmortgage\b/, ['mortgage']],
  [/\bcash\b|\bwallet\b/, ['cash']],
  [/\binvestments?\b|\bbrokerage\b|\bportfolio\b/, ['investment']],
  [/\bhouse\b|\bhome\b|\bproperty\b/, ['property']],
];

/** The accounts a question names: by their own name first, then by everyday words for their kind. */
export function accountsMentioned(text: string, accounts: AccountWithBalance[]): AccountWithBalance[] {
  const t = text.toLowerCase();
  const byName = accounts.filter((a) => a.name.length > 2 && t.includes(a.name.toLowerCase()));
  if (byName.length) return byName;
  for (const [words, kinds] of KIND_WORDS) if (words.test(t)) return accounts.filter((a) => kinds.includes(a.kind));
  return [];
}

/** An account question, or null when the question is about something else (or the person has no accounts). */
export function recogniseAccountQuestion(question: string, accounts: AccountWithBalance[], today: string): AccountQuestion | null {
  if (accounts.length === 0) return null;
  const t = question.toLowerCase();
  if (/\bnet worth\b|\bwhat am i worth\b|\bhow much am i worth\b/.test(t)) {
    return { kind: 'net_worth', since: /\bthis year\b|\bsince (january|the start of the year)\b|\bytd\b|\byear to date\b/.test(t) ? 'year' : /\bthis month\b|\blast month\b/.test(t) ? 'month' : null };
  }
  const named = accountsMentioned(question, accounts);
  if (/\b(move|moved|moving|transfer|transferred|put|put away|set aside)\b/.test(t) && /\b(to|into|in)\b/.test(t) && named.length === 1 && !/\bspen[dt]\b/.test(t)) {
    const period = periodMentioned(question, today) ?? explicitPeriod(`${today.slice(0, 4)}-01-01`, today);
    return { kind: 'moved', account: named[0]!, period };
  }
  if (/\bowe\b|\bowed\b|\bowing\b|\bdebts?\b|\bpay off\b|\bpaid off\b|\bleft to pay\b/.test(t)) {
    const liabilities = (named.length ? named : accounts).filter((a) => isLiability(a.kind));
    return { kind: 'owed', accounts: liabilities };
  }
  if (named.length && (/\bbalance\b|\bhow much\b|\bwhat'?s (in|on)\b|\bleft (in|on)\b|\bhave (in|on)\b/.test(t) || /\b(in|on) my\b/.test(t))) {
    return { kind: 'account_balance', accounts: named };
  }
  return null;
}

const owedOf = (a: AccountWithBalance) => fromMinor(0 - a.balanceMinor);

/** The answer's text (Markdown) for an account question. */
export async function answerAccountQuestion(q: AccountQuestion, ctx: ToolContext): Promise<string> {
  switch (q.kind) {
    case 'account_balance': {
      const lines = q.accounts.map((a) =>
        isLiability(a.kind) ? `- **${a.name}**: you owe ${money(owedOf(a), a.currency)}` : `- **${a.name}**: ${money(fromMinor(a.balanceMinor), a.currency)}`,
      );
      const lead = q.accounts.length === 1 ? `Your **${q.accounts[0]!.name}** balance is ${money(fromMinor(q.accounts[0]!.balanceMinor), q.accounts[0]!.currency)} today.` : 'Your balances today:';
      return q.accounts.length === 1 ? `${lead} It includes every transaction and transfer recorded in it up to ${ctx.today}.` : `${lead}\n\n${lines.join('\n')}`;
    }
    case 'owed': {
      if (q.accounts.length === 0) return "I can't tell what you owe: no card or loan account is linked here, so I don't see its balance. Add one under **Accounts** to track it.";
      const total = q.accounts.filter((a) => a.currency === ctx.currency).reduce((n, a) => n - a.balanceMinor, 0);
      const lines = q.accounts.map((a) => `- **${a.name}**: ${money(owedOf(a), a.currency)}`);
      const one = q.accounts.length === 1 ? q.accounts[0]! : null;
      if (one) return `You owe **${money(owedOf(one), one.currency)}** on your ${one.name} today.${one.kind === 'credit_card' ? ' Paying it in full before the due date avoids interest.' : ''}`;
      return `You owe **${money(fromMinor(total), ctx.currency)}** in all today:\n\n${lines.join('\n')}`;
    }
    case 'net_worth': {
      const { accounts, monthly } = await ctx.data.accountHistory();
      const thisMonth = ctx.today.slice(0, 7);
      const months = q.since === 'year' ? Number(thisMonth.slice(5, 7)) + 1 : q.since === 'month' ? 2 : 13;
      const series = netWorthSeries(accounts, monthly, ctx.currency, months, thisMonth);
      const now = series.net_worth[series.net_worth.length - 1]!;
      const start = series.net_worth[0]!;
      const from = q.since === 'year' ? `the end of ${monthName(addMonths(thisMonth, -(months - 1)))}` : `the end of ${monthName(series.months[0]!)}`;
      const change = now - start;
      const direction = change === 0 ? 'unchanged' : change > 0 ? `up ${money(change, ctx.currency)}` : `down ${money(-change, ctx.currency)}`;
      const assets = series.assets[series.assets.length - 1]!;
      const owed = series.liabilities[series.liabilities.length - 1]!;
      const skipped = series.unconverted_accounts ? ` (${series.unconverted_accounts} account${series.unconverted_accounts === 1 ? '' : 's'} in another currency left out)` : '';
      return `Your net worth is **${money(now, ctx.currency)}** today: ${money(assets, ctx.currency)} in assets minus ${money(owed, ctx.currency)} owed${skipped}. It is ${direction} since ${from}. Transfers between your own accounts move nothing here; valuations of a house or a car do.`;
    }
    case 'moved': {
      const moved = await ctx.data.transfersInto(q.account.id, q.period);
      if (moved.count === 0) return `You moved nothing into **${q.account.name}** ${q.period.label}.`;
      return `You moved **${money(fromMinor(moved.totalMinor), q.account.currency)}** into **${q.account.name}** ${q.period.label}, in ${moved.count} transfer${moved.count === 1 ? '' : 's'}. Transfers between your own accounts are not spending, so this is not in your spending totals.`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// As LLM tools

export async function getAccounts(ctx: ToolContext) {
  const accounts = await ctx.data.accounts();
  return {
    currency: ctx.currency,
    as_of: ctx.today,
    accounts: accounts.map((a) => ({
      name: a.name,
      kind: a.kind,
      currency: a.currency,
      on_budget: a.onBudget,
      balance: fromMinor(a.balanceMinor),
      owed: isLiability(a.kind) ? fromMinor(-a.balanceMinor) : null,
    })),
    accounts_named: listOf(accounts.map((a) => a.name)),
  };
}

export async function getNetWorth(ctx: ToolContext, args: { months?: number }) {
  const { accounts, monthly } = await ctx.data.accountHistory();
  return netWorthSeries(accounts, monthly, ctx.currency, args.months ?? 13, ctx.today.slice(0, 7));
}

export async function getTransfersInto(ctx: ToolContext, args: { account: string; start_date?: string; end_date?: string }) {
  const accounts = await ctx.data.accounts();
  const account = accountsMentioned(args.account, accounts)[0];
  if (!account) return { error: `No account named ${args.account}. Accounts: ${listOf(accounts.map((a) => a.name))}` };
  const period = explicitPeriod(args.start_date ?? `${ctx.today.slice(0, 4)}-01-01`, args.end_date ?? ctx.today);
  const moved = await ctx.data.transfersInto(account.id, period);
  return { account: account.name, currency: account.currency, period: { start: period.start, end: period.end }, moved: fromMinor(moved.totalMinor), transfers: moved.count };
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
export const accountToolArgs = {
  get_accounts: z.object({}),
  get_net_worth: z.object({ months: z.number().int().min(1).max(120).optional().describe('Months of the series, ending this month (default 13)') }),
  get_transfers_into: z.object({ account: z.string().min(1).max(80).describe('An account name or kind word, e.g. "savings"'), start_date: day.optional(), end_date: day.optional() }),
};
