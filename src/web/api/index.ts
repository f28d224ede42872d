import { accountApi } from './account';
import { accountsApi } from './accounts';
import { authApi } from './auth';
import { budgetsApi } from './budgets';
import { categoriesApi } from './categories';
import { autoRulesApi } from './autoRules';
import { chatApi } from './chat';
import { createApiClient, type ApiHooks } from './client';
import { dashboardApi } from './dashboard';
import { goalsApi } from './goals';
import { recurringApi } from './recurring';
import { subscriptionApi } from './subscription';
import { tokensApi } from './tokens';
import { transactionsApi } from './transactions';
import { transactionTotalsApi } from './transactionTotals';
import { web3Api } from './web3';

/** Every API area, one module each, sharing one client. */
export function createApi(baseURL: string, hooks: ApiHooks) {
  const call = createApiClient(baseURL, hooks);
  return {
    account: accountApi(call),
    accounts: accountsApi(call),
    auth: authApi(call),
    budgets: budgetsApi(call),
    categories: categoriesApi(call),
    chat: chatApi(call, baseURL, hooks),
    dashboard: dashboardApi(call),
    goals: goalsApi(call),
    recurring: recurringApi(call),
    subscription: subscriptionApi(call),
    transactions: transactionsApi(call),
    transactionTotals: transactionTotalsApi(call),
    web3: web3Api(call),
    tokens: tokensApi(call),
    autoRules: autoRulesApi(call),
  };
}
export type Api = ReturnType<typeof createApi>;
export { ApiError } from './client';
