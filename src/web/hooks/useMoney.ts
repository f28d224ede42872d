import { DEFAULT_CURRENCY } from '../../contract/money';
import { useSession, useUi } from '../app/context';
import { formatMoney, maskAmounts } from '../format/money';
import { formatCompact } from '../format/number';

/** Whether the ui machine masks balances (the eye toggle in the header, Settings › Appearance). */
export function useBalancesHidden(): boolean {
  return useUi((s) => !s.context.showBalances);
}

/** The signed-in user's account currency (the default until the profile has loaded). */
export function useAccountCurrency(): string {
  return useSession((s) => s.context.user?.currency ?? DEFAULT_CURRENCY);
}

/**
 * The one money hook of the web app: formatMoney bound to the account currency and the hide-balances
 * toggle. A row that carries its own currency (a transaction, an import row) passes it; null or
 * omitted means the account's.
 */
export function useMoney(): (amount: number, currency?: string | null) => string {
  const accountCurrency = useAccountCurrency();
  const hidden = useBalancesHidden();
  return (amount, currency) => formatMoney(amount, currency ?? accountCurrency, { hidden });
}

/** A chart's axis ticks: 12K rather than €12,000.00 (which the axis gutter clips), masked while balances are hidden. */
export function useAxisMoney(): (amount: number) => string {
  const hidden = useBalancesHidden();
  return (amount) => (hidden ? '••' : formatCompact(amount));
}

/** Free text with amounts in it (the coach's answers): every amount masked while balances are hidden. */
export function useMaskedText(): (text: string) => string {
  const hidden = useBalancesHidden();
  return (text) => (hidden ? maskAmounts(text) : text);
}
