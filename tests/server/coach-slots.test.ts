import { describe, expect, it } from 'vitest';
import { generate, TODAY, type Row } from '../coach-eval/dev2';
import { runDevCases, type DevCase } from '../coach-eval/devRunner';

/**
 * How the coach reads the parts of a question it used to get wrong, on the second development person
 * (freelance income paid through Stripe and Upwork, client refunds paid back out through Stripe, a
 * work trip to Denver in March reimbursed in April, Target purchases and refunds). Each figure is
 * worked out here from the generated rows, never through the app.
 */
const money = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const sum = (rows: Row[]) => rows.reduce((s, x) => s + x.amountMinor, 0);
const within = (a: string, b: string) => (x: Row) => x.date >= a && x.date <= b;
const is = (...labels: Row['label'][]) => (x: Row) => labels.includes(x.label);
const YEAR = within('2026-01-01', TODAY);
const SEP = within('2026-09-01', '2026-09-30');

const cases: Record<string, DevCase<Row>> = {
  // "freelancing" is the activity of the Freelance category, not a word the data lacks.
  'an activity word names its category': { turns: ['what were my earnings from freelancing in q3'], expect: (rs) => [[money(sum(rs.filter(is('freelance', 'upwork')).filter(within('2026-07-01', '2026-09-30'))))]] },
  // An ordinary word next to a known subject ("the freelance work") describes it.
  'income net of the refunds given back to clients': {
    turns: ['how much did the freelance work bring in after the client refunds this year?'],
    expect: (rs) => [[money(sum(rs.filter(is('freelance', 'upwork')).filter(YEAR)) - sum(rs.filter(is('stripe_refund')).filter(YEAR)))]],
  },
  'spending minus what the shop refunded': {
    turns: ['how much did I spend at target this year minus what they refunded'],
    expect: (rs) => [[money(sum(rs.filter(is('target')).filter(YEAR)) - sum(rs.filter(is('target_refund')).filter(YEAR)))]],
  },
  // The reimbursement came in April, after the March trip it paid back: 384.20 + 526.50 − 910.70.
  'a trip net of the reimbursement that came after it': { turns: ['what did my trip to denver cost after I got reimbursed?'], expect: () => [['910.70', '**$0.00** net']] },
  'a month of travel net of the later reimbursement': { turns: ['how much did I spend on travel in march after the reimbursement'], expect: () => [['910.70', '**$0.00** net']] },
  // A follow-up keeps the subject and period and changes the measure.
  'a follow-up counting the visits': { turns: ['groceries last month', 'how many trips was that?'], expect: (rs) => [[money(sum(rs.filter(is('kroger', 'costco')).filter(SEP)))], [`There were ${rs.filter(is('kroger', 'costco')).filter(SEP).length} transactions`]] },
  // "my car" is the person's Auto & Transport (rides and fuel), not everything spent.
  'the car is the transport category': { turns: ['how much did I spend on my car last month?'], expect: (rs) => [[money(sum(rs.filter(is('lyft', 'fuel')).filter(SEP)))]] },
  // "what was left of my income" is income less spending, not the budget (this person has none).
  'a bill question with what was left of the pay': {
    turns: ['what did I spend on rent and the power bill last month, and what was left of my income?'],
    expect: (rs) => [['1,625.00', money(sum(rs.filter(is('power')).filter(SEP))), money(sum(rs.filter((x) => x.type === 'expense').filter(SEP)))]],
  },
  // Still honest: a subject the person does not have gets no figure.
  'an unknown subject is declined': { turns: ['how much did I spend on my horse last year?'], expect: () => ['decline'] },
};

describe('the coach reads a question as its parts (income, net, activity words, follow-ups)', () => {
  it('answers each with the figures of the question asked', async () => {
    const outcomes = await runDevCases(generate(), Object.values(cases), TODAY);
    const misses = outcomes.filter((o) => !o.ok).map((o) => o.log);
    expect(misses, misses.join('\n\n')).toEqual([]);
  }, 600_000);
});
