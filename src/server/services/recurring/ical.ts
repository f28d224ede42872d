import { addDays } from '../../../contract/calendar';
import { RECURRING_KIND_LABELS, type Occurrence } from '../../../contract/recurring';

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (CRLF and one space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const day = (d: string) => d.replace(/-/g, '');
const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * The upcoming occurrences as an RFC 5545 calendar: one all-day VEVENT each (its UID stable per item and
 * day, so a calendar app updates rather than duplicates), skipped ones left out.
 */
export function icalendar(occurrences: Occurrence[], money: (o: Occurrence) => string, now: Date, appUrl: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Finu//Bills//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Finu bills'];
  for (const o of occurrences) {
    if (o.status === 'skipped') continue;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${o.recurring_id}-${day(o.due_date)}@finu`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${day(o.due_date)}`,
      `DTEND;VALUE=DATE:${day(addDays(o.due_date, 1))}`,
      `SUMMARY:${text(`${o.name} ${money(o)}`)}`,
      `DESCRIPTION:${text(`${RECURRING_KIND_LABELS[o.kind]}: ${money(o)} (${o.status})`)}`,
      `URL:${appUrl}/bills?item=${o.recurring_id}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
