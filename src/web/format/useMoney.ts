import { useSession, useUi } from '../app/context';
import { formatMoney } from './money';

/** formatMoney bound to the signed-in user's currency and the hide-balances toggle. */
export function useMoney(): (amount: number) => string {
  const currency = useSession((s) => s.context.user?.currency ?? 'USD');
  const hidden = useUi((s) => !s.context.showBalances);
  return (amount: number) => formatMoney(amount, currency, { hidden });
}
