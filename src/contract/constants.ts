/** The product's constants ([spec:9-constants]), shared by the web app and the API server. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const TOAST_DURATION_MS = 3_000;
export const TOKEN_HISTORY_DEFAULTS = { limit: 50, offset: 0 } as const;
export const CONVERSATION_SEARCH_DEFAULTS = { limit: 10, page: 1 } as const;
export const DASHBOARD_DEFAULTS = { period: '7_days', time_unit: 'days' } as const;
export const ANALYTICS_DEFAULT_RANGE = '3months';

/** Password bounds ([spec:5-password-change] leaves them to us; see docs/decisions.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
