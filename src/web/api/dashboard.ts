import type { DashboardAnalytics, DashboardPeriod, TimeUnit } from '../../contract/dashboard';
import type { ApiCall } from './client';

/** Spec §7 GET /dashboard/analytics. */
export function dashboardApi(call: ApiCall) {
  return {
    analytics: (period: DashboardPeriod, timeUnit: TimeUnit) =>
      call<DashboardAnalytics>('/dashboard/analytics', { query: { period, time_unit: timeUnit }, defaultMessage: 'Failed to fetch dashboard data' }),
    loadDemo: () => call<unknown>('/transactions/demo', { method: 'POST', defaultMessage: 'Failed to load demo data' }),
  };
}
