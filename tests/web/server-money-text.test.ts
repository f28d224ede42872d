import { describe, expect, it } from 'vitest';
import { SUPPORTED_CURRENCIES, minorUnitsOf } from '../../src/contract/money';
import { minorMoneyText, moneyText } from '../../src/server/money';

/** What the server wrote before it formatted without Intl: the reference for every supported currency. */
const intl = (amount: number, currency: string) => {
  const digits = minorUnitsOf(currency);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
};

const AMOUNTS = [0, -0, 0.5, 1, -1, 1.005, 2.675, 0.125, -0.001, 0.004, 0.005, 9.995, 999.995, 1234.5, -1234567.5, 123456789.125, 1e15, 12.3456, 1 / 3, -2 / 3];

describe('server money text', () => {
  it('writes every supported currency exactly as Intl en-US does', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 2e6;
    const amounts = [...AMOUNTS, ...Array.from({ length: 300 }, random), ...Array.from({ length: 300 }, (_, i) => Math.round(random()) / 100 + i / 1000)];
    for (const currency of SUPPORTED_CURRENCIES) for (const amount of amounts) expect(moneyText(amount, currency), `${amount} ${currency}`).toBe(intl(amount, currency));
  });

  it('keeps Intl for other currencies and numbers without a plain decimal form', () => {
    expect(moneyText(1.234, 'KWD')).toBe('KWD\u00a01.234');
    expect(moneyText(1234, 'KRW')).toBe(intl(1234, 'KRW'));
    expect(moneyText(1e21, 'USD')).toBe(intl(1e21, 'USD'));
    expect(moneyText(Number.NaN, 'EUR')).toBe(intl(Number.NaN, 'EUR'));
    expect(minorMoneyText(-123456, 'USD')).toBe('-$1,234.56');
    expect(minorMoneyText(1234, 'JPY')).toBe('¥1,234');
  });
});
