import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { coachPerson, type CoachPerson } from '../support/coach';

/**
 * People's words for payees the bank spells its own way: a job is its employer's payroll, a scholarship the
 * university's aid disbursements, the dentist one of the health payees and the doctor the others, and what an
 * insurer paid back comes off the bills. Friday 20 November 2026; figures worked out by hand.
 */
const TODAY = '2026-11-20';

let testApp: TestApp;
let person: CoachPerson;

beforeAll(async () => {
  testApp = await createTestApp();
  person = await coachPerson(testApp.app, TODAY);
  // Pay 450.00 and 500.00 in October; aid 1,625.00 in January and September.
  await person.earn(450, '2026-10-09', 'Salary', null, 'BLUE ROCK CAFE LLC PAYROLL PPD ID: 9000411870');
  await person.earn(500, '2026-10-23', 'Salary', null, 'BLUE ROCK CAFE LLC PAYROLL PPD ID: 9000411870');
  for (const d of ['2026-01-05', '2026-09-05']) await person.earn(1625, d, 'Other', null, 'STATE UNIV FIN AID DISB 00417');
  // October: the doctor 300.00, the lab 100.00, the dentist 200.00; the insurer pays back 240.00.
  await person.spend(300, '2026-10-02', 'Health', null, 'BAYCARE MED GRP PATIENT PMT');
  await person.spend(100, '2026-10-10', 'Health', null, 'QUEST DIAGNOSTICS INC');
  await person.spend(200, '2026-10-12', 'Health', null, 'BRIGHT NOW DENTAL 1123');
  await person.earn(240, '2026-10-25', 'Other', null, 'AETNA HEALTH CLAIM PMT');
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

describe('payees named in people’s words', () => {
  it('"my job at the cafe": the employer’s payroll, 450.00 + 500.00 = 950.00', async () => {
    const [a] = await person.chat('how much did my job at the cafe pay me last month?');
    expect(a).toContain('$950.00');
  });

  it('"the scholarship": the aid disbursements this year, 2 × 1,625.00 = 3,250.00', async () => {
    const [a] = await person.chat('what has the scholarship paid out so far this year?');
    expect(a).toContain('$3,250.00');
  });

  it('the dentist and the doctor are told apart among health payees', async () => {
    const [a] = await person.chat('what did I spend at the dentist last month?');
    expect(a).toContain('$200.00');
    const [b] = await person.chat("what's the most I paid for one doctor visit last month?");
    expect(b).toContain('$300.00');
  });

  it('"after Aetna paid its part": doctor and lab 400.00 less the insurer’s 240.00 = 160.00', async () => {
    const [a] = await person.chat('what did my doctor and lab bills cost me last month after Aetna paid its part?');
    expect(a).toContain('$160.00');
  });

  it('a meal plan’s swipes and a decision not yet made get no figure', async () => {
    for (const q of ['how many meal swipes do I have left on my meal plan?', 'will my scholarship get renewed next year?']) {
      const [a] = await person.chat(q);
      expect(a).toMatch(/can't tell/);
      expect(a).not.toMatch(/\$\d/);
    }
  });
});
