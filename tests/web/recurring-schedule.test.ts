import { describe, expect, it } from 'vitest';
import { scheduleRule } from '../../src/contract/recurring';
import { dueDates, nextDue } from '../../src/server/services/recurring/schedule';

const monthly = (day: number, from = '2026-01-01') => ({ rrule: scheduleRule({ every: 'month_on_day', day }), startDate: from, endDate: null, weekendShift: 'none' as const });

describe('recurring schedules (RFC 5545 through rrule)', () => {
  it('monthly on the 31st falls on the last day of shorter months, February included', () => {
    expect(dueDates(monthly(31), '2026-01-01', '2026-05-31')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(dueDates(monthly(31, '2028-01-01'), '2028-02-01', '2028-02-29')).toEqual(['2028-02-29']);
    expect(dueDates(monthly(30), '2026-02-01', '2026-03-31')).toEqual(['2026-02-28', '2026-03-30']);
  });

  it('the last day of the month', () => {
    const s = { rrule: scheduleRule({ every: 'month_last_day' }), startDate: '2027-11-15', endDate: null, weekendShift: 'none' as const };
    expect(dueDates(s, '2027-11-01', '2028-03-31')).toEqual(['2027-11-30', '2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('every other Friday across a year boundary keeps its fortnight', () => {
    const s = { rrule: scheduleRule({ every: 'weeks', weeks: 2, weekday: 'FR' }), startDate: '2026-12-11', endDate: null, weekendShift: 'none' as const };
    expect(dueDates(s, '2026-12-01', '2027-01-31')).toEqual(['2026-12-11', '2026-12-25', '2027-01-08', '2027-01-22']);
  });

  it('a yearly plan on 29 February is due on 28 February in other years', () => {
    const s = { rrule: scheduleRule({ every: 'year_on', month: 2, day: 29 }), startDate: '2028-02-29', endDate: null, weekendShift: 'none' as const };
    expect(dueDates(s, '2028-01-01', '2032-12-31')).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('weekdays only, and the weekend shift before or after', () => {
    const weekdays = { rrule: scheduleRule({ every: 'weekdays' }), startDate: '2026-03-01', endDate: null, weekendShift: 'none' as const };
    expect(dueDates(weekdays, '2026-03-06', '2026-03-10')).toEqual(['2026-03-06', '2026-03-09', '2026-03-10']);
    // 1 August 2026 is a Saturday.
    expect(dueDates({ ...monthly(1), weekendShift: 'before' }, '2026-07-25', '2026-08-05')).toEqual(['2026-07-31']);
    expect(dueDates({ ...monthly(1), weekendShift: 'after' }, '2026-07-25', '2026-08-05')).toEqual(['2026-08-03']);
  });

  it('stops at the end date', () => {
    const s = { ...monthly(15), endDate: '2026-03-20' };
    expect(dueDates(s, '2026-01-01', '2026-12-31')).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
    expect(nextDue(s, '2026-03-16')).toBeNull();
  });

  it('a window years after the start has the days walking from the start gives (the start is moved forward by whole periods)', { timeout: 120_000 }, () => {
    const rules = [
      'FREQ=MONTHLY;BYMONTHDAY=15',
      'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=10',
      'FREQ=MONTHLY',
      'FREQ=MONTHLY;INTERVAL=2',
      'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
      'FREQ=MONTHLY;BYDAY=1MO',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
      'FREQ=WEEKLY;INTERVAL=3',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      'FREQ=DAILY;INTERVAL=10',
      'FREQ=YEARLY',
      'FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYMONTHDAY=1',
      'FREQ=MONTHLY;COUNT=40',
    ];
    const starts = ['2019-01-31', '2019-02-28', '2020-02-29', '2020-05-17', '2021-12-31'];
    const windows: [string, string][] = [['2026-11-27', '2027-01-10'], ['2027-02-26', '2027-05-27'], ['2020-06-01', '2020-06-30']];
    for (const rrule of rules) {
      for (const startDate of starts) {
        for (const weekendShift of ['none', 'after'] as const) {
          const s = { rrule, startDate, endDate: null, weekendShift };
          for (const [from, to] of windows) {
            // From the start: no shortcut is taken when the window begins at the start.
            const walked = dueDates(s, startDate, to).filter((d) => d >= from);
            expect(dueDates(s, from, to), `${rrule} from ${startDate}, ${weekendShift}, ${from}–${to}`).toEqual(walked);
          }
        }
      }
    }
  });
});
