import { createHash, randomBytes } from 'node:crypto';
import { addDays } from '../../../contract/calendar';
import { toMinor } from '../../../contract/money';
import { CALENDAR_FEED_DAYS, CALENDAR_MESSAGES, type CalendarFeedStatus } from '../../../contract/recurring';
import { notFound } from '../../errors';
import { minorMoneyText } from '../../money';
import type { NotificationsRepository } from '../../repositories/notifications';
import { todayUtc } from '../transactions/reports';
import { icalendar } from './ical';
import type { RecurringService } from './service';

export interface CalendarFeedDeps {
  repo: NotificationsRepository;
  recurring: RecurringService;
  currencyOf(userId: string): Promise<string>;
  appUrl: string;
  apiUrl: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The secret iCalendar feed of a user's upcoming bills. The URL is the only key a calendar app has, so
 * its token is 32 random bytes and only its SHA-256 is stored; making a new one ends the old.
 */
export function calendarFeedService(deps: CalendarFeedDeps) {
  const { repo } = deps;
  const status = async (userId: string): Promise<CalendarFeedStatus> => {
    const feed = await repo.calendarFeed(userId);
    return { active: !!feed, created_at: feed?.createdAt.toISOString() ?? null };
  };
  return {
    status,

    async rotate(userId: string): Promise<CalendarFeedStatus> {
      const token = randomBytes(32).toString('base64url');
      const createdAt = await repo.setCalendarFeed(userId, hashOf(token));
      return { active: true, created_at: createdAt.toISOString(), url: `${deps.apiUrl}/calendar/${token}.ics` };
    },

    async revoke(userId: string): Promise<CalendarFeedStatus> {
      if (!(await repo.revokeCalendarFeed(userId))) throw notFound(CALENDAR_MESSAGES.noFeed);
      return status(userId);
    },

    /** The calendar text of the feed whose file name is `<token>.ics`, or a 404 for any other. */
    async feed(file: string, now: Date): Promise<string> {
      const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
      const userId = token.length >= 40 ? await repo.userOfCalendarFeed(hashOf(token)) : undefined;
      if (!userId) throw notFound(CALENDAR_MESSAGES.notFound);
      const today = todayUtc();
      const { occurrences } = await deps.recurring.occurrences(userId, today, addDays(today, CALENDAR_FEED_DAYS - 1), today);
      const currency = await deps.currencyOf(userId);
      return icalendar(occurrences, (o) => minorMoneyText(Math.abs(toMinor(o.amount)), currency), now, deps.appUrl);
    },
  };
}

export type CalendarFeedService = ReturnType<typeof calendarFeedService>;
