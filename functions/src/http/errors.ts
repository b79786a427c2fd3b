/**
 * HTTP errors of the HTTP layer itself (content type, origin, routing, validation), and the one
 * mapping from the domain's typed errors (domain/errors.ts) to status codes.
 */
import { DomainError, type DomainErrorKind, type FieldError } from '../domain/errors.js';

export type { FieldError };

export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string, readonly errors?: FieldError[]) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends HttpError { constructor(message: string, errors?: FieldError[]) { super(400, message, errors); } }
export class Unauthorized extends HttpError { constructor(message = 'Unauthorized') { super(401, message); } }
export class Forbidden extends HttpError { constructor(message: string) { super(403, message); } }
export class NotFound extends HttpError { constructor(message: string) { super(404, message); } }
export class Conflict extends HttpError { constructor(message: string) { super(409, message); } }
/** The request was understood but the stored item it names cannot be used (e.g. it is damaged). */
export class UnprocessableEntity extends HttpError { constructor(message: string) { super(422, message); } }
export class UnsupportedMediaType extends HttpError { constructor(message = 'Content-Type must be application/json') { super(415, message); } }
export class TooManyRequests extends HttpError { constructor(message = 'Too many attempts. Please wait a few minutes and try again.') { super(429, message); } }
export class BadGateway extends HttpError { constructor(message: string) { super(502, message); } }

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400, unauthenticated: 401, payment: 402, forbidden: 403, not_found: 404, conflict: 409, unreadable: 422, throttled: 429, upstream: 502,
};

/** The HTTP error a domain error stands for (other errors pass through unchanged). */
export function toHttpError(err: unknown): unknown {
  if (!(err instanceof DomainError)) return err;
  const http = new HttpError(STATUS[err.kind], err.message, err.fields);
  const retry = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return retry === undefined ? http : Object.assign(http, { retryAfterSeconds: retry });
}
