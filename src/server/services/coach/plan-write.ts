/** Writing a plan's results as the answer's sentences, each figure linked to the rows behind it where the list can show them. */
import { dayName, listOf, money, percent } from './format';
import { rangeLabel } from './period';
import type { Flow, PartResult, PeriodOut, Plan } from './plan-types';
import { normalizeMerchant } from '../merchants';

type Row = PartResult['rows'][number];
const bold = (s: string) => `**${s}**`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A figure as a link to the rows behind it, when the list can show exactly those. */
const linked = (row: Row, text: string) => (row.link ? `[${text}](${row.link})` : text);
function what(row: { subject: string | null; subject_kind: Row['subject_kind']; names?: string[] }, flow: Flow): string {
  if (!row.subject) return flow === 'income' ? 'in income' : 'in total';
  const name = row.subject_kind === 'words' ? row.subject : bold(row.subject);
  // A kind names the merchants it found, so the figure can be checked ("on coffee (Starbucks, Blue Bottle Coffee)").
  const which = row.subject_kind === 'group' && row.names?.length && !(row.names.length === 1 && row.names[0] === row.subject) ? ` (${listOf(row.names.slice(0, 5))}${row.names.length > 5 ? ' and others' : ''})` : '';
  if (flow === 'income') return row.subject_kind === 'category' ? `in ${name}` : row.subject_kind === 'merchant' || row.subject_kind === 'group' ? `from ${name}${which}` : `matching ${name}`;
  return row.subject_kind === 'merchant' || (row.subject_kind === 'group' && !which) ? `at ${name}` : `on ${name}${which}`;
}
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const periodPhrase = (p: PeriodOut, _phrases: Map<string, string>) => p.phrase;

function writePart(r: PartResult, m: (n: number) => string, phrases: Map<string, string>): string[] {
  const lines: string[] = [];
  const verb = r.flow === 'income' ? 'You received' : 'You spent';
  const countWord = r.flow === 'income' ? 'payment' : 'transaction';
  switch (r.measure) {
    case 'per_visit':
      for (const row of r.rows) {
        if (!row.count) lines.push(`I found no ${r.flow === 'income' ? 'payments' : 'transactions'} ${what(row, r.flow)} ${row.period.phrase}.`);
        else lines.push(`${r.flow === 'income' ? 'Each payment' : 'Each visit'} ${what(row, r.flow)} came to ${bold(m(row.value!))} on average ${row.period.phrase}: ${m(row.total)} over ${plural(row.count, r.flow === 'income' ? 'payment' : 'transaction')}.`);
      }
      break;
    case 'per_week':
      for (const row of r.rows) lines.push(`${verb} ${bold(m(row.value!))} a week on average ${what(row, r.flow)} over ${row.period.label}: ${m(row.total)} across ${row.weeks} weeks (${plural(row.count, countWord)}).`);
      break;
    case 'median':
      for (const row of r.rows) lines.push(row.count ? `The median ${r.flow === 'income' ? 'payment received' : 'payment'} ${what(row, r.flow)} ${row.period.phrase} was ${bold(m(row.value!))} (the middle of ${plural(row.count, countWord)}; the mean is ${m(Math.round((row.total / row.count) * 100) / 100)}).` : `I found no ${r.flow === 'income' ? 'payments' : 'transactions'} ${what(row, r.flow)} ${row.period.phrase}.`);
      break;
    case 'top_month':
      for (const row of r.rows) {
        if (!row.top) {
          lines.push(`I found no ${r.flow === 'income' ? 'income' : 'spending'} ${what(row, r.flow)} in ${row.period.label}.`);
          continue;
        }
        const months = (row.months_list ?? []).filter((x) => x.count > 0);
        const low = [...months].sort((a, b) => a.total - b.total)[0]!;
        lines.push(`${bold(row.top.label)} was your ${r.flow === 'income' ? 'highest-income' : 'biggest'} month ${what(row, r.flow)}: ${bold(m(row.top.total))} (${plural(row.top.count, countWord)}), of the months ${rangeLabel(row.period.start, row.period.end)}.`);
        if (months.length > 1) lines.push(`The lowest was ${low.label} at ${m(low.total)}; month by month: ${months.map((x) => `${x.label} ${m(x.total)}`).join(', ')}.`);
      }
      break;
    case 'net':
      for (const row of r.rows) {
        if (r.flow === 'income' && row.back_label) lines.push(`${capitalise(m(row.total))} came in ${what(row, 'income')} ${row.period.phrase} and ${m(row.back ?? 0)} went out on ${bold(row.back_label)}, so ${bold(m(row.value!))} net.`);
        else if (r.flow === 'income') lines.push(`${capitalise(m(row.total))} came in ${what(row, 'income')} ${row.period.phrase}${row.subject ? ` and ${m(row.back ?? 0)} went back out to ${row.subject_kind === 'words' ? row.subject : bold(row.subject)}` : ', not counting refunds and reimbursements'}, so ${bold(m(row.value!))} net.`);
        else lines.push(`${verb} ${m(row.total)} ${what(row, 'expense')} ${row.period.phrase} and got ${m(row.back ?? 0)} back${row.back_label ? ` from ${bold(row.back_label)}` : ' in refunds or reimbursements'}, so ${bold(m(row.value!))} net.`);
      }
      break;
    case 'left':
      for (const row of r.rows) {
        const pay = row.subject ? `your ${row.subject_kind === 'words' ? row.subject : row.subject.toLowerCase()} (${m(row.total)})` : `your income (${m(row.total)})`;
        lines.push(`${row.period.phrase.charAt(0).toUpperCase()}${row.period.phrase.slice(1)}, after everything you spent (${m(row.spending!)}), ${bold(m(row.value!))} was left of ${pay}.`);
      }
      break;
    case 'breakdown':
      for (const row of r.rows) {
        if (!row.parts?.length) {
          lines.push(`I found nothing ${what(row, r.flow)} ${row.period.phrase}.`);
          continue;
        }
        lines.push(`${r.flow === 'income' ? 'What came in' : 'What made up the'} ${m(row.total)} ${what(row, r.flow)} ${row.period.phrase}: ${row.parts.map((x) => `${x.name} ${m(x.total)} (${plural(x.count, countWord)})`).join(', ')}.`);
      }
      break;
    case 'interval':
      for (const row of r.rows) {
        if (row.count < 2) {
          lines.push(row.count ? `I found only one payment ${what(row, r.flow)} ${row.period.phrase} (${m(row.total)} on ${dayName(row.last_day!)}), so I can't tell how often it comes.` : `I found no payments ${what(row, r.flow)} ${row.period.phrase}.`);
          continue;
        }
        const every = intervalWords(row.value!);
        lines.push(`It comes ${bold(every)}: ${plural(row.count, countWord)} ${what(row, r.flow)} ${row.period.phrase}, usually ${row.value} days apart, ${m(row.total)} in all (${m(Math.round((row.total / row.count) * 100) / 100)} each on average), the latest on ${dayName(row.last_day!)}.`);
      }
      break;
    case 'balance':
      lines.push(`Your balance is ${bold(m(r.balance!.balance))} as of ${dayName(r.balance!.as_of)} (all income minus all spending recorded).`);
      break;
    case 'usual':
      for (const row of r.rows) {
        const subject = row.subject ? ` ${what(row, r.flow)}` : r.flow === 'income' ? ' in income' : ' in total';
        lines.push(`You usually ${r.flow === 'income' ? 'receive' : 'spend'} about ${bold(m(row.value!))} a month${subject}: the average of the 3 full months before this one (${rangeLabel(row.period.start, row.period.end)}).`);
        const ref = r.reference?.find((x) => x.subject === row.subject);
        if (ref) {
          const diff = ref.total - row.value!;
          const rel = row.value! > 0 ? ` (${percent(Math.abs((diff / row.value!) * 100))} ${diff >= 0 ? 'above' : 'below'} it)` : '';
          lines.push(`${ref.period.label}: ${m(ref.total)}, ${diff >= 0 ? `${m(diff)} more than` : `${m(-diff)} less than`} your usual month${rel}.`);
        }
      }
      break;
    case 'largest':
    case 'smallest':
      for (const row of r.rows) {
        const where = row.subject ? ` ${what(row, r.flow)}` : '';
        const t = row.transaction;
        if (!t) lines.push(`I found no ${r.flow === 'income' ? 'income' : 'payments'}${where} ${periodPhrase(row.period, phrases)}.`);
        else
          lines.push(
            `Your ${r.measure} single ${r.flow === 'income' ? 'payment received' : 'payment'}${where} ${periodPhrase(row.period, phrases)} was ${bold(m(t.amount))}: “${t.description || t.category}”${t.merchant && row.subject_kind !== 'merchant' ? ` at ${normalizeMerchant(t.merchant).name}` : ''} on ${dayName(t.date)} (${t.category}), one of ${plural(row.count, countWord)}.`,
          );
      }
      break;
    case 'count':
      for (const row of r.rows) {
        const who = row.subject ? (row.subject_kind === 'merchant' ? `You paid ${bold(row.subject)}` : `You had ${plural(row.count, countWord).replace(/^\d+ /, '')} ${what(row, r.flow)}`) : 'You made';
        if (row.subject_kind === 'merchant') lines.push(`${who} ${plural(row.count, 'time')} ${periodPhrase(row.period, phrases)}, ${linked(row, bold(m(row.total)))} in total.`);
        else lines.push(`${row.subject ? `There ${row.count === 1 ? 'was' : 'were'} ${plural(row.count, countWord)} ${what(row, r.flow)}` : `${who} ${plural(row.count, countWord)}`} ${periodPhrase(row.period, phrases)}, ${linked(row, bold(m(row.total)))} in total.`);
      }
      break;
    case 'share':
      for (const row of r.rows) {
        lines.push(`${row.subject ? (row.subject_kind === 'words' ? row.subject : bold(row.subject)) : 'Everything'} was ${bold(percent(row.value!))} of your ${r.flow === 'income' ? 'income' : 'spending'} ${periodPhrase(row.period, phrases)} (${m(row.total)} of ${m(row.all!)}).`);
      }
      break;
    case 'average':
      for (const row of r.rows) {
        lines.push(`${verb} ${bold(m(row.value!))} a month on average ${what(row, r.flow)} over ${row.period.label}: ${m(row.total)} across ${plural(row.months!, 'month')}.`);
      }
      break;
    case 'total': {
      const periods = [...new Map(r.rows.map((row) => [`${row.period.start}|${row.period.end}`, row.period])).values()];
      if (periods.length === 2) {
        for (const d of r.differences ?? []) {
          const [a, b] = r.rows.filter((row) => row.subject === d.subject);
          const head = d.subject ? `${a!.subject_kind === 'words' ? d.subject : bold(d.subject)}: ` : r.flow === 'income' ? 'Income: ' : 'Spending: ';
          const change = d.difference === 0 ? 'the same' : `${bold(m(Math.abs(d.difference)))} ${d.difference > 0 ? 'more' : 'less'} in ${b!.period.label.replace(/ \(.*$/, '')}`;
          lines.push(`${head}${bold(m(a!.total))} in ${a!.period.label} and ${bold(m(b!.total))} in ${b!.period.label}: ${change}.`);
        }
        break;
      }
      for (const row of r.rows) {
        if (row.count === 0) lines.push(`${verb} ${bold(m(0))} ${what(row, r.flow)} ${periodPhrase(row.period, phrases)}: no ${r.flow === 'income' ? 'payments' : 'transactions'}.`);
        else if (!row.subject && r.flow === 'income') {
          lines.push(`Your income ${periodPhrase(row.period, phrases)} was ${row.with_refunds === undefined ? linked(row, bold(m(row.total))) : bold(m(row.total))} (${plural(row.count, countWord)}).`);
          if (row.with_refunds !== undefined) lines.push(`With refunds and reimbursements, which give back money spent rather than earn it, everything that came in was ${m(row.with_refunds)}.`);
        }
        else lines.push(`${verb} ${linked(row, bold(m(row.total)))} ${what(row, r.flow)} ${periodPhrase(row.period, phrases)}, across ${plural(row.count, countWord)}.`);
        if (row.subject_kind === 'group' && row.whole_category) lines.push(`Your ${row.whole_category.name} category, which also holds other merchants, came to ${m(row.whole_category.total)}.`);
        if (row.subject_kind === 'words' && row.count > 0) {
          const from = row.matched_merchants?.length ? ` (${listOf(row.matched_merchants)})` : '';
          const whole = row.whole_category ? ` Your ${row.whole_category.name} category holds more than that; all of it came to ${m(row.whole_category.total)}.` : '';
          lines.push(`I counted the transactions whose description, merchant or notes mention ${row.subject}${from}, as the Transactions page's search does.${whole}`);
        }
      }
      if (r.context) {
        lines.push(`That is ${percent(r.context.share)} of everything you ${r.flow === 'income' ? 'received' : 'spent'} in that period (${m(r.context.all)}).`);
        if (r.context.usual_per_month > 0) lines.push(`For comparison, you usually ${r.flow === 'income' ? 'receive' : 'spend'} about ${m(r.context.usual_per_month)} a month there (average of the 3 full months before this one, ${rangeLabel(r.context.usual_period.start, r.context.usual_period.end)}).`);
      }
      for (const c of r.combined ?? []) lines.push(`Together: ${bold(m(c.total))} ${periodPhrase(c.period, phrases)} (${plural(c.count, countWord)}).`);
      break;
    }
  }
  return lines;
}

/** A gap in days in words: "every week", "every month", "every 6 weeks", "every 2 months", "every year". */
export function intervalWords(days: number): string {
  const near = (target: number, slack: number) => Math.abs(days - target) <= slack;
  if (near(1, 0)) return 'every day';
  if (days < 6) return `about every ${days} days`;
  if (near(7, 1)) return 'every week';
  if (near(14, 2)) return 'every 2 weeks (fortnightly)';
  if (near(30.4, 4)) return 'every month (monthly)';
  if (near(42, 3)) return 'every 6 weeks';
  if (near(61, 5)) return 'every 2 months';
  if (near(91, 7)) return 'every 3 months (quarterly)';
  if (near(122, 8)) return 'every 4 months';
  if (near(182, 12)) return 'every 6 months (twice a year)';
  if (near(365, 20)) return 'every year (yearly)';
  // Between the named gaps, weeks up to two months ("about every 5 weeks"): a 36-day gap is not "every 1 months".
  if (days < 56) return `about every ${Math.round(days / 7)} weeks`;
  return `about every ${Math.round(days / 30.4)} months`;
}

/** The answer to a plan: the notes first, then every part with its figures and periods. */
export function writePlanAnswer(plan: Plan, results: PartResult[], currency: string): string {
  const m = (n: number) => money(n, currency);
  const phrases = new Map<string, string>();
  for (const part of plan.parts) for (const p of part.periods) phrases.set(`${p.start}|${p.end}`, p.phrase);
  const notes = [...plan.notes];
  if (results.some((r) => r.widened)) notes.push('You named no period and I found nothing this month, so I looked at all your transactions.');
  const body = results.flatMap((r) => {
    const lines = writePart(r, m, phrases);
    // Say what was left out, right after the figure it changes.
    if (r.excluded?.length && lines.length) lines[0] = lines[0]!.replace(/\.$/, ` (not counting ${listOf(r.excluded)}).`);
    return lines;
  });
  const last = results.at(-1)!;
  const next =
    last.measure === 'usual' || last.measure === 'average' || last.measure === 'per_week' || last.measure === 'per_visit'
      ? '**Next step:** ask "Where can I cut back?" to see which categories run above your usual right now.'
      : last.measure === 'largest' || last.measure === 'smallest'
        ? '**Next step:** open the Transactions page and sort by amount to see the others.'
        : last.rows.some((r) => r.subject)
          ? '**Next step:** ask what you usually spend there a month, or compare two months, to see whether this is normal for you.'
          : '**Next step:** ask "Where can I cut back?" to see which categories run above your usual.';
  return `${notes.length ? `${notes.join(' ')}\n\n` : ''}${body.join(' ')}\n\n${next}`;
}

export const CANT_TELL = "I can't tell that from your data yet";

/** When the question names something the user's data does not have. */
export function cantTellAnswer(unknown: string[], categories: string[]): string {
  const shown = categories.slice(0, 8);
  return `${CANT_TELL}: nothing in your categories, merchants or transaction descriptions matches ${listOf(unknown.slice(0, 3).map((w) => `“${w}”`))}.\n\nWhat I can do: totals, counts, monthly averages, your usual month, the largest or smallest single payment and shares, for any of your categories${shown.length ? ` (${listOf(shown)})` : ''}, any merchant or any word in your descriptions and notes, over any period, and compare two periods.\n\n**Next step:** if you track that under another name, ask with the category or merchant it uses, e.g. "How much did I spend on ${shown[0] ?? 'Groceries'} last month?"`;
}
