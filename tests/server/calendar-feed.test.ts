import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { CalendarFeedStatus, RecurringItem } from '../../src/contract/recurring';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(async () => {
  await testApp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const call = async <T = unknown>(user: VerifiedUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await app.inject({ method, url, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : res.body) as T, raw: res.body, type: res.headers['content-type'] };
};
const pathOf = (url: string) => new URL(url).pathname;

interface Event {
  [name: string]: string;
}
/** RFC 5545 read back: lines unfolded, CRLF only, each VEVENT's properties (name without parameters → value). */
function parse(ics: string): { calendar: Record<string, string>; events: Event[] } {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const physical = ics.slice(0, -2).split('\r\n');
  for (const line of physical) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const lines = physical.reduce<string[]>((all, line) => (line.startsWith(' ') ? [...all.slice(0, -1), all.at(-1)! + line.slice(1)] : [...all, line]), []);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  const calendar: Record<string, string> = {};
  const events: Event[] = [];
  let current: Event | null = null;
  for (const line of lines.slice(1, -1)) {
    const colon = line.indexOf(':');
    const [name, value] = [line.slice(0, colon), line.slice(colon + 1)];
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else (current ?? calendar)[name.split(';')[0]!] = name.includes(';') ? `${name.split(';').slice(1).join(';')}:${value}` : value;
  }
  return { calendar, events };
}

describe('the iCalendar feed of upcoming bills', () => {
  it('is a valid RFC 5545 calendar at a secret URL; rotating ends the old URL, revoking ends it; each user sees only their own', async () => {
    const user = await signUpWithAccess(app);
    const other = await signUpWithAccess(app);
    const checking = (await call<Account>(user, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 1000 })).body;
    const item = await call<RecurringItem>(user, 'POST', '/recurring', { name: 'Rent; flat, 2nd floor', merchant_pattern: 'Lettings', account_id: checking.account_id, kind: 'bill', amount: 950, rrule: 'FREQ=WEEKLY;BYDAY=MO', start_date: '2031-01-06' });
    expect(item.status, item.raw).toBe(201);

    expect((await call<CalendarFeedStatus>(user, 'GET', '/calendar/feed')).body).toEqual({ active: false, created_at: null });
    expect((await call(null, 'POST', '/calendar/feed')).status).toBe(401);
    const made = await call<CalendarFeedStatus>(user, 'POST', '/calendar/feed');
    expect(made.status, made.raw).toBe(201);
    const url = made.body.url!;
    expect(pathOf(url)).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call<CalendarFeedStatus>(user, 'GET', '/calendar/feed')).body).toMatchObject({ active: true, created_at: made.body.created_at });
    expect((await call<CalendarFeedStatus>(user, 'GET', '/calendar/feed')).body.url).toBeUndefined();

    // Read without signing in, as a calendar app does, on a day the test sets (the server's Date only: on
    // PostgreSQL the database keeps its own clock, so sign-up, the trial and the plan checks run at today's time).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-05-01T12:00:00Z') });
    const feed = await call<string>(null, 'GET', pathOf(url));
    vi.useRealTimers();
    expect(feed.status).toBe(200);
    expect(String(feed.type)).toMatch(/^text\/calendar/);
    const { calendar, events } = parse(feed.raw);
    expect(calendar).toMatchObject({ VERSION: '2.0', PRODID: '-//Finu//Bills//EN' });
    // Every Monday of the next 90 days (1 May to 29 July 2031): 13.
    expect(events.map((e) => e.DTSTART)).toEqual(
      ['20310505', '20310512', '20310519', '20310526', '20310602', '20310609', '20310616', '20310623', '20310630', '20310707', '20310714', '20310721', '20310728'].map((d) => `VALUE=DATE:${d}`),
    );
    expect(events[0]).toMatchObject({ UID: `${item.body.recurring_id}-20310505@finu`, DTEND: 'VALUE=DATE:20310506', SUMMARY: 'Rent\\; flat\\, 2nd floor $950.00', DTSTAMP: '20310501T120000Z' });
    for (const e of events) expect(Object.keys(e)).toEqual(expect.arrayContaining(['UID', 'DTSTAMP', 'DTSTART', 'SUMMARY']));
    expect(new Set(events.map((e) => e.UID)).size).toBe(events.length);

    // The other user has no feed and cannot reach this one's management.
    expect((await call<CalendarFeedStatus>(other, 'GET', '/calendar/feed')).body.active).toBe(false);
    expect((await call(other, 'DELETE', '/calendar/feed')).status).toBe(404);
    expect((await call(null, 'GET', pathOf(url))).status).toBe(200);

    // Guesses and near misses: 404 with a detail.
    for (const guess of ['/calendar/x.ics', `/calendar/${'A'.repeat(43)}.ics`, pathOf(url).replace('.ics', ''), pathOf(url).slice(0, -5) + 'Z.ics']) {
      const res = await call<{ detail: string }>(null, 'GET', guess);
      expect(res.status, guess).toBe(404);
      expect(res.body.detail).toBe('Calendar feed not found');
    }

    // Rotating: a new URL, the old one is gone.
    const rotated = await call<CalendarFeedStatus>(user, 'POST', '/calendar/feed');
    expect(rotated.body.url).not.toBe(url);
    expect((await call(null, 'GET', pathOf(url))).status).toBe(404);
    expect((await call(null, 'GET', pathOf(rotated.body.url!))).status).toBe(200);

    // Revoking: nothing answers.
    expect((await call<CalendarFeedStatus>(user, 'DELETE', '/calendar/feed')).body).toEqual({ active: false, created_at: null });
    expect((await call(null, 'GET', pathOf(rotated.body.url!))).status).toBe(404);
    expect((await call(user, 'DELETE', '/calendar/feed')).status).toBe(404);
  });
});
