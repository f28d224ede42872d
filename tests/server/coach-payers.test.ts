import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { coachPerson, type CoachPerson } from '../support/coach';

/**
 * Money a person sends the user (a tenant's rent, a roommate's half): an expense word in the question
 * ("rent") says what the money is for, the payer says it came in. Rows as a bank exports them, the
 * transfers without a merchant column. Friday 20 November 2026; figures worked out by hand.
 */
const TODAY = '2026-11-20';

let testApp: TestApp;
let landlord: CoachPerson;
let student: CoachPerson;

beforeAll(async () => {
  testApp = await createTestApp();
  landlord = await coachPerson(testApp.app, TODAY);
  // Pay: 3,000.00 on 30 Oct and 30 Sep 2026; the tenant's rent 950.00 on the 5th of Sep, Oct and Nov 2026 and of Dec 2025.
  for (const d of ['2026-09-30', '2026-10-30']) await landlord.earn(3000, d, 'Salary', null, 'ACME CORP PAYROLL PPD ID: 4410');
  for (const d of ['2025-12-05', '2026-09-05', '2026-10-05', '2026-11-05']) await landlord.earn(950, d, 'Other', null, 'ZELLE FROM DANIELS TERRENCE');
  // The landlord's own housing costs: the mortgage, 1,400.00 on the 1st of each of those months.
  for (const d of ['2026-09-01', '2026-10-01', '2026-11-01']) await landlord.spend(1400, d, 'Housing', null, 'ROCKET MORTGAGE PMT');

  student = await coachPerson(testApp.app, TODAY);
  // Rent 1,460.00 on 1 Oct and 1 Nov; the roommate sends her half, 730.00, on 3 Oct and 3 Nov.
  for (const d of ['2026-10-01', '2026-11-01']) await student.spend(1460, d, 'Housing', null, 'ZELLE PAYMENT TO OAKWOOD PROPERTY MGMT CONF# K7Q2');
  for (const d of ['2026-10-03', '2026-11-03']) await student.earn(730, d, 'Other', null, 'VENMO CASHOUT PPD ID: 7264681992');
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

describe('money people send the user', () => {
  it('"how much rent did my tenant send me this year?": 950.00 × 3 in 2026 = 2,850.00 received, not the 4,200.00 of housing spent', async () => {
    const [a, b] = await landlord.chat('how much rent did my tenant send me this year?', 'what about last year?');
    expect(a).toContain('$2,850.00');
    expect(a).not.toContain('$4,200.00');
    // The follow-up keeps the payer: December 2025's 950.00.
    expect(b).toContain('$950.00');
  });

  it('"how much money did I take in this year, not counting what my tenant sends?": the pay only, 6,000.00 (of 8,850.00)', async () => {
    const [a] = await landlord.chat('how much money did I take in this year, not counting what my tenant sends?');
    expect(a).toContain('$6,000.00');
  });

  it('"what did rent really cost me last month once my roommate paid me back her half?": 1,460.00 − 730.00 = 730.00', async () => {
    const [a] = await student.chat('what did rent really cost me last month once my roommate paid me back her half?');
    expect(a).toContain('$730.00');
  });

  it('someone else\'s money is not the user\'s: "how much does my roommate have in her venmo?" and "what did my tenant earn at his job?" state no figure', async () => {
    const [a] = await student.chat('how much does my roommate have in her venmo?');
    const [b] = await landlord.chat('how much did my tenant earn at his job last year?');
    expect(a).not.toMatch(/\$\d/);
    expect(b).not.toMatch(/\$\d/);
  });
});
