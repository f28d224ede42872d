import type { z } from 'zod';
import type { analyticsQuery, dashboardAnalytics } from './schemas/dashboard';

/**
 * GET /dashboard/analytics?period=7_days&time_unit=days ([spec:7-finance]; the defaults, [spec:9-constants]). Beyond the
 * spec: last_month (the previous calendar month) and custom (date_from..date_to, both required).
 */
export const DASHBOARD_PERIODS = ['7_days', '30_days', '90_days', '12_months', 'year_to_date', 'last_month', 'all_time', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const TIME_UNITS = ['days', 'weeks', 'months'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** The most buckets one chart may have (a custom range of years is shown by week or month). */
export const MAX_BUCKETS = 1_000;
export type AnalyticsQuery = z.input<typeof analyticsQuery>;
export type DashboardAnalytics = z.infer<typeof dashboardAnalytics>;
