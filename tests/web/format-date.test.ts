import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A zone west of UTC: a calendar day parsed as local midnight would show as the day before.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Honolulu';
});
afterAll(() => {
  process.env.TZ = zone;
});

const load = () => import('../../src/web/format/date');

describe('dates read the same on every page (one date module)', () => {
  it('a calendar day from the API is that day, wherever the user is', async () => {
    const { formatDay, formatDayMonth } = await load();
    expect(formatDay('2026-03-01')).toMatch(/\b1\b/);
    expect(formatDay('2026-03-01')).toMatch(/2026/);
    expect(formatDay('2026-03-01')).not.toMatch(/28|29/);
    expect(formatDayMonth('2026-03-01')).toMatch(/\b1\b/);
    expect(formatDayMonth('2026-03-01')).not.toMatch(/2026/);
  });

  it('a month keeps its year and never reads as a day ("Dec 2025", not "Dec 25")', async () => {
    const { formatMonthYear, formatMonthName } = await load();
    expect(formatMonthYear('2025-12')).toMatch(/2025/);
    expect(formatMonthYear('2025-12-15')).toBe(formatMonthYear('2025-12'));
    expect(formatMonthName('2026-03')).not.toMatch(/\d/);
  });

  it('what is not a date comes back as it is, never "Invalid Date"', async () => {
    const { formatDay, formatDateTime, formatLongDate, formatTime } = await load();
    expect(formatDay('someday')).toBe('someday');
    expect(formatDateTime('')).toBe('');
    expect(formatLongDate(null)).toBe('');
    expect(formatTime('soon')).toBe('');
  });

  it("today is the user's calendar day, not UTC's", async () => {
    const { localDay, localMonth } = await load();
    const lateEvening = new Date(2026, 0, 31, 23, 30);
    expect(localDay(lateEvening)).toBe('2026-01-31');
    expect(localMonth(lateEvening)).toBe('2026-01');
  });
});
