import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayOf, daysBetween, eachDay, eachMonth, endOfMonth, isDay, monthFrom, monthOf, monthRange, parseDay, startOfMonth, thisMonth, today } from '../../src/contract/calendar';

describe('the calendar (src/contract/calendar.ts): days and months in UTC', () => {
  it('reads and writes days', () => {
    expect(dayOf(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(today(new Date('2026-12-31T23:00:00-05:00'))).toBe('2027-01-01');
    expect(thisMonth(new Date('2026-02-28T12:00:00Z'))).toBe('2026-02');
    expect(parseDay('2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(['2024-02-29', '2026-01-31'].map(isDay)).toEqual([true, true]);
    expect(['2025-02-29', '2026-13-01', '2026-1-01', 'today', ''].map(isDay)).toEqual([false, false, false, false, false]);
  });

  it('adds days across months, years and leap days, and counts days with both ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-04-03')).toBe(7);
    // The last Sunday of March, when Europe's clocks move, is still one day.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(3);
  });

  it('works with months: start and end, adding, ranges', () => {
    expect(monthOf('2026-07-15')).toBe('2026-07');
    expect(monthFrom(2026, 12)).toBe('2027-01');
    expect(monthFrom(2026, -1)).toBe('2025-12');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02');
    expect(startOfMonth('2026-07-15')).toBe('2026-07-01');
    expect([endOfMonth('2024-02'), endOfMonth('2025-02-10'), endOfMonth('2026-12-01')]).toEqual(['2024-02-29', '2025-02-28', '2026-12-31']);
    expect(monthRange('2026-04')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
    expect(eachMonth('2025-11-20', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
