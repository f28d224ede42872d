import { BUDGET_MESSAGES, type AmountsRequest, type AssignRequest, type BudgetMonth, type FillRequest, type ModeRequest, type MoveRequest, type RolloverRequest, type TargetRequest } from '../../contract/budgets';
import type { ApiCall } from './client';

const monthPath = (month: string) => `/budgets/${encodeURIComponent(month)}`;

/** The category budget calls; every change answers the month drawn again. */
export function budgetsApi(call: ApiCall) {
  return {
    month: (month: string, signal?: AbortSignal) => call<BudgetMonth>(monthPath(month), { defaultMessage: BUDGET_MESSAGES.loadFailed, signal }),
    assign: (month: string, body: AssignRequest) => call<BudgetMonth>(`${monthPath(month)}/assigned`, { method: 'PUT', body, defaultMessage: BUDGET_MESSAGES.saveFailed }),
    move: (month: string, body: MoveRequest) => call<BudgetMonth>(`${monthPath(month)}/move`, { method: 'POST', body, defaultMessage: BUDGET_MESSAGES.saveFailed }),
    rollover: (month: string, body: RolloverRequest) => call<BudgetMonth>(`${monthPath(month)}/rollover`, { method: 'PUT', body, defaultMessage: BUDGET_MESSAGES.saveFailed }),
    fill: (month: string, body: FillRequest) => call<BudgetMonth>(`${monthPath(month)}/fill`, { method: 'POST', body, defaultMessage: BUDGET_MESSAGES.saveFailed }),
    target: (month: string, body: TargetRequest) => call<BudgetMonth>(`${monthPath(month)}/target`, { method: 'PUT', body, defaultMessage: BUDGET_MESSAGES.saveFailed }),
    amounts: (month: string, body: AmountsRequest) => call<BudgetMonth>(`${monthPath(month)}/amounts`, { method: 'PUT', body, defaultMessage: BUDGET_MESSAGES.saveFailed }),
    mode: (month: string, body: ModeRequest) => call<BudgetMonth>(`${monthPath(month)}/mode`, { method: 'PUT', body, defaultMessage: BUDGET_MESSAGES.saveFailed }),
  };
}
export type BudgetsApi = ReturnType<typeof budgetsApi>;
