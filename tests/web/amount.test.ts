import { describe, expect, it } from 'vitest';
import { parseAmount as goalFundsAmount } from '../../machines/goalFunds';
import { readAmount, wholeNumber } from '../../src/contract/money';
import { readAmount as formAmount } from '../../src/web/format/money';

/** Every place a typed amount becomes a number: the transaction form and filters (the web's money module) and the goal add/withdraw form (goalFunds machine). */
const forms: Record<string, (text: string) => number | undefined> = {
  'add transaction / filters': (t) => formAmount(t),
  'goal add / withdraw funds': (t) => {
    const r = goalFundsAmount(t);
    return r.ok ? r.amount : Number.NaN;
  },
};

describe('one amount rule: an amount reads the same in every form', () => {
  const cases: [string, number][] = [
    ['12,50', 12.5],
    ['12.50', 12.5],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
  ];
  for (const [form, read] of Object.entries(forms))
    it.each(cases)(`${form}: %s is %d`, (text, amount) => {
      expect(read(text)).toBe(amount);
    });

  it('goal add/withdraw reads 12,50 as 12.50, not 1250.00 (the defect)', () => {
    expect(goalFundsAmount('12,50')).toEqual({ ok: true, amount: 12.5 });
  });

  it('a lone separator before three digits follows the locale: 1,234 is 1234 in English, 1.234 in German', () => {
    expect(readAmount('1,234', '.')).toBe(1234);
    expect(readAmount('1,234', ',')).toBe(1.234);
    expect(readAmount('1.234', ',')).toBe(1234);
    expect(readAmount('1 234,56', ',')).toBe(1234.56);
  });

  it('blank is no amount; words and broken groups are not numbers', () => {
    expect(readAmount('  ')).toBeUndefined();
    expect(readAmount('abc')).toBeNaN();
    expect(readAmount('1,2,3')).toBeNaN();
  });
});

describe('wholeNumber: thousands separators without Intl (the server builds messages at start)', () => {
  it('writes what toLocaleString("en-US") writes for whole numbers', () => {
    const samples = [0, 7, 42, 999, 1_000, 12_345, 250_000, 1_000_000, 9_007_199_254_740_991, -1, -1_234, -1_000_000];
    for (const n of samples) expect(wholeNumber(n)).toBe(n.toLocaleString('en-US'));
  });
});
