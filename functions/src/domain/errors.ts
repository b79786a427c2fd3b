/**
 * The domain's own typed errors (design D14): what went wrong, in the domain's terms. The domain
 * never throws an HTTP error; the HTTP layer maps each kind to a status (functions/src/http/errors.ts).
 */
export interface FieldError { field: string; message: string }

export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'payment' | 'not_found' | 'conflict' | 'unreadable' | 'throttled' | 'upstream';

export class DomainError extends Error {
  constructor(readonly kind: DomainErrorKind, message: string, readonly fields?: FieldError[]) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule (a field, a code, a cursor). */
export class Invalid extends DomainError { constructor(message: string, fields?: FieldError[]) { super('invalid', message, fields); } }
/** The caller is not who they say (wrong credentials). */
export class NotAuthenticated extends DomainError { constructor(message: string) { super('unauthenticated', message); } }
/** The caller may not do this (role, plan limit, trial, ownership). */
export class NotAllowed extends DomainError { constructor(message: string) { super('forbidden', message); } }
/** A payment was declined by the provider. */
export class PaymentFailed extends DomainError { constructor(message: string) { super('payment', message); } }
/** What the call names does not exist (for this workspace). */
export class Missing extends DomainError { constructor(message: string) { super('not_found', message); } }
/** The state does not allow it now (a transition, a race, a duplicate). */
export class StateConflict extends DomainError { constructor(message: string) { super('conflict', message); } }
/** Another request is doing, or has just done, this very action on the platform (a 409 like any conflict). */
export class ConcurrentAttempt extends StateConflict {}
/** Too many attempts: try again after `retryAfterSeconds`. */
export class Throttled extends DomainError {
  constructor(readonly retryAfterSeconds: number, message = 'Too many attempts. Please wait a few minutes and try again.') { super('throttled', message); }
}
/** A platform or provider (Meta, Stripe) refused or failed. */
export class UpstreamFailure extends DomainError { constructor(message: string) { super('upstream', message); } }
