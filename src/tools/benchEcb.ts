import { addDays } from '../contract/calendar';

/** The ECB's currencies (and some it no longer publishes), in the order a generated file's columns take them. */
const CODES = ['USD', 'JPY', 'BGN', 'CZK', 'DKK', 'GBP', 'HUF', 'PLN', 'RON', 'SEK', 'CHF', 'ISK', 'NOK', 'TRY', 'AUD', 'BRL', 'CAD', 'CNY', 'HKD', 'IDR', 'ILS', 'INR', 'KRW', 'MXN', 'MYR', 'NZD', 'PHP', 'SGD', 'THB', 'ZAR', 'CYP', 'EEK', 'LTL', 'LVL', 'MTL', 'SIT', 'SKK', 'HRK', 'RUB', 'KWD'];

/** An eurofxref-hist.csv of the given size ending on `last`: newest day first, weekdays only, 4–6 significant digits. */
export function historyCsv(years: number, currencies: number, last = '2025-12-31'): { text: string; days: number; first: string } {
  const codes = CODES.slice(0, Math.min(currencies, CODES.length));
  const lines = [`Date,${codes.join(',')},`];
  let day = last;
  const first = addDays(day, -365 * years);
  let days = 0;
  let oldest = last;
  for (; day > first; day = addDays(day, -1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    days++;
    oldest = day;
    lines.push(`${day},${codes.map((_, i) => (0.5 + ((days * 7 + i * 13) % 1000) / 97).toFixed(4)).join(',')},`);
  }
  return { text: lines.join('\n') + '\n', days, first: oldest };
}
