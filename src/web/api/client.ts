import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { REQUEST_TIMEOUT_MS } from '../../contract/constants';
import { globalErrorTexts } from '../../contract/errors';
import type { Reward } from '../../contract/rewards';

/** A failed call: `message` follows [spec:8-message] (detail, then message, then the call's default). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /** True when the global handling already told the user (toast, redirect). */
    readonly handledGlobally: boolean,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiHooks {
  getToken(): string | null;
  /** A 401 on a call that is not login, signup or profile. */
  onSessionExpired(): void;
  toastError(message: string): void;
  /** An awarding response carried `reward`: the app opens the reward dialog (ui machine `reward.show`). */
  onReward?(reward: Reward): void;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON value, or with `contentType` a raw body (a file, text) sent as it is. */
  body?: unknown;
  /** The raw body's media type, e.g. text/csv for a file upload; JSON when absent. */
  contentType?: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The default message for this call ([spec:8-message]). */
  defaultMessage: string;
  /** Login, signup and profile handle their own 401 ([spec:8-401]). */
  ignoreUnauthorized?: boolean;
  /** No global toast for network errors, 5xx and 403: a fallback call follows (the nonce's fallback, [spec:7-auth]), or the caller shows the failure in place (a Settings section's read). */
  silent?: boolean;
  /** Use this token instead of the stored one (the session machine's first profile call). */
  token?: string;
  signal?: AbortSignal;
  /** 'blob' for a file download (the data export zip); JSON otherwise. */
  responseType?: 'blob';
}

/** The message rule ([spec:8-message]): detail, then message, then the default. */
export function messageFrom(data: unknown, fallback: string): string {
  if (data && typeof data === 'object') {
    const { detail, message } = data as { detail?: unknown; message?: unknown };
    if (typeof detail === 'string' && detail) return detail;
    if (Array.isArray(detail) && detail.length && typeof detail[0]?.msg === 'string') return detail[0].msg as string;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/**
 * The one place rewards reach the client: a response (or stream chunk) carrying `reward` hands it to
 * `hooks.onReward` and loses the field, so callers only ever see their own data.
 */
export function takeReward<T>(data: T, hooks: Pick<ApiHooks, 'onReward'>): T {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !('reward' in data)) return data;
  const { reward, ...rest } = data as T & { reward?: unknown };
  const r = reward as Partial<Reward> | undefined;
  if (r && typeof r.points === 'number' && r.points > 0) hooks.onReward?.({ points: r.points, title: String(r.title ?? ''), message: String(r.message ?? ''), milestone: r.milestone !== false });
  return rest as T;
}

export type ApiCall = <T>(path: string, options: CallOptions) => Promise<T>;

/** The one HTTP client: base URL from runtime config, 30 s timeout, JSON (or a raw body with its type), bearer token, the global error handling of [spec:8-401] to [spec:8-network]. */
export function createApiClient(baseURL: string, hooks: ApiHooks): ApiCall {
  const http = ofetch.create({ baseURL, timeout: REQUEST_TIMEOUT_MS, retry: 0, headers: { Accept: 'application/json' } });

  return async function call<T>(path: string, options: CallOptions): Promise<T> {
    const token = options.token ?? hooks.getToken();
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
    const query = options.query ? Object.fromEntries(Object.entries(options.query).filter(([, v]) => v !== undefined && v !== null && v !== '')) : undefined;
    const request: FetchOptions<'json'> = { method: options.method ?? 'GET', headers, query, signal: options.signal };
    if (options.responseType) (request as unknown as FetchOptions<'blob'>).responseType = options.responseType;
    if (options.body !== undefined) request.body = options.body as Record<string, unknown>;
    try {
      return takeReward((await http<T>(path, request)) as T, hooks);
    } catch (error) {
      throw classify(error, options, hooks);
    }
  };
}

function classify(error: unknown, options: CallOptions, hooks: ApiHooks): ApiError {
  const response = error instanceof FetchError ? error.response : undefined;
  return failure(response ? { status: response.status, data: (error as FetchError).data } : undefined, options, hooks);
}

export interface FailureOptions extends Pick<CallOptions, 'defaultMessage' | 'ignoreUnauthorized' | 'silent' | 'signal'> {
  /** The message of a failure the global toast already told (network, 5xx), when the call has its own ([spec:8-stream]). */
  failedMessage?: string;
}

/**
 * How a failed call reaches the user: the global handling ([spec:8-401], [spec:8-403], [spec:8-5xx],
 * [spec:8-network]) and the message rule ([spec:8-message]). `response` is undefined when no answer came
 * (a network failure). The one classification for calls through this client and the chat stream.
 */
export function failure(response: { status: number; data: unknown } | undefined, options: FailureOptions, hooks: ApiHooks): ApiError {
  if (options.signal?.aborted) return new ApiError('Request cancelled', undefined, true);
  if (!response) {
    if (options.silent) return new ApiError(globalErrorTexts.networkError, undefined, false);
    hooks.toastError(globalErrorTexts.networkError);
    return new ApiError(options.failedMessage ?? globalErrorTexts.networkError, undefined, true);
  }
  const status = response.status;
  const message = messageFrom(response.data, options.defaultMessage);
  if (status === 401 && !options.ignoreUnauthorized) {
    hooks.toastError(globalErrorTexts.sessionExpired);
    hooks.onSessionExpired();
    return new ApiError(globalErrorTexts.sessionExpired, status, true);
  }
  if (status === 403) {
    // A silent read (a Settings section that says itself that its feature needs a plan) is not toasted.
    if (options.silent) return new ApiError(message, status, false);
    hooks.toastError(globalErrorTexts.accessDenied);
    return new ApiError(message, status, true);
  }
  if (status >= 500 && options.silent) return new ApiError(message, status, false);
  if (status >= 500) {
    hooks.toastError(globalErrorTexts.serverError);
    return new ApiError(options.failedMessage ?? (message === options.defaultMessage ? globalErrorTexts.serverError : message), status, true);
  }
  return new ApiError(message, status, false);
}
