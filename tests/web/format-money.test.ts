import { describe, expect, it } from 'vitest';
import { formatMoney, MINUS } from '../../src/web/format/money';

describe('one minus sign everywhere, written by the one money formatter', () => {
  it('a negative amount is written with the typographic minus, as the dashboard writes spending', () => {
    expect(formatMoney(-5.82, 'EUR', { locale: 'en-GB' })).toBe('−€5.82');
    expect(formatMoney(-5.82, 'EUR', { locale: 'en-GB' })).toBe(`${MINUS}${formatMoney(5.82, 'EUR', { locale: 'en-GB' })}`);
    expect(formatMoney(-1234.5, 'USD', { locale: 'en-US' })).not.toContain('-');
  });
});

describe('each currency with its ISO 4217 minor units, through the one money mechanism', () => {
  it('JPY has no decimals and KWD three; both round-trip to the minor unit', async () => {
    const { toMinorIn, fromMinorIn, minorUnitsOf } = await import('../../src/contract/money');
    expect([minorUnitsOf('JPY'), minorUnitsOf('KWD'), minorUnitsOf('usd'), minorUnitsOf('BHD')]).toEqual([0, 3, 2, 3]);
    expect(toMinorIn(1234, 'JPY')).toBe(1234);
    expect(toMinorIn(1.234, 'KWD')).toBe(1234);
    expect(toMinorIn(12.34, 'USD')).toBe(1234);
    for (const [currency, minor] of [['JPY', 987_654_321], ['KWD', 1], ['KWD', 123_456_789_012], ['JPY', 1], ['USD', 10_000_000_000_01]] as const) {
      expect(toMinorIn(fromMinorIn(minor, currency), currency)).toBe(minor);
    }
    // Every fils from 0 to 10 KWD, every yen from 0 to 100,000.
    for (let m = 0; m <= 10_000; m++) expect(toMinorIn(fromMinorIn(m, 'KWD'), 'KWD')).toBe(m);
    for (let m = 0; m <= 100_000; m += 7) expect(toMinorIn(fromMinorIn(m, 'JPY'), 'JPY')).toBe(m);
  });

  it('writes each currency with its own decimals; a foreign amount beside its base figure, or marked unconverted', async () => {
    const { formatWithBase } = await import('../../src/web/format/money');
    expect(formatMoney(1234, 'JPY', { locale: 'en-US' })).toBe('¥1,234');
    expect(formatMoney(1.234, 'KWD', { locale: 'en-US' })).toMatch(/^KWD\s1\.234$/);
    expect(formatWithBase(100, 'EUR', 'USD', 108.37, { locale: 'en-US' })).toBe('€100.00 ($108.37)');
    expect(formatWithBase(100, 'EUR', 'USD', null, { locale: 'en-US' })).toBe('€100.00 (not converted)');
    expect(formatWithBase(5, 'USD', 'USD', 5, { locale: 'en-US' })).toBe('$5.00');
  });
});
