import { describe, expect, it } from 'vitest';
import { formatMoney, MINUS } from '../../src/web/format/money';

describe('one minus sign everywhere, written by the one money formatter', () => {
  it('a negative amount is written with the typographic minus, as the dashboard writes spending', () => {
    expect(formatMoney(-5.82, 'EUR', { locale: 'en-GB' })).toBe('−€5.82');
    expect(formatMoney(-5.82, 'EUR', { locale: 'en-GB' })).toBe(`${MINUS}${formatMoney(5.82, 'EUR', { locale: 'en-GB' })}`);
    expect(formatMoney(-1234.5, 'USD', { locale: 'en-US' })).not.toContain('-');
  });
});
