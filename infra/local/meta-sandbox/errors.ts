/** Graph API errors in Meta's wire format ({error:{message,type,code,error_subcode,fbtrace_id}}). */
import { randomBytes } from 'node:crypto';

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly type = 'OAuthException',
    readonly subcode?: number,
    readonly extraHeaders: Record<string, string> = {},
  ) {
    super(message);
  }
  /** A lost answer: the call takes effect, then this error is returned (a timeout after the fact). */
  lost = false;
  body(): unknown {
    return {
      error: {
        message: this.message, type: this.type, code: this.code,
        ...(this.subcode !== undefined ? { error_subcode: this.subcode } : {}),
        ...(this.status >= 500 ? { is_transient: true } : {}),
        fbtrace_id: 'A' + randomBytes(10).toString('base64url'),
      },
    };
  }
}

export const notFound = (id: string) =>
  new GraphError(400, 100, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`, 'GraphMethodException', 33);
export const unknownEdge = (edge: string) => new GraphError(400, 100, `(#100) Tried accessing nonexisting field (${edge})`);
export const badParam = (msg: string) => new GraphError(400, 100, `(#100) ${msg}`);
export const invalidToken = (msg = 'Invalid OAuth access token - Cannot parse access token', subcode?: number) =>
  new GraphError(400, 190, msg, 'OAuthException', subcode);
export const missingToken = () => new GraphError(400, 104, 'An access token is required to request this resource.');
export const permission = (msg: string) => new GraphError(403, 10, `(#10) ${msg}`);

/** Throttling and server faults injected through the control API. */
export function faultError(code: number, subcode: number | undefined, headers: Record<string, string>): GraphError {
  switch (code) {
    case 4: return new GraphError(403, 4, '(#4) Application request limit reached', 'OAuthException', subcode, headers);
    case 17: return new GraphError(403, 17, '(#17) User request limit reached', 'OAuthException', subcode ?? 2207051, headers);
    case 32: return new GraphError(403, 32, '(#32) Page request limit reached', 'OAuthException', subcode, headers);
    case 613: return new GraphError(400, 613, '(#613) Calls to this api have exceeded the rate limit.', 'OAuthException', subcode, headers);
    case 80001: return new GraphError(400, 80001, '(#80001) There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.', 'OAuthException', subcode, headers);
    case 80002: return new GraphError(400, 80002, '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.', 'OAuthException', subcode, headers);
    case 80004: return new GraphError(400, 80004, '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.', 'OAuthException', subcode, headers);
    case 190: return new GraphError(400, 190, 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.', 'OAuthException', subcode ?? 460, headers);
    case 10: return new GraphError(403, 10, '(#10) Application does not have permission for this action', 'OAuthException', subcode, headers);
    case 368: return new GraphError(400, 368, 'The action attempted has been deemed abusive or is otherwise disallowed', 'OAuthException', subcode, headers);
    case 500: case 2: return new GraphError(500, 2, 'An unexpected error has occurred. Please retry your request later.', 'OAuthException', subcode, headers);
    case 503: return new GraphError(503, 2, 'Service temporarily unavailable', 'OAuthException', subcode, headers);
    default: return new GraphError(400, code, `(#${code}) Injected error`, 'OAuthException', subcode, headers);
  }
}

export const THROTTLE_CODES = new Set([4, 17, 32, 613, 80001, 80002, 80004]);
