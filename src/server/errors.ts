/**
 * Domain errors: what went wrong, in the words a client may read (`detail`). Services and
 * repositories throw these and know nothing of HTTP; the errors plugin (plugins/errors.ts) maps each
 * kind to a status and answers `{"detail": ...}`.
 */
export abstract class DomainError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = new.target.name;
  }
}

/** The input is well-formed but not acceptable (a field's value, a cursor, a password): 422. */
export class ValidationError extends DomainError {}
/** The request cannot be carried out as asked (a wrong current password, an unpaid checkout): 400. */
export class InvalidRequestError extends DomainError {}
/** More is asked than is there (a goal's savings, a points balance): 400. */
export class InsufficientFundsError extends DomainError {}
/** No signed-in user, or the proof of one did not hold: 401. */
export class UnauthenticatedError extends DomainError {}
/** Signed in, but not allowed (no access to a premium feature): 403. */
export class ForbiddenError extends DomainError {}
/** Signed in, but this change needs the owner again (the password, or a sign-in a moment ago): 428. */
export class ReauthenticationRequiredError extends DomainError {}
/** Nothing of the user's by that id or name: 404. */
export class NotFoundError extends DomainError {}
/** The current state forbids it (a name taken, an import already started): 409. */
export class ConflictError extends DomainError {}
/** The input is over a size cap (an uploaded file): 413. */
export class TooLargeError extends DomainError {}
/** A limit that lifts with time (a daily allowance, a throttle): 429, with Retry-After when known. */
export class LimitReachedError extends DomainError {
  constructor(
    detail: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }
}
/** A provider we depend on refused or failed (Stripe): 502. */
export class UpstreamError extends DomainError {}
/** A part of the product is not running right now (the chain, the coach): 503. */
export class UnavailableError extends DomainError {}

/** The detail of a 503 while the EVM node with FINU on it cannot be reached. */
export const CHAIN_UNAVAILABLE = 'The token network is not reachable right now. Your points are safe; try again in a minute.';

export const badRequest = (detail: string) => new InvalidRequestError(detail);
export const unprocessable = (detail: string) => new ValidationError(detail);
export const unauthorized = (detail = 'Not authenticated') => new UnauthenticatedError(detail);
export const forbidden = (detail: string) => new ForbiddenError(detail);
export const notFound = (detail = 'Not found') => new NotFoundError(detail);
export const conflict = (detail: string) => new ConflictError(detail);

/**
 * An error with its HTTP status already decided, for the HTTP layer alone (route options such as a
 * rate limit's error builder, framework hooks). Services throw domain errors instead.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}
