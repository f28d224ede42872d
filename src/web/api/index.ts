import { accountApi } from './account';
import { accountsApi } from './accounts';
import { authApi } from './auth';
import { chatApi } from './chat';
import { createApiClient, type ApiHooks } from './client';
import { dashboardApi } from './dashboard';
import { goalsApi } from './goals';
import { subscriptionApi } from './subscription';
import { tokensApi } from './tokens';
import { transactionsApi } from './transactions';
import { transactionTotalsApi } from './transactionTotals';
import { web3Api } from './web3';

/**
 * Every API area, one module each, sharing one client. Areas only lazily loaded pages use (budgets, bills,
 * categories, rules) are built by those pages from `call` (`budgetsApi(api.call)`), so their code and texts stay
 * out of the first load of /login.
 */
export function createApi(baseURL: string, hooks: ApiHooks) {
  const call = createApiClient(baseURL, hooks);
  return {
    call,
    account: accountApi(call),
    accounts: accountsApi(call),
    auth: authApi(call),
    chat: chatApi(call, baseURL, hooks),
    dashboard: dashboardApi(call),
    goals: goalsApi(call),
    subscription: subscriptionApi(call),
    transactions: transactionsApi(call),
    transactionTotals: transactionTotalsApi(call),
    web3: web3Api(call),
    tokens: tokensApi(call),
  };
}
export type Api = ReturnType<typeof createApi>;
export { ApiError } from './client';
