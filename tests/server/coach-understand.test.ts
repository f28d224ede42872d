import { describe, expect, it } from 'vitest';
import { amountMentioned } from '../../src/server/services/coach/intents';
import { correctTimeWords, editDistance } from '../../src/server/services/coach/lexicon';
import { goalNamed, understand, vocabularyOf } from '../../src/server/services/coach/understand';

/** The question-understanding layer on its own: questions in people's words become plans over this user's names. */
const TODAY = '2025-11-20';
const vocab = vocabularyOf(
  [
    { name: 'Groceries', type: 'expense' },
    { name: 'Utilities', type: 'expense' },
    { name: 'Dining', type: 'expense' },
    { name: 'Transport', type: 'expense' },
    { name: 'Salary', type: 'income' },
  ],
  ['Uber', 'Uber Eats', 'Shell', 'City Power', 'FiberNet', 'Nando’s', 'Bistro 21'],
  ['Electricity bill', 'Internet', 'Gas', 'Uber ride', 'Coffee', 'Dinner', 'Food delivery'],
);
const plan = (q: string, previous?: string) => understand(q, TODAY, vocab, previous);
const days = (p: { start: string; end: string }) => `${p.start}..${p.end}`;

describe('understanding questions', () => {
  it('a typo in the time words is corrected and said', () => {
    const p = plan('how much did I spend on groceries last mnth');
    expect(p.notes).toEqual(['I read “mnth” as “month”.']);
    expect(p.parts).toHaveLength(1);
    expect(p.parts[0]).toMatchObject({ measure: 'total', flow: 'expense', subjects: [{ kind: 'category', name: 'Groceries' }] });
    expect(p.parts[0]!.periods.map(days)).toEqual(['2025-10-01..2025-10-31']);
  });

  it('two parts: a category last month, then income for the same month', () => {
    const p = plan('How much did I spend on groceries last month, and how does that compare with my income?');
    expect(p.parts.map((x) => [x.measure, x.flow, x.subjects.map((s) => s.kind), x.periods.map(days)])).toEqual([
      ['total', 'expense', ['category'], ['2025-10-01..2025-10-31']],
      ['total', 'income', [], ['2025-10-01..2025-10-31']],
    ]);
  });

  it('two named periods to compare, and quarters', () => {
    expect(plan('compare my dining in September and October').parts[0]!.periods.map(days)).toEqual(['2025-09-01..2025-09-30', '2025-10-01..2025-10-31']);
    expect(plan('How did my spending in Q3 compare to Q2?').parts[0]!.periods.map(days)).toEqual(['2025-07-01..2025-09-30', '2025-04-01..2025-06-30']);
  });

  it('two subjects at once: a description word and a merchant', () => {
    expect(plan('How much did I spend on gas and uber last month?').parts[0]!.subjects).toEqual([
      { kind: 'words', phrase: 'gas', tsquery: 'gas:*' },
      { kind: 'merchant', name: 'Uber' },
    ]);
  });

  it('a word naming what the money was for is read in the descriptions, not as the whole category', () => {
    expect(plan('How much did I spend on electricity last month?').parts[0]!.subjects).toEqual([{ kind: 'words', phrase: 'electricity', tsquery: 'electricity:*' }]);
  });

  it('a single transaction, at a merchant whose name has a curly apostrophe', () => {
    const p = plan("What's the most I spent on a single order at Nando's this year?");
    expect(p.parts[0]).toMatchObject({ measure: 'largest', subjects: [{ kind: 'merchant', name: 'Nando’s' }] });
    expect(p.parts[0]!.periods.map(days)).toEqual(['2025-01-01..2025-11-20']);
    // A description word next to a merchant describes it.
    expect(plan('the most I paid for a single dinner at Bistro 21').parts[0]!.subjects).toEqual([{ kind: 'merchant', name: 'Bistro 21' }]);
  });

  it('a follow-up takes the subject and period of the previous question', () => {
    const p = plan('Is that more than usual?', 'How much did I spend on groceries last month?');
    expect(p.parts[0]).toMatchObject({ measure: 'usual', subjects: [{ kind: 'category', name: 'Groceries' }] });
    expect(days(p.parts[0]!.referencePeriod!)).toBe('2025-10-01..2025-10-31');
  });

  it('typos and plurals of the user’s own names; words the data does not have are reported', () => {
    const typo = plan('how much on grocries this month');
    expect(typo.notes).toEqual(['I read “grocries” as Groceries.']);
    expect(typo.parts[0]!.subjects).toEqual([{ kind: 'category', name: 'Groceries', flow: 'expense' }]);
    const dog = plan('How much did I spend on my dog last month?');
    expect(dog.unknown).toEqual(['dog']);
    expect(dog.parts[0]!.subjects).toEqual([]);
  });

  it('explicit days with chrono-node, and "since" a month', () => {
    expect(plan('coffee since 3 March').parts[0]!.periods.map(days)).toEqual(['2025-03-03..2025-11-20']);
    expect(plan('What did I spend between 1 and 15 October?').parts[0]!.periods.map(days)).toEqual(['2025-10-01..2025-10-15']);
    expect(plan('how much on the bus since January?').parts[0]!.periods.map(days)).toEqual(['2025-01-01..2025-11-20']);
  });

  it('the time-word corrector leaves ordinary words alone', () => {
    expect(correctTimeWords('what did i spend the most on', new Set()).corrections).toEqual([]);
    expect(correctTimeWords('spending in Septmber and last yaer', new Set()).corrections).toEqual([
      { from: 'Septmber', to: 'september' },
      { from: 'yaer', to: 'year' },
    ]);
    expect(editDistance('yaer', 'year')).toBe(1);
    expect(editDistance('mnth', 'month')).toBe(1);
  });

  it('goals named by a word only they have', () => {
    expect(goalNamed('How much more do I need for the Japan trip?', ['Emergency fund', 'Japan trip'])).toBe('Japan trip');
    expect(goalNamed('How much did the Lisbon trip cost?', ['Emergency fund', 'Japan trip'])).toBeNull();
  });

  it('amounts without a currency sign are amounts; years are not', () => {
    expect(amountMentioned('can I afford a 2000 trip in June?')).toBe(2000);
    expect(amountMentioned('Could I buy a laptop for 1500 dollars next month?')).toBe(1500);
    expect(amountMentioned('can I afford 2k for a phone')).toBe(2000);
    expect(amountMentioned('what did I spend in 2024')).toBeNull();
  });
});
