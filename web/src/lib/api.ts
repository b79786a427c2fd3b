/**
 * The API client, typed from the shared route table (design D3). Every request sends the cookies;
 * every non-GET request has the JSON content type (a body, when there is one, is JSON); a non-OK answer throws an ApiError whose message is
 * `${status}: ${body || statusText}` (spec section 8). Responses are parsed with the route's schema.
 */
import { ROUTES, pathOf, type BodyOf, type ResponseOf, type RouteName } from '@cg/shared';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The `message` field of a JSON error body, if any. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
    } catch {
      /* not JSON */
    }
    return undefined;
  }
}

export type QueryValue = string | number | boolean | undefined | null;

export interface CallOptions<N extends RouteName> {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: BodyOf<N>;
  signal?: AbortSignal;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Low-level request: throws ApiError on non-OK, returns the parsed JSON (or undefined for an empty body). */
export async function request(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
  const init: RequestInit = { method, credentials: 'include', signal };
  // Every state-changing request says it is JSON, body or not: the server refuses anything else (issue #9, forged forms).
  if (method !== 'GET') init.headers = { 'Content-Type': 'application/json' };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, res.statusText, text);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Call a named route of the shared table. */
export async function api<N extends RouteName>(name: N, opts: CallOptions<N> = {}): Promise<ResponseOf<N>> {
  const def = ROUTES[name];
  const url = pathOf(name, opts.params) + buildQuery(opts.query);
  const data = await request(def.method, url, opts.body, opts.signal);
  const schema = 'response' in def ? def.response : undefined;
  if (schema) {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data as ResponseOf<N>;
    console.warn(`Unexpected response shape for ${name}`, parsed.error);
  }
  return data as ResponseOf<N>;
}

/** Human message of an error, for notices. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}
