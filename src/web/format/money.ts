const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale?: string): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(key, f);
  }
  return f;
}

/** The one place amounts become text: in the user's currency, masked when balances are hidden. */
export function formatMoney(amount: number, currency = 'USD', options: { hidden?: boolean; locale?: string } = {}): string {
  if (options.hidden) return '••••';
  return formatter(currency, options.locale).format(amount);
}
