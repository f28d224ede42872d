import type { DashboardAnalytics, DashboardPeriod, TimeUnit } from '../../contract/dashboard';
import type { ApiCall } from './client';

/** GET /dashboard/analytics ([spec:7-finance]) (period=custom takes date_from and date_to). */
export function dashboardApi(call: ApiCall) {
  return {
    analytics: (period: DashboardPeriod, timeUnit: TimeUnit, range?: { from: string; to: string }, signal?: AbortSignal) =>
      call<DashboardAnalytics>('/dashboard/analytics', {
        signal,
        query: { period, time_unit: timeUnit, ...(period === 'custom' && range ? { date_from: range.from, date_to: range.to } : {}) },
        defaultMessage: 'Failed to fetch dashboard data',
      }),
    loadDemo: () => call<unknown>('/transactions/demo', { method: 'POST', defaultMessage: 'Failed to load demo data' }),
  };
}
