import type { z } from 'zod';
import type { analyticsQuery, dashboardAnalytics } from './schemas/dashboard';

/** Spec §7 GET /dashboard/analytics?period=7_days&time_unit=days (the defaults, §9). */
export const DASHBOARD_PERIODS = ['7_days', '30_days', '90_days', '12_months', 'year_to_date', 'all_time'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const TIME_UNITS = ['days', 'weeks', 'months'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export type AnalyticsQuery = z.input<typeof analyticsQuery>;
export type DashboardAnalytics = z.infer<typeof dashboardAnalytics>;
