import { describe, expect, it } from 'vitest';
import { checkRecurring, draftOf } from '../../machines/recurringForm';
import { presetOf, scheduleRule, type SchedulePreset } from '../../src/contract/recurring';

const account = '00000000-0000-4000-8000-000000000001';
const filled = () => ({ ...draftOf(null, '2031-01-15', account), name: 'Rent', merchantPattern: 'ACME', amount: '900' });

describe('recurring form rules', () => {
  it('reads every preset back from the rule it writes', () => {
    const presets: SchedulePreset[] = [
      { every: 'month_on_day', day: 1 },
      { every: 'month_on_day', day: 31 },
      { every: 'month_last_day' },
      { every: 'weeks', weeks: 2, weekday: 'FR' },
      { every: 'year_on', month: 2, day: 29 },
      { every: 'year_on', month: 7, day: 4 },
      { every: 'weekdays' },
    ];
    for (const p of presets) expect(presetOf(scheduleRule(p))).toEqual(p);
    expect(presetOf('FREQ=DAILY;INTERVAL=3')).toBeNull();
  });

  it('keeps a rule no preset writes as it is', () => {
    const draft = draftOf({ rrule: 'FREQ=DAILY;INTERVAL=3', amount: 5, amount_min: null, amount_max: null, name: 'x', merchant_pattern: 'x', account_id: account, category: null, kind: 'bill', start_date: '2031-01-01', end_date: null, weekend_shift: 'none', auto_post: false } as never, '2031-01-15', account);
    expect(draft.schedule).toBe('custom');
    expect(checkRecurring(draft).body.rrule).toBe('FREQ=DAILY;INTERVAL=3');
  });

  it('puts each problem under its field', () => {
    expect(checkRecurring({ ...filled(), variable: true, amountMin: '80', amountMax: '50' }).errors).toEqual({ amountMax: 'The highest amount must not be less than the lowest' });
    expect(checkRecurring({ ...filled(), endDate: '2030-01-01' }).errors).toEqual({ endDate: 'The end date must not be before the start date' });
    expect(checkRecurring({ ...filled(), schedule: 'weeks', weeks: '0' }).errors).toEqual({ weeks: 'Weeks must be from 1 to 52' });
    expect(checkRecurring({ ...filled(), schedule: 'year_on', month: '13', day: '1' }).errors).toEqual({ month: 'Month must be from 1 to 12' });
    expect(checkRecurring({ ...filled(), amount: '-5' }).errors.amount).toBe('Amount must be greater than 0');
    expect(checkRecurring({ ...filled(), accountId: '' }).errors.accountId).toBeDefined();
    expect(checkRecurring({ ...filled(), variable: true, amountMin: '', amountMax: '70' }).errors).toEqual({ amountMin: 'Lowest amount must be greater than 0' });
  });

  it('sends a range planned at its highest amount', () => {
    const { body, errors } = checkRecurring({ ...filled(), variable: true, amountMin: '40', amountMax: '70', schedule: 'weekdays' });
    expect(errors).toEqual({});
    expect(body).toMatchObject({ amount: 70, amount_min: 40, amount_max: 70, rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' });
  });
});
