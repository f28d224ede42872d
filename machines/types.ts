/** Shapes the machines share with the app; plain types only. Wire shapes come from src/contract (`import type`). */

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  kind: ToastKind;
  message: string;
  title?: string;
}

/** A failed call as the machines see it: the message to show, and whether the API client already toasted it. */
export interface CallFailure {
  message: string;
  status?: number;
  handledGlobally?: boolean;
}

/**
 * The one failure-toast rule: the failure's message (after an optional prefix), or an empty message —
 * which the ui machine does not show — when the API client already toasted it (network, 5xx, 403, 401).
 */
export const failureToast = (failure: CallFailure | null | undefined, prefix = ''): Toast => ({
  kind: 'error',
  message: failure && !failure.handledGlobally ? `${prefix}${failure.message}` : '',
});

/** Reads a CallFailure out of whatever an invoked actor rejected with. */
export function toFailure(error: unknown, fallback: string): CallFailure {
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; status?: unknown; handledGlobally?: unknown };
    return {
      message: typeof e.message === 'string' && e.message ? e.message : fallback,
      status: typeof e.status === 'number' ? e.status : undefined,
      handledGlobally: e.handledGlobally === true,
    };
  }
  return { message: fallback };
}

/**
 * Whether sending the same request again can succeed: a network failure, a timeout, rate limiting or a
 * server error can; a 4xx refusal (validation, not enough funds, not found) cannot, so no Retry is offered.
 */
export function isRetryable(failure: CallFailure | null | undefined): boolean {
  if (!failure) return false;
  const status = failure.status;
  return !status || status >= 500 || status === 408 || status === 429;
}

