/** Typed Graph API errors and the mapping from Meta's {error:{…}} answers to them. */
import { recordMetric } from '../../observability/index.js';

export class MetaApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly subcode?: number,
    readonly type?: string,
    readonly fbtraceId?: string,
  ) {
    super(message);
    this.name = 'MetaApiError';
  }
}

/** Rate limited (4, 17, 32, 613, 80001, 80002, 80004): stop calling and resume after retryAfterMs. */
export class ThrottledError extends MetaApiError {
  constructor(message: string, status: number, code: number, readonly retryAfterMs: number, subcode?: number, type?: string, fbtraceId?: string) {
    super(message, status, code, subcode, type, fbtraceId);
    this.name = 'ThrottledError';
  }
}

/** 190: the token is expired, revoked or invalid — the connection needs re-auth; never retry with it. */
export class TokenInvalidError extends MetaApiError {
  override name = 'TokenInvalidError';
}

/** 10 and 200–299: the app or user lacks a permission / task, or the action is not allowed. */
export class PermissionError extends MetaApiError {
  override name = 'PermissionError';
}

/** 100 on a missing object (deleted comment, unknown id). */
export class NotFoundError extends MetaApiError {
  override name = 'NotFoundError';
}

/** 5xx / is_transient / network failures: safe to retry later. */
export class TransientError extends MetaApiError {
  constructor(message: string, status: number, readonly retryAfterMs: number, code?: number, subcode?: number, type?: string, fbtraceId?: string) {
    super(message, status, code, subcode, type, fbtraceId);
    this.name = 'TransientError';
  }
}

export const THROTTLE_CODES: ReadonlySet<number> = new Set([4, 17, 32, 613, 80001, 80002, 80004]);

export interface GraphErrorBody {
  message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string; is_transient?: boolean;
}

/** Maps one failed answer to the right error class. `retryAfterMs` is computed by the caller (see backoff.ts). */
export function mapGraphError(status: number, err: GraphErrorBody | undefined, retryAfterMs: number): MetaApiError {
  const message = err?.message ?? `HTTP ${status}`;
  const code = err?.code;
  const sub = err?.error_subcode;
  const args = [err?.type, err?.fbtrace_id] as const;
  if (code !== undefined && THROTTLE_CODES.has(code)) {
    // Graph throttling is alarmed on (infra/lib/monitoring.ts).
    recordMetric('GraphThrottled', 1);
    return new ThrottledError(message, status, code, retryAfterMs, sub, ...args);
  }
  if (code === 190 || code === 102) return new TokenInvalidError(message, status, code, sub, ...args);
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) return new PermissionError(message, status, code, sub, ...args);
  if (code === 100 && (sub === 33 || /does not exist/i.test(message))) return new NotFoundError(message, status, code, sub, ...args);
  if (status >= 500 || err?.is_transient || code === 1 || code === 2) return new TransientError(message, status, retryAfterMs, code, sub, ...args);
  return new MetaApiError(message, status, code, sub, ...args);
}
