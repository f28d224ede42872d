import {
  goalMessages,
  type CreateGoalRequest,
  type DeleteGoalResponse,
  type FundsRequest,
  type FundsResponse,
  type Goal,
  type GoalsSummary,
  type GoalTransactionsQuery,
  type GoalTransactionsResponse,
  type GoalTransactionSummary,
  type UpdateGoalRequest,
} from '../../contract/goals';
import type { ApiCall } from './client';

const goalPath = (id: string) => `/goals/${encodeURIComponent(id)}`;

/** The goals calls ([spec:7-finance]); failures carry the server's detail, else the call's default ([spec:8-message]). */
export function goalsApi(call: ApiCall) {
  return {
    list: (signal?: AbortSignal) => call<Goal[]>('/goals', { defaultMessage: goalMessages.fetchGoals, signal }),
    get: (id: string, signal?: AbortSignal) => call<Goal>(goalPath(id), { defaultMessage: goalMessages.fetchGoal, signal }),
    create: (body: CreateGoalRequest) => call<Goal>('/goals', { method: 'POST', body, defaultMessage: goalMessages.createGoal }),
    update: (id: string, body: UpdateGoalRequest) => call<Goal>(goalPath(id), { method: 'PUT', body, defaultMessage: goalMessages.updateGoal }),
    remove: (id: string) => call<DeleteGoalResponse>(goalPath(id), { method: 'DELETE', defaultMessage: goalMessages.deleteGoal }),
    summary: (signal?: AbortSignal) => call<GoalsSummary>('/goals/progress/summary', { defaultMessage: goalMessages.fetchSummary, signal }),
    addFunds: (id: string, body: FundsRequest) => call<FundsResponse>(`${goalPath(id)}/add-funds`, { method: 'POST', body, defaultMessage: goalMessages.addFunds }),
    withdrawFunds: (id: string, body: FundsRequest) =>
      call<FundsResponse>(`${goalPath(id)}/withdraw-funds`, { method: 'POST', body, defaultMessage: goalMessages.withdrawFunds }),
    transactions: (id: string, query: GoalTransactionsQuery = {}, signal?: AbortSignal) =>
      call<GoalTransactionsResponse>(`${goalPath(id)}/transactions`, { query: { ...query }, defaultMessage: goalMessages.fetchTransactions, signal }),
    transactionSummary: (id: string, signal?: AbortSignal) =>
      call<GoalTransactionSummary>(`${goalPath(id)}/transaction-summary`, { defaultMessage: goalMessages.fetchTransactionSummary, signal }),
  };
}
export type GoalsApi = ReturnType<typeof goalsApi>;
