import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { coachPerson, type CoachPerson } from '../support/coach';

/**
 * Periods and measures people say, on a fixed day (Friday 20 November 2026): "the last fortnight",
 * "over the holidays", "since Christmas", "Thanksgiving weekend", "on average per month this year",
 * "how often", and a follow-up stepping back from a period the answer took by default.
 * Figures are worked out by hand from the rows below.
 */
const TODAY = '2026-11-20';

let testApp: TestApp;
let chat: CoachPerson['chat'];

beforeAll(async () => {
  testApp = await createTestApp();
  const person = await coachPerson(testApp.app, TODAY);
  chat = person.chat;
  const spend = person.spend;
  // Coffee: 20.00 in February, 7.00 in October, and 5.00, 4.50, 6.25 in November (the last two in the last 14 days, 7–20 Nov).
  await spend(20, '2026-02-15', 'Dining', 'Blue Bottle Coffee');
  await spend(7, '2026-10-05', 'Dining', 'Blue Bottle Coffee');
  await spend(5, '2026-11-06', 'Dining', 'Blue Bottle Coffee');
  await spend(4.5, '2026-11-10', 'Dining', 'Blue Bottle Coffee');
  await spend(6.25, '2026-11-18', 'Dining', 'Blue Bottle Coffee');
  // The holidays (20 Dec 2025 – 1 Jan 2026): 80.00 + 45.50; 2 January is after them.
  await spend(80, '2025-12-22', 'Groceries', 'Fresh Market');
  await spend(45.5, '2025-12-31', 'Dining', 'Nopa Restaurant');
  await spend(30, '2026-01-02', 'Groceries', 'Fresh Market');
  // Thanksgiving 2025 was Thursday 27 November: 120.00 on the Friday after; 60.00 the day before.
  await spend(60, '2025-11-26', 'Groceries', 'Fresh Market');
  await spend(120, '2025-11-28', 'Shopping', 'Best Buy');
  // A haircut every 5 weeks (35 days).
  for (const d of ['2026-06-01', '2026-07-06', '2026-08-10', '2026-09-14', '2026-10-19']) await spend(40, d, 'Personal Care', 'Fade City Barbers');
}, 120_000);
afterAll(async () => {
  await testApp?.close();
});

describe('periods people say (Friday 20 November 2026)', () => {
  it('"the last fortnight": 7–20 Nov, coffee 4.50 + 6.25 = 10.75 (the 5.00 on 6 Nov is before it)', async () => {
    const [a] = await chat('how much did I spend on coffee the last fortnight?');
    expect(a).toContain('**$10.75**');
    expect(a).toContain('the last 14 days (7–20 Nov 2026)');
  });

  it('"the first half of this year": 1 Jan – 30 Jun 2026, coffee 20.00; the second half so far, 1 Jul – 20 Nov: 7 + 5 + 4.50 + 6.25 = 22.75', async () => {
    const [first, second] = await chat('how much did I spend on coffee in the first half of this year?', 'and in the second half of this year?');
    expect(first).toContain('$20.00');
    expect(first).toContain('1 Jan – 30 Jun 2026');
    expect(second).toContain('$22.75');
    expect(second).toContain('1 Jul – 20 Nov 2026');
  });

  it('"over the holidays": 20 Dec 2025 – 1 Jan 2026, 80.00 + 45.50 = 125.50', async () => {
    const [a] = await chat('what did I spend over the holidays?');
    expect(a).toContain('$125.50');
    expect(a).toContain('20 Dec 2025 – 1 Jan 2026');
  });

  it('"since Christmas": 25 Dec 2025 to today, groceries 30.00 (the 80.00 of 22 Dec is before it)', async () => {
    const [a] = await chat('how much have I spent on groceries since christmas?');
    expect(a).toContain('$30.00');
    expect(a).toContain('since Christmas (25 Dec 2025 – 20 Nov 2026)');
  });

  it('"over Thanksgiving weekend": Thursday 27 to Sunday 30 Nov 2025, 120.00 (the 60.00 of the 26th is before it)', async () => {
    const [a] = await chat('how much did I spend over thanksgiving weekend?');
    expect(a).toContain('$120.00');
    expect(a).toContain('Thanksgiving weekend (27–30 Nov 2025)');
  });

  it('"how many trips to the store was that?" carries Fresh Market and last year: 2 visits (22 Dec and 26 Nov 2025, 140.00)', async () => {
    const [first, second] = await chat('how much did I spend at fresh market last year?', 'how many trips to the store was that?');
    expect(first).toContain('$140.00');
    expect(second).not.toContain("can't tell");
    expect(second).toMatch(/\*\*2\*\*|\b2 (?:transactions|visits|payments|times)/);
    expect(second).toContain('2025');
  });

  it('"and the month before?" after a question with no period steps back from this month: November 15.75, October 7.00', async () => {
    const [first, second] = await chat('how much did I spend on coffee', 'and the month before?');
    expect(first).toContain('**$15.75**');
    expect(second).toContain('**$7.00**');
    expect(second).toContain('October 2026');
  });
});

describe('measures people say', () => {
  it('"on average per month this year": 20 + 7 + 15.75 = 42.75 over 11 months = 3.89, not the usual month before', async () => {
    const [a] = await chat('how much did I spend on coffee on average per month this year?');
    expect(a).toContain('$3.89');
    expect(a).toContain('11 months');
  });

  it('"how often do I get a haircut?": 35 days apart is about every 5 weeks, not monthly', async () => {
    const [a] = await chat('how often do I get a haircut?');
    expect(a).toContain('**about every 5 weeks**');
    expect(a).not.toMatch(/monthly|every 1 months/);
  });
});
