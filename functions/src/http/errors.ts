/** Typed errors the domain throws; the HTTP layer maps them to status codes (under 500 shown to the caller). */
export interface FieldError { field: string; message: string }

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
