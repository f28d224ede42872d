import { describe, expect, it } from 'vitest';
import { SUPPORTED_CURRENCIES } from '../../src/contract/money';
import { formatMoney, maskAmounts } from '../../src/web/format/money';

describe('hide balances masks the amounts in coach answers (defect 2)', () => {
  it.each([
    ['Your balance is **$2,457.50**.', 'Your balance is **••••**.'],
    ['You spent -€12.00 on coffee and 1.234,56 € on rent.', 'You spent •••• on coffee and •••• on rent.'],
    ['Save 250.00 USD a month, or EUR 40 a week; CA$5 and £ 3 too.', 'Save •••• a month, or •••• a week; •••• and •••• too.'],
  ])('%s', (text, masked) => {
    expect(maskAmounts(text)).toBe(masked);
  });

  it('keeps what is not money: dates, percentages, counts', () => {
    const text = 'In March 2025 you made 42 purchases; your savings rate was 18.5%.';
    expect(maskAmounts(text)).toBe(text);
  });

  it.each(SUPPORTED_CURRENCIES)('every currency a user can pick is written and masked: %s', (code) => {
    // 1234.25: yen have no decimals (¥1,234), the others two.
    const written = formatMoney(1234.25, code);
    expect(written).toMatch(/1.?234/);
    expect(maskAmounts(`You spent ${written} this week, or 250.00 ${code}.`)).toBe('You spent •••• this week, or ••••.');
  });
});
