import { AccountsProvider, useAccounts, useAccountsMachine } from './accountsActor';
import { NetWorthPanel } from './NetWorthPanel';

/** Net worth on the dashboard: the Accounts page's machine, shown only once the person has an account. */
export function NetWorthCard() {
  const actor = useAccountsMachine(new Date().toISOString().slice(0, 10));
  return (
    <AccountsProvider value={actor}>
      <NetWorth />
    </AccountsProvider>
  );
}

function NetWorth() {
  const netWorth = useAccounts((s) => (s.context.data && s.context.data.list.accounts.length > 0 ? s.context.data.netWorth : null));
  return netWorth ? <NetWorthPanel netWorth={netWorth} /> : null;
}
